/// Twelve known cluster starts inside a chunk, at about a thirteenth, two thirteenths, …
/// twelve thirteenths of it, each with the number of clusters before it. A scan for the k-th
/// cluster, or for the boundary at or before a byte, starts at the nearest anchor (or either
/// end of the chunk) instead of the chunk's first byte (a fresh `GraphemeBreaker` is exact at
/// any cluster start), so it reads a small part of a thirteenth of the chunk instead of all of
/// it. With the ends, the anchors cut a chunk into thirteen equal gaps: a random lookup's scan
/// is about a quarter of a gap on average (Benchmarks/experiments/2026-12-05-twelve-anchors.md
/// measures it against six anchors at sevenths).
///
/// Thirty-two bytes per chunk, two words for the byte offsets and two for the cluster counts:
/// the anchor that is `j`-th in byte order lives in word `j / 6` of each pair, in bits
/// `10 (j % 6) ..< 10 (j % 6) + 10`, so the fields rise word by word and field by field. Ten
/// bits hold any interior offset of a chunk of `ChunkLimits.maxBytes` (a larger chunk is one
/// cluster, with no interior starts). An anchor that is not known holds the one before it, or
/// the chunk's start (byte 0, no clusters): a true cluster start either way, so a scan may
/// start there, and the fields stay in order. Built when a chunk is measured whole; an
/// in-place edit shifts the anchors after it and replaces those inside its re-measured window.
struct GraphemeAnchors: Equatable, BitwiseCopyable {
    static let count = 12
    /// Anchors a word holds.
    private static let perWord = 6
    private static let width = 10
    private static let field: UInt64 = 0x3FF
    /// 1 in each field of a word; every field's bits.
    private static let ones: UInt64 = 0x0040_1004_0100_401, all: UInt64 = ones &* field

    /// Byte offsets of anchors 0 ..< 6 and 6 ..< 12 in byte order.
    private var bytesLow: UInt64 = 0, bytesHigh: UInt64 = 0
    /// The clusters before each, in the same fields.
    private var graphemesLow: UInt64 = 0, graphemesHigh: UInt64 = 0

    /// Field `k` (0 ..< 6) of one word.
    @inline(__always)
    private static func fieldValue(_ word: UInt64, _ k: Int) -> Int {
        Int(truncatingIfNeeded: (word &>> UInt64(truncatingIfNeeded: k &* width)) & field)
    }

    /// Field `j` (0 ..< count) of the pair `low`, `high`.
    @inline(__always)
    private static func fieldValue(_ low: UInt64, _ high: UInt64, _ j: Int) -> Int {
        j >= perWord ? fieldValue(high, j &- perWord) : fieldValue(low, j)
    }

    @inline(__always)
    private func byte(_ j: Int) -> Int { Self.fieldValue(bytesLow, bytesHigh, j) }

    @inline(__always)
    private func graphemes(_ j: Int) -> Int { Self.fieldValue(graphemesLow, graphemesHigh, j) }

    /// The anchor that is `j`-th in byte order (0 ..< count), or nil when it is only the
    /// chunk's start.
    @inline(__always)
    func inByteOrder(_ j: Int) -> (byte: Int, graphemes: Int)? {
        let b = byte(j)
        return b == 0 ? nil : (b, graphemes(j))
    }

    /// Sets the anchor that is `j`-th in byte order, and the ones after it (until they are
    /// set): callers set them in byte order. An anchor that does not fit in ten bits is left
    /// as the one before it.
    @inline(never)          // twelve calls a chunk: kept out of the measuring loop it is called from
    mutating func set(_ j: Int, byte: Int, graphemes g: Int) {
        guard j >= 0 && j < Self.count && byte > 0 && byte <= Int(Self.field) && g >= 0 && g <= byte else { return }
        let b = UInt64(byte) &* Self.ones, c = UInt64(g) &* Self.ones
        @inline(__always) func setFrom(_ k: Int, _ bytes: inout UInt64, _ graphemes: inout UInt64) {
            let from: UInt64 = Self.all & ~((1 << UInt64(k * Self.width)) - 1)
            bytes = bytes & ~from | b & from
            graphemes = graphemes & ~from | c & from
        }
        if j < Self.perWord {
            setFrom(j, &bytesLow, &graphemesLow)
            setFrom(0, &bytesHigh, &graphemesHigh)
        } else {
            setFrom(j - Self.perWord, &bytesHigh, &graphemesHigh)
        }
    }

