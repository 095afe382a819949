// The range nearest a point, found through the summary tree without walking the set: what
// "the next match after the caret" asks of a find session's matches (FindMatches.swift), and
// the ranges a deletion may remove around it (a deleting run, RangeSetPendingRun.swift).

extension RangeSetStorage {
    /// Where the first range starting at or after byte `x` lies: its leaf, its index there and
    /// the leaf's base; nil when every range starts before `x`. Ranges are sorted across leaves,
    /// so it is found from the last leaf whose base lies before `x`, stepping back while the
    /// leaf before ends with a range at or after `x`. O(log leaves + `leafCapacity`) as a rule.
    private func firstPosition(startingAtOrAfter x: Int) -> (leaf: Int, index: Int, base: Int)? {
        let s = self
        var (i, base) = s.lastLeaf(withBaseAtMost: x, strictly: true)
        while i > 0 {
            let previous = s.leaves[i - 1]
            let previousBase = base - previous.span
            guard let last = previous.entries.last, previousBase + last.start >= x else { break }
            i -= 1
            base = previousBase
        }
        while i < s.leaves.count {
            let leaf = s.leaves[i]
            let k = leaf.firstIndex(startingAtOrAfter: x - base)
            if k < leaf.entries.count { return (i, k, base) }
            base += leaf.span
            i += 1
        }
        return nil
    }

    /// The ranges added with `removeWhenEmptied` around bytes `lo...hi`: all of those starting
    /// in `lo...hi` and the nearest on either side, looking at no more than `reach` ranges past
    /// `lo...hi` on either side and listing at most `RangeSetRemovableRanges.capacity` (the
    /// listing holds up to where it stopped: `Int.min` or `Int.max` where the ranges ran out).
    /// Nil when more than that start in `lo...hi`. O(log leaves + `leafCapacity` + `reach` +
    /// the ranges starting in `lo...hi`).
    func removableRanges(around lo: Int, _ hi: Int, reach: Int) -> RangeSetRemovableRanges? {
        let s = self
        var found = RangeSetRemovableRanges(below: Int.min, above: Int.max)
        guard let (i0, k0, base0) = firstPosition(startingAtOrAfter: lo) else {
            // Every range starts before `lo`: only the ones below matter.
            s.listRemovable(belowLeaf: s.leaves.count, index: 0, base: 0, reach: reach, into: &found)
            return found
        }
        // Upwards: the ranges starting in lo...hi, then up to `reach` more.
        var (i, k, base, seen) = (i0, k0, base0, 0)
        upwards: while i < s.leaves.count {
            let entries = s.leaves[i].entries
            while k < entries.count {
                let start = base + entries[k].start
                if start > hi {
                    seen += 1
                    if seen > reach {
                        // Others may start there too, unseen.
                        found.above = start - 1
                        break upwards
                    }
                }
                if entries[k].removeWhenEmptied && !found.append(start, start + entries[k].length) {
                    if start <= hi { return nil }
                    found.above = start - 1
                    break upwards
                }
                k += 1
            }
            base += s.leaves[i].span
            i += 1
            k = 0
        }
        s.listRemovable(belowLeaf: i0, index: k0, base: base0, reach: reach, into: &found)
        return found
    }

    /// Going down from the range before index `k` of leaf `i` (whose base is `base`; `i ==
    /// leaves.count` for after the last range), lists the ranges added with `removeWhenEmptied`
    /// into `found` until `reach` ranges were looked at or the list is full, and sets
    /// `found.below` just above where it stopped (`Int.min` when the ranges ran out).
    private func listRemovable(belowLeaf i: Int, index k: Int, base: Int, reach: Int, into found: inout RangeSetRemovableRanges) {
        let s = self
        var (i, k, base, seen) = (i, k, base, 0)
        if i == s.leaves.count {
            guard i > 0 else { return }
            i -= 1
            base = s.base(ofLeaf: i)
            k = s.leaves[i].entries.count
        }
        while true {
            let entries = s.leaves[i].entries
            while k > 0 {
                k -= 1
                let start = base + entries[k].start
                seen += 1
                // Others may start there too, unseen: the listing holds above it.
                if seen > reach || entries[k].removeWhenEmptied && !found.append(start, start + entries[k].length) {
                    found.below = start + 1
                    return
                }
            }
            guard i > 0 else { return }
            i -= 1
            base -= s.leaves[i].span
            k = s.leaves[i].entries.count
        }
    }

    private func utf8Range(leaf i: Int, index k: Int, base: Int) -> Range<Int> {
        let e = leaves[i].entries[k]
        return (base + e.start)..<(base + e.start + e.length)
    }

    /// The first range (UTF-8 offsets) starting at or after byte `x`, or nil.
    /// O(log leaves + `leafCapacity`).
    func firstUTF8Range(startingAtOrAfter x: Int) -> Range<Int>? {
        firstPosition(startingAtOrAfter: x).map { utf8Range(leaf: $0.leaf, index: $0.index, base: $0.base) }
    }

    /// The last range (UTF-8 offsets) starting before byte `x`, or nil.
    /// O(log leaves + `leafCapacity`).
    func lastUTF8Range(startingBefore x: Int) -> Range<Int>? {
        let s = self
        guard let (i, k, base) = firstPosition(startingAtOrAfter: x) else {
            // Every range starts before `x`: the last one.
            guard let i = s.leaves.lastIndex(where: { !$0.entries.isEmpty }) else { return nil }
            return utf8Range(leaf: i, index: s.leaves[i].entries.count - 1, base: s.base(ofLeaf: i))
        }
        if k > 0 { return utf8Range(leaf: i, index: k - 1, base: base) }
        var j = i - 1, b = base
        while j >= 0 {
            b -= s.leaves[j].span
            if !s.leaves[j].entries.isEmpty { return utf8Range(leaf: j, index: s.leaves[j].entries.count - 1, base: b) }
            j -= 1
        }
        return nil
    }
}

extension TextRangeSet {
    /// The first range (UTF-8 offsets) starting at or after byte `x`, or nil (with a run pending,
    /// found in `settled`). O(log leaves + `leafCapacity`), plus O(leaves) with a run pending.
    func firstUTF8Range(startingAtOrAfter x: Int) -> Range<Int>? {
        guard pending == nil else { return settled.firstUTF8Range(startingAtOrAfter: x) }
        if let wide { return wide.firstUTF8Range(startingAtOrAfter: x) }
        return storage.firstUTF8Range(startingAtOrAfter: x)
    }

    /// The last range (UTF-8 offsets) starting before byte `x`, or nil (with a run pending, found
    /// in `settled`). O(log leaves + `leafCapacity`), plus O(leaves) with a run pending.
    func lastUTF8Range(startingBefore x: Int) -> Range<Int>? {
        guard pending == nil else { return settled.lastUTF8Range(startingBefore: x) }
        if let wide { return wide.lastUTF8Range(startingBefore: x) }
        return storage.lastUTF8Range(startingBefore: x)
    }
}
