// Applying a change set: everything is checked first, so that a change set that does not fit
// changes nothing; then the replacements go through the general edit path from the last to
// the first, so that each one's offsets in the old text are still right when its turn comes.
// (One mechanism for every edit, with one notification per change set, is issue #22's next
// step; until then the derived structures follow each replacement as they follow an edit.)

extension TextDocument {
    /// Applies every replacement of `changes` at once and returns `changes` (for chaining into
    /// an undo history: its `inverted()` undoes it).
    ///
    /// - Throws: `TextError.Kind.changeSetMismatch` when `changes` was not made for this text:
    ///   the lengths differ (`.lengthDiffers`, in bytes or UTF-16 code units), or a
    ///   replacement's removed text is not what the document holds there, or its UTF-16 offset
    ///   is not the document's, or it starts inside a scalar (`.replacementDiffers`). The
    ///   document is then unchanged.
    /// - Complexity: O(k log n + m) for k replacements and m bytes of removed and inserted
    ///   text, plus a scan of the chunks each replacement touches.
    @discardableResult
    public mutating func apply(_ changes: ChangeSet) throws(TextError) -> ChangeSet {
        try check(changes)
        for r in changes.replacements.reversed() {
            var inserted = r.inserted
            inserted.withUTF8 { _ = replaceUTF8(r.utf8Range, with: $0) }
        }
        return changes
    }

    /// Throws unless `changes` fits this text: the same lengths, and at every replacement the
    /// text it removes, on a scalar boundary, at its UTF-16 offset. O(k log n + removed bytes).
    func check(_ changes: ChangeSet) throws(TextError) {
        let summary = rope.summary
        guard changes.oldUTF8Count == summary.utf8 else {
            throw TextError(.changeSetMismatch(reason: .lengthDiffers(unit: .utf8, expected: changes.oldUTF8Count,
                                                                      actual: summary.utf8)),
                            byteOffset: min(changes.oldUTF8Count, summary.utf8))
        }
        guard changes.oldUTF16Count == summary.utf16 else {
            throw TextError(.changeSetMismatch(reason: .lengthDiffers(unit: .utf16, expected: changes.oldUTF16Count,
                                                                      actual: summary.utf16)),
                            byteOffset: 0)
        }
        // The replacements are sorted: one walk forward checks their UTF-16 offsets and
        // removed bytes, each chunk scanned at most once (a replace-all checks 100,000 of them).
        var offsets = UTF16OffsetWalk(self)
        var reader = SortedByteReader(rope)
        for (i, r) in changes.replacements.enumerated() {
            let bytes = r.utf8Range
            let fits = bytes.upperBound <= summary.utf8 && reader.isScalarStart(bytes.lowerBound)
                && offsets.utf16Offset(ofUTF8: bytes.lowerBound) == r.utf16Range.lowerBound
                && reader.holds(r.removed, at: bytes)
            guard fits else {
                throw TextError(.changeSetMismatch(reason: .replacementDiffers(index: i)), byteOffset: bytes.lowerBound)
            }
        }
    }
}