    /// The byte where the anchor `j`-th in byte order should sit in a chunk of `length`
    /// bytes: `length * (j + 1) / 13`.
    @inline(__always)
    static func target(_ j: Int, length: Int) -> Int { length * (j + 1) / (count + 1) }

    /// The last anchor with at most `m` clusters before it (the chunk's start if none: byte 0)
    /// and the first with more (nil if none: the chunk's end is next). The fields rise, so
    /// these two are the nearest on either side; counted without a branch. O(1).
    @inline(__always)
    func around(grapheme m: Int) -> (below: (byte: Int, graphemes: Int), above: (byte: Int, graphemes: Int)?) {
        var j = 0
        for k in 0..<Self.perWord {
            j &+= Self.fieldValue(graphemesLow, k) <= m ? 1 : 0
            j &+= Self.fieldValue(graphemesHigh, k) <= m ? 1 : 0
        }
        let below = j == 0 ? (byte: 0, graphemes: 0) : (byte: byte(j &- 1), graphemes: graphemes(j &- 1))
        return (below, j == Self.count ? nil : (byte: byte(j), graphemes: graphemes(j)))
    }

    /// The best place to start a scan for the boundary at or before byte `x`: the last anchor
    /// at or before it, else the chunk's start.
    @inline(__always)
    func start(forByte x: Int) -> (byte: Int, graphemes: Int) {
        var best = (byte: 0, graphemes: 0)
        // The fields rise: the second word's first anchor says which word holds the answer.
        var j = byte(Self.perWord) <= x ? Self.perWord : 0
        while j < Self.count {
            let b = byte(j)
            if b > x { break }
            if b > 0 { best = (b, graphemes(j)) }          // 0: only the chunk's start
            j &+= 1
        }
        return best
    }

    /// After an in-place edit that re-measured old bytes `window` (now `window.lowerBound
    /// ..< window.upperBound + byteDelta`): anchors before it stay, anchors after it move,
    /// anchors inside it become the last one before it.
    @inline(__always)
    mutating func edit(window: Range<Int>, byteDelta: Int, graphemeDelta: Int) {
        // The fields rise, so the anchors that stay come first, then those inside the window,
        // then those that move: in each word one add moves them all (no field leaves
        // 1 ... 1023, since the chunk stays within `ChunkLimits.maxBytes`; if one did, every
        // anchor is dropped). An edit after the last anchor (typing at a chunk's end) moves
        // none. Most others have no anchor inside their window and lie on one side of the
        // second word's first anchor: the word on the other side moves whole or stays whole,
        // and this word's six fields are compared at once.
        let lower = window.lowerBound
        if byte(Self.count &- 1) <= lower { return }
        let upper = max(window.upperBound, lower &+ 1)
        let middle = byte(Self.perWord)
        let past = UInt64(truncatingIfNeeded: min(lower &+ 1, 1024)) &* Self.lane
        let after = UInt64(truncatingIfNeeded: min(upper, 1024)) &* Self.lane
        let movingLow: UInt64, movingHigh: UInt64
        if middle >= upper {
            movingLow = Self.atLeast(bytesLow, after)
            guard Self.atLeast(bytesLow, past) == movingLow else {
                return editAcross(window: window, byteDelta: byteDelta, graphemeDelta: graphemeDelta)
            }
            movingHigh = Self.ones
        } else if middle <= lower {
            movingHigh = Self.atLeast(bytesHigh, after)
            guard Self.atLeast(bytesHigh, past) == movingHigh else {
                return editAcross(window: window, byteDelta: byteDelta, graphemeDelta: graphemeDelta)
            }
            movingLow = 0
        } else {
            return editAcross(window: window, byteDelta: byteDelta, graphemeDelta: graphemeDelta)
        }
        let byteStep = UInt64(bitPattern: Int64(byteDelta)), graphemeStep = UInt64(bitPattern: Int64(graphemeDelta))
        bytesLow &+= byteStep &* movingLow
        bytesHigh &+= byteStep &* movingHigh
        graphemesLow &+= graphemeStep &* movingLow
        graphemesHigh &+= graphemeStep &* movingHigh
        dropAllIfAnyLeftItsField()
    }

