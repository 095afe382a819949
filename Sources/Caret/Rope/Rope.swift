/// A persistent B-tree of chunks with per-node summaries.
///
/// Value semantics: copying a rope is O(1) (one reference); the first mutation of a shared
/// path copies only the nodes on that path. The tree knows nothing about Unicode: the chunk
/// type computes its own summary, and the tree adds summaries up.
///
/// Sendable because a node is never mutated while shared (copy-on-write), so readers on many
/// threads see immutable nodes (`ManagedBuffer`, which nodes are, is not marked Sendable).
struct Rope<Chunk: RopeChunk>: @unchecked Sendable {
    typealias Summary = Chunk.Summary
    typealias Node = RopeNode<Chunk>

    var root: Node

    /// An empty rope.
    init() {
        self.root = Node.leaf([])
    }

    /// Builds a balanced tree over `chunks` in order. O(n).
    init(chunks: [Chunk]) {
        guard chunks.count > Chunk.maxChunks else {
            self.root = Node.leaf(chunks)
            return
        }
        var level: [Node] = Rope.groups(of: chunks.count, max: Chunk.maxChunks).map {
            Node.leaf(chunks[$0])
        }
        while level.count > 1 {
            let parents: [Node] = Rope.groups(of: level.count, max: Chunk.maxChildren).map {
                Node.branch(over: level[$0])
            }
            level = parents
        }
        self.root = level[0]
    }

    /// Splits `count` items into the fewest groups of at most `max`, as even as possible, so
    /// that every group also holds at least `max / 2` items when there is more than one.
    static func groups(of count: Int, max: Int) -> [Range<Int>] {
        let groupCount = (count + max - 1) / max
        var result: [Range<Int>] = []
        result.reserveCapacity(groupCount)
        var start = 0
        for g in 0..<groupCount {
            let end = count * (g + 1) / groupCount
            result.append(start..<end)
            start = end
        }
        return result
    }

    /// The sum of every chunk's summary. O(1).
    var summary: Summary { root.summary }

    /// The number of chunks. O(1).
    var chunkCount: Int { root.chunkCount }

    var isEmpty: Bool { root.chunkCount == 0 }
}

// MARK: - Finding

extension Rope {
    /// Where a search landed: the chunk, its index and the summary of everything before it.
    /// (A tuple rather than a nominal generic struct: copies of a generic struct outside fully
    /// specialised code go through runtime value witnesses, ~15% of an edit under callgrind.)
    typealias Location = (chunk: Chunk, index: Int, prefix: Summary)

    /// The first chunk whose end, measured in `M`, is greater than `offset`: the chunk that
    /// holds the item at `offset`. An `offset` at or past the total lands in the last chunk.
    /// The rope must not be empty. O(log n). (A cursor seek, kept for callers that want only
    /// the chunk.)
    func find<M: RopeMetric>(_ offset: Int, in metric: M.Type) -> Location where M.Summary == Summary {
        let c = cursor(at: offset, in: M.self)
        return (c.chunk, c.index, c.prefix)
    }

    /// The chunk at `index` with the summary of the chunks before it. O(log n).
    func location(ofChunk index: Int) -> Location {
        let c = cursor(atChunk: index)
        return (c.chunk, c.index, c.prefix)
    }

    /// The chunk at `index`. O(log n).
    func chunk(at index: Int) -> Chunk { location(ofChunk: index).chunk }
}

// MARK: - Iterating

extension Rope {
    /// Calls `body` with each chunk from `start` on, in order, until it returns false.
    /// O(log n) to reach `start`, then O(1) amortised per chunk.
    func forEachChunk(from start: Int = 0, _ body: (Chunk) throws -> Bool) rethrows {
        guard start < chunkCount else { return }
        var skip = start
        _ = try Rope.visit(root, skip: &skip, body)
    }

    private static func visit(_ node: Node, skip: inout Int, _ body: (Chunk) throws -> Bool) rethrows -> Bool {
        if skip >= node.chunkCount {
            skip -= node.chunkCount
            return true
        }
        if node.height == 0 {
            let leaf = node
            for k in skip..<leaf.chunks.count {
                if try !body(leaf.chunks[k]) { return false }
            }
            skip = 0
            return true
        }
        let branch = node
        for k in 0..<branch.children.count {
            if try !visit(branch.children[k].node, skip: &skip, body) { return false }
        }
        return true
    }

    /// Every chunk in order.
    var chunks: ChunkSequence { ChunkSequence(root: root) }

    /// The chunks of a rope in order; iteration holds its own reference to the tree.
    struct ChunkSequence: Sequence, @unchecked Sendable {
        let root: Node

        func makeIterator() -> Iterator { Iterator(root: root) }

        struct Iterator: IteratorProtocol {
            private var stack: [(node: Node, next: Int)] = []

            init(root: Node) {
                if root.chunkCount > 0 { stack.append((root, 0)) }
            }

            mutating func next() -> Chunk? {
                while let top = stack.last {
                    let node = top.node
                    if top.next >= node.itemCount {
                        stack.removeLast()
                        continue
                    }
                    stack[stack.count - 1].next += 1
                    if node.height == 0 { return node.chunks[top.next] }
                    stack.append((node.children[top.next].node, 0))
                }
                return nil
            }
        }
    }
}
