/// Mutation: replace one chunk in place, insert chunks, remove chunks. Every mutation copies
/// the shared nodes on its path first (copy-on-write) and keeps the B-tree balanced.
extension Rope {
    /// Mutates the chunk at `index` in place and fixes the summaries on its path. O(log n)
    /// plus the cost of `body`.
    mutating func mutateChunk<R>(at index: Int, _ body: (inout Chunk) throws -> R) rethrows -> R {
        precondition(index >= 0 && index < chunkCount, "chunk index out of range")
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        return try Rope.mutate(root, at: index, body)
    }

    private static func mutate<R>(_ node: Node, at index: Int, _ body: (inout Chunk) throws -> R) rethrows -> R {
        if node.height == 0 {
            let leaf = node
            let before = leaf.chunks[index].summary
            let result = try body(&leaf.chunks[index])
            node.summary = node.summary - before + leaf.chunks[index].summary
            return result
        }
        let branch = node
        let (k, remaining) = childIndex(in: branch, forChunk: index)
        let child = branch.uniqueChild(k)
        let before = child.summary
        let result = try mutate(child, at: remaining, body)
        branch.children[k].summary = child.summary
        node.summary = node.summary - before + child.summary
        return result
    }

    /// The child holding chunk `index` of `node`, and the chunk's index inside it.
    @inline(__always)
    private static func childIndex(in node: Node, forChunk index: Int) -> (Int, Int) {
        var remaining = index
        var k = 0
        while remaining >= node.children[k].chunkCount {
            remaining -= node.children[k].chunkCount
            k += 1
        }
        return (k, remaining)
    }

    /// Inserts `chunk` so that it becomes the chunk at `index` (0...chunkCount). O(log n).
    mutating func insert(_ chunk: Chunk, at index: Int) {
        precondition(index >= 0 && index <= chunkCount, "chunk index out of range")
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        if let sibling = Rope.insert(chunk, at: index, into: root) {
            root = Node.branch(over: [root, sibling])
        }
    }

    /// Inserts into `node` (uniquely referenced); returns a new right sibling if it split.
    private static func insert(_ chunk: Chunk, at index: Int, into node: Node) -> Node? {
        node.summary = node.summary + chunk.summary
        node.chunkCount += 1
        if node.height == 0 {
            node.chunks.insert(chunk, at: index)
        } else {
            let branch = node
            var remaining = index
            var k = 0
            while k < branch.children.count - 1 && remaining > branch.children[k].chunkCount {
                remaining -= branch.children[k].chunkCount
                k += 1
            }
            let child = branch.uniqueChild(k)
            let split = insert(chunk, at: remaining, into: child)
            branch.refreshChild(k)
            if let split { branch.children.insert(Node.Child(split), at: k + 1) }
        }
        guard node.itemCount > Chunk.maxItems(height: node.height) else { return nil }
        return split(node)
    }

    /// Moves the upper half of `node`'s items into a new sibling and returns it.
    private static func split(_ node: Node) -> Node {
        let half = node.itemCount / 2
        let sibling: Node
        if node.height == 0 {
            sibling = Node.leaf(node.chunks.removeSuffix(from: half))
        } else {
            sibling = Node.branch(height: node.height, node.children.removeSuffix(from: half))
        }
        node.summary = node.summary - sibling.summary
        node.chunkCount -= sibling.chunkCount
        return sibling
    }

    /// Removes and returns the chunk at `index`. O(log n).
    @discardableResult
    mutating func remove(at index: Int) -> Chunk {
        precondition(index >= 0 && index < chunkCount, "chunk index out of range")
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        let chunk = Rope.remove(at: index, from: root)
        while root.height > 0 && root.children.count == 1 {
            root = root.children[0].node
        }
        return chunk
    }

    private static func remove(at index: Int, from node: Node) -> Chunk {
        if node.height == 0 {
            let chunk = node.chunks.remove(at: index)
            node.summary = node.summary - chunk.summary
            node.chunkCount -= 1
            return chunk
        }
        let branch = node
        let (k, remaining) = childIndex(in: branch, forChunk: index)
        let child = branch.uniqueChild(k)
        let chunk = remove(at: remaining, from: child)
        branch.refreshChild(k)
        node.summary = node.summary - chunk.summary
        node.chunkCount -= 1
        if child.itemCount < Chunk.minItems(height: child.height) {
            fixUnderflow(of: k, in: branch)
        }
        return chunk
    }

