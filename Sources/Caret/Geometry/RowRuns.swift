// A visual line of mixed direction answered from its runs of one bidi level, not cluster by
// cluster: what `RowLayout.column(ofByte:…)` and `RowLayout.byte(atColumn:…)` read when one
// column or one byte is asked for (VisualLineIndex's `location(of:)` and
// `position(atVisualLine:column:)`), where a `RowLayout` finds every cluster of the row, its
// level and its width to answer one question.
//
// The answer is the layout's exactly. A layout gives each cluster the level of its first scalar,
// and hanging spaces and tabs at the row's end the paragraph's (L1); reordering (L2) moves
// whole clusters. So where the levels change only at cluster starts, the row is runs of whole
// clusters of one level each: the runs are reordered as the clusters would be, a run's width
// is its clusters' widths measured in logical order (tabs by their logical columns, as the
// layout measures them), and a cluster's column is its run's plus the width before it in the
// run (left to right) or after it (right to left). Where a level change cannot be shown to
// fall on a cluster start from the scalars around it, the caller lays the row out instead.

/// One visual line's runs of one bidi level, in logical order, with their columns.
struct RowRuns {
    struct Run {
        /// Bytes of the row's content (row-relative).
        var start: Int
        var end: Int
        var level: UInt8
        /// The column its first cluster takes in logical order, and its width.
        var logicalX: Int
        var width: Int
        /// The column it starts at in visual order.
        var visualX = 0
    }

    private let found: VisualRowTree.Found
    private let display: DisplayWidthOptions
    private let indent: Int
    /// The content's bytes: before the terminator on a hard line's last row.
    private let contentLength: Int
    private var runs: [Run] = []
    /// The run drawn first (visual order's first).
    private var firstVisual = 0
    /// The column after the row's content.
    private(set) var end = 0

    /// The runs of row `found`, or nil when a level changes where a cluster may go on (a mark,
    /// a joiner, a scalar after a prepended one): the caller then lays the row out. `row` holds
    /// the row's bytes, terminator included. O(row).
    init?(_ found: VisualRowTree.Found, row: UnsafeBufferPointer<UInt8>, levels: ParagraphLevels?, indent: Int,
          display: DisplayWidthOptions) {
        self.found = found
        self.display = display
        self.indent = indent
        let n = found.endsLine ? row.count - LineTerminator.length(endingAt: row.count, in: row) : row.count
        contentLength = n
        let content = UnsafeBufferPointer(rebasing: row[..<n])
        // L1's hanging whitespace: the spaces and tabs ending the content, each a cluster alone
        // unless the first one follows a prepended scalar.
        var hang = n
        if levels != nil {
            while hang > 0 && (content[hang - 1] == 0x20 || content[hang - 1] == 0x09) { hang -= 1 }
            if hang < n && !Self.startsCluster(content, at: hang) { return nil }
        }
        var runs: [Run] = []
        var x = indent
        func add(_ start: Int, _ end: Int, _ level: UInt8) {
            let after = ClusterWidths.advance(UnsafeBufferPointer(rebasing: content[start..<end]), from: x, options: display)
            runs.append(Run(start: start, end: end, level: level, logicalX: x, width: after - x))
            x = after
        }
        if let levels {
            let declined = levels.withLevels(ofBytes: found.start..<(found.start + hang)) { perByte -> Bool in
                guard let perByte, hang > 0 else {
                    if hang > 0 { add(0, hang, levels.paragraphLevel) }
                    return false
                }
                var start = 0
                var level = perByte[0]
                for i in 1..<hang where perByte[i] != level {
                    guard Self.startsCluster(content, at: i) else { return true }
                    add(start, i, level)
                    start = i
                    level = perByte[i]
                }
                add(start, hang, level)
                return false
            }
            if declined { return nil }
            if hang < n { add(hang, n, levels.paragraphLevel) }
        } else if n > 0 {
            add(0, n, 0)
        }
        end = x
        // L2 on the runs: a run of one level moves as its clusters do.
        let order = VisualReorder.order(count: runs.count) { runs[$0].level }
        var column = indent
        for k in order {
            runs[k].visualX = column
            column += runs[k].width
        }
        firstVisual = order.first ?? 0
        self.runs = runs
    }

