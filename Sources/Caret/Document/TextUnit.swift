/// The unit an offset or a column counts.
public enum TextUnit: Sendable, Hashable, Codable, CaseIterable {
    /// Extended grapheme clusters as ICU's character break iterator finds them (the default).
    case grapheme
    /// Unicode scalars (code points).
    case unicodeScalar
    /// UTF-16 code units: what UIKit's `offset(from:to:)`, `NSRange` and LSP count.
    case utf16
    /// Bytes of the UTF-8 encoding.
    case utf8
}

/// Which side of a position the caret leans to where one logical offset has two visual places
/// (a line wrap, a boundary between runs of different direction).
public enum TextAffinity: Sendable, Hashable, Codable {
    /// Attached to the text before the position.
    case upstream
    /// Attached to the text after the position (the default).
    case downstream
}

/// A visual direction on screen, as in `UITextLayoutDirection`.
public enum TextLayoutDirection: Sendable, Hashable, Codable {
    case left, right, up, down
}

/// A logical direction in storage order, as in `UITextStorageDirection`.
public enum TextStorageDirection: Sendable, Hashable, Codable {
    case forward, backward
}

/// Either kind of direction, as the tokenizer calls take it.
public enum TextDirection: Sendable, Hashable, Codable {
    case storage(TextStorageDirection)
    case layout(TextLayoutDirection)
}

/// A unit of text for boundary queries, as in `UITextGranularity`.
public enum TextGranularity: Sendable, Hashable, Codable {
    case character, word, sentence, paragraph, line, document
}

/// A paragraph's base writing direction.
public enum WritingDirection: Sendable, Hashable, Codable {
    /// Decided by the text (UAX #9 P2–P3).
    case natural
    case leftToRight
    case rightToLeft
}

/// A paragraph alignment, as in `NSTextAlignment`.
public enum TextAlignment: Sendable, Hashable, Codable {
    case left, center, right, justified
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
}

/// A case mapping.
public enum CaseMapping: Sendable, Hashable, Codable {
    case upper, lower, title
}
