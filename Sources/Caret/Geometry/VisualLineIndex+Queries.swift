// Queries of the wrap index: position ↔ (visual line, display column), visual lines and their
// clusters in visual order, up/down/page by visual line and the ends of a visual line.

extension VisualLineIndex {
    /// The visual line and display column of `position` (a position inside a cluster snaps to
    /// its start). A position where a hard line wraps belongs to the visual line it starts,
    /// unless its affinity is `.upstream`: then it is the end of the visual line before.
    /// - Returns: nil when the position lies outside the document.
    /// - Complexity: O(log n + the visual line's length), once the lines before it are wrapped
    ///   (the first query past the wrapped part wraps up to it: O(that text)).
    public func location(of position: TextPosition) -> VisualLocation? {
        // One copy of the document for the whole query, passed down: each call on the stored
        // property itself copies the document (the compiler cannot prove that the callee leaves
        // the class's property alone), retaining each of its references.
        let document = self.document
        guard let x = document.validated(position) else { return nil }
        var found = row(containingByte: x)
        if position.affinity == .upstream && x == found.start && !found.startsLine && found.index > 0 {
            found = tree.row(at: found.index - 1)
        }
        return VisualLocation(visualLine: found.index, column: RowLayout.column(ofByte: x, in: found, self, document))
    }

    /// The position on visual line `visualLine` at display column `column`: the start of the
    /// cluster covering that column; past the line's content, the end of the hard line on its
    /// last visual line, or the start of the last cluster on the others (so that the position
    /// stays on that visual line); before the indent, the visually first cluster.
    /// - Returns: nil when there is no such visual line or `column` is negative.
    /// - Complexity: O(log n + the visual line's length) once wrapped that far.
    public func position(atVisualLine visualLine: Int, column: Int) -> TextPosition? {
        guard visualLine >= 0, column >= 0 else { return nil }
        advance(throughRows: visualLine + 1)
        guard visualLine < tree.total.rows else { return nil }
        let document = self.document
        return TextPosition(utf8Offset: RowLayout.byte(atColumn: column, in: tree.row(at: visualLine), self, document))
    }

    /// Visual line `index` (0-based over the document), as `TextDocument.visualLines` gives it.
    /// - Returns: nil when there is no such visual line.
    /// - Complexity: O(log n + its length) once wrapped that far.
    public func visualLine(at index: Int) -> VisualLine? {
        guard index >= 0 else { return nil }
        advance(throughRows: index + 1)
        guard index < tree.total.rows else { return nil }
        let layout = self.layout(of: tree.row(at: index), document)
        let start16 = document.count(.utf16, beforeUTF8: layout.start)
        let end16 = document.count(.utf16, beforeUTF8: layout.contentEnd)
        return VisualLine(line: layout.found.line,
                          range: TextRange(start: TextPosition(utf8Offset: layout.start), end: TextPosition(utf8Offset: layout.contentEnd)),
                          utf16Offsets: start16..<end16, width: layout.contentWidth, indent: layout.indent)
    }

    /// The index of the first visual line of hard line `line`.
    /// - Returns: nil when there is no such line.
    /// - Complexity: O(log n) once wrapped that far.
    public func firstVisualLine(ofLine line: Int) -> Int? {
        guard line >= 0, line < document.lineCount else { return nil }
        advance(throughLine: line)
        return tree.firstRow(ofLine: line).index
    }

    /// The clusters of visual line `index` in visual order (left to right as drawn: runs of
    /// right-to-left text reversed by UAX #9's rule L2 applied to this visual line, trailing
    /// spaces at the paragraph's level by L1), with their columns and widths.
    /// - Returns: nil when there is no such visual line.
    /// - Complexity: O(log n + its length) once wrapped that far.
    public func clusters(ofVisualLine index: Int) -> [VisualCluster]? {
        guard index >= 0 else { return nil }
        advance(throughRows: index + 1)
        guard index < tree.total.rows else { return nil }
        let layout = self.layout(of: tree.row(at: index), document)
        return layout.cells.indices.map { v in
            let cell = layout.cells[layout.visualCell(v)]
            return VisualCluster(range: TextRange(start: TextPosition(utf8Offset: cell.start), end: TextPosition(utf8Offset: cell.end)),
                                 column: cell.x, width: cell.width, isRightToLeft: cell.level & 1 == 1)
        }
    }

