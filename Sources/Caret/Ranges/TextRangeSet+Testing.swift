// The tests' and fuzzers' hooks for range sets: what the storage must keep, and raw UTF-8
// offsets (mapped ends may lie inside clusters, which the public API snaps). Not API: behind
// `@_spi(Testing)` with a leading underscore; they may change or go away at any time.

extension TextRangeSet {
    /// Checks the storage: entries sorted by start (ties by addition order, a group's by at most
    /// its members' smallest) within and across leaves, no entry before its leaf's base or after
    /// the next leaf's, no empty leaf unless it is the only one, the last leaf's span not
    /// negative, leaves within their capacity, the summary tree and the leaf positions in step
    /// with the leaves, the id index pointing at each range's leaf (or group, and the group at
    /// its entry's leaf), groups not empty and each held by one entry, a value for every range
    /// and none for a free slot, and the count. Returns the first problem found, or nil. O(n).
    /// Also: while compact, no range ending past the limit less the headroom (`headroom`);
    /// once wide, the compact storage empty and no headroom.
    /// With a run pending: the run within the text (a start not negative) and of one of its two
    /// kinds, then all of the above of `settled`.
    @_spi(Testing)
    public func _invariantViolation() -> String? {
        if let pending {
            let typing = pending.start == pending.end && pending.inserted >= 1
            let deleting = pending.start < pending.end && pending.inserted == 0
            if pending.start < 0 || !(typing || deleting) { return "pending run \(pending.stretch)" }
            if count == 0 { return "a run pending in an empty set" }
            return settled._invariantViolation()
        }
        if isWide != (wide != nil) { return "isWide \(isWide), wide storage \(wide != nil)" }
        if let wide {
            if storage.count != 0 { return "wide, with ranges in the compact storage" }
            if headroom >= 0 { return "wide, headroom \(headroom)" }
            return Self.violation(wide, values: values)
        }
        if headroom < 0 { return "compact, headroom \(headroom)" }
        var furthest = 0
        storage.forEachRange { start, entry, _ in furthest = max(furthest, start + entry.length) }
        if furthest > RangeSetEntry.maxOffset - headroom { return "a range ends at \(furthest), headroom \(headroom)" }
        return Self.violation(storage, values: values)
    }

