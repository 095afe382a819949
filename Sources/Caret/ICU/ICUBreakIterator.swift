@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

/// An ICU break iterator over a UTF-16 buffer it owns, or over a document's rope through a
/// `RopeText` it keeps alive; closed in `deinit`. Offsets are UTF-16 units for a buffer and
/// UTF-8 bytes for a rope (ICU's native indexes).
final class ICUBreakIterator {
    /// The kinds of boundary ICU finds.
    enum Kind {
        case character, word, line, sentence

        var icuType: UBreakIteratorType {
            switch self {
            case .character: return UBRK_CHARACTER
            case .word: return UBRK_WORD
            case .line: return UBRK_LINE
            case .sentence: return UBRK_SENTENCE
            }
        }

        /// "character", "word", "line" or "sentence".
        init?(name: String) {
            switch name {
            case "character": self = .character
            case "word": self = .word
            case "line": self = .line
            case "sentence": self = .sentence
            default: return nil
            }
        }
    }

    private let iterator: OpaquePointer
    private var text: [UInt16]
    private var source: RopeText?

    /// - Returns: nil when ICU cannot open an iterator for `locale`.
    init?(_ kind: Kind, locale: String = "", utf16 text: [UInt16]) {
        self.text = text
        var error = U_ZERO_ERROR
        let opened = locale.withCString { cicu_ubrk_open(kind.icuType, $0, nil, 0, &error) }
        guard error.rawValue <= U_ZERO_ERROR.rawValue, let opened else { return nil }
        iterator = opened
        self.text.withUnsafeBufferPointer { p in
            cicu_ubrk_setText(iterator, p.baseAddress, Int32(p.count), &error)
        }
        guard error.rawValue <= U_ZERO_ERROR.rawValue else {
            cicu_ubrk_close(iterator)
            return nil
        }
    }

    /// An iterator over `source` (a rope read chunk by chunk; no copy of the text).
    /// - Returns: nil when ICU cannot open an iterator for `locale`.
    init?(_ kind: Kind, locale: String = "", source: RopeText) {
        self.text = []
        self.source = source
        var error = U_ZERO_ERROR
        let opened = locale.withCString { cicu_ubrk_open(kind.icuType, $0, nil, 0, &error) }
        guard error.rawValue <= U_ZERO_ERROR.rawValue, let opened else { return nil }
        iterator = opened
        cicu_ubrk_setUText(iterator, source.text, &error)
        guard error.rawValue <= U_ZERO_ERROR.rawValue else {
            cicu_ubrk_close(iterator)
            return nil
        }
    }

    deinit { cicu_ubrk_close(iterator) }

    /// The first boundary after `offset`, or nil at the end. Amortised O(1) near the last query.
    func following(_ offset: Int) -> Int? {
        let b = cicu_ubrk_following(iterator, Int32(clamping: offset))
        return b == UBRK_DONE ? nil : Int(b)
    }

    /// The last boundary before `offset`, or nil at the start.
    func preceding(_ offset: Int) -> Int? {
        let b = cicu_ubrk_preceding(iterator, Int32(clamping: offset))
        return b == UBRK_DONE ? nil : Int(b)
    }

    /// True when `offset` is a boundary (the text's two ends always are).
    func isBoundary(_ offset: Int) -> Bool {
        cicu_ubrk_isBoundary(iterator, Int32(clamping: offset)) != 0
    }

    /// The status of the rule that made the boundary last returned: for words, the kind of the
    /// segment before it (`0..<100` none, `100..<200` number, `200..<300` letter, `300..<400`
    /// kana, `400..<500` ideographic); for lines, `0..<100` soft and `100..<200` mandatory.
    var ruleStatus: Int { Int(cicu_ubrk_getRuleStatus(iterator)) }

    /// Every boundary with the rule status of the segment it ends (the first, 0, has status 0).
    func boundariesWithStatus() -> [(offset: Int, status: Int)] {
        var result: [(Int, Int)] = []
        var b = cicu_ubrk_first(iterator)
        while b != UBRK_DONE {
            result.append((Int(b), ruleStatus))
            b = cicu_ubrk_next(iterator)
        }
        return result
    }

    /// Every boundary in UTF-16 offsets, both ends included. O(n).
    func boundaries() -> [Int] {
        var result: [Int] = []
        var b = cicu_ubrk_first(iterator)
        while b != UBRK_DONE {
            result.append(Int(b))
            b = cicu_ubrk_next(iterator)
        }
        return result
    }

    /// The number of boundaries after the start: the number of segments. O(n).
    func countSegments() -> Int {
        var n = 0
        _ = cicu_ubrk_first(iterator)
        while cicu_ubrk_next(iterator) != UBRK_DONE { n += 1 }
        return n
    }
}

/// Flat-text ICU results that Caret's own structures are checked and measured against:
/// the reference model of the tests and the baseline of the benchmarks.
@_spi(Reference)
public enum ICUReference {
    /// Grapheme cluster boundaries of `text` as ICU's character break iterator finds them on
    /// the flat text, in UTF-16 offsets, 0 and the end included. O(n).
    public static func graphemeBoundariesUTF16(_ text: [UInt16]) -> [Int] {
        guard !text.isEmpty else { return [0] }
        return ICUBreakIterator(.character, utf16: text)?.boundaries() ?? []
    }

    /// The number of grapheme clusters in `text` by one flat ICU pass. O(n).
    public static func graphemeCount(_ text: [UInt16]) -> Int {
        guard !text.isEmpty else { return 0 }
        return ICUBreakIterator(.character, utf16: text)?.countSegments() ?? 0
    }

    /// The boundaries of `kind` (`"word"`, `"sentence"` or `"line"`) that ICU finds in `text`
    /// for `locale` on the flat text, in UTF-16 offsets with the rule status of the segment
    /// each ends (see `TextDocument.segmentBoundaries`). O(n).
    public static func boundariesUTF16(_ kind: String, locale: String = "", _ text: [UInt16]) -> [(offset: Int, status: Int)] {
        guard !text.isEmpty, let k = ICUBreakIterator.Kind(name: kind) else { return [(0, 0)] }
        return ICUBreakIterator(k, locale: locale, utf16: text)?.boundariesWithStatus() ?? []
    }

    /// The Unicode version of the ICU data, "15.0" for ICU 72.
    public static var unicodeVersion: String {
        var version: [UInt8] = [0, 0, 0, 0]
        cicu_u_getUnicodeVersion(&version)
        return "\(version[0]).\(version[1])"
    }
}
