// Grapheme offset -> place inside one chunk, from the nearest known cluster start: the finger's
// point, an anchor or the chunk's start. See docs/ARCHITECTURE.md ("The finger").

extension TextChunk {
    /// The point where the `n`-th cluster (0-based) starts, the chunk's end when `n` is its
    /// cluster count or more. Steps from `near` (a point of this chunk) when it is a known
    /// cluster start at or before the target and no anchor lies between them, else from the
    /// last anchor before the target or the chunk's start. In a chunk of one scalar per cluster
    /// it steps by scalars, forwards or backwards, from whichever of `near`, that anchor and the
    /// start is nearest, and the result knows its scalar counts when the step started from a
    /// point that knew them; elsewhere it knows its cluster count only. O(distance), at most
    /// about a quarter of the chunk away from an anchor.
    func point(ofGrapheme n: Int, near: ChunkPoint) -> ChunkPoint {
        let s = summary
        if n >= s.graphemes { return endPoint }
        let m = max(n, 0)
        if s.graphemes == s.utf8 { return ChunkPoint(utf8: m, utf16: m, scalars: m, graphemes: m) }   // ASCII, no CR LF
        let anchor = anchors.start(forGrapheme: m)
        return bytes.withUnsafeBufferPointer { p in
            if s.graphemes == s.scalars {
                // Cluster k is scalar k, and an anchor's cluster count is its scalar count.
                let fromNear = near.knowsScalars && abs(near.scalars - m) <= m - anchor.graphemes
                let from = fromNear ? near : ChunkPoint(utf8: anchor.byte, utf16: anchor.byte == 0 ? 0 : -1,
                                                        scalars: anchor.byte == 0 ? 0 : -1, graphemes: anchor.graphemes)
                let (utf8, supplementary) = UTF8Scalars.step(p, from: from.utf8, scalars: fromNear ? from.scalars : from.graphemes, to: m)
                guard from.knowsScalars else { return ChunkPoint(utf8: utf8, utf16: -1, scalars: -1, graphemes: m) }
                let utf16 = m >= from.scalars ? from.utf16 + (m - from.scalars) + supplementary
                                              : from.utf16 - (from.scalars - m) - supplementary
                return ChunkPoint(utf8: utf8, utf16: utf16, scalars: m, graphemes: m)
            }
            let from: ChunkPoint
            if near.knowsGraphemes && near.graphemes <= m && near.utf8 >= anchor.byte {
                from = near
            } else if anchor.byte == 0 {
                from = .start
            } else {
                from = ChunkPoint(utf8: anchor.byte, utf16: -1, scalars: -1, graphemes: anchor.graphemes)
            }
            return scanToGrapheme(m, in: p, from: from)
        }
    }
}

/// The point of cluster `m` of `p` (valid UTF-8 of one chunk), scanning forwards from cluster
/// start `from` (`from.graphemes <= m`, and cluster `m` exists); its scalar counts are unknown
/// unless `m` is `from`'s own cluster. Exactly the breaker's boundaries, found cheaply:
/// - a scalar of property 0 (printable ASCII, and the letters of most scripts, recognised from
///   their first two bytes) starts a cluster unless a Prepend precedes it (GB9b); ASCII other
///   than CR does too, unless a Prepend or CR precedes it, and a run of it goes up to eight
///   bytes at a time;
/// - any other scalar is decided by the pair of properties around it (`GraphemePairTable`),
///   and where that depends on context, by a `GraphemeBreaker` run over the current cluster
///   (exact: it starts at a cluster start).
/// O(distance).
@inline(__always)
func scanToGrapheme(_ m: Int, in p: UnsafeBufferPointer<UInt8>, from: ChunkPoint) -> ChunkPoint {
    if m <= from.graphemes { return from }
    let classes = GraphemeClassTable.shared, pairs = GraphemePairTable.shared
    let plainTwo = pairs.plainTwoByteLeads
    let base = p.baseAddress!
    let n = p.count
    let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
    var g = from.graphemes                   // the index of the cluster that starts at `start`
    var start = from.utf8
    var (previous, length) = graphemeClass(of: p, at: start, table: classes)
    var i = start + length
    while i < n {
        let b = p[i]
        let cls = previous.cls
        if b < 0x80 {
            if b != 0x0D && cls != .cr && cls != .prepend {
                // A run of ASCII other than CR: each byte starts a cluster. Up to eight at once:
                // the lowest byte that is not ASCII or is CR ends the run (the zero-byte test is
                // exact for the lowest such byte).
                var k = 1
                if i &+ 8 <= n {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let cr = word ^ (ones &* 0x0D)
                    let stop = (word & high) | ((cr &- ones) & ~cr & high)
                    k = stop == 0 ? 8 : stop.trailingZeroBitCount &>> 3
                }
                if g &+ k >= m { return ChunkPoint(utf8: i &+ (m &- g &- 1), utf16: -1, scalars: -1, graphemes: m) }
                g &+= k
                i &+= k
                start = i &- 1
                let last = p[start]
                previous = last >= 0x20 && last != 0x7F ? .other : last == 0x0A ? .lf : .control
                continue
            }
        } else if b < 0xF0 && cls != .prepend {
            // Property 0 from the first two bytes: a cluster starts.
            let two = b < 0xE0
            if two ? plainTwo & (1 << UInt32(b & 0x1F)) != 0 : pairs.isPlainThreeByte(b, p[i &+ 1]) {
                g &+= 1
                if g == m { return ChunkPoint(utf8: i, utf16: -1, scalars: -1, graphemes: m) }
                start = i
                previous = .other
                i &+= two ? 2 : 3
                continue
            }
        }
        let (next, nextLength) = graphemeClass(of: p, at: i, table: classes)
        var verdict = pairs(previous, next)
        if verdict == .depends {
            var breaker = GraphemeBreaker()      // exact at the cluster's start
            breaker.feed(UnsafeBufferPointer(rebasing: p[start..<i]))
            verdict = breaker.wouldBreak(before: next) ? .breaks : .joins
        }
        if verdict == .breaks {
            g &+= 1
            if g == m { return ChunkPoint(utf8: i, utf16: -1, scalars: -1, graphemes: m) }
            start = i
        }
        previous = next
        i &+= nextLength
    }
    return ChunkPoint(utf8: n, utf16: -1, scalars: -1, graphemes: g + 1)
}
