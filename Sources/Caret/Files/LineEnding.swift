// Line endings as a file has them: the three styles a save can normalise to, and the counts of
// every kind in a text (what `TextFileFormat` reports and `caret info` prints).

internal import CaretSIMD

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

/// Counts LF, CR LF and CR over a stream of UTF-8 pieces (a CR at the end of a piece waits for
/// the next). The other terminators are not looked for: the document counts every terminator
/// already (its line count), so they are the difference. Eight bytes at a time are skipped
/// while none is below 0x0E, which is nearly all of a text.
struct LineEndingCounter {
    private var lf = 0
    private var crlf = 0
    private var cr = 0
    private var pendingCR = false

    /// Counts the endings of the next piece: its LF and CR bytes and CR LF pairs counted by
    /// CaretSIMD (sixteen bytes a step), then the CR LF that a CR ending the last piece makes
    /// with this one's first byte. O(piece).
    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var counts: (Int, Int, Int) = (0, 0, 0)
        withUnsafeMutableBytes(of: &counts) {
            caret_simd_count_line_endings(base, bytes.count, $0.baseAddress!.assumingMemoryBound(to: Int.self))
        }
        var (lfs, crs) = (counts.0, counts.1)
        let pairs = counts.2
        if pendingCR {
            pendingCR = false
            if base[0] == 0x0A {
                crlf += 1
                lfs -= 1
            } else {
                cr += 1
            }
        }
        // A CR at the end waits for the next piece's first byte.
        if base[bytes.count - 1] == 0x0D {
            pendingCR = true
            crs -= 1
        }
        lf += lfs - pairs
        crlf += pairs
        cr += crs - pairs
    }

    /// The counts once the stream has ended (a held CR counted), given the text's number of
    /// line terminators of every kind (`TextDocument.lineCount - 1`). O(1).
    func finished(terminators: Int) -> LineEndingCounts {
        let crs = cr + (pendingCR ? 1 : 0)
        return LineEndingCounts(lf: lf, crlf: crlf, cr: crs, other: max(0, terminators - lf - crlf - crs))
    }
}

extension TextDocument {
    /// The line endings of this text, counted by kind.
    /// - Complexity: O(n) in bytes: one pass over the chunks, sixteen bytes a step on x86-64.
    public var lineEndingCounts: LineEndingCounts {
        var counter = LineEndingCounter()
        for chunk in utf8Chunks { chunk.withUnsafeBufferPointer { counter.count($0) } }
        return counter.finished(terminators: rope.summary.lines)
    }
}
