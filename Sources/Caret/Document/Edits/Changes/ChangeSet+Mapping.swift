// Mapping positions of the old text into the new one. Each replacement maps as a `TextEdit`
// does; the modes are CodeMirror's, so that anchors can go away with the text they were in.

extension ChangeSet {
    /// Where a position of the old text is in the new one: before and after every replacement
    /// shifted by the changes in length before it; at an insertion point before (`.before`) or
    /// after (`.after`) the inserted text; at the start of replaced text at its start, at its
    /// end after the inserted text; strictly inside replaced text at the edge `bias` names (as
    /// `TextEdit.map(_:bias:)`). The affinity is kept. The result may lie inside a grapheme
    /// cluster the change formed; the document snaps it when it is used.
    ///
    /// - Returns: nil when the position lies outside the old text, or when `mode` tracks a
    ///   deletion that covers it (`MapMode`).
    /// - Complexity: O(log k) for k replacements.
    public func map(_ position: TextPosition, bias: TextEdit.Bias = .after, mode: MapMode = .simple) -> TextPosition? {
        mapUTF8(position.utf8Offset, bias: bias, mode: mode).map { TextPosition(utf8Offset: $0, affinity: position.affinity) }
    }

    /// `map(_:bias:mode:)` on a byte offset of the old text (0...oldUTF8Count).
    /// - Returns: nil outside the old text or when `mode` tracks a deletion that covers it.
    /// - Complexity: O(log k) for k replacements.
    public func mapUTF8(_ offset: Int, bias: TextEdit.Bias = .after, mode: MapMode = .simple) -> Int? {
        map(offset, in: \.utf8Range, shift: utf8Shift, count: (oldUTF8Count, newUTF8Count), insertedCount: { $0.inserted.utf8.count },
            bias: bias, mode: mode)
    }

    /// `map(_:bias:mode:)` on a UTF-16 offset of the old text (0...oldUTF16Count): for code that
    /// keeps UTF-16 offsets, such as an LSP client's diagnostics.
    /// - Returns: nil outside the old text or when `mode` tracks a deletion that covers it.
    /// - Complexity: O(log k) for k replacements.
    public func mapUTF16(_ offset: Int, bias: TextEdit.Bias = .after, mode: MapMode = .simple) -> Int? {
        map(offset, in: \.utf16Range, shift: utf16Shift, count: (oldUTF16Count, newUTF16Count), insertedCount: { $0.inserted.utf16.count },
            bias: bias, mode: mode)
    }

    /// Where a range of the old text is in the new one, as `TextEdit.map(_:)` maps it through
    /// each replacement: a non-empty range does not grow at its edges (its start maps `.after`,
    /// its end `.before`), and becomes empty at a replacement's start when that replacement
    /// removed all of it; an empty range maps as one position `.before`.
    /// - Returns: nil when the range lies outside the old text.
    /// - Complexity: O(log k) for k replacements.
    public func map(_ range: TextRange) -> TextRange? {
        if range.isEmpty {
            guard let p = map(range.start, bias: .before) else { return nil }
            return TextRange(start: p, end: TextPosition(utf8Offset: p.utf8Offset, affinity: range.end.affinity))
        }
        guard let start = map(range.start, bias: .after), let end = map(range.end, bias: .before) else { return nil }
        if end.utf8Offset <= start.utf8Offset {
            // Only when both ends are in one replacement (stretches of unchanged text keep the
            // others apart): the start of that replacement's new text.
            let p = TextPosition(utf8Offset: mapUTF8(range.start.utf8Offset, bias: .before)!, affinity: range.start.affinity)
            return TextRange(start: p, end: p)
        }
        return TextRange(start: start, end: end)
    }

    /// The replacements as `TextEdit`s, front to back, each in the text the ones before it
    /// left: mapping a position through them in order is mapping it through the change set.
    /// - Complexity: O(k) for k replacements.
    public var textEdits: [TextEdit] {
        replacements.indices.map { i in
            let r = replacements[i]
            let s8 = newUTF8Start(i), s16 = newUTF16Start(i)
            return TextEdit(replacedUTF8Range: s8..<(s8 + r.utf8Range.count),
                            insertedUTF8Range: s8..<(s8 + r.inserted.utf8.count),
                            replacedUTF16Range: s16..<(s16 + r.utf16Range.count),
                            insertedUTF16Range: s16..<(s16 + r.inserted.utf16.count))
        }
    }

    /// The mapping in one unit: `range` reads a replacement's old range in it, `shift` is the
    /// change in length before each replacement, `count` the old and new texts' lengths.
    private func map(_ x: Int, in range: KeyPath<Replacement, Range<Int>>, shift: [Int], count: (old: Int, new: Int),
                     insertedCount: (Replacement) -> Int, bias: TextEdit.Bias, mode: MapMode) -> Int? {
        guard x >= 0 && x <= count.old else { return nil }
        // The first replacement that ends at or after x.
        var lo = 0, hi = replacements.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if replacements[mid][keyPath: range].upperBound < x { lo = mid + 1 } else { hi = mid }
        }
        guard lo < replacements.count, replacements[lo][keyPath: range].lowerBound <= x else {
            // In unchanged text: shifted by every replacement before it.
            return lo < replacements.count ? x + shift[lo] : x + (count.new - count.old)
        }
        let r = replacements[lo], old = r[keyPath: range]
        let start = old.lowerBound + shift[lo], end = start + insertedCount(r)
        switch mode {
        case .simple: break
        case .trackDeletion: if old.lowerBound < x && x < old.upperBound { return nil }
        case .trackBefore: if old.lowerBound < x { return nil }
        case .trackAfter: if x < old.upperBound { return nil }
        }
        if old.isEmpty { return bias == .before ? start : end }
        if x == old.lowerBound { return start }
        if x == old.upperBound { return end }
        return bias == .before ? start : end
    }
}
