/// Six known cluster starts inside a chunk, at about a seventh, two sevenths, … six sevenths
/// of it, each with the number of clusters before it. A scan for the k-th cluster, or for the
/// boundary at or before a byte, starts at the nearest anchor (or either end of the chunk)
/// instead of the chunk's first byte (a fresh `GraphemeBreaker` is exact at any cluster
/// start), so it reads a small part of a seventh of the chunk instead of all of it. Sevenths,
/// not eighths: with the ends, six anchors cut a chunk into seven equal gaps; at eighths the
/// last gap (six eighths to the end) was twice as wide, and a scan's expected length grows
/// with the sum of the gaps' squares (10/64 of the chunk at eighths, 1/7 at sevenths).
///
/// Sixteen bytes per chunk: the anchor that is `j`-th in byte order keeps its byte offset in
/// bits `10j ..< 10j + 10` of one word and its cluster count in the same bits of another, so
/// both words rise field by field. Ten bits hold any interior offset of a chunk of
/// `ChunkLimits.maxBytes` (a larger chunk is one cluster, with no interior starts). An anchor
/// that is not known holds the one before it, or the chunk's start (byte 0, no clusters): a
/// true cluster start either way, so a scan may start there, and the fields stay in order.
/// Built when a chunk is measured whole; an in-place edit shifts the anchors after it and
/// replaces those inside its re-measured window.
struct GraphemeAnchors: Equatable, BitwiseCopyable {
    static let count = 6
    private static let width = 10
    private static let field: UInt64 = 0x3FF
    /// 1 in each field; every field's bits.
    private static let ones: UInt64 = 0x0040_1004_0100_401, all: UInt64 = ones &* field

    private(set) var bytes: UInt64 = 0
    private(set) var graphemes: UInt64 = 0

    /// Anchor `k` (0 ..< count; 0, 1, 2 at two, four and six sevenths, 3, 4, 5 at one, three
    /// and five sevenths), or nil when it is only the chunk's start.
    @inline(__always)
    func anchor(_ k: Int) -> (byte: Int, graphemes: Int)? { inByteOrder((0x420531 >> (4 * k)) & 0xF) }

    /// The anchor that is `j`-th in byte order (0 ..< count), or nil when it is only the
    /// chunk's start.
    @inline(__always)
    func inByteOrder(_ j: Int) -> (byte: Int, graphemes: Int)? {
        let shift = UInt64(truncatingIfNeeded: j &* Self.width)
        let b = Int(truncatingIfNeeded: (bytes &>> shift) & Self.field)
        return b == 0 ? nil : (b, Int(truncatingIfNeeded: (graphemes &>> shift) & Self.field))
    }

    /// Sets the anchor that is `j`-th in byte order, and the ones after it (until they are
    /// set): callers set them in byte order. An anchor that does not fit in ten bits is left
    /// as the one before it.
    @inline(never)          // six calls a chunk: kept out of the measuring loop it is called from
    mutating func set(_ j: Int, byte: Int, graphemes g: Int) {
        guard byte > 0 && byte <= Int(Self.field) && g >= 0 && g <= byte else { return }
        let shift = UInt64(j * Self.width)
        let from: UInt64 = Self.all & ~((1 << shift) - 1)
        bytes = bytes & ~from | UInt64(byte) &* Self.ones & from
        graphemes = graphemes & ~from | UInt64(g) &* Self.ones & from
    }

    /// The byte where the anchor `j`-th in byte order should sit in a chunk of `length`
    /// bytes: `length * (j + 1) / 7`.
    @inline(__always)
    static func target(_ j: Int, length: Int) -> Int { length * (j + 1) / 7 }

    /// The last anchor with at most `m` clusters before it (the chunk's start if none: byte 0)
    /// and the first with more (nil if none: the chunk's end is next). The fields rise, so
    /// these two are the nearest on either side; counted without a branch. O(1).
    @inline(__always)
    func around(grapheme m: Int) -> (below: (byte: Int, graphemes: Int), above: (byte: Int, graphemes: Int)?) {
        @inline(__always) func field(_ word: UInt64, _ j: Int) -> Int {
            Int(truncatingIfNeeded: (word &>> UInt64(truncatingIfNeeded: j &* Self.width)) & Self.field)
        }
        var j = 0
        for k in 0..<Self.count { j &+= field(graphemes, k) <= m ? 1 : 0 }
        let below = j == 0 ? (byte: 0, graphemes: 0) : (byte: field(bytes, j &- 1), graphemes: field(graphemes, j &- 1))
        return (below, j == Self.count ? nil : (byte: field(bytes, j), graphemes: field(graphemes, j)))
    }

    /// The best place to start a scan for the cluster with index `k`: the last anchor with at
    /// most `k` clusters before it, else the chunk's start.
    @inline(__always)
    func start(forGrapheme k: Int) -> (byte: Int, graphemes: Int) { latest { $0.graphemes <= k } }

    /// The best place to start a scan for the boundary at or before byte `x`.
    @inline(__always)
    func start(forByte x: Int) -> (byte: Int, graphemes: Int) { latest { $0.byte <= x } }

    /// The furthest anchor that `admits`, else the chunk's start.
    @inline(__always)
    private func latest(_ admits: ((byte: Int, graphemes: Int)) -> Bool) -> (byte: Int, graphemes: Int) {
        var best = (byte: 0, graphemes: 0)
        for j in 0..<Self.count {
            guard let a = inByteOrder(j) else { continue }     // the chunk's start
            guard admits(a) else { break }
            best = a
        }
        return best
    }

    /// After an in-place edit that re-measured old bytes `window` (now `window.lowerBound
    /// ..< window.upperBound + byteDelta`): anchors before it stay, anchors after it move,
    /// anchors inside it become the last one before it.
    @inline(__always)
    mutating func edit(window: Range<Int>, byteDelta: Int, graphemeDelta: Int) {
        // The fields rise, so the anchors that stay come first, then those inside the window,
        // then those that move: one add moves them all (no field leaves 1 ... 1023, since the
        // chunk stays within `ChunkLimits.maxBytes`; if one did, every anchor is dropped).
        @inline(__always) func byte(_ j: Int) -> Int {
            Int(truncatingIfNeeded: (bytes &>> UInt64(truncatingIfNeeded: j &* Self.width)) & Self.field)
        }
        var p = 0
        while p < Self.count && byte(p) <= window.lowerBound { p &+= 1 }
        if p == Self.count { return }
        var q = p
        while q < Self.count && byte(q) < window.upperBound { q &+= 1 }
        let below: UInt64 = (1 << UInt64(truncatingIfNeeded: q &* Self.width)) &- 1     // the fields before q
        if q > p {
            // Inside the window: copies of the last anchor before it (or the chunk's start).
            let inside = below & ~((1 << UInt64(truncatingIfNeeded: p &* Self.width)) &- 1)
            let last = UInt64(truncatingIfNeeded: max(p &- 1, 0) &* Self.width)
            let lastB: UInt64 = p == 0 ? 0 : (bytes &>> last) & Self.field
            let lastG: UInt64 = p == 0 ? 0 : (graphemes &>> last) & Self.field
            bytes = bytes & ~inside | lastB &* Self.ones & inside
            graphemes = graphemes & ~inside | lastG &* Self.ones & inside
        }
        if q < Self.count {
            let moving = Self.ones & ~below
            bytes = bytes &+ UInt64(bitPattern: Int64(byteDelta)) &* moving
            graphemes = graphemes &+ UInt64(bitPattern: Int64(graphemeDelta)) &* moving
            if (bytes | graphemes) & ~Self.all != 0 { self = GraphemeAnchors() }
        }
    }
}
