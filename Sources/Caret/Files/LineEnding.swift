// Line endings as a file has them: the three styles a save can normalise to, and the counts of
// every kind in a text (what `TextFileFormat` reports and `caret info` prints).

/// A line-ending style that text can be normalised to: LF ("\n", Unix), CRLF ("\r\n", Windows,
/// what LSP also accepts) or CR ("\r", classic Mac OS).
public enum LineEnding: String, Sendable, Hashable, Codable, CaseIterable {
    /// U+000A LINE FEED.
    case lf
    /// U+000D CARRIAGE RETURN followed by U+000A LINE FEED (one ending).
    case crlf
    /// U+000D CARRIAGE RETURN alone.
    case cr

    /// The ending's UTF-8 (and ASCII) bytes: 1 or 2 of them. O(1).
    public var utf8: [UInt8] {
        switch self {
        case .lf: return [0x0A]
        case .crlf: return [0x0D, 0x0A]
        case .cr: return [0x0D]
        }
    }
}

/// How many lines of a text end in each way. `other` counts the terminators a
/// `TextDocument` also breaks lines at but that no save rewrites: VT, FF, NEL (U+0085),
/// LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029).
public struct LineEndingCounts: Sendable, Hashable, Codable {
    /// Lines ending in LF alone.
    public var lf: Int
    /// Lines ending in CR LF.
    public var crlf: Int
    /// Lines ending in CR alone.
    public var cr: Int
    /// Lines ending in VT, FF, NEL, U+2028 or U+2029.
    public var other: Int

    /// Counts as given (all zero by default: a text with a single line).
    /// - Complexity: O(1).
    public init(lf: Int = 0, crlf: Int = 0, cr: Int = 0, other: Int = 0) {
        self.lf = lf
        self.crlf = crlf
        self.cr = cr
        self.other = other
    }

    /// The most frequent of LF, CRLF and CR, ties going to LF, then CRLF; nil when the text has
    /// none of them (one line, or only `other` endings). A new line typed in the text should
    /// get this ending. O(1).
    public var dominant: LineEnding? {
        if lf == 0 && crlf == 0 && cr == 0 { return nil }
        if lf >= crlf && lf >= cr { return .lf }
        return crlf >= cr ? .crlf : .cr
    }

    /// Whether more than one of LF, CRLF and CR occur. O(1).
    public var isMixed: Bool { (lf > 0 ? 1 : 0) + (crlf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0) > 1 }

}

/// Counts line endings over a stream of UTF-8 pieces: a CR at the end of a piece waits for the
/// next, and the multi-byte terminators (NEL C2 85, LS E2 80 A8, PS E2 80 A9) are recognised at
/// their last byte from the bytes before it, which may lie in the previous piece.
struct LineEndingCounter {
    /// The endings counted so far (a held CR not yet included).
    private(set) var counts = LineEndingCounts()
    private var pendingCR = false
    private var previous: UInt8 = 0
    private var beforePrevious: UInt8 = 0

    /// Counts the endings of the next piece. O(piece).
    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes {
            if pendingCR {
                pendingCR = false
                if b == 0x0A {
                    counts.crlf += 1
                    beforePrevious = previous
                    previous = b
                    continue
                }
                counts.cr += 1
            }
            switch b {
            case 0x0A: counts.lf += 1
            case 0x0D: pendingCR = true
            case 0x0B, 0x0C: counts.other += 1
            // In UTF-8 a continuation byte after C2, or after E2 80, can only be these scalars.
            case 0x85 where previous == 0xC2: counts.other += 1
            case 0xA8...0xA9 where previous == 0x80 && beforePrevious == 0xE2: counts.other += 1
            default: break
            }
            beforePrevious = previous
            previous = b
        }
    }

    /// The counts once the stream has ended (a held CR counted). O(1).
    func finished() -> LineEndingCounts {
        var result = counts
        if pendingCR { result.cr += 1 }
        return result
    }
}

extension TextDocument {
    /// The line endings of this text, counted by kind.
    /// - Complexity: O(n) in bytes: one pass over the chunks.
    public var lineEndingCounts: LineEndingCounts {
        var counter = LineEndingCounter()
        for chunk in utf8Chunks { chunk.withUnsafeBufferPointer { counter.count($0) } }
        return counter.finished()
    }
}