    /// After a move by one add a word: a field that left 0 ... 1023 carried into the next one or
    /// past the last, so no anchor can be trusted and every one becomes the chunk's start.
    @inline(__always)
    private mutating func dropAllIfAnyLeftItsField() {
        if (bytesLow | graphemesLow | bytesHigh | graphemesHigh) & ~Self.all != 0 { self = GraphemeAnchors() }
    }

    /// 1 at the lowest bit of fields 0, 2 and 4 of a word: the lanes of twenty bits in which
    /// `atLeast` compares every other field at once.
    private static let lane: UInt64 = 0x0000_0100_0010_0001
    private static let laneField: UInt64 = lane &* field, laneGuard: UInt64 = lane &<< 10

    /// The lowest bit of each field of `word` that is at least `x` (0 ... 1024, in each lane
    /// of `xLanes`: `x &* lane`). Fields 0, 2, 4 and then 1, 3, 5 in lanes of twenty bits with
    /// a guard bit above each field's ten: a lane's subtraction keeps its guard exactly when
    /// the field is at least `x`, and borrows nothing from the next lane. O(1).
    @inline(__always)
    private static func atLeast(_ word: UInt64, _ xLanes: UInt64) -> UInt64 {
        let even = ((word & laneField | laneGuard) &- xLanes) & laneGuard
        let odd = (((word &>> 10) & laneField | laneGuard) &- xLanes) & laneGuard
        return even &>> 10 | odd
    }

    /// `edit(window:byteDelta:graphemeDelta:)` when anchors lie inside the window: they take
    /// the last anchor before it (or the chunk's start). Exact for any window, so
    /// `GraphemeAnchorTests` checks the fast path against it.
    @inline(never)
    mutating func editAcross(window: Range<Int>, byteDelta: Int, graphemeDelta: Int) {
        var p = 0
        while p < Self.count && byte(p) <= window.lowerBound { p &+= 1 }
        if p == Self.count { return }
        var q = p
        while q < Self.count && byte(q) < window.upperBound { q &+= 1 }
        let lastB: UInt64 = p == 0 ? 0 : UInt64(truncatingIfNeeded: byte(p &- 1))
        let lastG: UInt64 = p == 0 ? 0 : UInt64(truncatingIfNeeded: graphemes(p &- 1))
        let byteStep = UInt64(bitPattern: Int64(byteDelta)), graphemeStep = UInt64(bitPattern: Int64(graphemeDelta))
        @inline(__always) func edit(_ first: Int, _ bytes: inout UInt64, _ graphemes: inout UInt64) {
            // This word's fields are first ..< first + 6: p and q in its own terms.
            let pw = UInt64(truncatingIfNeeded: min(max(p &- first, 0), Self.perWord) &* Self.width)
            let qw = UInt64(truncatingIfNeeded: min(max(q &- first, 0), Self.perWord) &* Self.width)
            let below: UInt64 = (1 &<< qw) &- 1                          // the fields before q
            let inside = below & ~((1 &<< pw) &- 1)
            let moving = Self.ones & ~below
            bytes = (bytes & ~inside | lastB &* Self.ones & inside) &+ byteStep &* moving
            graphemes = (graphemes & ~inside | lastG &* Self.ones & inside) &+ graphemeStep &* moving
        }
        edit(0, &bytesLow, &graphemesLow)
        edit(Self.perWord, &bytesHigh, &graphemesHigh)
        dropAllIfAnyLeftItsField()
    }
}
