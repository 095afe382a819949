// Edits. Every edit rewrites only the chunks it touches, plus the following chunks whose first
// cluster now joins the edited text (a combining mark after a deleted control, one regional
// indicator that re-pairs a run of flags); see docs/ARCHITECTURE.md, "How counts stay exact".

extension TextDocument {
    /// Replaces the text in `range` with `text` and returns the range of the new text, widened
    /// to grapheme boundaries where the new text joins its neighbours (a leading combining mark
    /// joins the cluster before it). Removing text (an empty `text`) returns the empty range
    /// where it was — at the start of the cluster there, when the removal joined the clusters
    /// on either side.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @inlinable @discardableResult
    public mutating func replace(_ range: TextRange, withText text: some StringProtocol) throws(TextError) -> TextRange {
        // The bytes are read here, in the caller's code, in place when the text stores them
        // contiguously (a native string); a non-inlinable body would copy the string (a retain
        // and a release) to call `withUTF8`, which is mutating.
        let replaced: TextRange?
        if let inPlace = text.utf8.withContiguousStorageIfAvailable({ replace(range, withUTF8: $0) }) {
            replaced = inPlace
        } else {
            var string = String(text)
            replaced = string.withUTF8 { replace(range, withUTF8: $0) }
        }
        guard let result = replaced else { throw outOfBoundsError(range) }
        return result
    }

    // The public entries that take `some StringProtocol` are inlinable, so that a caller's
    // `String` reaches the bodies below without the generic conversion (a caller in another
    // module otherwise calls the unspecialised generic function, whose `String(text)` goes
    // through protocol witnesses and copies: ~60 instructions an edit).

    /// `text` as a `String`: itself when it is one (the cast is resolved where the caller's
    /// type is known), else a copy of its characters.
    @inlinable
    static func string(_ text: some StringProtocol) -> String {
        (text as? String) ?? String(text)
    }

    /// `replace(_:withText:)` for the UTF-8 of the new text: nil, with the document
    /// unchanged, when `range` lies outside it.
    @usableFromInline
    mutating func replace(_ range: TextRange, withUTF8 new: UnsafeBufferPointer<UInt8>) -> TextRange? {
        // Both ends of an edit the typing path takes are cluster boundaries, so it needs no
        // snapping. A range's ends are in order, however it was made (decoding orders them too).
        if let typed = replaceAtEditPlace(range.utf8Range, in: .utf8, with: new) {
            return resultRange(typed, removing: new.isEmpty)
        }
        guard let bytes = try? checkedUTF8Range(range) else { return nil }
        // The edit first, then `resultRange`: a method called on `self` with the edit as its
        // argument holds a copy of `self` while the edit runs, and the finger and the bidi cache
        // are then shared and copied for the edit (an unoptimised build does exactly that).
        let enclosing = replaceUTF8(bytes, with: new)
        return resultRange(enclosing, removing: new.isEmpty)
    }

    /// The error `replace` and `edit` throw for a `range` outside this document.
    @usableFromInline
    func outOfBoundsError(_ range: TextRange) -> TextError {
        let bad = [range.start.utf8Offset, range.end.utf8Offset].first { $0 < 0 || $0 > rope.summary.utf8 } ?? 0
        return TextError(.outOfBounds(unit: .utf8, bound: rope.summary.utf8), byteOffset: bad)
    }

    /// Replaces the units `range` of `unit` with `text`, without rounding to grapheme
    /// boundaries: a scalar range may cut into a cluster (deleting one code point of an Indic
    /// syllable, replaying an editing trace). UTF-16 offsets inside a surrogate pair and UTF-8
    /// offsets inside a scalar round down to the scalar's start.
    ///
    /// - Returns: the range of the new text, widened to grapheme boundaries.
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside the text; the document
    ///   is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @inlinable @discardableResult
    public mutating func replace(_ range: Range<Int>, in unit: TextUnit, withText text: some StringProtocol) throws(TextError) -> TextRange {
        try replace(range, in: unit, withString: Self.string(text))
    }

    /// `replace(_:in:withText:)` for a `String`.
    @usableFromInline
    mutating func replace(_ range: Range<Int>, in unit: TextUnit, withString text: String) throws(TextError) -> TextRange {
        if let typed = Self.withUTF8(of: text, { replaceAtEditPlace(range, in: unit, with: $0) }) {
            return resultRange(typed, removing: text.isEmpty)
        }
        let (bytes, hint) = try checkedUTF8RangeNearEditPlace(range, in: unit)
        // The edit first, then `resultRange`: a method called on `self` with the edit as its
        // argument holds a copy of `self` while the edit runs, and the finger and the bidi cache
        // are then shared and copied for the edit (an unoptimised build does exactly that).
        let enclosing = Self.withUTF8(of: text) { replaceUTF8(bytes, with: $0, hint: hint) }
        return resultRange(enclosing, removing: text.isEmpty)
    }

    /// Calls `body` with the UTF-8 of `text`: in place when the string stores it contiguously
    /// (a native string, small or not), else from a contiguous copy. `String.withUTF8` is
    /// mutating, so calling it on a parameter copies the string value first: a retain and a
    /// release of its storage on every edit.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Replaces the text in `range` with `text`, like `replace(_:withText:)`, and returns the
    /// change as a `TextEdit` (exact ranges, not widened to grapheme boundaries) — the one edit
    /// description that positions, selections and derived structures are mapped through.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @inlinable @discardableResult
    public mutating func edit(_ range: TextRange, replacingWith text: some StringProtocol) throws(TextError) -> TextEdit {
        try edit(range, replacingWithString: Self.string(text))
    }