    /// The caret `offset` visual lines up or down from `caret`, at its goal display column
    /// (the current column when nil; kept in the result so that consecutive presses aim for
    /// it). Past the first visual line the caret goes to the start of the document, past the
    /// last to its end. `.left`/`.right` move by one visual cluster as
    /// `TextDocument.position(from:in:offset:)` and clear the goal.
    /// - Returns: nil when the caret's position lies outside the document.
    /// - Complexity: O(log n + the two visual lines' lengths) once wrapped that far.
    public func caret(from caret: VisualCaret, in direction: TextLayoutDirection, offset: Int = 1) -> VisualCaret? {
        switch direction {
        case .left, .right:
            return document.position(from: caret.position, in: direction, offset: offset).map { VisualCaret($0) }
        case .up, .down:
            guard let here = location(of: caret.position) else { return nil }
            let goal = caret.goalColumn ?? here.column
            let signed = direction == .down ? offset : -offset
            let (target, overflow) = here.visualLine.addingReportingOverflow(signed)
            if target < 0 && (!overflow || signed < 0) { return VisualCaret(document.beginningOfDocument, goalColumn: goal) }
            if !overflow { advance(throughRows: target + 1) }
            if overflow || target >= tree.total.rows { return VisualCaret(document.endOfDocument, goalColumn: goal) }
            guard let position = position(atVisualLine: target, column: goal) else { return nil }
            return VisualCaret(position, goalColumn: goal)
        }
    }

    /// The start of the visual line holding `position` (as `location(of:)` places it).
    /// - Returns: nil when the position lies outside the document.
    /// - Complexity: O(log n) once wrapped that far.
    public func startOfVisualLine(containing position: TextPosition) -> TextPosition? {
        guard let location = location(of: position) else { return nil }
        return TextPosition(utf8Offset: tree.row(at: location.visualLine).start)
    }

    /// The end of the visual line holding `position`: the end of its hard line's text on the
    /// hard line's last visual line, else the start of its last cluster (the end proper is
    /// the next visual line's start).
    /// - Returns: nil when the position lies outside the document.
    /// - Complexity: O(log n + the visual line's length) once wrapped that far.
    public func endOfVisualLine(containing position: TextPosition) -> TextPosition? {
        guard let location = location(of: position) else { return nil }
        let layout = self.layout(of: tree.row(at: location.visualLine), document)
        return TextPosition(utf8Offset: layout.found.endsLine ? layout.contentEnd : (layout.cells.last?.start ?? layout.start))
    }

    /// The layout of row `found`: the last one made when it is the same row (a location and
    /// then a position on one visual line, as up/down asks), else made and kept.
    func layout(of found: VisualRowTree.Found, _ document: TextDocument) -> RowLayout {
        if let last = lastLayout, last.found == found { return last }
        let layout = RowLayout(self, found, document)
        lastLayout = layout
        return layout
    }

    /// The bidi levels of `paragraph` over the bytes of `row` (within it): the last ones
    /// resolved when they are of the same paragraph and requested direction and cover the row,
    /// else resolved (over a window around the row, or the whole paragraph: `ParagraphLevels`)
    /// and kept, with what the last ones knew of the paragraph.
    func levels(of paragraph: TextDocument.Paragraph, row: Range<Int>, _ document: TextDocument) -> ParagraphLevels {
        let requested = document.requestedLevel(atParagraphStart: paragraph.start)
        let row = row.clamped(to: paragraph.start..<max(paragraph.start, paragraph.end))
        var known: ParagraphLevels?
        if let last = lastLevels, last.start == paragraph.start, last.end == paragraph.end, last.requested == requested {
            if last.covers(row) { return last }
            known = last.windowable ? last : nil
        }
        let levels = ParagraphLevels(document, paragraph, requested: requested, row: row, known: known)
        lastLevels = levels
        return levels
    }

    /// The hard line of row `found` as a paragraph, from the rows (no search of the text for
    /// line breaks): its first row's start and its last row's end, less the terminator.
    /// O(log n).
    func paragraph(of found: VisualRowTree.Found, _ document: TextDocument) -> TextDocument.Paragraph {
        let start = found.startsLine ? found.start : tree.firstRow(ofLine: found.line).start
        // A hard line's rows are wrapped together: its last row is in the tree.
        let rowsEnd: Int
        if found.endsLine {
            rowsEnd = found.start + found.length
        } else if found.line + 1 < tree.total.lines {
            rowsEnd = tree.firstRow(ofLine: found.line + 1).start
        } else {
            rowsEnd = tree.total.bytes
        }
        return paragraph(line: found.line, start: start, rowsEnd: rowsEnd, document)
    }

    /// Hard line `line` as a paragraph, from where its rows start and end (the terminator
    /// read off the text). O(log n).
    func paragraph(line: Int, start: Int, rowsEnd: Int, _ document: TextDocument) -> TextDocument.Paragraph {
        // The document's last line has no terminator (as `TextDocument.paragraph(line:)` says it).
        if line >= document.lineCount - 1 {
            return TextDocument.Paragraph(line: line, start: start, end: rowsEnd, next: rowsEnd + 1)
        }
        let terminator = document.withUTF8(max(start, rowsEnd - 3)..<rowsEnd) { LineTerminator.length(endingAt: $0.count, in: $0) }
        return TextDocument.Paragraph(line: line, start: start, end: rowsEnd - terminator, next: rowsEnd)
    }

    /// The row holding byte `x` (0...count), wrapping up to it first.
    func row(containingByte x: Int) -> VisualRowTree.Found {
        advance(throughByte: x)
        return x >= tree.total.bytes ? tree.row(at: tree.total.rows - 1) : tree.row(containingByte: x)
    }
}
