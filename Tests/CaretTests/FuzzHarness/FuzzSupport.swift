// Shared by the fuzzers (Tests/Fuzz, module CaretFuzzHarness, through a directory symlink) and by
// FuzzRegressionTests (module CaretTests). Uses only Caret's public API and its SPIs, so it
// compiles in a release build without testability.
@_spi(Reference) import Caret

/// The storage of the Caret build under test, for the failure messages. The storage shape is
/// chosen when Caret is compiled, not per document: the fuzzers build it with the `TinyShapes`
/// trait (Tests/Fuzz/Package.swift: chunks of at most 4 bytes and nodes of four, so that a few
/// dozen bytes build a deep tree, and the invariants checked after every edit); `swift test`
/// replays the kept inputs in whichever build it runs (standard, or `--traits TinyShapes`).
#if TinyShapes
let fuzzStorage = "tiny chunks"
#else
let fuzzStorage = "standard chunks"
#endif

/// A failed check: what differed, at which step. The fuzzers trap with it (so libFuzzer keeps
/// the input); the regression tests report it with XCTFail.
public struct FuzzFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Throws a `FuzzFailure` with `message` unless `condition` holds.
@inline(__always)
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message: message()) }
}

/// Reads a fuzzer's input as a stream of small numbers; past the end every read gives 0.
struct FuzzBytes {
    let data: [UInt8]
    private(set) var index = 0

    init(_ data: [UInt8]) { self.data = data }

    var isAtEnd: Bool { index >= data.count }

    mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }

    /// A number in `range`: one byte for ranges of up to 256 values, two otherwise.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = range.upperBound - range.lowerBound + 1
        let raw = width <= 256 ? Int(byte()) : Int(byte()) | Int(byte()) << 8
        return range.lowerBound + raw % width
    }
}

/// Text that hurts a chunked Unicode buffer: marks, joiners, flags, Hangul, conjuncts, every kind
/// of line terminator, prepends, astral scalars. A superset of DifferentialPropertyTests' alphabet.
let troubleAlphabet: [String] = [
    "a", "b", " ", ".", "Z", "\t", "\u{0}", "\u{7F}",
    "\u{301}", "\u{308}", "\u{20DD}", "\u{FE0F}", "e\u{301}",        // combining marks, VS16
    "\u{1100}", "\u{1161}", "\u{11A8}", "가", "각",                   // Hangul jamo and syllables
    "👨", "\u{200D}", "👩", "👧", "👍", "🏽", "❤", "👨‍👩‍👧",             // ZWJ sequences, skin tone
    "🇯", "🇵", "🇫🇷", "🇺🇸",                                           // regional indicators
    "\r", "\n", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{1F}",
    "क", "्", "ष", "ि", "\u{903}", "\u{93C}", "\u{941}",              // Devanagari: virama, nukta, marks
    "ક", "\u{ACD}", "త", "\u{C4D}", "ব", "\u{9CD}", "\u{200C}",       // Gujarati, Telugu, Bengali, ZWNJ
    "ก", "ำ", "่",                                                      // Thai
    "ع", "ر", "َ", "ب", "\u{600}",                                     // Arabic, prepend
    "ש", "ָ", "ל",                                                      // Hebrew with points
    "\u{110BD}", "𝒜", "\u{E0067}", "\u{E007F}",                        // prepend (Kaithi), astral, tags
    "\u{FFFD}", "\u{FEFF}", "\u{10FFFF}", "\u{E000}", "中",            // replacement, BOM, edges, CJK
]