    /// True when byte `i` (> 0, a scalar's start) of `p` surely starts a grapheme cluster, from
    /// the scalar there and the one before: a control, or a scalar that no rule joins to what
    /// precedes it (not a mark, joiner, spacing mark, Hangul jamo, regional indicator, emoji,
    /// or a consonant after a virama) with no prepended scalar before it. Conservative: false
    /// sends the row to the layout.
    static func startsCluster(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i > 0 else { return true }
        let table = GraphemeClassTable.shared
        let here = table(UTF8Scalars.decode(p, at: i).value)
        switch here.cls {
        case .control, .cr:
            return true
        case .other:
            guard !here.isLinkingConsonant else { return false }
            let before = UTF8Scalars.scalarStart(p, atOrBefore: i - 1)
            return table(UTF8Scalars.decode(p, at: before).value).cls != .prepend
        default:
            return false
        }
    }

    /// The run holding content byte `i`.
    private func run(holding i: Int) -> Run {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].start <= i { lo = mid } else { hi = mid - 1 }
        }
        return runs[lo]
    }

    /// The clusters of run `r` in logical order, each with its logical column and width, until
    /// `body` returns true.
    private func scan(_ r: Run, in content: UnsafeBufferPointer<UInt8>, from first: Int? = nil, x: Int? = nil,
                      until body: (_ start: Int, _ x: Int, _ width: Int) -> Bool) {
        let from = first ?? r.start
        var column = x ?? r.logicalX
        ClusterWidths.scanClusters(UnsafeBufferPointer(rebasing: content[from..<r.end]), options: display, until: { s, _, w, _ in
            let width = ClusterWidths.resolve(w, at: column, options: display)
            if body(from + s, column, width) { return true }
            column += width
            return false
        })
    }

    /// The column of content byte `i` (a cluster's start; past the content: `end`), as
    /// `RowLayout.column(ofByte:)` gives it. `row` is the row's bytes. O(run).
    func column(ofByte i: Int, row: UnsafeBufferPointer<UInt8>) -> Int {
        guard i >= 0, i < contentLength, !runs.isEmpty else { return end }
        let content = UnsafeBufferPointer(rebasing: row[..<contentLength])
        let r = run(holding: i)
        let before = ClusterWidths.advance(UnsafeBufferPointer(rebasing: content[r.start..<i]), from: r.logicalX, options: display)
        if r.level & 1 == 0 { return r.visualX + before - r.logicalX }
        // Right to left: the clusters after it in the run lie before it on screen.
        var width = 0
        scan(r, in: content, from: i, x: before) { _, _, w in
            width = w
            return true
        }
        return r.visualX + (r.logicalX + r.width) - (before + width)
    }

    /// The content byte at `column`, as `RowLayout.byte(atColumn:)` gives it (row-relative).
    /// O(row).
    func byte(atColumn column: Int, row: UnsafeBufferPointer<UInt8>) -> Int {
        guard !runs.isEmpty else { return 0 }
        let content = UnsafeBufferPointer(rebasing: row[..<contentLength])
        if column < indent {
            // The visually first cluster: the first of a left-to-right run, else its last.
            let first = runs[firstVisual]
            return first.level & 1 == 0 ? first.start : lastClusterStart(of: first, in: content)
        }
        for r in runs where r.width > 0 && column >= r.visualX && column < r.visualX + r.width {
            var found = r.start
            if r.level & 1 == 0 {
                let target = r.logicalX + (column - r.visualX)
                scan(r, in: content) { s, x, w in
                    guard target < x + w else { return false }
                    found = s
                    return true
                }
            } else {
                let target = r.logicalX + r.width - (column - r.visualX)
                scan(r, in: content) { s, x, w in
                    guard x < target && target <= x + w else { return false }
                    found = s
                    return true
                }
            }
            return found
        }
        return found.endsLine ? contentLength : lastClusterStart(of: runs[runs.count - 1], in: content)
    }

    /// The start of the last cluster of run `r`.
    private func lastClusterStart(of r: Run, in content: UnsafeBufferPointer<UInt8>) -> Int {
        var last = r.start
        scan(r, in: content) { s, _, _ in
            last = s
            return false
        }
        return last
    }
}
