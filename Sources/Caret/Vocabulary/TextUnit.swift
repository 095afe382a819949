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
    /// Toward the left edge of the screen: visual order, so backward in a left-to-right run and
    /// forward in a right-to-left one.
    case left
    /// Toward the right edge of the screen (visual order).
    case right
    /// To the line above, keeping the goal column (hard lines, no layout: see `TextCaret`).
    case up
    /// To the line below, keeping the goal column.
    case down
}

/// A logical direction in storage order, as in `UITextStorageDirection`.
public enum TextStorageDirection: Sendable, Hashable, Codable {
    /// Toward the end of the text (larger offsets), whatever the script's direction.
    case forward
    /// Toward the start of the text (smaller offsets).
    case backward
}

/// Either kind of direction, as the tokenizer calls take it.
public enum TextDirection: Sendable, Hashable, Codable {
    /// A logical direction: forward or backward in storage order.
    case storage(TextStorageDirection)
    /// A visual direction: left and right follow the screen in mixed-direction text (`.up` and
    /// `.down` count as backward and forward for boundary queries).
    case layout(TextLayoutDirection)
}

/// A unit of text for boundary queries, as in `UITextGranularity`.
public enum TextGranularity: Sendable, Hashable, Codable {
    /// One user-perceived character: an extended grapheme cluster (UAX #29, as ICU finds it).
    case character
    /// A word as ICU's word break iterator finds it (UAX #29 with dictionaries for Thai, Lao,
    /// Khmer, Burmese, Chinese and Japanese), for the document's `locale`.
    case word
    /// A sentence (UAX #29 as tailored by ICU for the document's `locale`).
    case sentence
    /// A paragraph: a hard line, the text between line breaks (LF, CR, CR LF, VT, FF, NEL,
    /// U+2028, U+2029).
    case paragraph
    /// A line. Caret has no layout, so a line is a hard line (the same extent as a paragraph).
    case line
    /// The whole document.
    case document
}

/// A paragraph's base writing direction.
public enum WritingDirection: Sendable, Hashable, Codable {
    /// Decided by the text (UAX #9 P2–P3).
    case natural
    /// Left to right (paragraph embedding level 0).
    case leftToRight
    /// Right to left (paragraph embedding level 1).
    case rightToLeft
}

/// A paragraph alignment, as in `NSTextAlignment`.
public enum TextAlignment: Sendable, Hashable, Codable {
    /// Flush with the left edge.
    case left
    /// Centred between the edges.
    case center
    /// Flush with the right edge.
    case right
    /// Stretched to both edges.
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
}

/// A case mapping, with the locale's rules (Unicode's SpecialCasing plus ICU's tailorings for
/// Turkish, Azeri, Lithuanian, Greek and Dutch).
public enum CaseMapping: Sendable, Hashable, Codable {
    /// Uppercase: "straße" becomes "STRASSE"; in Turkish "i" becomes "İ".
    case upper
    /// Lowercase, with final sigma in Greek: "ΟΔΟΣ" becomes "οδος" ending in "ς".
    case lower
    /// Titlecase: the first cased letter of each word (ICU's word boundaries) in titlecase, the
    /// rest lowercase; Dutch "ij" at a word start becomes "IJ".
    case title
}