    /// `edit(_:replacingWith:)` for a `String`.
    @usableFromInline
    mutating func edit(_ range: TextRange, replacingWithString text: String) throws(TextError) -> TextEdit {
        applyEdit(try checkedUTF8Range(range), text)
    }

    /// Replaces the units `range` of `unit` with `text` without rounding to grapheme boundaries,
    /// like `replace(_:in:withText:)`, and returns the change as a `TextEdit`.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside the text; the document
    ///   is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @inlinable @discardableResult
    public mutating func edit(_ range: Range<Int>, in unit: TextUnit, replacingWith text: some StringProtocol) throws(TextError) -> TextEdit {
        try edit(range, in: unit, replacingWithString: Self.string(text))
    }

    /// `edit(_:in:replacingWith:)` for a `String`.
    @usableFromInline
    mutating func edit(_ range: Range<Int>, in unit: TextUnit, replacingWithString text: String) throws(TextError) -> TextEdit {
        let (bytes, hint) = try checkedUTF8RangeNearEditPlace(range, in: unit)
        return applyEdit(bytes, text, hint: hint)
    }

    /// Applies a validated byte-range replacement (scalar boundaries) and describes it. The
    /// UTF-16 offsets are read before the closure: a non-mutating call on `self` inside the
    /// closure that edits it copies the whole document value and destroys the copy (~100
    /// instructions an edit). O(log n) plus two chunk scans (near the finger, two short ones).
    private mutating func applyEdit(_ bytes: Range<Int>, _ text: String, hint: EditHint? = nil) -> TextEdit {
        let utf16Start = count(.utf16, beforeUTF8: bytes.lowerBound)
        let utf16End = bytes.isEmpty ? utf16Start : count(.utf16, beforeUTF8: bytes.upperBound)
        return Self.withUTF8(of: text) { new -> TextEdit in
            let counts = UTF8Scalars.countScalars(in: new)
            _ = replaceUTF8(bytes, with: new, hint: hint)
            return TextEdit(replacedUTF8Range: bytes,
                            insertedUTF8Range: bytes.lowerBound..<(bytes.lowerBound + new.count),
                            replacedUTF16Range: utf16Start..<utf16End,
                            insertedUTF16Range: utf16Start..<(utf16Start + counts.scalars + counts.supplementary))
        }
    }

    /// The bytes of `range` snapped to grapheme boundaries, or the out-of-bounds error that
    /// `replace` and `edit` throw. Makes the finger the document's own first: validation leaves
    /// the place it found there for the edit (`validatedForEdit`).
    private mutating func checkedUTF8Range(_ range: TextRange) throws(TextError) -> Range<Int> {
        ownFinger()
        guard let checked = validatedForEdit(range) else { throw outOfBoundsError(range) }
        return checked
    }

    /// The bytes of units `range` of `unit`, aligned to scalars only, with the upper end's chunk
    /// and point as the hint for the edit; or the out-of-bounds error that `replace` and `edit`
    /// throw for it.
    private func checkedUTF8Range(_ range: Range<Int>, in unit: TextUnit) throws(TextError) -> (Range<Int>, EditHint?) {
        let bound = rope.summary[unit]
        let (lower, upper, hint) = scalarAlignedUTF8Range(range, in: unit)
        guard let s = lower else {
            throw TextError(.outOfBounds(unit: unit, bound: bound), byteOffset: range.lowerBound)
        }
        guard let e = upper else {
            throw TextError(.outOfBounds(unit: unit, bound: bound), byteOffset: range.upperBound)
        }
        return (s..<max(s, e), hint)
    }

    /// `checkedUTF8Range(_:in:)`, converted arithmetically when the range is next to the edit
    /// place (`utf8RangeNearEditPlace`): then there is no hint, the place itself is one.
    @inline(__always)
    private func checkedUTF8RangeNearEditPlace(_ range: Range<Int>, in unit: TextUnit) throws(TextError) -> (Range<Int>, EditHint?) {
        if let bytes = utf8RangeNearEditPlace(range, in: unit) { return (bytes, nil) }
        return try checkedUTF8Range(range, in: unit)
    }

    /// What `replace` returns, given the new text's range widened to grapheme boundaries: that
    /// range, or for removed text the empty range at its start.
    private func resultRange(_ enclosing: Range<Int>, removing: Bool) -> TextRange {
        textRange(utf8: removing ? enclosing.lowerBound..<enclosing.lowerBound : enclosing)
    }

    func textRange(utf8 range: Range<Int>) -> TextRange {
        TextRange(start: TextPosition(utf8Offset: range.lowerBound), end: TextPosition(utf8Offset: range.upperBound))
    }

    /// The smallest range on grapheme boundaries that holds bytes `range` (scalar boundaries).
    /// Usually each end is confirmed from the two scalars around it; only where they do not
    /// decide does it scan (`snappedUTF8`).
    func enclosingRange(utf8 range: Range<Int>) -> Range<Int> {
        let start = snappedUTF8(range.lowerBound)
        var end = range.upperBound
        let snapped = snappedUTF8(end)
        if snapped < end {
            end = utf8Offset(of: graphemeBoundary(atOrBefore: end).graphemes + 1, in: .grapheme) ?? rope.summary.utf8
        }
        return start..<end
    }

    /// Inserts `text` at `position`; returns the range of the new text. See `replace(_:withText:)`.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the position lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @inlinable @discardableResult
    public mutating func insert(_ text: some StringProtocol, at position: TextPosition) throws(TextError) -> TextRange {
        try replace(TextRange(start: position, end: position), withText: text)
    }

    /// Removes the text in `range`; returns the empty range where it was.
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n) plus a scan of the chunks touched.
    @discardableResult
    public mutating func delete(_ range: TextRange) throws(TextError) -> TextRange {
        try replace(range, withText: "")
    }
}
