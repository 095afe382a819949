// Groups of a `TextRangeSet`'s storage: ranges with the same start, length and options map
// alike through every change (the mapping reads nothing else), so once a change makes ranges
// identical (a deletion collapsing them at one place, typing growing them alike) they are kept
// as one entry whose members are listed here, and later changes move the entry once, however
// many ranges it stands for. A group never splits: its members leave only when removed.

/// A range of a group: its id's slot and the order it was added in.
struct RangeSetMember: Sendable {
    let slot: UInt32
    let sequence: UInt32
}

/// The members of one group (in no particular order) and the leaf holding its entry (by serial).
struct RangeSetGroup: Sendable {
    var leaf: UInt32
    var members: [RangeSetMember]
}

extension RangeSetStorage {
    /// Calls `body` with each range `entry` stands for (itself, or its group's members). O(members).
    func forEachMember(of entry: Entry, _ body: (RangeSetMember) -> Void) {
        if entry.group == Entry.single {
            body(RangeSetMember(slot: entry.slot, sequence: entry.sequence))
        } else {
            for m in groups[Int(entry.group)].members { body(m) }
        }
    }

    /// The number of ranges `entry` stands for. O(1).
    func memberCount(of entry: Entry) -> Int {
        entry.group == Entry.single ? 1 : groups[Int(entry.group)].members.count
    }

    /// Makes `a` stand for the ranges of `b` too (they have the same start, length and options):
    /// the smaller group's members join the larger one, so that a range changes group O(log n)
    /// times at most over its life. O(smaller side's members).
    mutating func merge(_ b: Entry, into a: inout Entry) {
        let sequence = min(a.sequence, b.sequence)
        if a.group == Entry.single && b.group == Entry.single {
            let members = [RangeSetMember(slot: a.slot, sequence: a.sequence), RangeSetMember(slot: b.slot, sequence: b.sequence)]
            let group: UInt32
            if let free = freeGroups.popLast() {
                group = free
                groups[Int(group)].members = members
            } else {
                group = UInt32(groups.count)
                groups.append(RangeSetGroup(leaf: 0, members: members))
            }
            slots[Int(a.slot)].leaf = RangeSetSlot.groupBit | group
            slots[Int(b.slot)].leaf = RangeSetSlot.groupBit | group
            a.group = group
        } else {
            var (large, small) = (a, b)
            if memberCount(of: large) < memberCount(of: small) || large.group == Entry.single { swap(&large, &small) }
            let group = large.group
            if small.group == Entry.single {
                groups[Int(group)].members.append(RangeSetMember(slot: small.slot, sequence: small.sequence))
                slots[Int(small.slot)].leaf = RangeSetSlot.groupBit | group
            } else {
                let moving = groups[Int(small.group)].members
                for m in moving { slots[Int(m.slot)].leaf = RangeSetSlot.groupBit | group }
                groups[Int(group)].members.append(contentsOf: moving)
                releaseGroup(small.group)
            }
            a.group = group
        }
        a.sequence = sequence
    }

    /// Takes `slot` out of its group.
    /// - Returns: true when the group has no member left (it is released; its entry is the
    ///   caller's to remove). O(members).
    mutating func removeMember(_ slot: UInt32, from group: UInt32) -> Bool {
        if let k = groups[Int(group)].members.firstIndex(where: { $0.slot == slot }) {
            groups[Int(group)].members.remove(at: k)
        }
        guard groups[Int(group)].members.isEmpty else { return false }
        releaseGroup(group)
        return true
    }

    /// Removes every range `entry` stands for (an entry taken out of the leaves): tells
    /// `removed` each slot and generation, frees the slots and the group. O(members).
    mutating func drop(_ entry: Entry, removed: (UInt32, UInt32) -> Void) {
        // Not through `forEachMember`: a closure changing `self` inside a call reading `self`
        // makes the call work on a copy, and `freeSlot` then copied the whole id index (most of
        // a replacement's cost when it removed a range).
        if entry.group == Entry.single {
            removed(entry.slot, slots[Int(entry.slot)].generation)
            freeSlot(entry.slot)
            count -= 1
            return
        }
        let members = groups[Int(entry.group)].members
        for m in members {
            removed(m.slot, slots[Int(m.slot)].generation)
            freeSlot(m.slot)
        }
        count -= members.count
        releaseGroup(entry.group)
    }

    /// Frees group `group` for reuse.
    private mutating func releaseGroup(_ group: UInt32) {
        groups[Int(group)].members = []
        freeGroups.append(group)
    }

    /// Merges the entries of `block` (absolute starts, taken out and mapped by one change) that
    /// have the same start, length and options, and sorts them by start, then `sequence`.
    /// O(b²) for b entries up to `insertionSortLimit` (a change takes out a handful), O(b log b)
    /// above; in place, allocating nothing.
    mutating func coalesce(_ block: inout [Entry]) {
        let n = block.count
        // Already in order (by start, then `sequence`) with no two alike among those sharing a
        // start (typing at a place where ranges of different lengths start: every keystroke
        // takes them out and puts them back as they were): nothing to merge or move. O(b) plus
        // O(r²) for runs of r entries sharing a start.
        var ordered = true
        block.withUnsafeBufferPointer { es in
            var run = 0
            check: for k in 1..<n {
                let a = es[k - 1], x = es[k]
                if a.start < x.start {
                    run = k
                    continue
                }
                guard a.start == x.start, a.sequence < x.sequence else {
                    ordered = false
                    break
                }
                for j in run..<k where es[j].length == x.length && es[j].flags == x.flags {
                    ordered = false
                    break check
                }
            }
        }
        if ordered { return }
        // Sequences are distinct, so either order is total and the result does not depend on
        // the sorting algorithm.
        func alikeOrder(_ a: Entry, _ b: Entry) -> Bool {
            (a.start, a.length, a.flags, a.sequence) < (b.start, b.length, b.flags, b.sequence)
        }
        func placeOrder(_ a: Entry, _ b: Entry) -> Bool { (a.start, a.sequence) < (b.start, b.sequence) }
        Self.sort(&block, by: alikeOrder)
        var kept = 0
        for k in 1..<n {
            let x = block[k]
            let last = block[kept]
            if last.start == x.start && last.length == x.length && last.flags == x.flags {
                var merged = last
                merge(x, into: &merged)
                block[kept] = merged
            } else {
                kept += 1
                block[kept] = x
            }
        }
        block.removeSubrange((kept + 1)...)
        if kept > 0 { Self.sort(&block, by: placeOrder) }
    }

    /// Above this many entries `sort(_:by:)` uses the standard library's sort.
    static var insertionSortLimit: Int { 24 }

    /// Sorts `block` by `less` (a total order): by insertion when short, with no allocation.
    private static func sort(_ block: inout [Entry], by less: (Entry, Entry) -> Bool) {
        guard block.count <= insertionSortLimit else {
            block.sort(by: less)
            return
        }
        block.withUnsafeMutableBufferPointer { es in
            for k in 1..<es.count {
                let x = es[k]
                var j = k
                while j > 0 && less(x, es[j - 1]) {
                    es[j] = es[j - 1]
                    j -= 1
                }
                es[j] = x
            }
        }
    }
}
