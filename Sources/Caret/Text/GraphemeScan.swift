// Finding the k-th cluster start from a known one inside one chunk, forwards and backwards,
// with exactly the `GraphemeBreaker`'s boundaries. See docs/ARCHITECTURE.md ("The cluster scan").

/// The point of cluster `m` of `p` (valid UTF-8 of one chunk), scanning forwards from cluster
/// start `from` (`from.graphemes <= m`, and cluster `m` exists); its scalar counts are unknown
/// unless `m` is `from`'s own cluster. The starts come from `forEachClusterStart`. O(distance).
@inline(__always)
func scanToGrapheme(_ m: Int, in p: UnsafeBufferPointer<UInt8>, from: ChunkPoint) -> ChunkPoint {
    if m <= from.graphemes { return from }
    var g = from.graphemes                   // the index of the last cluster start passed
    var found = -1
    forEachClusterStart(in: p, after: from.utf8) { i, k in
        if g &+ k >= m {
            found = i &+ (m &- g &- 1)
            return false
        }
        g &+= k
        return true
    }
    if found >= 0 { return ChunkPoint(utf8: found, utf16: -1, scalars: -1, graphemes: m) }
    return ChunkPoint(utf8: p.count, utf16: -1, scalars: -1, graphemes: g + 1)
}

/// Calls `body(i, k)` for the cluster starts of `p` (valid UTF-8 of one chunk) after cluster
/// start `start`, in order, until it returns false: each call names `k` starts at bytes
/// `i ..< i + k` (more than one only in a run of ASCII). Exactly the breaker's boundaries,
/// found cheaply:
/// - a scalar of property 0 (printable ASCII, and the letters of most scripts, recognised from
///   their first two bytes) starts a cluster unless a Prepend precedes it (GB9b); ASCII other
///   than CR does too, unless a Prepend or CR precedes it, and a run of it goes up to eight
///   bytes at a time;
/// - any other scalar is decided by the pair of properties around it (`GraphemePairTable`),
///   and where that depends on context, by a `GraphemeBreaker` run over the current cluster
///   (exact: it starts at a cluster start).
/// O(bytes read).
@inline(__always)
func forEachClusterStart(in p: UnsafeBufferPointer<UInt8>, after from: Int, _ body: (_ i: Int, _ k: Int) -> Bool) {
    let classes = GraphemeClassTable.shared, pairs = GraphemePairTable.shared
    let plainTwo = pairs.plainTwoByteLeads
    let base = p.baseAddress!
    let n = p.count
    let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
    var start = from                         // the last cluster start passed
    var (previous, length) = graphemeClass(of: p, at: start, table: classes)
    var i = start + length
    // The breaker for pairs whose answer depends on context, fed from the current cluster's
    // start up to `fed` and fed on from there, so that a long cluster (thousands of joined
    // emoji) costs one pass, not a pass from its start at each such pair.
    var breaker = GraphemeBreaker()
    var breakerStart = -1, fed = 0
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
                if !body(i, k) { return }
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
                if !body(i, 1) { return }
                start = i
                previous = .other
                i &+= two ? 2 : 3
                continue
            }
        }
        let (next, nextLength) = graphemeClass(of: p, at: i, table: classes)
        var verdict = pairs(previous, next)
        if verdict == .depends {
            if breakerStart != start {
                breaker = GraphemeBreaker()      // exact at the cluster's start
                (breakerStart, fed) = (start, start)
            }
            breaker.feed(UnsafeBufferPointer(rebasing: p[fed..<i]))
            fed = i
            verdict = breaker.wouldBreak(before: next) ? .breaks : .joins
        }
        if verdict == .breaks {
            if !body(i, 1) { return }
            start = i
        }
        previous = next
        i &+= nextLength
    }
}

