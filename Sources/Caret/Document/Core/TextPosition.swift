/// A place in a document, between two grapheme clusters (opaque, like `UITextPosition`).
///
/// Positions are plain values: they stay meaningful across copies of a document and are
/// accepted by any version of it whose text reaches that far; there they snap back to the
/// grapheme boundary at or before them. Compare them with `TextDocument.compare(_:to:)` or `<`
/// (storage order; at the same place `.upstream` sorts first).
public struct TextPosition: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The byte offset into the UTF-8 text. Internal: callers convert with the document.
    let utf8Offset: Int
    /// Which side the caret leans to where this place has two visual slots.
    public var affinity: TextAffinity

    init(utf8Offset: Int, affinity: TextAffinity = .downstream) {
        self.utf8Offset = utf8Offset
        self.affinity = affinity
    }

    /// Storage order: `a` is before `b` when its offset is smaller, or, at the same offset, when
    /// `a` is `.upstream` and `b` `.downstream`. Positions from different documents compare by
    /// offset alone, which is meaningless: compare positions of one document.
    /// - Complexity: O(1).
    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        if a.utf8Offset != b.utf8Offset { return a.utf8Offset < b.utf8Offset }
        return a.affinity == .upstream && b.affinity == .downstream
    }

    /// A debugging description with the UTF-8 offset (not a grapheme offset: use
    /// `TextDocument.offset(of:unit:)` for that) and the affinity when it is upstream.
    /// - Complexity: O(1).
    public var description: String {
        "TextPosition(utf8: \(utf8Offset)\(affinity == .upstream ? ", upstream" : ""))"
    }
}

/// A range between two positions, `start <= end` (like `UITextRange`).
public struct TextRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first position of the range (the smaller one).
    public let start: TextPosition
    /// The position after the last grapheme of the range (the larger one; `start` when empty).
    public let end: TextPosition

    /// True when the range selects nothing (a caret). O(1).
    public var isEmpty: Bool { start.utf8Offset == end.utf8Offset }

    @usableFromInline
    init(start: TextPosition, end: TextPosition) {
        if end.utf8Offset < start.utf8Offset {
            self.start = end
            self.end = start
        } else {
            self.start = start
            self.end = end
        }
    }

    /// A range from ends already in order (`start <= end`, checked in debug builds only), for
    /// callers that have just ordered them.
    @inline(__always)
    init(ordered start: TextPosition, _ end: TextPosition) {
        assert(start.utf8Offset <= end.utf8Offset)
        self.start = start
        self.end = end
    }

    var utf8Range: Range<Int> { start.utf8Offset..<end.utf8Offset }

    private enum CodingKeys: String, CodingKey {
        case start, end
    }

    /// Decodes a range encoded by `encode(to:)`, its ends ordered as `init(start:end:)` orders
    /// them: every range keeps `start <= end`, whatever the data says.
    /// - Throws: the decoder's error when either end is missing or malformed.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(start: try container.decode(TextPosition.self, forKey: .start),
                  end: try container.decode(TextPosition.self, forKey: .end))
    }

    /// A debugging description with the UTF-8 offsets of both ends.
    /// - Complexity: O(1).
    public var description: String { "TextRange(utf8: \(start.utf8Offset)..<\(end.utf8Offset))" }
}
