// The wrap index: a document's visual lines kept as a tree of row lengths, wrapped lazily
// from the top and re-wrapped paragraph by paragraph as the document is edited. See
// docs/ARCHITECTURE.md, "Display width and soft wrap".

/// Where a position is on screen: its visual line (0-based, counted from the top of the
/// document) and its display column on that line.
public struct VisualLocation: Sendable, Hashable {
    /// The 0-based visual line, counted over the whole document.
    public var visualLine: Int
    /// The display column of the cell the caret stands on: the leftmost cell of the cluster
    /// that follows the position, in visual order (so right-to-left text counts from the left
    /// like the rest), or the column after the line's content when no cluster follows on it.
    public var column: Int

    /// A location from its two coordinates. O(1).
    public init(visualLine: Int, column: Int) {
        self.visualLine = visualLine
        self.column = column
    }
}

/// A caret moving by visual lines: a position plus the goal display column that consecutive
/// up/down presses keep (the `TextCaret` model with display columns instead of clusters).
public struct VisualCaret: Sendable, Hashable {
    /// Where the caret stands.
    public var position: TextPosition
    /// The display column up/down aim for; nil until the first vertical move.
    public var goalColumn: Int?

    /// A caret at `position` with the given goal column (display columns). O(1).
    public init(_ position: TextPosition, goalColumn: Int? = nil) {
        self.position = position
        self.goalColumn = goalColumn
    }
}

/// One cluster of a visual line as drawn: its text range, its first display column in
/// visual order, its width and its direction.
public struct VisualCluster: Sendable, Hashable {
    /// The cluster's range in the document.
    public let range: TextRange
    /// Its leftmost display column (the visual line's indent included).
    public let column: Int
    /// Its width in display columns (a tab's width at its place).
    public let width: Int
    /// True when it belongs to a right-to-left run (odd bidi level).
    public let isRightToLeft: Bool
}

/// The soft-wrapped layout of a document as an index: position ↔ (visual line, display
/// column) in O(log n), up/down/page by visual line with a goal display column, the ends of a
/// visual line, and each visual line's clusters in visual order (bidi) for drawing.
///
/// The index wraps lazily from the top: hard lines are wrapped the first time a query
/// reaches them (the visual lines before a position must be known to number it), so the first
/// screen of a huge file costs only its first lines; `wrapAll()` wraps the rest in one pass.
/// `apply(_:)` follows a change set, re-wrapping only the paragraphs (hard lines) it touched.
///
/// A class (not `Sendable`): its queries wrap lines on demand. O(visual lines) memory, eight
/// bytes a visual line.
public final class VisualLineIndex {
    // The stored properties below skip the runtime's exclusivity checks (a check on every
    // read was 4 % of a `location(of:)`): the index calls out to no one while it modifies
    // them, and one isolation domain owns it (it is not `Sendable`).

    /// The document the index describes.
    @exclusivity(unchecked) public internal(set) var document: TextDocument
    /// The wrap settings.
    public let options: SoftWrapOptions
    /// The rows of hard lines `0..<frontier`.
    @exclusivity(unchecked) var tree = VisualRowTree()
    @exclusivity(unchecked) var frontier = 0
    /// The whole-document walk the frontier advances with, while the document is unedited.
    @exclusivity(unchecked) var walker: TextDocument.VisualLines.Iterator?
    /// The last row measured for columns by `layout(of:)`; dropped when the document changes.
    @exclusivity(unchecked) var lastLayout: RowLayout?
    /// The last paragraph's bidi levels resolved by `levels(of:)`; dropped when the document changes.
    @exclusivity(unchecked) var lastLevels: ParagraphLevels?
    /// ICU's line iterator for paragraphs wrapped alone, reused: only its text changes.
    private var paragraphBreaks: ICUBreakIterator?
    private var paragraphBreaksLocale = ""

    /// An index of `document` wrapped with `options`; nothing is wrapped yet. O(1).
    public init(document: TextDocument, options: SoftWrapOptions) {
        self.document = document
        self.options = options
        walker = document.visualLines(options: options).makeIterator()
    }

