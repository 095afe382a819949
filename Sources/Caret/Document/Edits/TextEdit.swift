/// One change of a document's text: the range it replaced in the old text and the range the new
/// text occupies in the new one, in UTF-8 and UTF-16 offsets. It maps positions and ranges of
/// the old text into the new one, so bookmarks, diagnostics, other carets and every structure
/// derived from the text follow an edit.
///
/// - Units: `replacedRange` and `insertedRange` are positions (UTF-8 inside); the `…UTF16Range`
///   and `…UTF8Range` properties count UTF-16 code units and bytes from the start of the text.
///   The ranges are exactly what changed: they are not widened to grapheme boundaries, so an
///   edit may start or end inside a cluster (a deleted combining mark).
public struct TextEdit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which side a mapped position takes when the edit touches it.
    public enum Bias: Sendable, Hashable, Codable {
        /// Stay before inserted text; positions inside replaced text go to its start.
        case before
        /// Go after inserted text; positions inside replaced text go to the end of the new text.
        case after
    }

    /// The bytes of the old text that were replaced.
    public let replacedUTF8Range: Range<Int>
    /// The bytes of the new text that hold the inserted text.
    public let insertedUTF8Range: Range<Int>
    /// The UTF-16 code units of the old text that were replaced (what `NSRange` and LSP count).
    public let replacedUTF16Range: Range<Int>
    /// The UTF-16 code units of the new text that hold the inserted text.
    public let insertedUTF16Range: Range<Int>

    /// Creates an edit from its four ranges. Both ranges start at the same offset in each unit.
    ///
    /// - Precondition: the ranges are non-negative, and each pair starts at the same offset.
    ///   A mismatched pair traps, since no document could have produced it.
    /// - Complexity: O(1).
    public init(replacedUTF8Range: Range<Int>, insertedUTF8Range: Range<Int>,
                replacedUTF16Range: Range<Int>, insertedUTF16Range: Range<Int>) {
        precondition(replacedUTF8Range.lowerBound >= 0 && replacedUTF16Range.lowerBound >= 0,
                     "TextEdit: negative offset")
        precondition(replacedUTF8Range.lowerBound == insertedUTF8Range.lowerBound,
                     "TextEdit: UTF-8 ranges start at different offsets")
        precondition(replacedUTF16Range.lowerBound == insertedUTF16Range.lowerBound,
                     "TextEdit: UTF-16 ranges start at different offsets")
        self.replacedUTF8Range = replacedUTF8Range
        self.insertedUTF8Range = insertedUTF8Range
        self.replacedUTF16Range = replacedUTF16Range
        self.insertedUTF16Range = insertedUTF16Range
    }

    private enum CodingKeys: String, CodingKey {
        case replacedUTF8Range, insertedUTF8Range, replacedUTF16Range, insertedUTF16Range
    }

    /// Decodes an edit encoded by `encode(to:)`, checked as `init(replacedUTF8Range:…)` states
    /// its precondition: data no document could have produced is an error, not a trap later.
    /// - Throws: `DecodingError.dataCorrupted` when an offset is negative or the two ranges of
    ///   a unit start at different offsets; the decoder's error when a range is missing or
    ///   malformed.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let replaced8 = try c.decode(Range<Int>.self, forKey: .replacedUTF8Range)
        let inserted8 = try c.decode(Range<Int>.self, forKey: .insertedUTF8Range)
        let replaced16 = try c.decode(Range<Int>.self, forKey: .replacedUTF16Range)
        let inserted16 = try c.decode(Range<Int>.self, forKey: .insertedUTF16Range)
        guard replaced8.lowerBound >= 0 && replaced16.lowerBound >= 0,
              replaced8.lowerBound == inserted8.lowerBound, replaced16.lowerBound == inserted16.lowerBound else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "invalid TextEdit: offsets must be non-negative and each unit's two ranges start at one offset "
                    + "(UTF-8 \(replaced8) -> \(inserted8), UTF-16 \(replaced16) -> \(inserted16))"))
        }
        self.init(replacedUTF8Range: replaced8, insertedUTF8Range: inserted8,
                  replacedUTF16Range: replaced16, insertedUTF16Range: inserted16)
    }

    /// The replaced text's range in the old document. O(1).
    public var replacedRange: TextRange {
        TextRange(start: TextPosition(utf8Offset: replacedUTF8Range.lowerBound),
                  end: TextPosition(utf8Offset: replacedUTF8Range.upperBound))
    }

    /// The inserted text's range in the new document. O(1).
    public var insertedRange: TextRange {
        TextRange(start: TextPosition(utf8Offset: insertedUTF8Range.lowerBound),
                  end: TextPosition(utf8Offset: insertedUTF8Range.upperBound))
    }

    /// The change in length, in bytes (new minus old). O(1).
    public var utf8Delta: Int { insertedUTF8Range.count - replacedUTF8Range.count }

    /// The change in length, in UTF-16 code units (new minus old). O(1).
    public var utf16Delta: Int { insertedUTF16Range.count - replacedUTF16Range.count }

    /// True when the edit changed nothing (an empty range replaced by empty text). O(1).
    public var isEmpty: Bool { replacedUTF8Range.isEmpty && insertedUTF8Range.isEmpty }

    /// Where a position of the old text is in the new one: before the change unchanged, after
    /// it shifted by the change in length, inside the replaced text at the edge `bias` names,
    /// and at an insertion point before (`.before`) or after (`.after`) the inserted text. A
    /// position at the start of replaced text is before the change; one at its end, after it.
    /// The affinity is kept. A position may land inside a grapheme cluster that the edit
    /// formed; the document snaps it back when it is used.
    /// - Complexity: O(1).
    public func map(_ position: TextPosition, bias: Bias = .after) -> TextPosition {
        TextPosition(utf8Offset: mapUTF8(position.utf8Offset, bias: bias), affinity: position.affinity)
    }

    /// Where a range of the old text is in the new one. A non-empty range does not grow at its
    /// edges (its start maps with `.after`, its end with `.before`); a range wholly removed
    /// becomes empty at the edit; an empty range (a caret, a bookmark) maps as one position
    /// with `.before`, staying ahead of text inserted where it is.
    /// - Complexity: O(1).
    public func map(_ range: TextRange) -> TextRange {
        Self.map(range, replaced: replacedUTF8Range, inserted: insertedUTF8Range)
    }

    /// `map(_:)` for the replacement of bytes `replaced` by the new text's bytes `inserted`
    /// (the one definition, shared with the editing model's changes). O(1).
    static func map(_ range: TextRange, replaced: Range<Int>, inserted: Range<Int>) -> TextRange {
        func position(_ p: TextPosition, _ bias: Bias) -> TextPosition {
            TextPosition(utf8Offset: map(p.utf8Offset, replaced: replaced, inserted: inserted, bias: bias), affinity: p.affinity)
        }
        if range.isEmpty {
            let p = position(range.start, .before)
            return TextRange(start: p, end: p)
        }
        let start = position(range.start, .after)
        let end = position(range.end, .before)
        if end.utf8Offset <= start.utf8Offset {
            let p = TextPosition(utf8Offset: inserted.lowerBound, affinity: range.start.affinity)
            return TextRange(start: p, end: p)
        }
        return TextRange(start: start, end: end)
    }

    /// `map(_:bias:)` on a byte offset of the old text.
    func mapUTF8(_ x: Int, bias: Bias) -> Int {
        Self.map(x, replaced: replacedUTF8Range, inserted: insertedUTF8Range, bias: bias)
    }

    /// `map(_:bias:)` on a UTF-16 offset of the old text. O(1).
    public func mapUTF16(_ x: Int, bias: Bias = .after) -> Int {
        Self.map(x, replaced: replacedUTF16Range, inserted: insertedUTF16Range, bias: bias)
    }

    /// `mapUTF8` for the replacement of bytes `replaced` by the new text's bytes `inserted`. O(1).
    static func map(_ x: Int, replaced: Range<Int>, inserted: Range<Int>, bias: Bias) -> Int {
        if x < replaced.lowerBound { return x }
        if x > replaced.upperBound { return x + inserted.count - replaced.count }
        if replaced.isEmpty { return bias == .before ? inserted.lowerBound : inserted.upperBound }
        if x == replaced.lowerBound { return x }
        if x == replaced.upperBound { return inserted.upperBound }
        return bias == .before ? inserted.lowerBound : inserted.upperBound
    }

    /// A debugging description: the replaced and inserted ranges in UTF-8 bytes and UTF-16 units.
    /// - Complexity: O(1).
    public var description: String {
        "TextEdit(utf8: \(replacedUTF8Range) -> \(insertedUTF8Range), utf16: \(replacedUTF16Range) -> \(insertedUTF16Range))"
    }
}
