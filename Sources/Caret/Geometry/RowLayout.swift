// One visual line laid out for columns: what `VisualLineIndex`'s queries read when a row needs
// its clusters in visual order (see VisualLineIndex+Queries.swift).

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
    /// `order[v]` is the cell at visual index v; empty when the visual order is the logical one
    /// (a row at level 0 throughout: most rows), which `visualCell(_:)` reads as the identity.
    private(set) var order: [Int] = []
    /// The column after the last cell.
    private(set) var end = 0

    init(_ index: VisualLineIndex, _ found: VisualRowTree.Found, _ document: TextDocument) {
        self.found = found
        let (indent, levels) = Self.indentAndLevels(of: found, index, document)
        self.indent = indent
        let display = index.options.display
        var contentEnd = found.start + found.length
        var end = indent
        var mixed = false
        // One copy of the row; its terminator, on a hard line's last row, is cut off here. The
        // cells are written through a pointer into one buffer of at most a cell a byte: an
        // array grown by `append` and written by subscript checks its uniqueness at each write.
        var cells = document.withUTF8(found.start..<(found.start + found.length)) { whole in
            let n = found.endsLine ? whole.count - LineTerminator.length(endingAt: whole.count, in: whole) : whole.count
            contentEnd = found.start + n
            let p = UnsafeBufferPointer(rebasing: whole[..<n])
            return [Cell](unsafeUninitializedCapacity: n) { cells, count in
                var x = indent
                ClusterWidths.forEachCluster(p, options: display) { s, e, w, _ in
                    let width = ClusterWidths.resolve(w, at: x, options: display)
                    let hangs = e == s + 1 && (p[s] == 0x20 || p[s] == 0x09)
                    let level = levels?.level(atByte: found.start + s) ?? 0
                    (cells.baseAddress! + count).initialize(to: Cell(start: found.start + s, end: found.start + e, width: width,
                                                                     level: level, x: x, hangs: hangs))
                    count += 1
                    x += width
                }
                end = x
                guard let levels, count > 0 else { return }
                // L1: whitespace at the end of a line takes the paragraph level.
                var k = count - 1
                while k >= 0 && cells[k].hangs {
                    cells[k].level = levels.paragraphLevel
                    k -= 1
                }
                mixed = cells[..<count].contains { $0.level != 0 }
            }
        }
        self.contentEnd = contentEnd
        self.end = end
        // The layout is kept (`lastLayout`): a row of long clusters (marks piled on a base)
        // fills a small part of a buffer sized by its bytes, so it keeps a copy of what it holds.
        if cells.capacity > 2 * cells.count + 64 { cells = Array(cells[...]) }
        guard mixed else {
            // Logical order is visual order: each cell's column is the one it was given.
            self.cells = cells
            return
        }
        let order = cells.withUnsafeBufferPointer { cells in VisualReorder.order(count: cells.count) { cells[$0].level } }
        self.cells = cells
        self.order = order
        self.cells.withUnsafeMutableBufferPointer { cells in
            var column = indent
            for k in order {
                cells[k].x = column
                column += cells[k].width
            }
        }
    }

    /// The continuation indent of row `found` and its paragraph's bidi levels over the row (nil:
    /// all 0), kept by the index: those of a window around the row where the paragraph allows
    /// it, else the whole paragraph's, resolved once for its rows (`ParagraphLevels`); rows of
    /// paragraphs without right-to-left text (a flag the index keeps per row) skip the
    /// resolver. O(log n), plus O(window) to resolve and O(paragraph) to scan it for explicit
    /// formatting (O(paragraph) to resolve where it has some).
    static func indentAndLevels(of found: VisualRowTree.Found, _ index: VisualLineIndex,
                                _ document: TextDocument) -> (indent: Int, levels: ParagraphLevels?) {
        let options = index.options
        let paragraph = found.startsLine && !found.mayRaiseLevels && document.directionOverrides.isEmpty ? nil : index.paragraph(of: found, document)
        let indent = found.startsLine || !options.preservesIndent ? 0 : paragraph.map { Self.indent(of: $0, document, options) } ?? 0
        let levels = paragraph.flatMap { paragraph in
            found.mayRaiseLevels || document.requestedLevel(atParagraphStart: paragraph.start) == 1
                ? index.levels(of: paragraph, row: found.start..<(found.start + found.length), document) : nil
        }
        return (indent, levels)
    }

    /// The cell at visual index `v` (0..<cells.count).
    @inline(__always)
    func visualCell(_ v: Int) -> Int { order.isEmpty ? v : order[v] }

    /// True when drawing `found` needs the bidi levels (its paragraph may hold right-to-left
    /// text, or the document overrides directions).
    static func needsBidi(_ found: VisualRowTree.Found, _ document: TextDocument) -> Bool {
        found.mayRaiseLevels || !document.directionOverrides.isEmpty
    }

    /// The column of byte `x` of row `found` (see `VisualLocation.column`): without bidi, the
    /// width of the text before it, measured no further; with it, from the row's runs of one
    /// level (RowRuns.swift), or its layout when a level changes where a cluster may go on or
    /// the row was laid out last. `document` is the index's.
    static func column(ofByte x: Int, in found: VisualRowTree.Found, _ index: VisualLineIndex, _ document: TextDocument) -> Int {
        if needsBidi(found, document) || (!found.startsLine && index.options.preservesIndent) {
            if let last = index.lastLayout, last.found == found { return last.column(ofByte: x) }
            let (indent, levels) = indentAndLevels(of: found, index, document)
            let column = document.withUTF8(found.start..<(found.start + found.length)) { row in
                RowRuns(found, row: row, levels: levels, indent: indent, display: index.options.display)?
                    .column(ofByte: x - found.start, row: row)
            }
            return column ?? index.layout(of: found, document).column(ofByte: x)
        }
        guard x > found.start else { return 0 }
        return document.withUTF8(found.start..<x) { ClusterWidths.advance($0, from: 0, options: index.options.display) }
    }

    /// The byte at `column` of row `found` (see `VisualLineIndex.position(atVisualLine:column:)`):
    /// without bidi, the clusters are walked up to the column only; with it, as `column(ofByte:…)`.
    static func byte(atColumn column: Int, in found: VisualRowTree.Found, _ index: VisualLineIndex, _ document: TextDocument) -> Int {
        if needsBidi(found, document) || (!found.startsLine && index.options.preservesIndent) {
            if let last = index.lastLayout, last.found == found { return last.byte(atColumn: column) }
            let (indent, levels) = indentAndLevels(of: found, index, document)
            let byte = document.withUTF8(found.start..<(found.start + found.length)) { row in
                RowRuns(found, row: row, levels: levels, indent: indent, display: index.options.display)?
                    .byte(atColumn: column, row: row)
            }
            return byte.map { found.start + $0 } ?? index.layout(of: found, document).byte(atColumn: column)
        }
        let display = index.options.display
        return document.withUTF8(found.start..<(found.start + found.length)) { whole in
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
        guard !cells.isEmpty else { return start }
        if column < indent { return cells[visualCell(0)].start }
        for v in cells.indices {
            let k = visualCell(v)
            if column >= cells[k].x && column < cells[k].x + cells[k].width { return cells[k].start }
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
