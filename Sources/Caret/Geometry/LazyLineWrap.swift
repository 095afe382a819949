/// Greedy soft wrap of part of a paragraph, measured lazily: the clusters are measured only as
/// far as the wrap has needed them when the caller stops it, after any visual line (the re-wrap
/// of an edit stops where the new lines meet the old ones, usually a line or two past the edit).
/// The same visual lines as `LineWrapper.wrap` without preserved indentation: each line runs to
/// the last opportunity at or before the first cluster that would pass the width (hanging
/// spaces and tabs never do), or is cut before that cluster when there is none.
struct LazyLineWrap {
    /// One measured cluster: bytes and UTF-16 units of `p` (32 bits: callers keep `p` shorter),
    /// width (`ClusterWidths.tab` for a tab) and whether it hangs.
    private struct Cluster {
        var start: Int32
        var end: Int32
        var start16: Int32
        var end16: Int32
        var width: Int32
        var hangs: Bool
    }

    private var clusters: [Cluster] = []

    /// Wraps valid UTF-8 `p` (shorter than `Int32.max` bytes), which starts a visual line, at `options` (`preservesIndent` is not
    /// read: every line starts at column 0). ICU's line iterator is asked only when a line
    /// wraps and, with `rootRules` (the iterator follows ICU's root rules), the break is not
    /// one `ScalarLineWrap.wordStart` finds: `iterator(through)` gives it, set to a text in which `p` starts at UTF-16 offset
    /// `prefix16` and which holds at least `p`'s bytes up to `through` (the end of the cluster
    /// that did not fit; the caller adds what ICU must see past it), or nil for none. `row(start, end, overflow)` gets each visual
    /// line that wraps, in bytes of `p`, with the start of the cluster that did not fit; it
    /// returns true to stop.
    /// - Returns: nil when `row` stopped the wrap, else the start of the last visual line (which
    ///   runs to the end of `p`). O(bytes measured) plus one ICU lookup per wrapped line.
    mutating func wrap(_ p: UnsafeBufferPointer<UInt8>, options: SoftWrapOptions, rootRules: Bool,
                       iterator: (_ through: Int) -> (iterator: ICUBreakIterator, prefix16: Int)?, row: (_ start: Int, _ end: Int, _ overflow: Int) -> Bool) -> Int? {
        clusters.removeAll(keepingCapacity: true)
        clusters.reserveCapacity(min(p.count, 512))
        let limit = max(1, options.width)
        let display = options.display
        var u16 = 0
        // The scan: the current line's first cluster, the next cluster to place, its column.
        var s = 0, j = 0, x = 0
        var stopped = false
        ClusterWidths.scanClusters(p, options: display, until: { start, end, width, units in
            let hangs = end == start + 1 && (p[start] == 0x20 || p[start] == 0x09)
            clusters.append(Cluster(start: Int32(start), end: Int32(end), start16: Int32(u16), end16: Int32(u16 + units),
                                   width: Int32(width), hangs: hangs))
            u16 += units
            while j < clusters.count {
                let w = ClusterWidths.resolve(Int(clusters[j].width), at: x, options: display)
                if j > s && !clusters[j].hangs && x + w > limit {
                    let end = (rootRules ? wordStart(p, s, j) : nil) ?? lastBreak(s, j, iterator(Int(clusters[j].end))) ?? j
                    if row(Int(clusters[s].start), Int(clusters[end].start), Int(clusters[j].start)) {
                        stopped = true
                        return true
                    }
                    // The next line starts at the break: its clusters are placed again from there.
                    s = end
                    j = end
                    x = 0
                    continue
                }
                x += w
                j += 1
            }
            return false
        })
        if stopped { return nil }
        return s < clusters.count ? Int(clusters[s].start) : p.count
    }

    /// The break before cluster `e` that `ScalarLineWrap.wordStart` finds without ICU, as a
    /// cluster index after `s`, or nil.
    private func wordStart(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int? {
        guard let k = ScalarLineWrap.wordStart(p, after: Int(clusters[s].start), through: Int(clusters[e].start), .shared)
        else { return nil }
        return clusterIndex(from: s + 1, through: e, where: { Int(clusters[$0].start) }, is: k)
    }

    /// The last cluster index `b` with `s < b <= e` where ICU allows a break, or nil (as
    /// `LineWrapper.lastBreak`): ICU's `preceding` from the end of cluster `e`.
    private func lastBreak(_ s: Int, _ e: Int, _ text: (iterator: ICUBreakIterator, prefix16: Int)?) -> Int? {
        guard let (iterator, prefix16) = text else { return nil }
        let floor = prefix16 + Int(clusters[s].start16)
        var b = iterator.precedingUTF16(prefix16 + Int(clusters[e].end16))
        while let u = b, u > floor {
            if let k = cluster(atUTF16: u - prefix16, upTo: e) { return k }
            b = iterator.precedingUTF16(u)
        }
        return nil
    }

    /// The index (at most `last`) of the cluster starting at `utf16`, or nil inside a cluster.
    private func cluster(atUTF16 utf16: Int, upTo last: Int) -> Int? {
        clusterIndex(from: 0, through: last, where: { Int(clusters[$0].start16) }, is: utf16)
    }

    /// The index in `first...last` (none when `last < first`) whose `key` (rising with the
    /// index) is `value`, or nil: a binary search over the measured clusters by either start.
    private func clusterIndex(from first: Int, through last: Int, where key: (Int) -> Int, is value: Int) -> Int? {
        var lo = first, hi = last
        while lo <= hi {
            let mid = (lo + hi) / 2
            let k = key(mid)
            if k == value { return mid }
            if k < value { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// Appends the UTF-16 of valid UTF-8 `p` to `units`: written in place at the end (room for
    /// one unit a byte, the unused room removed), no array of its own. One pass.
    static func appendUTF16(of p: UnsafeBufferPointer<UInt8>, to units: inout [UInt16]) {
        guard !p.isEmpty else { return }
        let start = units.count
        // UTF-16 never takes more units than UTF-8 takes bytes.
        units.append(contentsOf: repeatElement(0, count: p.count))
        let written = units.withUnsafeMutableBufferPointer { UTF8Scalars.transcodeToUTF16(p, into: $0.baseAddress! + start) }
        units.removeLast(p.count - written)
    }
}
