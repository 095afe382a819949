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
            var segments: [Segment] = []
            var column = 0
            func add(_ text: String, _ w: Int, _ isSelected: Bool) {
                if let last = segments.last, last.isSelected == isSelected {
                    segments[segments.count - 1].text += text
                    segments[segments.count - 1].width += w
                } else {
                    segments.append(Segment(text: text, column: column, width: w, isSelected: isSelected))
                }
                column += w
            }
            if let first = clusters.first, first.column > 0 { add(String(repeating: " ", count: min(width, first.column)), min(width, first.column), false) }
            for cluster in clusters where cluster.width > 0 {
                guard cluster.column + cluster.width <= width else { break }
                let text = document.text(in: cluster.range) ?? ""
                let isSelected = selected.contains(cluster.range.start.utf8Offset)
                add(Self.drawn(text, width: cluster.width), cluster.width, isSelected)
            }
            rows.append(Row(visualLine: line, segments: segments))
        }
        if let caret, let location = index.location(of: caret), location.visualLine >= top, location.visualLine < top + height {
            cursorRow = location.visualLine - top
            cursorColumn = min(location.column, width - 1)
        }
    }

    /// What is written for a cluster of `width` columns: spaces for a tab, `^X` for a control
    /// (`^?` for DEL and the C1 controls), else its text.
    static func drawn(_ text: String, width: Int) -> String {
        guard let scalar = text.unicodeScalars.first else { return text }
        if scalar == "\t" { return String(repeating: " ", count: width) }
        if scalar.value < 0x20 { return "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40))) }
        if scalar.value >= 0x7F && scalar.value < 0xA0 { return "^?" }
        return text
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
