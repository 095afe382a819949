/// What the grapheme rules say about the boundary between two scalars when only their
/// properties are known.
enum GraphemePairVerdict: UInt8 {
    /// A cluster starts between them whatever precedes them.
    case breaks = 0
    /// No cluster starts between them whatever precedes them.
    case joins = 1
    /// The answer depends on earlier scalars: an emoji ZWJ sequence (GB11), the parity of a
    /// run of regional indicators (GB12/13), or an Indic conjunct (the aksara rule).
    case depends = 2
}

/// The verdict for every pair of `GraphemeProperty` values (seven bits each), so that a scan
/// decides most boundaries with one load and runs a `GraphemeBreaker` only over the cluster
/// before a `depends` pair; and which blocks of 64 two- and three-byte scalars (one lead byte,
/// or a lead byte and the next) hold only property 0 (class Other, no conjunct role), so that a
/// scan can classify most letters of most scripts from their first two bytes without decoding
/// them. 16 KiB and 132 bytes, built once from the breaker and the class table; immutable
/// after, so shared by every thread.
final class GraphemePairTable: @unchecked Sendable {
    static let shared = GraphemePairTable()

    private let verdicts: UnsafeMutablePointer<UInt8>
    /// Bit `b & 0x1F` set: every scalar with two-byte lead `b` has property 0.
    let plainTwoByteLeads: UInt32
    /// Bit `(b0 & 0x0F) << 6 | (b1 & 0x3F)` set: every scalar of three bytes that starts
    /// `b0 b1` has property 0.
    private let plainThreeByteBlocks: UnsafeMutablePointer<UInt64>

    private init() {
        let classes = GraphemeClassTable.shared
        @inline(__always) func isPlain(_ first: UInt32) -> Bool {
            (first..<(first + 64)).allSatisfy { classes($0).raw == 0 }
        }
        var two: UInt32 = 0
        for lead in 0xC2...0xDF where isPlain(UInt32(lead & 0x1F) << 6) { two |= 1 << (lead & 0x1F) }
        plainTwoByteLeads = two
        plainThreeByteBlocks = .allocate(capacity: 16)
        plainThreeByteBlocks.initialize(repeating: 0, count: 16)
        for block in 0..<1024 where block >= 0x20 && isPlain(UInt32(block) << 6) {     // from U+0800
            plainThreeByteBlocks[block >> 6] |= 1 << UInt64(block & 63)
        }
        verdicts = .allocate(capacity: 128 * 128)
        // Class values past the last class never occur in a property; they get `depends`.
        let valid = { (raw: Int) in raw & 0x0F <= Int(GraphemeClass.extendedPictographic.rawValue) }
        for p in 0..<128 {
            for c in 0..<128 {
                let previous = GraphemeProperty(raw: UInt8(p)), next = GraphemeProperty(raw: UInt8(c))
                verdicts[p << 7 | c] = valid(p) && valid(c) ? Self.verdict(previous, next).rawValue
                                                             : GraphemePairVerdict.depends.rawValue
            }
        }
    }

    /// True when the three-byte scalar that starts with bytes `b0 b1` has property 0. O(1).
    @inline(__always)
    func isPlainThreeByte(_ b0: UInt8, _ b1: UInt8) -> Bool {
        let block = Int(b0 & 0x0F) << 6 | Int(b1 & 0x3F)
        return plainThreeByteBlocks[block >> 6] & (1 << UInt64(block & 63)) != 0
    }

    /// The verdict for a boundary between a scalar of property `previous` and one of `next`. O(1).
    @inline(__always)
    func callAsFunction(_ previous: GraphemeProperty, _ next: GraphemeProperty) -> GraphemePairVerdict {
        unsafeBitCast(verdicts[Int(previous.raw & 0x7F) << 7 | Int(next.raw & 0x7F)], to: GraphemePairVerdict.self)
    }

    /// The breaker's state after `previous` is all a rule can look at, except for the three
    /// context rules; those pairs depend on what came before. Everything else is decided by a
    /// breaker that has seen `previous` alone.
    static func verdict(_ previous: GraphemeProperty, _ next: GraphemeProperty) -> GraphemePairVerdict {
        let p = previous.cls, c = next.cls
        if p == .zwj && c == .extendedPictographic { return .depends }                       // GB11
        if p == .regionalIndicator && c == .regionalIndicator { return .depends }            // GB12, GB13
        if next.isLinkingConsonant && (previous.isExtendCombiningOrZWJ || previous.isVirama) {
            return .depends                                                                  // aksara
        }
        var breaker = GraphemeBreaker()
        _ = breaker.isBoundary(before: previous)
        return breaker.wouldBreak(before: next) ? .breaks : .joins
    }
}
