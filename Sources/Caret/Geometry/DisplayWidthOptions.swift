/// How a monospace display gives columns to text: scalar by scalar like `wcwidth`, or one
/// width per grapheme cluster.
public enum DisplayWidthModel: Sendable, Hashable, Codable {
    /// What a terminal without grapheme-cluster support draws (xterm, tmux): the sum of the
    /// scalars' `wcwidth`s. 2 for East Asian Wide and Fullwidth, 0 for nonspacing and
    /// enclosing marks, format characters (ZWJ, bidi controls…), variation selectors and
    /// conjoining jamo vowels and finals, 1 for the rest, spacing marks included (`दि` is 2).
    case terminal
    /// What a terminal with grapheme-cluster support draws: one width per cluster, 2 when a
    /// scalar of it is wide or it is an emoji presentation sequence (an Emoji_Presentation
    /// scalar, an emoji with U+FE0F, a keycap, a flag, a modifier, a ZWJ sequence starting
    /// with a pictograph), else the widest scalar's width (a cluster of marks alone is 1).
    case clusters
}

/// The settings of a display-width measure: the model, the tab width and how East Asian
/// Ambiguous characters count.
///
/// In both models a tab advances to the next multiple of `tabWidth` (so its width depends on
/// the column it starts at), a C0 or C1 control (or DEL) is drawn as `^X` in 2 columns, and a
/// hard line terminator takes 0 columns.
public struct DisplayWidthOptions: Sendable, Hashable, Codable {
    /// Scalar by scalar (`.terminal`, the default) or cluster by cluster (`.clusters`).
    public var model: DisplayWidthModel
    /// Columns between tab stops; values below 1 count as 1.
    public var tabWidth: Int
    /// True to give East Asian Ambiguous characters (`±`, `α`, `─`…) 2 columns, as terminals
    /// set up for CJK locales do; false (the default) gives them 1.
    public var ambiguousIsWide: Bool

    /// Options with the given settings: `.terminal`, 8-column tabs, ambiguous narrow by default.
    /// O(1).
    public init(model: DisplayWidthModel = .terminal, tabWidth: Int = 8, ambiguousIsWide: Bool = false) {
        self.model = model
        self.tabWidth = tabWidth
        self.ambiguousIsWide = ambiguousIsWide
    }

    /// The display width of `text` drawn from column `startingColumn` (negative counts as 0):
    /// the column reached minus the starting column. The same measure as
    /// `TextDocument.displayWidth(of:startingColumn:options:)`, for text outside a document.
    /// - Complexity: O(length of `text`).
    public func width(of text: some StringProtocol, startingColumn: Int = 0) -> Int {
        let bytes = Array(text.utf8)
        let start = max(0, startingColumn)
        return bytes.withUnsafeBufferPointer { ClusterWidths.advance($0, from: start, options: self) - start }
    }

    /// `tabWidth`, at least 1.
    var stop: Int { max(1, tabWidth) }
}
