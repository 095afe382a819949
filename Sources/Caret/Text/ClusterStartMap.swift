// The cluster starts of one chunk as a bitmap, for lookups that come back to the same chunk
// (`ClusterStartCache`). See docs/ARCHITECTURE.md ("The cluster-start cache").

/// The cluster starts of a chunk of at most `maxBytes` bytes: bit `i` of the bitmap is set
/// when a cluster starts at byte `i`, and for every 64-bit word the number of starts before it,
/// so that the start of the n-th cluster is one comparison of four words and a select inside
/// one word, and the number of clusters before a byte is one population count.
struct ClusterStartMap {
    static let wordCount = 16
    /// The longest chunk a map describes.
    static var maxBytes: Int { wordCount * 64 }

    /// Bit `i & 63` of word `i >> 6`: a cluster starts at byte `i`.
    var words = InlineArray<16, UInt64>(repeating: 0)
    /// Lane `w & 3` (16 bits) of word `w >> 2`: the cluster starts in the words before word `w`.
    var before = InlineArray<4, UInt64>(repeating: 0)

    /// The map of `p`, valid UTF-8 of one whole chunk (1...`maxBytes` bytes), from the cluster
    /// scan (`forEachClusterStart`): exactly the breaker's boundaries. O(p.count).
    init(_ p: UnsafeBufferPointer<UInt8>) {
        precondition(p.count > 0 && p.count <= Self.maxBytes, "chunk too long for a cluster-start map")
        var words = InlineArray<16, UInt64>(repeating: 0)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.wordCount + 1) { buffer in
            let bits = buffer.baseAddress!                  // one spare word: a run never writes past it
            bits.initialize(repeating: 0, count: Self.wordCount + 1)
            bits[0] = 1
            forEachClusterStart(in: p, after: 0) { i, k in
                // k <= 8 starts at bytes i ..< i + k, perhaps across two words.
                let run = (UInt64(1) &<< UInt64(k)) &- 1
                let w = i &>> 6, s = UInt64(i & 63)
                bits[w] |= run &<< s
                bits[w &+ 1] |= s == 0 ? 0 : run &>> (64 &- s)
                return true
            }
            for w in 0..<Self.wordCount { words[w] = bits[w] }
        }
        var before = InlineArray<4, UInt64>(repeating: 0)
        var total = 0
        for w in 0..<Self.wordCount {
            before[w &>> 2] |= UInt64(total) << UInt64(16 * (w & 3))
            total &+= words[w].nonzeroBitCount
        }
        self.words = words
        self.before = before
    }

    /// The byte where cluster `n` starts (0 <= n < the chunk's cluster count). O(1).
    @inline(__always)
    func utf8Offset(ofCluster n: Int) -> Int {
        Self.utf8Offset(ofCluster: n, before: { before[$0] }, word: { words[$0] })
    }

    /// The number of clusters that start at or before byte `x` (0 ..< the chunk's length). O(1).
    @inline(__always)
    func startsThrough(_ x: Int) -> Int {
        Self.startsThrough(x, before: { before[$0] }, word: { words[$0] })
    }

    /// `utf8Offset(ofCluster:)` over words read by `before` and `word` (which may read atomics
    /// that a writer changes meanwhile: any input gives an answer in 0..<maxBytes, never a trap,
    /// and the caller discards it).
    @inline(__always)
    static func utf8Offset(ofCluster n: Int, before: (Int) -> UInt64, word: (Int) -> UInt64) -> Int {
        // The last word with at most n starts before it holds start n: count the lanes <= n.
        // A lane is at most 1024 and n + 1 at most 1025, so `(lane | 0x8000) - (n + 1)` does
        // not borrow from the next lane, and keeps its top bit exactly when lane > n.
        let top: UInt64 = 0x8000_8000_8000_8000, lanes: UInt64 = 0x0001_0001_0001_0001
        let probe = lanes &* UInt64(truncatingIfNeeded: (n &+ 1) & 0x7FFF)
        var greater: UInt64 = 0                           // per lane: how many of the four words' lanes > n
        for q in 0..<4 { greater &+= (((before(q) | top) &- probe) & top) &>> 15 }
        let above = Int(truncatingIfNeeded: (greater &* lanes) &>> 48)
        let w = (Self.wordCount &- 1 &- above) & (Self.wordCount &- 1)
        let rank = n &- Int(truncatingIfNeeded: (before(w &>> 2) &>> UInt64(16 * (w & 3))) & 0xFFFF)
        return w &* 64 &+ select(rank, in: word(w))
    }

    @inline(__always)
    static func startsThrough(_ x: Int, before: (Int) -> UInt64, word: (Int) -> UInt64) -> Int {
        let w = (x &>> 6) & (wordCount &- 1)
        let upTo = (UInt64(2) << UInt64(x & 63)) &- 1          // bits 0 ... x & 63
        let lane = Int(truncatingIfNeeded: (before(w &>> 2) &>> UInt64(16 * (w & 3))) & 0xFFFF)
        return lane &+ (word(w) & upTo).nonzeroBitCount
    }

    /// The position of set bit `j` (0-based, from the lowest) of `word`; 64 or less when there
    /// is no such bit. Finds the byte by prefix sums of byte counts, then steps inside it.
    @inline(__always)
    static func select(_ j: Int, in word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        var c = word &- ((word &>> 1) & 0x5555_5555_5555_5555)
        c = (c & 0x3333_3333_3333_3333) &+ ((c &>> 2) & 0x3333_3333_3333_3333)
        c = (c &+ (c &>> 4)) & 0x0F0F_0F0F_0F0F_0F0F     // set bits in each byte
        let sums = c &* ones                              // byte k: set bits in bytes 0...k
        // Byte lanes hold at most 64 and j + 1 at most 64 (else no byte qualifies): no borrow.
        let probe = ones &* UInt64(truncatingIfNeeded: (j &+ 1) & 0x7F)
        let past = ((sums | high) &- probe) & high        // lanes with more than j bits so far
        let byte = past.trailingZeroBitCount &>> 3        // 8 when there is none
        guard byte < 8 else { return 64 }
        let skipped = byte == 0 ? 0 : Int(truncatingIfNeeded: (sums &>> UInt64(8 &* byte &- 8)) & 0xFF)
        var bits = (word &>> UInt64(8 &* byte)) & 0xFF
        for _ in 0..<((j &- skipped) & 7) { bits &= bits &- 1 }
        return 8 &* byte &+ bits.trailingZeroBitCount
    }
}