    /// Merges child `k` of `node` with a neighbour, or evens the two out if they do not fit in
    /// one node. The totals of `node` do not change.
    private static func fixUnderflow(of k: Int, in node: Node) {
        guard node.children.count > 1 else { return }
        let left = k > 0 ? k - 1 : k
        let right = left + 1
        let a = node.uniqueChild(left), b = node.uniqueChild(right)
        if a.itemCount + b.itemCount <= Chunk.maxItems(height: a.height) {
            if a.height == 0 {
                a.chunks.append(moving: b.chunks)
            } else {
                a.children.append(moving: b.children)
            }
            a.summary = a.summary + b.summary
            a.chunkCount += b.chunkCount
            node.children.remove(at: right)
            node.refreshChild(left)
        } else {
            // Even the two out: move items across the boundary between them.
            let leftCount = (a.itemCount + b.itemCount) / 2
            if a.height == 0 {
                if a.itemCount < leftCount {
                    a.chunks.append(movingPrefix: leftCount - a.itemCount, of: b.chunks)
                } else {
                    a.chunks.moveSuffix(a.itemCount - leftCount, toFrontOf: b.chunks)
                }
            } else {
                if a.itemCount < leftCount {
                    a.children.append(movingPrefix: leftCount - a.itemCount, of: b.children)
                } else {
                    a.children.moveSuffix(a.itemCount - leftCount, toFrontOf: b.children)
                }
            }
            a.recomputeTotals()
            b.recomputeTotals()
            node.refreshChild(left)
            node.refreshChild(right)
        }
    }

    /// Replaces the chunks in `range` with `replacement`. Chunks are rewritten in place where
    /// the counts overlap, then the rest are inserted or removed: O((k + m) log n).
    mutating func replaceChunks(_ range: Range<Int>, with replacement: [Chunk]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= chunkCount, "chunk range out of bounds")
        let shared = min(range.count, replacement.count)
        for k in 0..<shared {
            mutateChunk(at: range.lowerBound + k) { $0 = replacement[k] }
        }
        if replacement.count > shared {
            for k in shared..<replacement.count {
                insert(replacement[k], at: range.lowerBound + k)
            }
        } else {
            for _ in shared..<range.count {
                remove(at: range.lowerBound + shared)
            }
        }
    }
}

// MARK: - Editing at a cursor

extension Rope {
    /// Mutates the cursor's chunk in place, when the change of its summary is known beforehand
    /// (`delta`: the chunk's summary after `body` minus before): one walk down the path makes
    /// each node unique (copying shared nodes) and adds `delta` to it and to its parent's record
    /// of it, with no search; then `body` runs on the chunk. Returns `body`'s result; `cursor` is
    /// updated to the (possibly copied) leaf. O(height) plus `body`.
    mutating func mutateChunk<R>(at cursor: inout Cursor, adding delta: Summary,
                                 _ body: (inout Chunk) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        // The walk holds no references of its own: every node on the path is kept alive by its
        // parent (the root by the rope), so retaining and releasing each one would be waste.
        var node = Unmanaged.passUnretained(root)
        for level in 0..<root.height {
            let k = pathIndex(cursor.path, level: level)
            node = node._withUnsafeGuaranteedRef { parent in
                parent.summary = parent.summary + delta
                let items = parent.children
                if !isKnownUniquelyReferenced(&items[k].node) { items[k].node = items[k].node.copy() }
                items[k].summary = items[k].summary + delta
                return Unmanaged.passUnretained(items[k].node)
            }
        }
        return try node._withUnsafeGuaranteedRef { leaf in
            leaf.summary = leaf.summary + delta
            cursor.leaf = leaf
            #if DEBUG
            let before = leaf.chunks[cursor.slot].summary
            defer {
                assert(leaf.chunks[cursor.slot].summary == before + delta,
                       "mutateChunk: the chunk's summary changed by other than the delta given")
            }
            #endif
            return try body(&leaf.chunks[cursor.slot])
        }
    }
}
