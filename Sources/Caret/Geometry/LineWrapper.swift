/// Greedy soft wrap of one hard line (flat UTF-8, no terminator) at UAX #14 opportunities,
/// with reusable buffers so that a whole-document walk allocates nothing per line.
///
/// Each visual line runs from its start to the last opportunity at or before the first cluster
/// whose text would pass the width (spaces and tabs hang, as in CSS, and never pass it); with
/// no opportunity there, the word is wider than the line and breaks before that cluster (at
/// least one cluster a line). The same lines as placing segments (a word and its trailing
/// spaces) greedily, but only the opportunities next to wrap points are looked up: ICU's line
/// iterator is most of a wrap's cost, and most opportunities of a long paragraph are never used.
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

    /// One visual line, in line-relative offsets.
    struct Piece: Equatable {
        var bytes: Range<Int>
        var utf16: Range<Int>
        var width: Int
        var indent: Int
    }

    /// True when the last line wrapped holds a character that may raise a bidi level
    /// (right-to-left letters, Arabic numbers, bidi controls): drawing it needs the bidi resolver.
    private(set) var mayRaiseLevels = false
    /// The last line wrapped's length in UTF-16 code units.
    private(set) var utf16Count = 0

    /// Wraps valid UTF-8 `p` (a hard line without its terminator) at `options`, giving each
    /// visual line to `emit` in order. `preceding(u)` is ICU's last line-break opportunity
    /// before line-relative UTF-16 offset `u`, or nil: asked once per visual line that wraps,
    /// so only the opportunities near the wrap points are looked up. Most lines take
    /// `ScalarLineWrap` (no cluster walk), which with `rootRules` (the iterator follows ICU's
    /// root line rules: the document's locale is "") finds breaks before words itself;
    /// `scalarPath: false` forces the cluster walk (for tests comparing the two). O(bytes)
    /// plus those lookups.
    mutating func wrapLine(_ p: UnsafeBufferPointer<UInt8>, options: SoftWrapOptions, rootRules: Bool, scalarPath: Bool = true,
                           preceding: (Int) -> Int?, emit: (Piece) -> Void) {
        let scan = ScalarLineWrap.scan(p, options: options)
        mayRaiseLevels = scan.mayRaiseLevels
        utf16Count = scan.utf16Count
        if scalarPath && scan.fits {
            emit(Piece(bytes: 0..<p.count, utf16: 0..<scan.utf16Count, width: scan.content, indent: 0))
        } else if scalarPath && scan.scalarsAreClusters {
            ScalarLineWrap.wrap(p, options: options, rootRules: rootRules, preceding: preceding, emit: emit)
        } else {
            measure(p, options: options.display)
            wrap(options, lastBreak: { s, e in lastBreak(s, e, preceding: preceding) }, emit: emit)
        }
    }


    /// Measures the clusters of `p`. Call before `wrap`. O(bytes).
    private mutating func measure(_ p: UnsafeBufferPointer<UInt8>, options: DisplayWidthOptions) {
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

    /// The visual lines of the measured line at `options`. `lastBreak(s, e)` gives the last
    /// cluster index `b` with `s < b <= e` before which a line may break, or nil: asked once
    /// per visual line that wraps, so only the opportunities near the wrap points are looked
    /// up (not every one of a long paragraph). O(clusters) plus those calls.
    private func wrap(_ options: SoftWrapOptions, lastBreak: (_ s: Int, _ e: Int) -> Int?, emit: (Piece) -> Void) {
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
        var s = 0, base = 0
        while true {
            // The first cluster whose text would pass the width (hanging ones never do); the
            // line's first cluster goes on it whatever its width.
            var x = base, e = n, j = s
            while j < n {
                let w = ClusterWidths.resolve(Int(clusters[j].width), at: x, options: display)
                if j > s && clusters[j].flags & Self.hangs == 0 && x + w > limit {
                    e = j
                    break
                }
                x += w
                j += 1
            }
            // The break: the last opportunity after `s` up to `e`, else `e` itself (a word
            // wider than the line, cut between clusters).
            let end = e == n ? n : lastBreak(s, e) ?? e
            var column = base, content = base
            for k in s..<end {
                column += ClusterWidths.resolve(Int(clusters[k].width), at: column, options: display)
                if clusters[k].flags & Self.hangs == 0 { content = column }
            }
            emit(Piece(bytes: clusters[s].start..<clusters[end].start,
                       utf16: clusters[s].start16..<clusters[end].start16, width: content - base, indent: base))
            if end == n { return }
            s = end
            base = indent
        }
    }

    /// The last cluster index `b` with `s < b <= e` where ICU's line iterator allows a break
    /// (an opportunity inside a cluster does not count), or nil: `preceding` from the end of
    /// cluster `e`.
    private func lastBreak(_ s: Int, _ e: Int, preceding: (Int) -> Int?) -> Int? {
        let floor = clusters[s].start16
        // From the end of cluster `e`, not one unit past its start: ICU snaps an offset inside
        // a surrogate pair back to the pair's start and would miss the boundary there.
        var b = preceding(clusters[e + 1].start16)
        while let x = b, x > floor {
            if let k = cluster(atUTF16: x) { return k }
            b = preceding(x)
        }
        return nil
    }

    /// The cluster index of `utf16` (line-relative), or nil when it falls inside a cluster.
    /// O(log clusters).
    private func cluster(atUTF16 utf16: Int) -> Int? {
        var lo = 0, hi = clusters.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let u = clusters[mid].start16
            if u == utf16 { return mid }
            if u < utf16 { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }
}
