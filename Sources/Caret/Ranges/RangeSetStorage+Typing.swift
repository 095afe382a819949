// The common keystroke on a `TextRangeSet`, before the one-leaf path
// (RangeSetStorage+OneLeaf.swift): the replaced stretch lies in the territory of the finger's
// leaf (the leaf the last replacement changed, its base at or before the stretch and the next
// leaf's after it), and the few entries starting inside the stretch or at its edges (piles
// travelling with the caret, ranges starting where text was deleted) map in place: none
// removed, none made alike, still in order. Then nothing is taken out, merged or reordered, and
// only four things move: the ends of the leaf's earlier entries that reach the stretch (those
// starting within the finger's length bound before it), the stretch's entries (in place:
// mapped, they still lie between the earlier entries and the later ones), the starts of the
// later ones (by the change in length), and the ends of the earlier leaves' ranges the finger
// lists as reaching the leaf; the leaf's span and its pending furthest end follow. The one-leaf
// path does the same in this case with more around it (the block of taken entries, `coalesce`,
// the scratch buffer, the base's move, the settling when the finger moves), which typing paid
// at every keystroke. Kept apart from it so that each function stays small: inside the one-leaf
// path, a case like this made the compiler outline the closure holding the leaf's loops
// (2026-12-02-range-set-finger.md). The result is the one-leaf path's exactly (what `coalesce`
// leaves in place is what is checked here); anything else falls through to it.

extension RangeSetStorage {
    /// The most entries of the stretch mapped in place (their order is checked in O(k²)).
    static var inPlaceLimit: Int { 8 }

    /// Moves the ranges for `change` when it lies in the finger's leaf's territory and the few
    /// entries of the leaf starting inside the stretch or at its edges map in place (none
    /// removed or made alike, still in order): typing or a Backspace between ranges, or
    /// carrying a pile along. Otherwise changes nothing.
    /// - Returns: true when done.
    /// - Complexity: O(entries of the leaf after the stretch + those starting within the length
    ///   bound before it + ranges the finger lists as reaching the leaf + k²) for the k (at most
    ///   `inPlaceLimit`) entries starting in the stretch or at its edges.
    mutating func replaceAtFinger(_ change: ReplacedStretch) -> Bool {
        guard let f = finger, let bound = f.lengthBound else { return false }
        let s = change.start, e = change.end, d = change.delta, i = f.leaf, b = f.base
        guard b <= s, i < leaves.count else { return false }
        // A leaf shared with a copy is copied on the one-leaf path (`uniqueLeaf`).
        guard isKnownUniquelyReferenced(&leaves[i]) else { return false }
        let leaf = leaves[i]
        let isLast = i + 1 == leaves.count
        // The next leaf's base after the stretch: nothing starting in it belongs to that leaf.
        guard isLast || b + leaf.span > e else { return false }
        if b == s && i > 0 {
            // A range of the leaf before may start at this base (a pile across the boundary).
            let before = leaves[i - 1]
            guard let last = before.entries.last, b - before.span + last.start < s else { return false }
        }
        let x = s - b, y = e - b
        let lo: Int, hi: Int
        // An entry of the stretch mapped (relative start), or nil when the change removes it.
        @inline(__always)
        func mapped(_ entry: Entry) -> Entry? {
            var m = entry
            m.start += b
            guard change.mapTaken(&m) else { return nil }
            m.start -= b
            return m
        }
        do {
            let entries = leaf.entries
            // The first entry starting at or after the stretch: where the last keystroke left
            // it (typing on), or searched for.
            @inline(__always)
            func isFirst(_ k: Int) -> Bool {
                k <= entries.count && (k == 0 || entries[k - 1].start < x) && (k == entries.count || entries[k].start >= x)
            }
            if isFirst(f.indexAfter) {
                lo = f.indexAfter
            } else if isFirst(f.index) {
                lo = f.index
            } else {
                lo = leaf.firstIndex(startingAtOrAfter: x)
            }
            // The entries starting in the stretch or at its edges (a few: alike ones are one
            // group), stepped over.
            var k = lo
            while k < entries.count && entries[k].start <= y { k += 1 }
            hi = k
            // Mapped in place when none goes away and they stay in order (by start, then
            // `sequence`) with no two alike among those sharing a start: what `coalesce` leaves
            // as it is. Otherwise the one-leaf path takes them out.
            guard hi - lo <= Self.inPlaceLimit else { return false }
            var run = lo, previous: Entry?
            for k in lo..<hi {
                guard let m = mapped(entries[k]) else { return false }
                if let a = previous, a.start >= m.start {
                    guard a.start == m.start, a.sequence < m.sequence else { return false }
                    if entries[lo].start == y {
                        // The stretch's entries all start at its end (an insertion's place, or
                        // a pile after the text a Backspace removes): they map alike exactly when
                        // they were alike, as with the same options their ends, all at or after
                        // the stretch's end, map one to one; so the entries themselves are
                        // compared, not mapped again.
                        let x = entries[k]
                        for j in run..<k where entries[j].length == x.length && entries[j].flags == x.flags { return false }
                    } else {
                        for j in run..<k {
                            let other = mapped(entries[j])!
                            if other.length == m.length && other.flags == m.flags { return false }
                        }
                    }
                } else {
                    run = k
                }
                previous = m
            }
        }
        let oldMaxEnd = f.pendingMaxEnd ?? tree[treeLeafCount + i].maxEnd
        var newBound = bound
        leaf.entries.withUnsafeMutableBufferPointer { es in
            newBound = Self.moveEarlierEnds(es, before: lo, base: b, for: change, bound: bound)
            if d != 0 {
                for k in hi..<es.count { es[k].start += d }
            }
            // The stretch's entries where they were: mapped, each starts at or after the
            // stretch's start (after every earlier entry) and at or before the end of the
            // inserted text (before every later one, which started after the stretch); a group
            // stays this leaf's.
            for k in lo..<hi {
                es[k] = mapped(es[k])!
                newBound = max(newBound, es[k].length)
            }
        }
        let span = leaf.span + d
        leaf.span = isLast ? max(0, span) : span
        // The furthest end without a scan unless it lies in the stretch (as on the one-leaf path).
        let maxEnd: Int
        if oldMaxEnd != .min && b + oldMaxEnd < s {
            maxEnd = oldMaxEnd
        } else if oldMaxEnd != .min && b + oldMaxEnd > e {
            maxEnd = oldMaxEnd + d
        } else {
            maxEnd = leaf.maxEnd
        }
        // The ranges of earlier leaves reaching the stretch: their ends moved in place, their
        // leaves' summaries pending.
        var moved = f.reachersPending
        for r in fingerReachers {
            let x = leaves[r.leaf].entries[r.index]
            let a = r.base + x.start, end = a + x.length
            guard end >= s else { continue }
            uniqueLeaf(r.leaf).entries[r.index].length = change.map(end, x.endBias) - a
            moved = true
        }
        finger = RangeSetFinger(leaf: i, base: b, pendingMaxEnd: maxEnd, reachersPending: moved, lengthBound: newBound,
                                index: lo, indexAfter: hi)
        return true
    }
}
