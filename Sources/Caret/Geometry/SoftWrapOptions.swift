/// The settings of soft wrap: the width in display columns, how columns are counted, and
/// whether continuation lines keep the hard line's indentation.
public struct SoftWrapOptions: Sendable, Hashable, Codable {
    /// The width of a visual line in display columns; values below 1 count as 1.
    public var width: Int
    /// How display columns are counted (model, tab width, ambiguous width).
    public var display: DisplayWidthOptions
    /// True to start each continuation line at the display width of the hard line's leading
    /// spaces and tabs (`VisualLine.indent`), unless that leaves less than half the width;
    /// false (the default) starts them at column 0.
    public var preservesIndent: Bool

    /// Options with the given settings (`.terminal` widths, 8-column tabs, no indent by default).
    /// O(1).
    public init(width: Int, display: DisplayWidthOptions = DisplayWidthOptions(), preservesIndent: Bool = false) {
        self.width = width
        self.display = display
        self.preservesIndent = preservesIndent
    }
}

/// One visual line of a soft-wrapped hard line: a piece of the hard line's text, drawn from
/// column `indent`.
public struct VisualLine: Sendable, Hashable {
    /// The 0-based hard line it belongs to.
    public let line: Int
    /// Its text, with the spaces that hang at its end and without the hard line's terminator.
    /// Consecutive visual lines of a hard line are adjacent; an empty hard line has one empty
    /// visual line.
    public let range: TextRange
    /// The same range in UTF-16 code units from the start of the document.
    public let utf16Offsets: Range<Int>
    /// Display columns of its text without the hanging spaces and tabs at its end (tabs
    /// measured from `indent`). Fits the wrap width with `indent` unless a single cluster is
    /// wider.
    public let width: Int
    /// Display columns before its text: 0 for a hard line's first visual line, the preserved
    /// indentation for continuation lines when `preservesIndent` is on.
    public let indent: Int
}
