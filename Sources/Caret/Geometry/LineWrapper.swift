/// Greedy soft wrap of one hard line (flat UTF-8, no terminator) at UAX #14 opportunities,
/// with reusable buffers so that a whole-document walk allocates nothing per line.
///
/// A segment runs from one opportunity to the next: a word and the spaces after it. It goes on
/// the current visual line when it fits without its trailing spaces (spaces hang, as in CSS);
/// otherwise it starts the next visual line; a segment too wide for an empty line is broken at
/// cluster boundaries, at least one cluster a line.
struct LineWrapper {
    /// One cluster of the measured line: UTF-8 and UTF-16 start (line-relative), width
    /// (`ClusterWidths.tab` for a tab) and flags. One array of them, not four: one append and
    /// one capacity check per cluster.
    private struct Cluster {
        var start: Int
        var start16: Int
        var width: Int32
        var flags: UInt8
    }

    /// The clusters, then one entry for the end of the line.
    private var clusters: [Cluster] = []
    private static let hangs: UInt8 = 1
    private static let breakBefore: UInt8 = 2

    /// One visual line, in line-relative offsets.
    struct Piece {
        var bytes: Range<Int>
        var utf16: Range<Int>
        var width: Int
        var indent: Int
    }

    /// Measures the clusters of `p`. Call before `addBreaks` and `wrap`. O(bytes).
    mutating func measure(_ p: UnsafeBufferPointer<UInt8>, options: DisplayWidthOptions) {
        clusters.removeAll(keepingCapacity: true)
        var u16 = 0
        ClusterWidths.forEachCluster(p, options: options) { start, end, width, units in
            let first = p[start]
            let hangs = end == start + 1 && (first == 0x20 || first == 0x09)
            clusters.append(Cluster(start: start, start16: u16, width: Int32(clamping: width), flags: hangs ? Self.hangs : 0))
            u16 += units
        }
        clusters.append(Cluster(start: p.count, start16: u16, width: 0, flags: 0))
    }

    /// The measured line's length in UTF-16 code units.
    var utf16Count: Int { clusters.last?.start16 ?? 0 }

    /// True when the measured line fits `options.width` as it is (its hanging spaces aside):
    /// then it is one visual line whatever its opportunities, and the caller need not ask ICU
    /// for them (most hard lines of most texts). O(clusters).
    func fitsOnOneLine(_ options: SoftWrapOptions) -> Bool {
        var x = 0, text = 0
        for c in clusters.dropLast() {
            x += ClusterWidths.resolve(Int(c.width), at: x, options: options.display)
            if c.flags & Self.hangs == 0 { text = x }
        }
        return text <= max(1, options.width)
    }

    /// Marks the opportunities: `breaks16`, line-relative UTF-16 offsets in increasing order;
    /// those inside a cluster are ignored. O(clusters + breaks).
    mutating func addBreaks(_ breaks16: [Int]) {
        let n = clusters.count - 1
        var k = 1
        for b in breaks16 {
            while k < n && clusters[k].start16 < b { k += 1 }
            if k < n && clusters[k].start16 == b { clusters[k].flags |= Self.breakBefore }
        }
    }

    /// The visual lines of the measured line at `options`. O(clusters).
    func wrap(_ options: SoftWrapOptions, _ emit: (Piece) -> Void) {
        let n = clusters.count - 1
        let limit = max(1, options.width)
        let display = options.display
        var indent = 0
        if options.preservesIndent {
            var j = 0
            while j < n && clusters[j].flags & Self.hangs != 0 {
                indent += ClusterWidths.resolve(Int(clusters[j].width), at: indent, options: display)
                j += 1
            }
            if j == n || limit - indent < limit / 2 + limit % 2 { indent = 0 }
        }
        var lineStart = 0, base = 0, column = 0, content = 0
        func flush(_ end: Int) {
            emit(Piece(bytes: clusters[lineStart].start..<clusters[end].start,
                       utf16: clusters[lineStart].start16..<clusters[end].start16,
                       width: content - base, indent: base))
            lineStart = end
            base = indent
            column = indent
            content = indent
        }
        var k = 0
        while k < n {
            var b = k + 1
            while b < n && clusters[b].flags & Self.breakBefore == 0 { b += 1 }
            // The segment [k, b) drawn from `column`: where it ends, and where its text ends.
            var x = column
            var text: Int? = nil
            for j in k..<b {
                x += ClusterWidths.resolve(Int(clusters[j].width), at: x, options: display)
                if clusters[j].flags & Self.hangs == 0 { text = x }
            }
            // Spaces alone always fit: they hang.
            if text == nil || text! <= limit {
                column = x
                if let text { content = text }
                k = b
                continue
            }
            if k > lineStart {
                flush(k)
                continue
            }
            // Wider than an empty line: as many clusters as fit, at least one.
            var j = k
            while j < b {
                let w = ClusterWidths.resolve(Int(clusters[j].width), at: column, options: display)
                let hanging = clusters[j].flags & Self.hangs != 0
                if j > lineStart && !hanging && column + w > limit { break }
                column += w
                if !hanging { content = column }
                j += 1
            }
            if j < b { flush(j) }
            k = j
        }
        if lineStart < n || n == 0 { flush(n) }
    }
}
