/// What to look for in a `TextDocument`: literal text or an ICU regular expression, with the
/// options of UIKit's `UITextSearchOptions` (case- and diacritic-insensitive, word matching)
/// plus normalisation-insensitive matching.
///
/// - Units: none; the pattern is text. Matches are `TextRange`s on grapheme boundaries.
/// - Insensitive literal matching compares search keys cluster by cluster: canonical
///   decomposition (NFD), full case folding (Turkic for `tr` and `az`), NFD again, and marks of
///   non-zero combining class removed for `ignoresDiacritics` (docs/API.md, "Search").
public struct TextSearchQuery: Sendable, Hashable {
    /// How `pattern` is read.
    public enum Syntax: Sendable, Hashable {
        /// The pattern is the text to find.
        case literal
        /// The pattern is an ICU regular expression (ICU's syntax, `uregex`).
        case regularExpression
    }

    /// Where a match may lie relative to words (ICU's word boundaries in the query's locale).
    public enum WordMatch: Sendable, Hashable {
        /// Anywhere.
        case contains
        /// Only where a word boundary precedes it (it starts a word, or follows punctuation or a space).
        case prefix
        /// Only where word boundaries are at both of its ends.
        case whole
    }

    /// The text or regular expression to find.
    public var pattern: String
    /// Literal or regular expression.
    public var syntax: Syntax
    /// Full Unicode case folding: `ß` finds `SS`, `ﬁ` finds `FI`; in Turkish and Azeri `I`
    /// finds `ı` and `İ` finds `i` (by `locale`). With a regular expression: ICU's
    /// `UREGEX_CASE_INSENSITIVE` (ICU's own folding; no Turkic variant).
    public var ignoresCase: Bool
    /// Marks of non-zero canonical combining class are ignored after decomposition (`é`, `e`
    /// and `e` + U+0301 find each other; so do Arabic and Hebrew points). Implies
    /// `ignoresNormalization`. Literal queries only.
    public var ignoresDiacritics: Bool
    /// Canonically equivalent texts match (`é` precomposed finds `e` + U+0301). Literal
    /// queries only.
    public var ignoresNormalization: Bool
    /// Word matching; `.contains` by default.
    public var wordMatch: WordMatch
    /// The ICU locale of case folding and word boundaries; nil uses the document's `locale`.
    public var locale: String?

    /// A query for `pattern`. O(1).
    public init(_ pattern: String, syntax: Syntax = .literal, ignoresCase: Bool = false,
                ignoresDiacritics: Bool = false, ignoresNormalization: Bool = false,
                wordMatch: WordMatch = .contains, locale: String? = nil) {
        self.pattern = pattern
        self.syntax = syntax
        self.ignoresCase = ignoresCase
        self.ignoresDiacritics = ignoresDiacritics
        self.ignoresNormalization = ignoresNormalization
        self.wordMatch = wordMatch
        self.locale = locale
    }
}

/// One match of a `TextSearchQuery`.
public struct TextMatch: Sendable, Hashable {
    /// The matched text; both ends are grapheme boundaries.
    public let range: TextRange
    /// The match and each capture group of a regular expression in UTF-8 offsets from the
    /// start of the document: element 0 is the whole match, element k group k (nil for a group
    /// that took no part). A group may begin or end inside a grapheme cluster. Literal queries
    /// have element 0 only.
    public let captureUTF8Ranges: [Range<Int>?]

    init(_ utf8Range: Range<Int>, groups: [Range<Int>?]) {
        range = TextRange(start: TextPosition(utf8Offset: utf8Range.lowerBound),
                          end: TextPosition(utf8Offset: utf8Range.upperBound))
        captureUTF8Ranges = [utf8Range] + groups
    }

    /// The match in UTF-8 offsets from the start of the document. O(1).
    public var utf8Range: Range<Int> { range.utf8Range }
}