    /// True once every hard line has been wrapped. O(1).
    public var isComplete: Bool { frontier >= document.lineCount }

    /// Wraps every hard line not yet wrapped. O(n) the first time, O(1) after.
    public func wrapAll() { advance(whileTrue: { true }) }

    /// The number of visual lines of the document (wraps the whole document first).
    /// - Complexity: O(1) once wrapped.
    public var visualLineCount: Int {
        wrapAll()
        return tree.total.rows
    }

    // MARK: - Lazy wrapping

    /// Wraps hard lines until `line` is wrapped (or the document ends).
    func advance(throughLine line: Int) { advance(whileTrue: { self.frontier <= line }) }

    /// Wraps hard lines until byte `x` lies in a wrapped one.
    func advance(throughByte x: Int) { advance(whileTrue: { self.tree.total.bytes <= x }) }

    /// Wraps hard lines until `count` visual lines are known.
    func advance(throughRows count: Int) { advance(whileTrue: { self.tree.total.rows < count }) }

    /// Wraps the next hard lines while `condition` holds and lines remain: through the
    /// whole-document walk while the document is unedited, else line by line.
    private func advance(whileTrue condition: () -> Bool) {
        let lineCount = document.lineCount
        var batch: [VisualRowTree.Row] = []
        while frontier < lineCount && condition() {
            if walker != nil {
                batch.removeAll(keepingCapacity: true)
                guard walker?.appendRows(ofNextHardLine: &batch) == true else {
                    walker = nil
                    continue
                }
                tree.append(batch)
            } else {
                tree.append(wrapRows(ofLine: frontier))
            }
            frontier += 1
        }
    }

    /// The reused line iterator, set to the UTF-8 text `p`.
    func paragraphIterator(_ p: UnsafeBufferPointer<UInt8>) -> ICUBreakIterator? {
        var units: [UInt16] = []
        LazyLineWrap.appendUTF16(of: p, to: &units)
        return paragraphIterator(utf16: units)
    }

    /// The reused line iterator, set to the UTF-16 text `utf16`.
    func paragraphIterator(utf16: [UInt16]) -> ICUBreakIterator? {
        if let iterator = paragraphBreaks, paragraphBreaksLocale == document.locale, iterator.setUTF16(utf16) { return iterator }
        paragraphBreaks = ICUBreakIterator(.line, locale: document.locale, utf16: utf16)
        paragraphBreaksLocale = document.locale
        return paragraphBreaks
    }

    /// The rows of hard line `line` of the current document: the paragraph wrapped alone, with
    /// ICU's line iterator over its own UTF-16 (made only when a row needs a break), so that a
    /// keystroke's re-wrap reads no more than its paragraph.
    func wrapRows(ofLine line: Int) -> [VisualRowTree.Row] {
        guard let paragraph = document.paragraph(line: line) else { return [] }
        var wrapper = LineWrapper()
        var pieces: [Range<Int>] = []
        var mayRaiseLevels = false
        let options = options
        // The paragraph iterator takes the document's locale.
        let rootRules = document.locale.isEmpty
        document.withUTF8(paragraph.start..<paragraph.end) { p in
            var iterator: ICUBreakIterator??
            wrapper.wrapLine(
                p, options: options, rootRules: rootRules,
                preceding: { u in
                    if iterator == nil { iterator = .some(paragraphIterator(p)) }
                    return (iterator ?? nil)?.precedingUTF16(u)
                },
                emit: { pieces.append($0.bytes) })
            mayRaiseLevels = wrapper.mayRaiseLevels
        }
        let lineEnd = min(paragraph.next, document.utf8Count) - paragraph.start
        return pieces.enumerated().map { k, piece in
            let last = k == pieces.count - 1
            return VisualRowTree.row(length: (last ? lineEnd : piece.upperBound) - piece.lowerBound, endsLine: last,
                                     mayRaiseLevels: mayRaiseLevels)
        }
    }
}
