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
    /// Counting is exact: each candidate is applied to a copy of the document (O(log n),
    /// copy-on-write), so joins across the edit — a mark or ZWJ joining the cluster before, a
    /// regional indicator pairing with the one before — count as they will.
    /// - Complexity: O(m) for m inserted bytes at a caret far from the limit; O(log n) for an
    ///   edit that fits; O((k + log k · m) · log n) to cut m inserted bytes holding k clusters.
    func apply(_ change: ProposedChange, in document: TextDocument) -> ProposedChange? {
        let old = document.count
        // Typing at a caret far from the limit needs no count: each inserted scalar adds at
        // most one cluster, and splitting the cluster at the insertion point (a letter between
        // the two halves of a flag) at most one more.
        if change.range.isEmpty, old + change.text.unicodeScalars.count + 1 <= maximum { return change }
        let bound = Swift.max(maximum, old)
        guard let full = Self.result(change.range, change.text, in: document) else { return nil }
        if full.count <= maximum || full.count <= old { return change }
        // Where the inserted text may be cut: the cluster boundaries of the result inside it.
        let start = change.range.lowerBound
        let end = start + change.text.utf8.count
        var cuts: [Int] = []
        var p = TextPosition(utf8Offset: start)
        while let next = full.position(from: p, offset: 1), next.utf8Offset < end {
            cuts.append(next.utf8Offset - start)
            p = next
        }
        // The longest fitting prefix: more inserted clusters never make fewer, so the fitting
        // cuts come first. `lo` fits (0 stands for "nothing"); cuts past `hi` do not.
        let bytes = Array(change.text.utf8)
        func prefix(_ n: Int) -> String { String(decoding: bytes[0..<cuts[n - 1]], as: UTF8.self) }
        var lo = 0, hi = cuts.count
        while lo < hi {
            let mid = (lo + hi) / 2 + 1
            if let n = Self.result(change.range, prefix(mid), in: document)?.count, n <= bound {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        if lo == 0 && change.range.isEmpty { return nil }
        var cut = change
        cut.text = lo == 0 ? "" : prefix(lo)
        return cut
    }

    /// `document` with `range` (bytes) replaced by `text`; nil for a range outside it.
    static func result(_ range: Range<Int>, _ text: String, in document: TextDocument) -> TextDocument? {
        var copy = document
        guard (try? copy.edit(range, in: .utf8, replacingWith: text)) != nil else { return nil }
        return copy
    }
}
