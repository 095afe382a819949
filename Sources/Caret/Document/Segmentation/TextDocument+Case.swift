// Case mapping in any ICU locale, on the UTF-8 of a range (no UTF-16 conversion).

extension TextDocument {
    /// The text of `range` in `mapping`'s case for `locale`, or nil when the range lies outside
    /// this document (or ICU fails).
    func caseMapped(_ mapping: CaseMapping, _ range: TextRange, locale: String) -> (bytes: Range<Int>, mapped: [UInt8])? {
        guard let bytes = validated(range), let map = ICUCaseMap(locale: locale) else { return nil }
        let source = utf8(in: range) ?? []
        guard let mapped = source.withUnsafeBufferPointer({ map.map(mapping, $0) }) else { return nil }
        return (bytes, mapped)
    }

    /// The text of `range` uppercased for `locale` (any ICU locale id: `"tr"` and `"az"` map
    /// `i` to `İ`, `"el"` drops accents, `"lt"` keeps its dots; `""` is root). The range is
    /// mapped as a text of its own: context outside it is not seen.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range).
    public func uppercased(_ range: TextRange, locale: String) -> String? {
        caseMapped(.upper, range, locale: locale).map { String(decoding: $0.mapped, as: UTF8.self) }
    }

    /// The text of `range` lowercased for `locale` (final sigma becomes `ς`; `"tr"`/`"az"` map
    /// `I` to `ı`; `"lt"` adds the dot above `i` before accents). See `uppercased(_:locale:)`.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range).
    public func lowercased(_ range: TextRange, locale: String) -> String? {
        caseMapped(.lower, range, locale: locale).map { String(decoding: $0.mapped, as: UTF8.self) }
    }

    /// The text of `range` titlecased by words for `locale`: the first cased letter of each
    /// word (ICU's word iterator for the locale) titlecased, the rest lowercased; `"nl"`
    /// titlecases a leading `ij` as `IJ`. See `uppercased(_:locale:)`.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range).
    public func capitalized(_ range: TextRange, locale: String) -> String? {
        caseMapped(.title, range, locale: locale).map { String(decoding: $0.mapped, as: UTF8.self) }
    }

    /// Replaces the text of `range` by its `mapping` for `locale` and returns the range of the
    /// new text (its length may differ: `ß` uppercases to `SS`). Positions before the range
    /// are untouched; positions after it move by the change in length (the returned range's
    /// end is where the old end now is). When the mapping changes nothing the document is
    /// not edited.
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n + length of the range).
    @discardableResult
    public mutating func applyCase(_ mapping: CaseMapping, to range: TextRange, locale: String) throws(TextError) -> TextRange {
        guard let (bytes, mapped) = caseMapped(mapping, range, locale: locale) else {
            if let bytes = validated(range) {   // ICU failed: nothing changes
                return TextRange(start: TextPosition(utf8Offset: bytes.lowerBound), end: TextPosition(utf8Offset: bytes.upperBound))
            }
            let bad = [range.start.utf8Offset, range.end.utf8Offset].first { $0 < 0 || $0 > rope.summary.utf8 } ?? 0
            throw TextError(.outOfBounds(unit: .utf8, bound: rope.summary.utf8), byteOffset: bad)
        }
        let unchanged = mapped.count == bytes.count && utf8(in: range).map { $0 == mapped } == true
        if unchanged {
            return TextRange(start: TextPosition(utf8Offset: bytes.lowerBound), end: TextPosition(utf8Offset: bytes.upperBound))
        }
        return textRange(utf8: mapped.withUnsafeBufferPointer { replaceUTF8(bytes, with: $0) })
    }
}
