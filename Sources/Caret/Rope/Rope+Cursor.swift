/// Which chunk a seek lands on when the offset sits exactly on the boundary between two chunks
/// (or on a run of chunks that measure 0 in the metric).
enum RopeBias: Sendable {
    /// The earlier chunk: the first whose end is at or past the offset ("the chunk that ends
    /// here"). Offset 0 lands in the first chunk.
    case before
    /// The later chunk: the first whose end is past the offset ("the chunk that holds the item
    /// at the offset"). An offset at or past the total lands in the last chunk.
    case after
}

extension Rope {
    /// A place in the rope: one chunk, the path of child indices that leads to it from the root,
    /// and the summary of everything before it.
    ///
    /// ```
    ///                      root                  path = [1, 0]  (packed, `pathBits` each)
    ///              ┌────────┴─────────┐
    ///            node0              node1        prefix = Σ node0 + Σ chunks before slot
    ///          ┌──┴──┐           ┌───┴───┐
    ///         c0 … c15          leaf     …       leaf = node1.children[0]
    ///                        ┌───┬─┴─┬───┐
    ///                        c16 c17 c18 …       slot = 2, index = 18
    ///                               ▲ cursor
    /// ```
    ///
    /// A cursor is valid for the rope value it was made from until that rope is mutated (like a
    /// collection index); it holds no strong references, so it never keeps a node shared and
    /// never makes copy-on-write copy. Seeking near the cursor costs O(1) when the target is in
    /// its chunk, O(fan-out) in its leaf, else one descent; stepping to a neighbour chunk is O(1)
    /// inside the leaf and O(height) across leaves (the path is followed, nothing searched).
    struct Cursor {
        /// Child index taken at each level from the root down, `pathBits` bits per level.
        var path: UInt64
        /// The node of chunks holding the current chunk (owned by the rope, not by the cursor).
        unowned(unsafe) var leaf: Node
        /// The chunk's index in `leaf.chunks`.
        var slot: Int
        /// The chunk's index in the rope.
        var index: Int
        /// The summary of every chunk before this one.
        var prefix: Summary

        /// The current chunk.
        @inline(__always)
        var chunk: Chunk { leaf.chunks[slot] }

        /// The current chunk where it lies in its node, valid until the rope is mutated: reading
        /// its fields or calling its methods through `pointee` copies nothing, where `chunk`
        /// copies the value (a retain and a release of its storage).
        @inline(__always)
        var chunkAddress: UnsafePointer<Chunk> { UnsafePointer(leaf.chunks.base + slot) }

        /// The summary up to the end of the current chunk.
        @inline(__always)
        var end: Summary { prefix + leaf.chunks[slot].summary }
    }

    /// Bits per level in a cursor's packed path (enough for the widest node's last index).
    @inline(__always)
    var pathBits: Int { Int.bitWidth - (max(Chunk.maxChildren, Chunk.maxChunks) - 1).leadingZeroBitCount }

    @inline(__always)
    func pathIndex(_ path: UInt64, level: Int) -> Int {
        let bits = pathBits
        return Int(truncatingIfNeeded: (path >> UInt64(level * bits)) & ((1 << UInt64(bits)) - 1))
    }

    @inline(__always)
    func settingPathIndex(_ path: UInt64, level: Int, to k: Int) -> UInt64 {
        let bits = pathBits
        let shift = UInt64(level * bits)
        return (path & ~(((1 << UInt64(bits)) - 1) << shift)) | (UInt64(k) << shift)
    }

