// The tests' and fuzzers' hooks for range sets: what the storage must keep, and raw UTF-8
// offsets (mapped ends may lie inside clusters, which the public API snaps). Not API: behind
// `@_spi(Testing)` with a leading underscore; they may change or go away at any time.

extension TextRangeSet {
    /// Checks the storage: ranges sorted by start (ties by addition order) within and across
    /// leaves, no range before its leaf's base, no empty leaf unless it is the only one, the last
    /// leaf's span not negative, leaves within their capacity, the summary tree and the leaf
    /// positions in step with the leaves, the id index pointing at each range's leaf, a value
    /// for every range and none for a free slot, and the count. Returns the first problem found, or nil. O(n).
    @_spi(Testing)
    public func _invariantViolation() -> String? {
        let s = storage
        guard !s.leaves.isEmpty else { return "no leaf" }
        var base = 0, previous: (start: Int, sequence: UInt32)?, total = 0
        for (i, leaf) in s.leaves.enumerated() {
            if leaf.entries.isEmpty && s.leaves.count > 1 { return "leaf \(i) is empty" }
            if leaf.entries.count > RangeSetStorage.leafCapacity { return "leaf \(i) holds \(leaf.entries.count)" }
            if i == s.leaves.count - 1 && leaf.span < 0 { return "last leaf's span \(leaf.span)" }
            if s.base(ofLeaf: i) != base { return "leaf \(i): tree base \(s.base(ofLeaf: i)), spans \(base)" }
            if Int(s.leafPosition[Int(leaf.serial)]) != i { return "leaf \(i): position index \(s.leafPosition[Int(leaf.serial)])" }
            let node = s.tree[s.treeLeafCount + i]
            if node.span != leaf.span || node.maxEnd != leaf.maxEnd { return "leaf \(i): stale summary" }
            for e in leaf.entries {
                if e.start < 0 { return "leaf \(i): range before its base" }
                if e.length < 0 { return "leaf \(i): negative length" }
                let key = (base + e.start, e.sequence)
                if let p = previous, key < p { return "leaf \(i): out of order at \(key)" }
                previous = key
                let slot = s.slots[Int(e.slot)]
                if slot.leaf != leaf.serial { return "slot \(e.slot) points at leaf serial \(slot.leaf), is in \(leaf.serial)" }
                if values[Int(e.slot)] == nil { return "slot \(e.slot) has no value" }
                total += 1
            }
            base += leaf.span
        }
        if total != s.count { return "count \(s.count), holds \(total)" }
        if values.count != s.slots.count { return "\(values.count) values for \(s.slots.count) slots" }
        for slot in s.freeSlots where values[Int(slot)] != nil { return "free slot \(slot) keeps a value" }
        var node = s.treeLeafCount - 1
        while node >= 1 {
            let expected = s.tree[2 * node] + s.tree[2 * node + 1]
            if expected.span != s.tree[node].span || expected.maxEnd != s.tree[node].maxEnd { return "tree node \(node) stale" }
            node -= 1
        }
        return nil
    }
}

extension TextRange {
    /// A range at raw UTF-8 offsets, not snapped (for the reference models). O(1).
    @_spi(Testing)
    public init(_utf8 start: Int, _ end: Int) { self.init(utf8: start, end) }

    /// The raw UTF-8 offsets of the ends, not snapped. O(1).
    @_spi(Testing)
    public var _utf8Offsets: Range<Int> { utf8Range }
}