    /// `_invariantViolation()` for the storage `storage` (either layout). O(n).
    private static func violation<Entry>(_ storage: RangeSetStorage<Entry>, values: [Value?]) -> String? {
        // The tree as it is once a pending summary is in (a copy: the set is not changed); the
        // readers' corrections for a pending one are checked against it (bases, leaves by base).
        let unsettled = storage
        var s = storage
        s.settle()
        guard !s.leaves.isEmpty else { return "no leaf" }
        if let f = unsettled.finger {
            if f.leaf >= s.leaves.count { return "finger past the leaves" }
            if s.base(ofLeaf: f.leaf) != f.base { return "finger's base \(f.base), tree \(s.base(ofLeaf: f.leaf))" }
            do {
                let reachers = unsettled.fingerReachers
                // Every range of an earlier leaf reaching the finger's base is listed, with its
                // leaf's base, in leaf order.
                var listed = 0, base = 0
                for (j, leaf) in s.leaves[..<f.leaf].enumerated() {
                    for (k, e) in leaf.entries.enumerated() where base + e.start + e.length >= f.base {
                        guard listed < reachers.count, reachers[listed].leaf == j, reachers[listed].index == k,
                              reachers[listed].base == base else { return "finger's reachers miss leaf \(j) entry \(k)" }
                        listed += 1
                    }
                    base += leaf.span
                }
                if listed != reachers.count { return "finger lists \(reachers.count) reachers, \(listed) reach" }
            }
            if let bound = f.lengthBound, let long = s.leaves[f.leaf].entries.first(where: { $0.length > bound }) {
                return "finger's length bound \(bound) below \(long.length)"
            }
        }
        var base = 0, previous: (start: Int, sequence: UInt32)?, total = 0, groupsSeen = Set<UInt32>()
        for (i, leaf) in s.leaves.enumerated() {
            if leaf.entries.isEmpty && s.leaves.count > 1 { return "leaf \(i) is empty" }
            if leaf.entries.count > RangeSetStorage<Entry>.leafCapacity { return "leaf \(i) holds \(leaf.entries.count)" }
            if i == s.leaves.count - 1 && leaf.span < 0 { return "last leaf's span \(leaf.span)" }
            if s.base(ofLeaf: i) != base { return "leaf \(i): tree base \(s.base(ofLeaf: i)), spans \(base)" }
            if unsettled.base(ofLeaf: i) != base { return "leaf \(i): base \(unsettled.base(ofLeaf: i)) with a summary pending, spans \(base)" }
            if !leaf.entries.isEmpty, unsettled.lastLeaf(withBaseAtMost: base).base != s.lastLeaf(withBaseAtMost: base).base {
                return "leaf \(i): lastLeaf differs with a summary pending"
            }
            if Int(s.leafPosition[Int(leaf.serial)]) != i { return "leaf \(i): position index \(s.leafPosition[Int(leaf.serial)])" }
            let node = s.tree[s.treeLeafCount + i]
            if node.span != leaf.span || node.maxEnd != leaf.maxEnd { return "leaf \(i): stale summary" }
            let nextBase = i + 1 < s.leaves.count ? base + leaf.span : Int.max
            for e in leaf.entries {
                if e.start < 0 { return "leaf \(i): range before its base" }
                if base + e.start > nextBase { return "leaf \(i): range after the next leaf's base" }
                if e.length < 0 { return "leaf \(i): negative length" }
                let key = (base + e.start, e.sequence)
                if let p = previous, key < p { return "leaf \(i): out of order at \(key)" }
                previous = key
                if e.group == Entry.single {
                    let slot = s.slots[Int(e.slot)]
                    if slot.leaf != leaf.serial { return "slot \(e.slot) points at leaf serial \(slot.leaf), is in \(leaf.serial)" }
                    if values[Int(e.slot)] == nil { return "slot \(e.slot) has no value" }
                    total += 1
                } else {
                    guard Int(e.group) < s.groups.count, !s.groups[Int(e.group)].members.isEmpty else { return "leaf \(i): empty group \(e.group)" }
                    if !groupsSeen.insert(e.group).inserted { return "group \(e.group) held twice" }
                    let group = s.groups[Int(e.group)]
                    if group.leaf != leaf.serial { return "group \(e.group) points at leaf serial \(group.leaf), is in \(leaf.serial)" }
                    for m in group.members {
                        if s.slots[Int(m.slot)].leaf != RangeSetSlot.groupBit | e.group { return "slot \(m.slot) does not point at its group \(e.group)" }
                        if m.sequence < e.sequence { return "group \(e.group) ordered after its member \(m.slot)" }
                        if values[Int(m.slot)] == nil { return "slot \(m.slot) has no value" }
                        total += 1
                    }
                }
            }
            base += leaf.span
        }
        if total != s.count { return "count \(s.count), holds \(total)" }
        if values.count != s.slots.count { return "\(values.count) values for \(s.slots.count) slots" }
        for slot in s.freeSlots where values[Int(slot)] != nil { return "free slot \(slot) keeps a value" }
        if groupsSeen.count + s.freeGroups.count != s.groups.count { return "\(s.groups.count) groups, \(groupsSeen.count) held, \(s.freeGroups.count) free" }
        if s.treeSlotsInUse != s.leaves.count { return "tree slots in use \(s.treeSlotsInUse), \(s.leaves.count) leaves" }
        for i in s.leaves.count..<s.treeLeafCount where s.tree[s.treeLeafCount + i].span != 0 || s.tree[s.treeLeafCount + i].maxEnd != .min {
            return "tree slot \(i) past the last leaf not empty"
        }
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
