// The hard line terminators, defined once: LF, VT, FF, CR, NEL (U+0085), LINE SEPARATOR
// (U+2028) and PARAGRAPH SEPARATOR (U+2029), with CR LF one terminator (one cluster). They end
// a document's lines (`lineCount`, `TextUnit.line` and `.paragraph`), its bidi paragraphs, the
// columns of the display width and an autocapitalized sentence. `contains` is the definition;
// the byte scanners below are its UTF-8 form for the chunk scans, and `LineTerminatorTests`
// checks each of them against it over every scalar.

/// The set of hard line terminators and its UTF-8 scanners.
enum LineTerminator {
    /// Whether scalar value `c` ends a line (CR too; before LF the pair ends one line, so
    /// counters take CR LF as one). O(1).
    @inline(__always)
    static func contains(_ c: UInt32) -> Bool {
        c < 0x80 ? containsASCII(c) : containsBeyondASCII(c)
    }

    /// `contains` for `c` < 0x80: LF, VT, FF, CR. O(1).
    @inline(__always)
    static func containsASCII(_ c: UInt32) -> Bool { c &- 0x0A < 4 }

    /// `contains` for `c` ≥ 0x80: NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. O(1).
    @inline(__always)
    static func containsBeyondASCII(_ c: UInt32) -> Bool { c == 0x85 || c == 0x2028 || c == 0x2029 }

    /// Whether `scalar` is a hard line terminator. O(1).
    @inline(__always)
    static func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    /// The terminators in code point order (for tables that set each one). O(1).
    static let scalars: [Unicode.Scalar] = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    /// Calls `body` with the end of each line terminator that ends at or before byte `limit` of
    /// `p` (valid UTF-8 that does not end between CR and LF), in order, until it returns false.
    /// Skips eight bytes at a time where none of them can be part of a terminator.
    @inline(__always)
    static func forEachEnd(in p: UnsafeBufferPointer<UInt8>, upTo limit: Int, _ body: (Int) -> Bool) {
        guard let base = p.baseAddress else { return }
        var i = 0
        while i < limit {
            if i + 8 <= limit {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if !mayStart(in: word) { i += 8; continue }
            }
            let b = p[i]
            var length = 1
            var isBreak = false
            switch b {
            case 0x0A, 0x0B, 0x0C: isBreak = true
            case 0x0D:
                if i + 1 < p.count && p[i + 1] == 0x0A { length = 2 }
                isBreak = true
            case 0xC2:
                isBreak = i + 1 < p.count && p[i + 1] == 0x85
                length = isBreak ? 2 : 1
            case 0xE2:
                isBreak = i + 2 < p.count && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)
                length = isBreak ? 3 : 1
            default: break
            }
            if isBreak && i + length > limit { return }
            i += length
            if isBreak && !body(i) { return }
        }
    }

    /// False when no byte of `word` is 0x0A–0x0D, 0xC2 or 0xE2, so it holds no terminator's
    /// first byte.
    @inline(__always)
    static func mayStart(in word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
        let below0E = (word &- ones &* 0x0E) & ~word & high          // some byte < 0x0E
        return below0E != 0 || hasZeroByte(word ^ (ones &* 0xC2)) || hasZeroByte(word ^ (ones &* 0xE2))
    }

    /// The length in bytes of the line terminator that ends at byte `end` of `bytes`, or 0.
    static func length(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard end > 0 else { return 0 }
        let b = bytes[end - 1]
        switch b {
        case 0x0A: return end >= 2 && bytes[end - 2] == 0x0D ? 2 : 1
        case 0x0B, 0x0C, 0x0D: return 1
        case 0x85: return end >= 2 && bytes[end - 2] == 0xC2 ? 2 : 0
        case 0xA8, 0xA9: return end >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 ? 3 : 0
        default: return 0
        }
    }
}
