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
        guard let x = document.validated(position) else { return nil }
        var found = row(containingByte: x)
        if position.affinity == .upstream && x == found.start && !found.startsLine && found.index > 0 {
            found = tree.row(at: found.index - 1)
        }
        return VisualLocation(visualLine: found.index, column: RowLayout.column(ofByte: x, in: found, self))
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
        return TextPosition(utf8Offset: RowLayout.byte(atColumn: column, in: tree.row(at: visualLine), self))
    }

    /// Visual line `index` (0-based over the document), as `TextDocument.visualLines` gives it.
    /// - Returns: nil when there is no such visual line.
    /// - Complexity: O(log n + its length) once wrapped that far.
    public func visualLine(at index: Int) -> VisualLine? {
        guard index >= 0 else { return nil }
        advance(throughRows: index + 1)
        guard index < tree.total.rows else { return nil }
        let layout = self.layout(of: tree.row(at: index))
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
        let layout = self.layout(of: tree.row(at: index))
        return layout.order.map { k in
            let cell = layout.cells[k]
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
        let layout = self.layout(of: tree.row(at: location.visualLine))
        return TextPosition(utf8Offset: layout.found.endsLine ? layout.contentEnd : (layout.cells.last?.start ?? layout.start))
    }

    /// The layout of row `found`: the last one made when it is the same row (a location and
    /// then a position on one visual line, as up/down asks), else made and kept.
    func layout(of found: VisualRowTree.Found) -> RowLayout {
        if let last = lastLayout, last.found == found { return last }
        let layout = RowLayout(self, found)
        lastLayout = layout
        return layout
    }

    /// The bidi levels of `paragraph`: the last ones resolved when it is the same paragraph
    /// with the same requested direction, else resolved (O(paragraph)) and kept.
    func levels(of paragraph: TextDocument.Paragraph) -> ParagraphLevels {
        let requested = document.requestedLevel(atParagraphStart: paragraph.start)
        if let last = lastLevels, last.start == paragraph.start, last.end == paragraph.end, last.requested == requested {
            return last
        }
        let levels = ParagraphLevels(document, paragraph, requested: requested)
        lastLevels = levels
        return levels
    }

    /// The hard line of row `found` as a paragraph, from the rows (no search of the text for
    /// line breaks): its first row's start and its last row's end, less the terminator.
    /// O(log n).
    func paragraph(of found: VisualRowTree.Found) -> TextDocument.Paragraph {
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
        return paragraph(line: found.line, start: start, rowsEnd: rowsEnd)
    }

    /// Hard line `line` as a paragraph, from where its rows start and end (the terminator
    /// read off the text). O(log n).
    func paragraph(line: Int, start: Int, rowsEnd: Int) -> TextDocument.Paragraph {
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

/// One visual line measured for columns: its clusters in logical order with their widths,
/// bidi levels and columns in visual order.
struct RowLayout {
    struct Cell {
        var start: Int
        var end: Int
        var width: Int
        var level: UInt8
        var x = 0
        var hangs: Bool
    }

    let found: VisualRowTree.Found
    var start: Int { found.start }
    /// The end of its text: before the terminator on a hard line's last row.
    let contentEnd: Int
    let indent: Int
    /// Logical order.
    private(set) var cells: [Cell] = []
    /// `order[v]` is the cell at visual index v.
    private(set) var order: [Int] = []
    /// The column after the last cell.
    private(set) var end = 0

    init(_ index: VisualLineIndex, _ found: VisualRowTree.Found) {
        self.found = found
        let document = index.document
        let options = index.options
        let paragraph = found.startsLine && !found.mayRaiseLevels && document.directionOverrides.isEmpty ? nil : index.paragraph(of: found)
        indent = found.startsLine || !options.preservesIndent ? 0 : paragraph.map { Self.indent(of: $0, document, options) } ?? 0
        var cells: [Cell] = []
        cells.reserveCapacity(min(found.length, 256))
        var x = indent
        let display = options.display
        var contentEnd = found.start + found.length
        // One copy of the row; its terminator, on a hard line's last row, is cut off here.
        document.withUTF8(found.start..<(found.start + found.length)) { whole in
            let n = found.endsLine ? whole.count - LineTerminator.length(endingAt: whole.count, in: whole) : whole.count
            contentEnd = found.start + n
            let p = UnsafeBufferPointer(rebasing: whole[..<n])
            ClusterWidths.forEachCluster(p, options: display) { s, e, w, _ in
                let width = ClusterWidths.resolve(w, at: x, options: display)
                let hangs = e == s + 1 && (p[s] == 0x20 || p[s] == 0x09)
                cells.append(Cell(start: found.start + s, end: found.start + e, width: width, level: 0, hangs: hangs))
                x += width
            }
        }
        self.contentEnd = contentEnd
        end = x
        // Levels: the paragraph's, per cluster; rows of paragraphs without right-to-left text
        // (a flag the index keeps per row) skip the resolver and reordering.
        var mixed = false
        if let paragraph, !cells.isEmpty,
           found.mayRaiseLevels || document.requestedLevel(atParagraphStart: paragraph.start) == 1 {
            // The paragraph's levels, kept by the index: the rows of one paragraph drawn one
            // after the other resolve it once.
            let levels = index.levels(of: paragraph)
            for k in cells.indices { cells[k].level = levels.level(atByte: cells[k].start) }
            // L1: whitespace at the end of a line takes the paragraph level.
            var k = cells.count - 1
            while k >= 0 && cells[k].hangs {
                cells[k].level = levels.paragraphLevel
                k -= 1
            }
            mixed = cells.contains { $0.level != 0 }
        }
        order = mixed ? cells.withUnsafeBufferPointer { cells in VisualReorder.order(count: cells.count) { cells[$0].level } }
                      : Array(cells.indices)
        var column = indent
        for k in order {
            cells[k].x = column
            column += cells[k].width
        }
        self.cells = cells
    }

    /// True when drawing `found` needs the bidi levels (its paragraph may hold right-to-left
    /// text, or the document overrides directions).
    static func needsBidi(_ found: VisualRowTree.Found, _ index: VisualLineIndex) -> Bool {
        found.mayRaiseLevels || !index.document.directionOverrides.isEmpty
    }

    /// The column of byte `x` of row `found` (see `VisualLocation.column`): without bidi, the
    /// width of the text before it, measured no further. (`index.document` is read in place
    /// each time: a local copy of the document retains each of its references.)
    static func column(ofByte x: Int, in found: VisualRowTree.Found, _ index: VisualLineIndex) -> Int {
        if needsBidi(found, index) || (!found.startsLine && index.options.preservesIndent) {
            return index.layout(of: found).column(ofByte: x)
        }
        guard x > found.start else { return 0 }
        return index.document.withUTF8(found.start..<x) { ClusterWidths.advance($0, from: 0, options: index.options.display) }
    }

    /// The byte at `column` of row `found` (see `VisualLineIndex.position(atVisualLine:column:)`):
    /// without bidi, the clusters are walked up to the column only.
    static func byte(atColumn column: Int, in found: VisualRowTree.Found, _ index: VisualLineIndex) -> Int {
        if needsBidi(found, index) || (!found.startsLine && index.options.preservesIndent) {
            return index.layout(of: found).byte(atColumn: column)
        }
        let display = index.options.display
        return index.document.withUTF8(found.start..<(found.start + found.length)) { whole in
            let n = found.endsLine ? whole.count - LineTerminator.length(endingAt: whole.count, in: whole) : whole.count
            // Printable ASCII first: one column a byte, each byte a cluster's start.
            let ascii = ClusterWidths.printableASCIIPrefix(UnsafeBufferPointer(rebasing: whole[..<n]))
            if column < ascii { return found.start + column }
            let row = UnsafeBufferPointer(rebasing: whole[..<n])
            if display.model == .terminal, let (covering, last) = ScalarLineWrap.clusterStart(atColumn: column, in: row, options: display) {
                return found.start + (covering ?? (found.endsLine ? n : last))
            }
            let skip = max(0, ascii - 1)
            let p = UnsafeBufferPointer(rebasing: whole[skip..<n])
            var x = skip, result: Int?, lastStart = 0
            ClusterWidths.scanClusters(p, options: display, until: { s, _, w, _ in
                let width = ClusterWidths.resolve(w, at: x, options: display)
                if column < x + width {
                    result = skip + s
                    return true
                }
                lastStart = skip + s
                x += width
                return false
            })
            return found.start + (result ?? (found.endsLine ? n : lastStart))
        }
    }

    /// The width of the text without hanging spaces at its logical end.
    var contentWidth: Int {
        guard let last = cells.lastIndex(where: { !$0.hangs }) else { return 0 }
        var width = 0
        for k in 0...last { width += cells[k].width }
        return width
    }

    /// The column of byte `x` of this row (see `VisualLocation.column`).
    func column(ofByte x: Int) -> Int {
        // Cells are in logical order: binary search by start.
        var lo = 0, hi = cells.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if cells[mid].start == x { return cells[mid].x }
            if cells[mid].start < x { lo = mid + 1 } else { hi = mid - 1 }
        }
        if lo > 0 && lo <= cells.count && x < cells[lo - 1].end { return cells[lo - 1].x }
        return end
    }

    /// The byte at column `column` (see `VisualLineIndex.position(atVisualLine:column:)`).
    func byte(atColumn column: Int) -> Int {
        guard let first = order.first else { return start }
        if column < indent { return cells[first].start }
        for k in order where column >= cells[k].x && column < cells[k].x + cells[k].width {
            return cells[k].start
        }
        return found.endsLine ? contentEnd : cells[cells.count - 1].start
    }

    /// The continuation indent of `paragraph` (as `LineWrapper` computes it).
    static func indent(of paragraph: TextDocument.Paragraph, _ document: TextDocument, _ options: SoftWrapOptions) -> Int {
        let limit = max(1, options.width)
        var indent = 0
        var allBlank = true
        // The leading spaces and tabs; far past the limit the indent is dropped anyway.
        let scan = min(paragraph.end, paragraph.start + 4 * limit + 16)
        document.withUTF8(paragraph.start..<scan) { p in
            for b in p {
                if b == 0x20 {
                    indent += 1
                } else if b == 0x09 {
                    indent += options.display.stop - indent % options.display.stop
                } else {
                    allBlank = false
                    break
                }
            }
        }
        if scan < paragraph.end { allBlank = false }
        if allBlank || limit - indent < limit / 2 + limit % 2 { return 0 }
        return indent
    }
}