    /// A cursor at the chunk that holds `offset` of `M`, with `bias` deciding at a boundary
    /// between chunks. The rope must not be empty. O(log n): one descent.
    @inline(__always)
    func cursor<M: RopeMetric>(at offset: Int, in metric: M.Type, bias: RopeBias = .after) -> Cursor
    where M.Summary == Summary {
        precondition(root.chunkCount > 0, "seek in an empty rope")
        precondition(root.height * pathBits <= UInt64.bitWidth, "rope too deep for a cursor path")
        var node = root
        var prefix = Summary.zero
        var index = 0
        var remaining = offset
        var path: UInt64 = 0
        var level = 0
        let bits = pathBits
        let before = bias == .before
        // At each level: first the item that holds the offset, reading only its measure; then
        // the summary of the items before it, summed from the nearer end of the node (from the
        // back it is the node's total less the items from the one taken on). That sums a
        // quarter of a node's items on average instead of half: the five-count summaries are
        // most of a descent's work. The loops stay below `count`, so they read the slots
        // without the view's bounds check, and count with wrapping arithmetic (every count is
        // bounded by the text's length): no overflow test and branch per item.
        while node.height > 0 {
            let branch = node
            let items = branch.children
            let count = items.count
            let slots = items.base
            var picked = 0
            while picked < count &- 1 {
                let m = M.measure(slots[picked].summary)
                if before ? remaining <= m : remaining < m { break }
                remaining &-= m
                picked &+= 1
            }
            if 2 &* picked <= count {
                for k in 0..<picked {
                    prefix = prefix + slots[k].summary
                    index &+= slots[k].chunkCount
                }
            } else {
                var total = branch.summary
                var chunks = branch.chunkCount
                for k in picked..<count {
                    total = total - slots[k].summary
                    chunks &-= slots[k].chunkCount
                }
                prefix = prefix + total
                index &+= chunks
            }
            path |= UInt64(truncatingIfNeeded: picked) &<< UInt64(truncatingIfNeeded: level &* bits)
            level &+= 1
            node = slots[picked].node
        }
        let leaf = node
        let chunks = leaf.chunks
        let count = chunks.count
        let slots = chunks.base
        var slot = 0
        while slot < count &- 1 {
            let m = M.measure(slots[slot].summary)
            if before ? remaining <= m : remaining < m { break }
            remaining &-= m
            slot &+= 1
        }
        if 2 &* slot <= count {
            for k in 0..<slot { prefix = prefix + slots[k].summary }
        } else {
            var total = leaf.summary
            for k in slot..<count { total = total - slots[k].summary }
            prefix = prefix + total
        }
        return Cursor(path: path, leaf: leaf, slot: slot, index: index &+ slot, prefix: prefix)
    }

    /// A cursor at chunk `index` (0..<chunkCount). O(log n).
    func cursor(atChunk index: Int) -> Cursor {
        precondition(index >= 0 && index < chunkCount, "chunk index out of range")
        var node = root
        var prefix = Summary.zero
        var remaining = index
        var path: UInt64 = 0
        var level = 0
        while node.height > 0 {
            let branch = node
            var k = 0
            while remaining >= branch.children[k].chunkCount {
                remaining -= branch.children[k].chunkCount
                prefix = prefix + branch.children[k].summary
                k += 1
            }
            path = settingPathIndex(path, level: level, to: k)
            level += 1
            node = branch.children[k].node
        }
        let leaf = node
        for k in 0..<remaining { prefix = prefix + leaf.chunks[k].summary }
        return Cursor(path: path, leaf: leaf, slot: remaining, index: index, prefix: prefix)
    }

    /// The cursor that a saved cursor's parts describe (its path, slot, index and prefix, as
    /// stored by the document's finger), or nil when the path does not lead to a chunk of this
    /// rope. The other parts are the caller's to vouch for (the finger names the root it was
    /// taken on). O(height).
    @inline(__always)
    func cursor(path: UInt64, slot: Int, index: Int, prefix: Summary) -> Cursor? {
        // Unowned: the tree keeps every node alive during the walk, so it need not retain and
        // release each node it passes.
        unowned(unsafe) var node = root
        for level in 0..<node.height {
            let k = pathIndex(path, level: level)
            let children = node.children
            guard k < children.count else { return nil }
            node = children[k].node
        }
        guard node.height == 0, slot < node.chunks.count else { return nil }
        return Cursor(path: path, leaf: node, slot: slot, index: index, prefix: prefix)
    }

    /// Moves `cursor` to the chunk that holds `offset` of `M` (with `bias`), starting from where
    /// it is: O(1) when that is its chunk or one of the `reach` chunks beside it in its leaf,
    /// else one descent (so that a far target costs no more than a fresh seek). `cursor` must be
    /// valid for this rope.
    @inline(__always)
    func seek<M: RopeMetric>(_ cursor: inout Cursor, to offset: Int, in metric: M.Type, bias: RopeBias = .after,
                             reach: Int = 2)
    where M.Summary == Summary {
        let start = M.measure(cursor.prefix)
        let before = bias == .before
        unowned(unsafe) let leaf = cursor.leaf
        if offset < start || (before && offset == start && cursor.index > 0) {
            // Backwards inside the leaf.
            var slot = cursor.slot
            var prefix = cursor.prefix
            let lowest = max(cursor.slot - reach, 0)
            while slot > lowest {
                slot -= 1
                prefix = prefix - leaf.chunks[slot].summary
                let s = M.measure(prefix)
                if before ? offset > s : offset >= s {
                    cursor.index -= cursor.slot - slot
                    cursor.slot = slot
                    cursor.prefix = prefix
                    return
                }
            }
            cursor = self.cursor(at: offset, in: M.self, bias: bias)
            return
        }
        // Forwards: the first chunk whose end passes the offset.
        var slot = cursor.slot
        var prefix = cursor.prefix
        let count = leaf.chunks.count
        let highest = cursor.slot + reach
        while true {
            let end = M.measure(prefix) + M.measure(leaf.chunks[slot].summary)
            if before ? offset <= end : offset < end { break }
            if slot + 1 == count && cursor.index - cursor.slot + count == root.chunkCount {
                break    // the last chunk: offsets past the end land here
            }
            if slot + 1 == count || slot == highest {
                cursor = self.cursor(at: offset, in: M.self, bias: bias)
                return
            }
            prefix = prefix + leaf.chunks[slot].summary
            slot += 1
        }
        cursor.index += slot - cursor.slot
        cursor.slot = slot
        cursor.prefix = prefix
    }

