internal import CICU

/// An ICU break iterator over a UTF-16 buffer it owns; closed in `deinit`.
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
    }

    private let iterator: OpaquePointer
    private var text: [UInt16]

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

    deinit { cicu_ubrk_close(iterator) }

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

    /// The Unicode version of the ICU data, "15.0" for ICU 72.
    public static var unicodeVersion: String {
        var version: [UInt8] = [0, 0, 0, 0]
        cicu_u_getUnicodeVersion(&version)
        return "\(version[0]).\(version[1])"
    }
}
