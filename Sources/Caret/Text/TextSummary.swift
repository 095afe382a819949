/// What the rope keeps for each chunk and node: the length of the text in every unit.
struct TextSummary: RopeSummary, CustomStringConvertible {
    /// Bytes of UTF-8.
    var utf8: Int
    /// UTF-16 code units.
    var utf16: Int
    /// Unicode scalars (code points).
    var scalars: Int
    /// Extended grapheme clusters that start in this text.
    var graphemes: Int
    /// Hard line terminators (`LineTerminator`) that end in this text (CRLF counts once).
    var lines: Int

    static let zero = TextSummary(utf8: 0, utf16: 0, scalars: 0, graphemes: 0, lines: 0)

    // Wrapping arithmetic: every count is bounded by a text's length in bytes, far from
    // `Int.max`, so the overflow checks could never fire; without them a descent's prefix sums
    // and an edit's summary updates compile to plain adds (the invariant checks of the
    // TinyShapes build compare every summary with a fresh measurement).
    @inline(__always)
    static func + (a: TextSummary, b: TextSummary) -> TextSummary {
        TextSummary(utf8: a.utf8 &+ b.utf8, utf16: a.utf16 &+ b.utf16, scalars: a.scalars &+ b.scalars,
                    graphemes: a.graphemes &+ b.graphemes, lines: a.lines &+ b.lines)
    }

    @inline(__always)
    static func - (a: TextSummary, b: TextSummary) -> TextSummary {
        TextSummary(utf8: a.utf8 &- b.utf8, utf16: a.utf16 &- b.utf16, scalars: a.scalars &- b.scalars,
                    graphemes: a.graphemes &- b.graphemes, lines: a.lines &- b.lines)
    }

    var description: String {
        "utf8 \(utf8), utf16 \(utf16), scalars \(scalars), graphemes \(graphemes), lines \(lines)"
    }

    /// The component for `unit`.
    @inline(__always)
    subscript(unit: TextUnit) -> Int {
        switch unit {
        case .grapheme: return graphemes
        case .unicodeScalar: return scalars
        case .utf16: return utf16
        case .utf8: return utf8
        }
    }
}


extension TextSummary {
    /// Measures `bytes` (valid UTF-8 that starts at a grapheme boundary and does not end
    /// between CR and LF). O(n), one pass.
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSummary {
        var none: GraphemeAnchors? = nil
        return measure(bytes, anchors: &none)
    }