    /// Moves `cursor` to the next chunk; false (and the cursor unchanged) at the last chunk.
    /// O(1) inside a leaf, O(height) across leaves.
    @discardableResult
    func moveToNext(_ cursor: inout Cursor) -> Bool {
        guard cursor.index + 1 < root.chunkCount else { return false }
        cursor.prefix = cursor.prefix + cursor.leaf.chunks[cursor.slot].summary
        cursor.index += 1
        if cursor.slot + 1 < cursor.leaf.chunks.count {
            cursor.slot += 1
            return true
        }
        // Climb to the deepest level on the path with a right sibling, then go down its left edge.
        var node = root
        var pivot = -1
        var pivotNode = root
        for level in 0..<root.height {
            let k = pathIndex(cursor.path, level: level)
            if k + 1 < node.children.count { pivot = level; pivotNode = node }
            node = node.children[k].node
        }
        precondition(pivot >= 0, "cursor past the end")
        var path = settingPathIndex(cursor.path, level: pivot, to: pathIndex(cursor.path, level: pivot) + 1)
        node = pivotNode.children[pathIndex(path, level: pivot)].node
        for level in (pivot + 1)..<root.height {
            path = settingPathIndex(path, level: level, to: 0)
            node = node.children[0].node
        }
        cursor.path = path
        cursor.leaf = node
        cursor.slot = 0
        return true
    }

    /// Moves `cursor` to the previous chunk; false (and the cursor unchanged) at the first.
    /// O(1) inside a leaf, O(height) across leaves.
    @discardableResult
    func moveToPrevious(_ cursor: inout Cursor) -> Bool {
        guard cursor.index > 0 else { return false }
        cursor.index -= 1
        if cursor.slot > 0 {
            cursor.slot -= 1
            cursor.prefix = cursor.prefix - cursor.leaf.chunks[cursor.slot].summary
            return true
        }
        var node = root
        var pivot = -1
        var pivotNode = root
        for level in 0..<root.height {
            let k = pathIndex(cursor.path, level: level)
            if k > 0 { pivot = level; pivotNode = node }
            node = node.children[k].node
        }
        precondition(pivot >= 0, "cursor before the start")
        var path = settingPathIndex(cursor.path, level: pivot, to: pathIndex(cursor.path, level: pivot) - 1)
        node = pivotNode.children[pathIndex(path, level: pivot)].node
        for level in (pivot + 1)..<root.height {
            let last = node.children.count - 1
            path = settingPathIndex(path, level: level, to: last)
            node = node.children[last].node
        }
        let leaf = node
        cursor.path = path
        cursor.leaf = leaf
        cursor.slot = leaf.chunks.count - 1
        cursor.prefix = cursor.prefix - leaf.chunks[cursor.slot].summary
        return true
    }

    /// The chunk after the cursor's, if any, without moving it. O(1) inside a leaf.
    func chunk(after cursor: Cursor) -> Chunk? {
        if cursor.slot + 1 < cursor.leaf.chunks.count { return cursor.leaf.chunks[cursor.slot + 1] }
        var next = cursor
        return moveToNext(&next) ? next.chunk : nil
    }

    /// The chunks from `start` up to and including `end`'s, in order (a slice of the rope).
    /// O(k + height) for k chunks.
    func chunks(from start: Cursor, through end: Cursor) -> [Chunk] {
        var result: [Chunk] = []
        result.reserveCapacity(end.index - start.index + 1)
        var c = start
        while true {
            result.append(c.chunk)
            if c.index >= end.index || !moveToNext(&c) { break }
        }
        return result
    }
}
