// Building a change set from edits of a document: the ranges are checked against the document
// as `replace` checks one (and snapped as it snaps them), and the document gives the removed
// text and the UTF-16 offsets.

extension ChangeSet {
    /// The change that makes all of `edits` to `document` at once. Ranges may come in any
    /// order; each is snapped back to grapheme boundaries as `TextDocument.replace(_:withText:)`
    /// snaps one. Edits that touch merge into one replacement (two insertions at one point:
    /// their texts in the order given; an insertion at a range's start goes before the range's
    /// text, one at its end after it). Edits are kept as given: no common text is trimmed, and
    /// an edit that replaces text by the same text stays.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when a range lies outside `document` (a range
    ///   from a longer document); `.overlappingEdits(first:second:)` when two ranges overlap (an
    ///   empty range strictly inside another counts), naming their indices in `edits`. Nothing
    ///   is built then.
    /// - Complexity: O(k log k + k log n + m) for k edits, a document of n bytes and m bytes of
    ///   removed and inserted text.
    public init(_ edits: [(range: TextRange, text: String)], in document: TextDocument) throws(TextError) {
        let length = document.count(in: .utf8)
        for edit in edits {
            for end in [edit.range.start.utf8Offset, edit.range.end.utf8Offset] where end < 0 || end > length {
                throw TextError(.outOfBounds(unit: .utf8, bound: length), byteOffset: end)
            }
        }
        // By start, then end (an insertion before a range that starts where it is), then as
        // given (two insertions at one point keep their order).
        let order = edits.indices.sorted { i, j in
            let a = edits[i].range.utf8Range, b = edits[j].range.utf8Range
            return (a.lowerBound, a.upperBound, i) < (b.lowerBound, b.upperBound, j)
        }
        // Overlap is judged on the ranges as given; snapping both ends of every range back to
        // a boundary keeps their order, so what does not overlap here does not after it either.
        for (previous, next) in zip(order, order.dropFirst())
        where edits[next].range.utf8Range.lowerBound < edits[previous].range.utf8Range.upperBound {
            throw TextError(.overlappingEdits(first: min(previous, next), second: max(previous, next)),
                            byteOffset: edits[next].range.utf8Range.lowerBound)
        }
        var merged: [(bytes: Range<Int>, text: String)] = []
        for i in order {
            let range = edits[i].range
            let lower = document.snappedUTF8(range.start.utf8Offset)
            let upper = range.isEmpty ? lower : document.snappedUTF8(range.end.utf8Offset)
            if let last = merged.last, last.bytes.upperBound == lower {
                merged[merged.count - 1] = (last.bytes.lowerBound..<upper, last.text + edits[i].text)
            } else {
                merged.append((lower..<upper, edits[i].text))
            }
        }
        var replacements: [Replacement] = []
        replacements.reserveCapacity(merged.count)
        for (bytes, text) in merged where !(bytes.isEmpty && text.isEmpty) {
            let removed = document.string(utf8Range: bytes)
            let utf16Start = document.count(.utf16, beforeUTF8: bytes.lowerBound)
            replacements.append(Replacement(utf8Range: bytes, utf16Range: utf16Start..<(utf16Start + removed.utf16.count),
                                            removed: removed, inserted: text))
        }
        self.init(canonical: replacements, oldUTF8Count: length, oldUTF16Count: document.count(in: .utf16))
    }

    /// The change that replaces `range` of `document` with `text`: `ChangeSet([(range, text)],
    /// in: document)`.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside `document`.
    /// - Complexity: O(log n + m) for m bytes of removed and inserted text.
    public static func replacing(_ range: TextRange, with text: String, in document: TextDocument) throws(TextError) -> ChangeSet {
        try ChangeSet([(range: range, text: text)], in: document)
    }
}

extension ChangeSet {
    /// The change that replaces bytes `edits[i].bytes` of `document` by `edits[i].text`, for
    /// ranges the caller guarantees sorted, apart or touching, and on grapheme boundaries (a
    /// search's matches): nothing is checked or snapped, touching edits merge (in order), and
    /// the removed texts and UTF-16 offsets are read going forward once
    /// (`UTF16OffsetWalk`), so that k edits cost k tree descents at most, never k chunk scans.
    /// - Complexity: O(k log n + m) for k edits and m bytes of removed and inserted text; each
    ///   chunk is scanned for UTF-16 units at most once.
    init(sortedUTF8Edits edits: [(bytes: Range<Int>, text: String)], in document: TextDocument) {
        var merged: [(bytes: Range<Int>, text: String)] = []
        merged.reserveCapacity(edits.count)
        for edit in edits {
            if let last = merged.last, last.bytes.upperBound == edit.bytes.lowerBound {
                merged[merged.count - 1] = (last.bytes.lowerBound..<edit.bytes.upperBound, last.text + edit.text)
            } else {
                merged.append(edit)
            }
        }
        var walk = UTF16OffsetWalk(document)
        var replacements: [Replacement] = []
        replacements.reserveCapacity(merged.count)
        for (bytes, text) in merged where !(bytes.isEmpty && text.isEmpty) {
            let removed = document.string(utf8Range: bytes)
            let utf16Start = walk.utf16Offset(ofUTF8: bytes.lowerBound)
            replacements.append(Replacement(utf8Range: bytes, utf16Range: utf16Start..<(utf16Start + removed.utf16.count),
                                            removed: removed, inserted: text))
        }
        self.init(canonical: replacements, oldUTF8Count: document.utf8Count, oldUTF16Count: document.count(in: .utf16))
    }
}