/// The reference model: the flat text as scalars, the offset of every scalar in every unit, and
/// ICU's grapheme boundaries over the flat text (`ICUReference`), as scalar indices.
struct FuzzModel {
    let scalars: [Unicode.Scalar]
    let text: String
    /// `utf8[i]`, `utf16[i]`: where scalar `i` starts (`i == scalars.count` gives the length).
    let utf8: [Int]
    let utf16: [Int]
    /// Grapheme boundaries as scalar indices, 0 and `scalars.count` included.
    let boundaries: [Int]
    /// For each scalar index, the number of grapheme boundaries strictly before it.
    let boundariesBefore: [Int]
    /// Scalar indices where lines start (0 first); `lineEnds[k]` is where line k's terminator starts.
    let lineStarts: [Int]
    let lineEnds: [Int]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        self.text = text
        var utf8 = [0], utf16 = [0]
        utf8.reserveCapacity(scalars.count + 1)
        utf16.reserveCapacity(scalars.count + 1)
        for s in scalars {
            utf8.append(utf8.last! + UTF8.width(s))
            utf16.append(utf16.last! + UTF16.width(s))
        }
        self.utf8 = utf8
        self.utf16 = utf16
        // ICU's boundaries are UTF-16 offsets; map them to scalar indices (they always fall
        // on scalar starts; `FuzzModel.isConsistent` checks).
        let icu = ICUReference.graphemeBoundariesUTF16(Array(text.utf16))
        let boundaries = icu.map { b in
            let i = Self.lastIndex(in: utf16, atOrBelow: b)
            return utf16[i] == b ? i : -1
        }
        var before = [Int](repeating: 0, count: scalars.count + 1)
        var k = 0
        for j in 0...scalars.count {
            while k < boundaries.count && boundaries[k] < j { k += 1 }
            before[j] = k
        }
        self.boundaries = boundaries
        self.boundariesBefore = before
        var starts = [0], ends: [Int] = []
        var j = 0
        while j < scalars.count {
            let v = scalars[j].value
            var length = 0
            switch v {
            case 0x0D: length = j + 1 < scalars.count && scalars[j + 1].value == 0x0A ? 2 : 1
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: length = 1
            default: break
            }
            if length > 0 {
                ends.append(j)
                starts.append(j + length)
                j += length
            } else {
                j += 1
            }
        }
        ends.append(scalars.count)
        lineStarts = starts
        lineEnds = ends
    }

    var graphemeCount: Int { boundaries.count - 1 }

    /// ICU gave sorted boundaries on scalar starts, from 0 to the end.
    var isConsistent: Bool {
        boundaries.first == 0 && boundaries.last == scalars.count && zip(boundaries, boundaries.dropFirst()).allSatisfy { $0 < $1 }
    }

    func count(in unit: TextUnit) -> Int {
        switch unit {
        case .grapheme: return graphemeCount
        case .unicodeScalar: return scalars.count
        case .utf16: return utf16.last!
        case .utf8: return utf8.last!
        }
    }

    /// The offset in `unit` of scalar index `i`, which must be a grapheme boundary for `.grapheme`.
    func offset(ofScalar i: Int, in unit: TextUnit) -> Int {
        switch unit {
        case .grapheme: return boundariesBefore[i]
        case .unicodeScalar: return i
        case .utf16: return utf16[i]
        case .utf8: return utf8[i]
        }
    }

    /// The scalar index at which `offset` units of `unit` fall, rounded down to a scalar start
    /// (to a grapheme boundary for `.grapheme`); nil outside 0...count.
    func scalarIndex(roundingDown offset: Int, in unit: TextUnit) -> Int? {
        guard offset >= 0 && offset <= count(in: unit) else { return nil }
        switch unit {
        case .grapheme: return boundaries[offset]
        case .unicodeScalar: return offset
        case .utf16: return Self.lastIndex(in: utf16, atOrBelow: offset)
        case .utf8: return Self.lastIndex(in: utf8, atOrBelow: offset)
        }
    }

    /// The grapheme boundary (scalar index) at or before scalar index `i`.
    func boundary(atOrBefore i: Int) -> Int { boundaries[Self.lastIndex(in: boundaries, atOrBelow: i)] }

    /// Where the engine must put a position given as `offset` in `unit`: the UTF-8 offset of
    /// the grapheme boundary at or before it, or nil outside the text.
    func snappedUTF8(_ offset: Int, in unit: TextUnit) -> Int? {
        scalarIndex(roundingDown: offset, in: unit).map { utf8[boundary(atOrBefore: $0)] }
    }

    /// The grapheme boundary (scalar index) at or after scalar index `i`.
    func boundary(atOrAfter i: Int) -> Int {
        let k = Self.lastIndex(in: boundaries, atOrBelow: i)
        return boundaries[k] == i ? i : boundaries[k + 1]
    }

    /// The line holding scalar index `i` (a grapheme boundary).
    func line(ofScalar i: Int) -> Int { Self.lastIndex(in: lineStarts, atOrBelow: i) }

    /// The index of the last element of sorted `a` that is <= x (a[0] <= x assumed).
    static func lastIndex(in a: [Int], atOrBelow x: Int) -> Int {
        var lo = 0, hi = a.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if a[mid] <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func text(scalars range: Range<Int>) -> String {
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars[range])
        return s
    }
}