/// The point of cluster `m` of `p` (valid UTF-8 of one chunk), walking backwards from cluster
/// start `from` (`m < from.graphemes`; `from.utf8` may be the end); its scalar counts are
/// unknown unless `m` is 0. The same decisions as `scanToGrapheme`, made right to left: the
/// boundary before a scalar comes from the pair of properties around it, a run of ASCII other
/// than CR gives a cluster per byte up to eight bytes at a time, and a pair whose answer
/// depends on context runs a `GraphemeBreaker` from the nearest boundary that no context can
/// undo (a pair that breaks regardless, or the chunk's start) up to it. O(distance).
@inline(__always)
func scanBackToGrapheme(_ m: Int, in p: UnsafeBufferPointer<UInt8>, from: ChunkPoint) -> ChunkPoint {
    let classes = GraphemeClassTable.shared, pairs = GraphemePairTable.shared
    let plainTwo = pairs.plainTwoByteLeads
    let base = p.baseAddress!
    let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func property(at i: Int) -> GraphemeProperty { graphemeClass(of: p, at: i, table: classes).0 }
    @inline(__always) func scalarStart(before i: Int) -> Int {
        var j = i &- 1
        while p[j] & 0xC0 == 0x80 { j &-= 1 }
        return j
    }
    @inline(__always) func asciiProperty(_ b: UInt8) -> GraphemeProperty {
        b >= 0x20 && b != 0x7F ? .other : b == 0x0A ? .lf : b == 0x0D ? .cr : .control
    }
    var before = from.graphemes              // clusters that start before the last place decided
    var t = scalarStart(before: from.utf8)   // the scalar start to decide next
    var current = property(at: t)            // its property
    while t > 0 {
        let b = p[t &- 1]
        if b < 0x80 && b != 0x0D {
            // The boundary at t, then a run of k bytes of ASCII other than CR before it: a
            // cluster at each but perhaps the run's first byte (decided next, by what precedes
            // it). The highest flagged byte bounds the run: a false flag (a form feed above a
            // CR, from the borrow) only shortens it, to no less than byte t - 1, checked above.
            if pairs(asciiProperty(b), current) == .breaks {
                before &-= 1
                if before == m { return ChunkPoint(utf8: t, utf16: -1, scalars: -1, graphemes: m) }
            }
            var k = 1
            if t >= 8 {
                let word = UnsafeRawPointer(base + (t &- 8)).loadUnaligned(as: UInt64.self)
                let cr = word ^ (ones &* 0x0D)
                let stop = (word & high) | ((cr &- ones) & ~cr & high)
                k = stop == 0 ? 8 : max(1, stop.leadingZeroBitCount &>> 3)
            }
            if before &- (k &- 1) <= m { return ChunkPoint(utf8: t &- (before &- m), utf16: -1, scalars: -1, graphemes: m) }
            before &-= k &- 1
            t &-= k
            current = asciiProperty(p[t])
            continue
        }
        let s = scalarStart(before: t)
        let lead = p[s]
        let previous: GraphemeProperty
        if lead >= 0xC0 && lead < 0xE0 && plainTwo & (1 << UInt32(lead & 0x1F)) != 0 {
            previous = .other
        } else if lead >= 0xE0 && lead < 0xF0 && pairs.isPlainThreeByte(lead, p[s &+ 1]) {
            previous = .other
        } else {
            previous = property(at: s)
        }
        var verdict = pairs(previous, current)
        if verdict == .depends {
            var start = s
            while start > 0 {
                let q = scalarStart(before: start)
                if pairs(property(at: q), property(at: start)) == .breaks { break }
                start = q
            }
            var breaker = GraphemeBreaker()      // exact at a cluster start
            breaker.feed(UnsafeBufferPointer(rebasing: p[start..<t]))
            verdict = breaker.wouldBreak(before: current) ? .breaks : .joins
        }
        if verdict == .breaks {
            before &-= 1
            if before == m { return ChunkPoint(utf8: t, utf16: -1, scalars: -1, graphemes: m) }
        }
        t = s
        current = previous
    }
    return .start                            // the chunk's first cluster (m == 0)
}
