// The range nearest a point, found through the summary tree without walking the set: what
// "the next match after the caret" asks of a find session's matches (FindMatches.swift), and
// how far from a deletion the nearest range that a deletion may remove starts (a deletion run,
// RangeSetPendingRun.swift).

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

    /// The stretch of starts around bytes `lo...hi` where no range added with
    /// `removeWhenEmptied` starts: nil when one starts in `lo...hi`; otherwise `below` (at most
    /// `lo`) and `above` (at least `hi`) such that none starts in `below..<lo` or in
    /// `hi + 1 ... above`. Looks at no more than `reach` ranges on either side (the stretch ends
    /// where it stopped looking; `Int.min` or `Int.max` where the ranges end).
    /// O(log leaves + `leafCapacity` + `reach` + the ranges starting in `lo...hi`).
    func removalFreeStretch(around lo: Int, _ hi: Int, reach: Int) -> (below: Int, above: Int)? {
        let s = self
        guard let (i0, k0, base0) = firstPosition(startingAtOrAfter: lo) else {
            // Every range starts before `lo`: only the ones below matter.
            return (s.removalFreeStart(belowLeaf: s.leaves.count, index: 0, base: 0, reach: reach), Int.max)
        }
        // Upwards: the ranges starting in lo...hi, then up to `reach` more.
        var (i, k, base, seen, above) = (i0, k0, base0, 0, Int.max)
        upwards: while i < s.leaves.count {
            let entries = s.leaves[i].entries
            while k < entries.count {
                let start = base + entries[k].start
                if entries[k].removeWhenEmptied {
                    if start <= hi { return nil }
                    above = start - 1
                    break upwards
                }
                if start > hi {
                    seen += 1
                    if seen == reach {
                        // Others may start there too, unseen.
                        above = start - 1
                        break upwards
                    }
                }
                k += 1
            }
            base += s.leaves[i].span
            i += 1
            k = 0
        }
        return (s.removalFreeStart(belowLeaf: i0, index: k0, base: base0, reach: reach), above)
    }

    /// Going down from the range before index `k` of leaf `i` (whose base is `base`; `i ==
    /// leaves.count` for after the last range): the start just above the first range added with
    /// `removeWhenEmptied`, or just above the last start looked at once `reach` ranges were
    /// (others may start there too), or `Int.min` when the ranges run out first.
    private func removalFreeStart(belowLeaf i: Int, index k: Int, base: Int, reach: Int) -> Int {
        let s = self
        var (i, k, base, seen) = (i, k, base, 0)
        if i == s.leaves.count {
            guard i > 0 else { return Int.min }
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
                if entries[k].removeWhenEmptied || seen == reach { return start + 1 }
            }
            guard i > 0 else { return Int.min }
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
    /// found in `settled`). O(log leaves + `leafCapacity`).
    func firstUTF8Range(startingAtOrAfter x: Int) -> Range<Int>? {
        guard pending == nil else { return settled.firstUTF8Range(startingAtOrAfter: x) }
        if let wide { return wide.firstUTF8Range(startingAtOrAfter: x) }
        return storage.firstUTF8Range(startingAtOrAfter: x)
    }

    /// The last range (UTF-8 offsets) starting before byte `x`, or nil (with a run pending, found
    /// in `settled`). O(log leaves + `leafCapacity`).
    func lastUTF8Range(startingBefore x: Int) -> Range<Int>? {
        guard pending == nil else { return settled.lastUTF8Range(startingBefore: x) }
        if let wide { return wide.lastUTF8Range(startingBefore: x) }
        return storage.lastUTF8Range(startingBefore: x)
    }
}
