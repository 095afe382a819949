// A range set built at once from ranges already in order (a search's matches): the leaves are
// filled straight, three quarters full so that later insertions seldom split them, and the
// summary tree is built once: O(n), where inserting them one by one costs a descent, a leaf
// refresh and, every half leaf, a split each (O(n log n)).

extension RangeSetStorage {
    /// A storage holding `ranges` (sorted by start, each `lowerBound ≤ upperBound`), given
    /// slots and addition order by their index, all with `flags`. O(n).
    init(sorted ranges: [Range<Int>], flags: UInt8) {
        self.init()
        guard !ranges.isEmpty else { return }
        let fill = max(1, Self.leafCapacity * 3 / 4)
        var built: [RangeSetLeaf<Entry>] = []
        built.reserveCapacity((ranges.count + fill - 1) / fill)
        var previousBase = 0
        slots = []
        slots.reserveCapacity(ranges.count)
        var i = 0
        while i < ranges.count {
            let end = min(ranges.count, i + fill)
            // Leaf 0's base is 0; every other leaf's base is its first range's start.
            let base = built.isEmpty ? 0 : ranges[i].lowerBound
            let serial = UInt32(built.count)
            var entries: [Entry] = []
            entries.reserveCapacity(end - i)
            for k in i..<end {
                entries.append(Entry(start: ranges[k].lowerBound - base, length: ranges[k].count, slot: UInt32(k),
                                             sequence: UInt32(k), flags: flags))
                slots.append(RangeSetSlot(leaf: serial, generation: 0))
            }
            // The span of the leaf before: from its base to this one's.
            built.last?.span = base - previousBase
            previousBase = base
            built.append(RangeSetLeaf<Entry>(serial: serial, span: 0, entries: entries))
            i = end
        }
        leaves = built
        nextSerial = UInt32(built.count)
        freeSerials = []
        count = ranges.count
        nextSequence = UInt32(ranges.count)
        rebuildTree()
    }
}

extension TextRangeSet {
    /// A set holding `ranges` (UTF-8 offsets, sorted by start), each with `value` and the same
    /// options; ids are given in order. O(n).
    init(sorted ranges: [Range<Int>], value: Value, stickiness: Stickiness = .neverGrows, removeWhenEmptied: Bool = false) {
        let flags = RangeSetEntry.flags(stickiness: stickiness.code, removeWhenEmptied: removeWhenEmptied)
        let extent = ranges.reduce(0) { max($0, $1.upperBound) }
        if extent <= RangeSetEntry.maxOffset {
            storage = RangeSetStorage(sorted: ranges, flags: flags)
            headroom = RangeSetEntry.maxOffset - extent
        } else {
            wide = RangeSetStorage(sorted: ranges, flags: flags)
            isWide = true
            headroom = -1
        }
        values = Array(repeating: value, count: ranges.count)
    }

    /// Every range as UTF-8 offsets, in order, without ids or values (with a run pending, of
    /// `settled`). O(n).
    var utf8Ranges: [Range<Int>] {
        guard pending == nil else { return settled.utf8Ranges }
        if let wide { return wide.utf8Ranges }
        return storage.utf8Ranges
    }
}

extension RangeSetStorage {
    /// Every range as UTF-8 offsets, in order, without ids. O(n).
    var utf8Ranges: [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(count)
        // Entry by entry, each as many times as the ranges it stands for: without ids, the
        // members of a group need no sorting (`forEachRange` sorts them by addition).
        var base = 0
        for leaf in leaves {
            for e in leaf.entries {
                let range = (base + e.start)..<(base + e.start + e.length)
                for _ in 0..<memberCount(of: e) { result.append(range) }
            }
            base += leaf.span
        }
        return result
    }
}
