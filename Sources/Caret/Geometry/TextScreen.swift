/// What a monospace viewport shows of a soft-wrapped document: for each screen row, the text
/// to write in visual order (tabs as spaces, controls as `^X`, zero-width clusters left out,
/// clipped to the width), which columns are selected, and where the cursor stands. A pure
/// function of the index, the viewport and the selection, so a terminal editor draws it and
/// a test checks it without a terminal.
public struct TextScreen: Sendable, Hashable {
    /// A run of cells with the same look.
    public struct Segment: Sendable, Hashable {
        /// The characters to write (their display width is `width`).
        public var text: String
        /// The first column.
        public var column: Int
        /// Display columns.
        public var width: Int
        /// True when the run is selected text.
        public var isSelected: Bool
    }

    /// One screen row.
    public struct Row: Sendable, Hashable {
        /// The visual line it shows, or nil below the end of the document.
        public var visualLine: Int?
        /// Its runs, left to right, without gaps from column 0 (indentation is a run of spaces).
        public var segments: [Segment]

        /// The row's text as written, without styles. O(row).
        public var text: String { segments.map(\.text).joined() }
    }

    /// The rows, top to bottom.
    public var rows: [Row]
    /// The cursor's row and column on the screen, or nil when the caret is outside the viewport.
    public var cursor: (row: Int, column: Int)? {
        cursorRow.map { ($0, cursorColumn) }
    }
    private var cursorRow: Int?
    private var cursorColumn = 0

    /// The screen of `height` rows and `width` columns showing `index` from visual line `top`,
    /// with the bytes `selection` (a `TextRange` of the document) shown selected and the
    /// cursor at `caret` (on the cell of the cluster after it, in visual order).
    /// - Complexity: O(log n + the text shown) once the index has wrapped that far.
    public init(index: VisualLineIndex, top: Int, height: Int, width: Int, selection: TextRange?, caret: TextPosition?) {
        let width = max(1, width)
        let selected = selection.map { $0.start.utf8Offset..<$0.end.utf8Offset } ?? 0..<0
        let document = index.document
        rows = []
        for r in 0..<max(0, height) {
            let line = top + r
            guard line >= 0, let clusters = index.clusters(ofVisualLine: line) else {
                rows.append(Row(visualLine: nil, segments: []))
                continue
            }
            rows.append(Row(visualLine: line, segments: Self.segments(of: clusters, in: document, width: width, selected: selected)))
        }
        if let caret, let location = index.location(of: caret), location.visualLine >= top, location.visualLine < top + height {
            cursorRow = location.visualLine - top
            cursorColumn = min(location.column, width - 1)
        }
    }

    /// The segments of one visual line's `clusters` (visual order) clipped to `width`: the
    /// line's text is read once, and each cluster's bytes are copied from it into its segment.
    static func segments(of clusters: [VisualCluster], in document: TextDocument, width: Int, selected: Range<Int>) -> [Segment] {
        var segments: [Segment] = []
        guard let first = clusters.first else { return segments }
        var lo = first.range.start.utf8Offset, hi = first.range.end.utf8Offset
        for cluster in clusters {
            lo = min(lo, cluster.range.start.utf8Offset)
            hi = max(hi, cluster.range.end.utf8Offset)
        }
        var bytes: [UInt8] = []
        var column = 0, start = 0, isSelected = false
        func close() {
            if column > start { segments.append(Segment(text: String(decoding: bytes, as: UTF8.self), column: start, width: column - start, isSelected: isSelected)) }
            bytes.removeAll(keepingCapacity: true)
            start = column
        }
        if first.column > 0 {
            column = min(width, first.column)
            bytes.append(contentsOf: repeatElement(0x20, count: column))
        }
        document.withUTF8(lo..<hi) { p in
            for cluster in clusters where cluster.width > 0 {
                guard cluster.column + cluster.width <= width else { break }
                let s = cluster.range.start.utf8Offset
                let selects = selected.contains(s)
                if selects != isSelected {
                    close()
                    isSelected = selects
                }
                appendDrawn(UnsafeBufferPointer(rebasing: p[(s - lo)..<(cluster.range.end.utf8Offset - lo)]), width: cluster.width, to: &bytes)
                column += cluster.width
            }
        }
        close()
        return segments
    }

    /// Appends what is written for a cluster (UTF-8 `text`) of `width` columns: spaces for a
    /// tab, `^X` for a control (`^?` for DEL and the C1 controls), else its text.
    static func appendDrawn(_ text: UnsafeBufferPointer<UInt8>, width: Int, to bytes: inout [UInt8]) {
        guard let b = text.first else { return }
        if b == 0x09 {
            bytes.append(contentsOf: repeatElement(0x20, count: width))
        } else if b < 0x20 {
            bytes.append(0x5E)
            bytes.append(b + 0x40)
        } else if b == 0x7F || (b == 0xC2 && text.count > 1 && text[1] < 0xA0) {
            bytes.append(0x5E)
            bytes.append(0x3F)
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// Screens are equal when their rows and cursors are. O(screen).
    public static func == (a: TextScreen, b: TextScreen) -> Bool {
        a.rows == b.rows && a.cursorRow == b.cursorRow && (a.cursorRow == nil || a.cursorColumn == b.cursorColumn)
    }

    /// Hashes the rows and the cursor. O(screen).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(cursorRow)
    }
}
