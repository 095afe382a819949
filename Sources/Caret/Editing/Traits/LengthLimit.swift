/// `maximumLength`: the text may hold at most `maximum` grapheme clusters after a user edit,
/// counted on the resulting text (a mark or ZWJ that joins a cluster adds nothing; a flag's
/// second half joins its first).
struct LengthLimit: Sendable, Hashable {
    /// The limit in grapheme clusters; negative limits act as 0.
    let maximum: Int

    init(_ maximum: Int) { self.maximum = max(maximum, 0) }

    /// The change as the limit lets it through, or nil for no change at all.
    ///
    /// An edit whose result fits, or that does not make the text longer than it was (an
    /// over-long text set from code can still be shortened), passes as it is. Otherwise its
    /// inserted text is cut to the longest prefix that ends on a grapheme boundary of the
    /// resulting text and whose result fits (or is no longer than the old text); when no prefix
    /// does, the change still removes what it replaces, and is refused if it replaces nothing.
    /// Counting is exact: each candidate is applied to a copy of the document (O(log n + m),
    /// copy-on-write), so joins across the edit — a mark or ZWJ joining the cluster before, a
    /// regional indicator pairing with the one before — count as they will.
    /// - Complexity: O(m) for m inserted bytes at a caret far from the limit; O(log n + m) for
    ///   an edit that fits; O(log n + m) to cut one as well: the places to cut come from one
    ///   pass of the grapheme rules over the inserted text, and the search starts from where
    ///   the count says the cut must fall (a join at either seam moves it by a cluster or two),
    ///   so it takes a handful of candidates, not log k of them.
    func apply(_ change: ProposedChange, in document: TextDocument) -> ProposedChange? {
        let old = document.count
        // Typing at a caret far from the limit needs no count: each inserted scalar adds at
        // most one cluster, and splitting the cluster at the insertion point (a letter between
        // the two halves of a flag) at most one more.
        if change.range.isEmpty, old + change.text.unicodeScalars.count + 1 <= maximum { return change }
        let bound = Swift.max(maximum, old)
        guard let full = Self.result(change.range, change.text, in: document) else { return nil }
        if full.count <= maximum || full.count <= old { return change }
        let cuts = Self.clusterStarts(of: change.text, at: change.range.lowerBound, in: full)
        // The longest fitting prefix: more inserted clusters never make fewer, so the fitting
        // cuts come first. `lo` fits (0 stands for "nothing"); cuts past `hi` do not.
        let bytes = Array(change.text.utf8)
        func prefix(_ n: Int) -> String { String(decoding: bytes[0..<cuts[n - 1]], as: UTF8.self) }
        func fits(_ n: Int) -> Bool { Self.result(change.range, prefix(n), in: document).map { $0.count <= bound } ?? false }
        var lo = 0, hi = cuts.count
        // Prefix n holds n clusters of the inserted text, so the result holds about the text
        // without the replaced range plus n: bracket that guess before bisecting.
        if let removed = Self.result(change.range, "", in: document)?.count {
            let guess = Swift.min(Swift.max(bound - removed, 0), cuts.count)
            for n in [Swift.min(guess + 2, cuts.count), Swift.max(guess - 2, 1)] where n > lo && n <= hi {
                if fits(n) { lo = n } else { hi = n - 1 }
            }
        }
        while lo < hi {
            let mid = (lo + hi) / 2 + 1
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        if lo == 0 && change.range.isEmpty { return nil }
        var cut = change
        cut.text = lo == 0 ? "" : prefix(lo)
        return cut
    }

    /// Where `text`, inserted at byte `start` of `result` (the document with it inserted),
    /// may be cut: the byte offsets in `text`, after its start and before its end, of the
    /// grapheme boundaries of `result`. The grapheme rules run from the boundary at or before
    /// `start` over the inserted text only: a boundary depends on the text before it and the
    /// scalar after it, never on anything further on.
    /// - Complexity: O(log n + m), plus the part of the cluster before `start`.
    static func clusterStarts(of text: String, at start: Int, in result: TextDocument) -> [Int] {
        let from = result.graphemeBoundary(atOrBeforeUTF8: start)
        var breaker = GraphemeBreaker()
        for scalar in result.text(utf8Range: from..<start).unicodeScalars {
            _ = breaker.isBoundary(before: GraphemeClassTable.shared(scalar.value))
        }
        var cuts: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if breaker.isBoundary(before: GraphemeClassTable.shared(scalar.value)) && offset > 0 { cuts.append(offset) }
            offset += scalar.utf8.count
        }
        return cuts
    }

    /// `document` with `range` (bytes) replaced by `text`; nil for a range outside it.
    static func result(_ range: Range<Int>, _ text: String, in document: TextDocument) -> TextDocument? {
        var copy = document
        guard (try? copy.edit(range, in: .utf8, replacingWith: text)) != nil else { return nil }
        return copy
    }
}