    /// `measure(_:)`, also placing grapheme anchors at the first cluster starts at or after a
    /// thirteenth, two thirteenths, … and twelve thirteenths of the bytes.
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>, anchors: inout GraphemeAnchors) -> TextSummary {
        var some: GraphemeAnchors? = GraphemeAnchors()
        let summary = measure(bytes, anchors: &some)
        anchors = some!
        return summary
    }

    @inline(__always)
    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>, anchors: inout GraphemeAnchors?) -> TextSummary {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return .zero }
        let recording = anchors != nil
        var nextAnchor = 0
        var nextTarget = recording ? GraphemeAnchors.target(0, length: n) : Int.max
        // Records anchors for every target at or before `i`, a cluster start with `before`
        // clusters ahead of it.
        @inline(__always) func reach(_ i: Int, _ before: Int) {
            while i >= nextTarget {
                if nextTarget > 0 { anchors!.set(nextAnchor, byte: i, graphemes: before) }
                nextAnchor += 1
                nextTarget = nextAnchor < GraphemeAnchors.count ? GraphemeAnchors.target(nextAnchor, length: n) : Int.max
            }
        }
        let table = GraphemeClassTable.shared
        var breaker = GraphemeBreaker()
        var scalars = 0, utf16 = 0, graphemes = 0, lines = 0
        var i = 0
        while i < n {
            let b = bytes[i]
            // The printable ASCII bytes at the start of the next eight, at once (a word of
            // mixed text is often shorter than eight): a scalar and a cluster at each but perhaps
            // the first (which a preceding Prepend would keep). Tried only at an ASCII byte, so
            // that a run of other scripts does not pay for the word at each of its scalars.
            if b < 0x80 && i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                let k = leadingPrintableASCII(word)
                if k > 0 {
                    let first = breaker.isBoundaryBeforePrintableASCII()
                    if i + k > nextTarget {
                        // Every byte from the first cluster start on starts a cluster.
                        let firstStart = first ? i : i + 1
                        let at = max(nextTarget, firstStart)
                        if at < i + k { reach(at, graphemes + (at - firstStart)) }
                    }
                    if first { graphemes += 1 }
                    graphemes += k - 1
                    scalars += k
                    i += k
                    continue
                }
            }
            if b < 0x80 {
                scalars += 1
                if b >= 0x20 && b != 0x7F {
                    if breaker.isBoundaryBeforePrintableASCII() {
                        if i >= nextTarget { reach(i, graphemes) }
                        graphemes += 1
                    }
                    i += 1
                    continue
                }
                let cls: GraphemeProperty
                switch b {                  // the ASCII half of `LineTerminator`, CR LF counted once
                case 0x0A: cls = .lf; lines += 1
                case 0x0D: cls = .cr; if i + 1 >= n || bytes[i + 1] != 0x0A { lines += 1 }
                default: cls = .control; if LineTerminator.containsASCII(UInt32(b)) { lines += 1 }
                }
                if breaker.isBoundary(before: cls) {
                    if i >= nextTarget { reach(i, graphemes) }
                    graphemes += 1
                }
                i += 1
                continue
            }
            // U+4000–U+9FFF (leads E4–E9: CJK ideographs, most of Chinese and Japanese text)
            // and U+0400–U+047F (leads D0–D1: the Cyrillic letters): every scalar there is
            // plain, class Other with no conjunct role and no line terminator
            // (`MeasureFastPathTests` checks it against ICU's data), so it starts a cluster
            // exactly when printable ASCII would, with no decoding or lookup. Two branches with
            // constant lengths, not one with a computed length or a shared inline function: in
            // those forms the counters leave registers and the whole loop slows
            // (Benchmarks/experiments/2026-12-04-load-vector-steps.md, "Tried and not kept").
            if b &- 0xE4 < 6 {
                scalars += 1
                if breaker.isBoundaryBeforePrintableASCII() {
                    if i >= nextTarget { reach(i, graphemes) }
                    graphemes += 1
                }
                i += 3
                continue
            }
            if b &- 0xD0 < 2 {
                scalars += 1
                if breaker.isBoundaryBeforePrintableASCII() {
                    if i >= nextTarget { reach(i, graphemes) }
                    graphemes += 1
                }
                i += 2
                continue
            }
            let (c, length) = UTF8Scalars.decode(bytes, at: i)
            scalars += 1
            if length == 4 { utf16 += 1 }
            if LineTerminator.containsBeyondASCII(c) { lines += 1 }
            if breaker.isBoundary(before: table(c)) {
                if i >= nextTarget { reach(i, graphemes) }
                graphemes += 1
            }
            i += length
        }
        return TextSummary(utf8: n, utf16: scalars + utf16, scalars: scalars, graphemes: graphemes, lines: lines)
    }
}

/// How many of the bytes of `word` (read little-endian: its first byte in the low bits) are
/// printable ASCII (0x20–0x7E) before the first that is not, 0–8. The per-byte tests borrow
/// only upwards, so they are exact up to the first byte that fails them.
@inline(__always)
func leadingPrintableASCII(_ word: UInt64) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    let belowSpace = (word &- ones &* 0x20) & ~word & high
    let x = word ^ (ones &* 0x7F)
    let isDelete = (x &- ones) & ~x & high
    return ((word & high) | belowSpace | isDelete).trailingZeroBitCount >> 3
}

/// The class of the scalar at `i` of valid UTF-8 `bytes`.
@inline(__always)
func graphemeClass(of bytes: UnsafeBufferPointer<UInt8>, at i: Int, table: GraphemeClassTable) -> (GraphemeProperty, Int) {
    let b = bytes[i]
    if b < 0x80 {
        if b >= 0x20 && b != 0x7F { return (.other, 1) }
        return (b == 0x0D ? .cr : b == 0x0A ? .lf : .control, 1)
    }
    let (c, length) = UTF8Scalars.decode(bytes, at: i)
    return (table(c), length)
}

/// Calls `body(offset)` for each grapheme cluster start in `bytes` (which must start at a
/// cluster boundary), in order, until it returns false. O(n).
@inline(__always)
func forEachGraphemeStart(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
    let table = GraphemeClassTable.shared
    var breaker = GraphemeBreaker()
    let n = bytes.count
    var i = 0
    while i < n {
        let (boundary, length) = breaker.step(bytes, at: i, table: table)
        if boundary && !body(i) { return }
        i += length
    }
}
