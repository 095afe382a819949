// The range nearest a point, found through the summary tree without walking the set: what
// "the next match after the caret" asks of a find session's matches (FindMatches.swift).

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
    /// The first range (UTF-8 offsets) starting at or after byte `x`, or nil.
    /// O(log leaves + `leafCapacity`).
    func firstUTF8Range(startingAtOrAfter x: Int) -> Range<Int>? {
        if let wide { return wide.firstUTF8Range(startingAtOrAfter: x) }
        return storage.firstUTF8Range(startingAtOrAfter: x)
    }

    /// The last range (UTF-8 offsets) starting before byte `x`, or nil.
    /// O(log leaves + `leafCapacity`).
    func lastUTF8Range(startingBefore x: Int) -> Range<Int>? {
        if let wide { return wide.lastUTF8Range(startingBefore: x) }
        return storage.lastUTF8Range(startingBefore: x)
    }
}
