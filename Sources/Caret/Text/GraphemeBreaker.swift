/// The extended grapheme cluster rules exactly as ICU 72's root character break iterator
/// applies them: UAX #29 GB3–GB13 (Unicode 15.0) plus CLDR 42's Indic conjunct rule
/// (`LinkingConsonant ExtCccZwj* Virama ExtCccZwj* × LinkingConsonant`), as a small state
/// machine over scalar properties.
///
/// The state after a scalar is all the left context any later rule can look at: the previous
/// class, whether the text ends in `ExtPict Extend*` (GB11), whether it ends in such a sequence
/// plus ZWJ, the parity of the run of regional indicators (GB12/13), and how far an Indic
/// conjunct has got (consonant seen, virama seen). Boundaries after any
/// boundary depend only on the text after it, so a fresh breaker started at a boundary agrees
/// with one that ran from the start of the text; chunk boundaries rely on this (see
/// docs/ARCHITECTURE.md). The tests hold it to ICU's character break iterator.
struct GraphemeBreaker {
    private var previous: GraphemeClass = .control   // start of text: GB1 (a break before anything)
    private var endsInPictographic = false
    private var endsInPictographicZWJ = false
    private var oddRegionalIndicators = false
    /// 0: no conjunct in progress; 1: a linking consonant (then ExtCccZwj*); 2: and a virama.
    private var conjunct: UInt8 = 0

    init() {}

    /// Feeds the next scalar's property; returns true when a cluster starts at it.
    @inline(__always)
    mutating func isBoundary(before property: GraphemeProperty) -> Bool {
        // Most scalars of most scripts: class Other with no conjunct role. Only GB9b can keep
        // them from starting a cluster, exactly as for printable ASCII. This half is small
        // enough to be inlined into every scan; the rules are a call.
        if property.raw == 0 { return isBoundaryBeforePrintableASCII() }
        return isBoundary(beforeSpecial: property)
    }

    /// `isBoundary(before:)` for a scalar of any class but Other, or with a conjunct role.
    @inline(never)
    private mutating func isBoundary(beforeSpecial property: GraphemeProperty) -> Bool {
        let c = property.cls
        let p = previous
        let boundary: Bool
        if p == .cr && c == .lf {
            boundary = false                                                   // GB3
        } else if p.bit & GraphemeClassSet.controls != 0 || c.bit & GraphemeClassSet.controls != 0 {
            boundary = true                                                    // GB4, GB5
        } else if p == .l && c.bit & GraphemeClassSet.hangulAfterL != 0 {
            boundary = false                                                   // GB6
        } else if p.bit & GraphemeClassSet.lvOrV != 0 && c.bit & GraphemeClassSet.vOrT != 0 {
            boundary = false                                                   // GB7
        } else if p.bit & GraphemeClassSet.lvtOrT != 0 && c == .t {
            boundary = false                                                   // GB8
        } else if c.bit & GraphemeClassSet.joiners != 0 {
            boundary = false                                                   // GB9, GB9a
        } else if p == .prepend {
            boundary = false                                                   // GB9b
        } else if conjunct == 2 && property.isLinkingConsonant {
            boundary = false                                                   // CLDR aksara (GB9c)
        } else if p == .zwj && c == .extendedPictographic && endsInPictographicZWJ {
            boundary = false                                                   // GB11
        } else if p == .regionalIndicator && c == .regionalIndicator && oddRegionalIndicators {
            boundary = false                                                   // GB12, GB13
        } else {
            boundary = true                                                    // GB999
        }
        endsInPictographicZWJ = c == .zwj && endsInPictographic
        endsInPictographic = c == .extendedPictographic || (c == .extend && endsInPictographic)
        oddRegionalIndicators = c == .regionalIndicator ? !oddRegionalIndicators : false
        if property.isLinkingConsonant {
            conjunct = 1
        } else if conjunct != 0 && property.isVirama {
            conjunct = 2
        } else if conjunct == 0 || !property.isExtendCombiningOrZWJ {
            conjunct = 0
        }
        previous = c
        return boundary
    }

    /// A printable ASCII scalar: a boundary unless it follows a Prepend (GB9b). Same result
    /// and state as `isBoundary(before: .other)`, cheaper.
    @inline(__always)
    mutating func isBoundaryBeforePrintableASCII() -> Bool {
        let boundary = previous != .prepend
        endsInPictographicZWJ = false
        endsInPictographic = false
        oddRegionalIndicators = false
        conjunct = 0
        previous = .other
        return boundary
    }
}

extension GraphemeBreaker {
    /// Feeds the scalar at `i` of valid UTF-8 `bytes`: whether a cluster starts there, and the
    /// scalar's length in bytes. Printable ASCII takes the cheap path. O(1).
    @inline(__always)
    mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, table: GraphemeClassTable) -> (isBoundary: Bool, length: Int) {
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F { return (isBoundaryBeforePrintableASCII(), 1) }
        let (cls, length) = graphemeClass(of: bytes, at: i, table: table)
        return (isBoundary(before: cls), length)
    }

    /// Feeds every scalar of `bytes` (valid UTF-8). O(n).
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        let table = GraphemeClassTable.shared
        var i = 0
        while i < bytes.count {
            i += step(bytes, at: i, table: table).length
        }
    }

    /// Whether a cluster would start at a scalar of class `c` after what was fed, without
    /// feeding it.
    func wouldBreak(before c: GraphemeProperty) -> Bool {
        var probe = self
        return probe.isBoundary(before: c)
    }
}

extension GraphemeBreaker {
    /// True when a cluster starts between scalars of properties `previous` and `next` whatever
    /// comes before them: the rules decide on the pair alone and say "break". False for the
    /// pairs whose answer depends on earlier text (emoji ZWJ sequences, regional indicator
    /// parity, Indic conjuncts) and for pairs that never break.
    static func breaksRegardlessOfContext(_ previous: GraphemeProperty, _ next: GraphemeProperty) -> Bool {
        let p = previous.cls, c = next.cls
        if p == .zwj && c == .extendedPictographic { return false }
        if p == .regionalIndicator && c == .regionalIndicator { return false }
        if next.isLinkingConsonant && previous.isExtendCombiningOrZWJ { return false }
        var breaker = GraphemeBreaker()
        _ = breaker.isBoundary(before: previous)
        return breaker.wouldBreak(before: next)
    }
}
