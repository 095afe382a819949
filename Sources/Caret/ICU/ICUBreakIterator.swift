internal import CaretICU

/// An ICU break iterator over a UTF-16 buffer it owns, or over a document's rope through a
/// `RopeText` it keeps alive; closed in `deinit`. Offsets are UTF-16 units for a buffer and
/// UTF-8 bytes for a rope: ICU works in UTF-16 offsets on both (the rope text's native indexes
/// are UTF-16 offsets), and the rope's offsets are translated at this boundary in O(log n).
final class ICUBreakIterator {
    /// The kinds of boundary ICU finds.
    enum Kind {
        case character, word, line, sentence

        var icuKind: caret_break_kind {
            switch self {
            case .character: return CARET_BREAK_CHARACTER
            case .word: return CARET_BREAK_WORD
            case .line: return CARET_BREAK_LINE
            case .sentence: return CARET_BREAK_SENTENCE
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
    /// What the iterator was made for, to hand it back to the pool (`BreakIteratorPrototypes`).
    private let kind: Kind
    private let locale: String

    /// - Returns: nil when ICU cannot open an iterator for `locale`.
    init?(_ kind: Kind, locale: String = "", utf16 text: [UInt16]) {
        self.text = text
        self.kind = kind
        self.locale = locale
        var status: caret_icu_status = CARET_ICU_OK
        guard let opened = BreakIteratorPrototypes.shared.makeIterator(kind, locale: locale) else { return nil }
        iterator = opened
        self.text.withUnsafeBufferPointer { p in
            caret_break_set_utf16(iterator, p.baseAddress, Int32(p.count), &status)
        }
        // Every property is set, so a failure here runs `deinit`, which disposes of the iterator.
        guard caret_icu_succeeded(status) else { return nil }
    }

    /// Points an iterator made over a buffer at `text` instead (no new ICU iterator: opening
    /// one costs far more than setting its text). False when ICU refuses the text.
    func setUTF16(_ text: [UInt16]) -> Bool {
        guard source == nil else { return false }
        self.text = text
        var status: caret_icu_status = CARET_ICU_OK
        self.text.withUnsafeBufferPointer { p in
            caret_break_set_utf16(iterator, p.baseAddress, Int32(p.count), &status)
        }
        return caret_icu_succeeded(status)
    }

    /// An iterator over `source` (a rope read chunk by chunk; no copy of the text).
    /// - Returns: nil when ICU cannot open an iterator for `locale`.
    init?(_ kind: Kind, locale: String = "", source: RopeText) {
        self.text = []
        self.source = source
        self.kind = kind
        self.locale = locale
        var status: caret_icu_status = CARET_ICU_OK
        guard let opened = BreakIteratorPrototypes.shared.makeIterator(kind, locale: locale) else { return nil }
        iterator = opened
        caret_break_set_text(iterator, source.text, &status)
        // Every property is set, so a failure here runs `deinit`, which disposes of the iterator.
        guard caret_icu_succeeded(status) else { return nil }
    }

    /// Back to the pool, with its language engines, for the next iterator of its kind and
    /// locale (it drops its text there, before `text` and `source` go).
    deinit { BreakIteratorPrototypes.shared.recycle(iterator, kind, locale: locale) }

    /// ICU's offset of `offset` (the UTF-16 offset of a rope's byte), rounded as `roundingUp`.
    private func native(_ offset: Int, roundingUp: Bool = false) -> Int32 {
        guard let source else { return Int32(clamping: offset) }
        return Int32(clamping: source.utf16Offset(ofUTF8: offset, roundingUp: roundingUp))
    }

    /// A boundary ICU returned, in this iterator's offsets; nil for `CARET_BREAK_DONE`.
    private func offset(_ b: Int32) -> Int? {
        guard b != CARET_BREAK_DONE else { return nil }
        guard let source else { return Int(b) }
        return source.utf8Offset(ofUTF16: Int(b))
    }

    /// The first boundary after `offset`, or nil at the end. Amortised O(1) near the last query
    /// (plus O(log n) translation for a rope).
    func following(_ offset: Int) -> Int? {
        self.offset(caret_break_following(iterator, native(offset)))
    }

    /// The last boundary before `offset`, or nil at the start.
    func preceding(_ offset: Int) -> Int? {
        self.offset(caret_break_preceding(iterator, native(offset, roundingUp: true)))
    }

    /// True when `offset` is a boundary (the text's two ends always are; an offset inside a
    /// scalar never is).
    func isBoundary(_ offset: Int) -> Bool {
        if let source, !source.isScalarBoundary(utf8: offset) { return false }
        return caret_break_is_boundary(iterator, native(offset))
    }

    /// The first boundary after UTF-16 offset `u` in ICU's own offsets (UTF-16 units for both
    /// kinds of text: no translation), or nil at the end. For walks that track offsets
    /// themselves (`TextDocument.Words`).
    func followingUTF16(_ u: Int) -> Int? {
        let b = caret_break_following(iterator, Int32(clamping: u))
        return b == CARET_BREAK_DONE ? nil : Int(b)
    }

    /// The last boundary before UTF-16 offset `u` in ICU's own offsets (no translation), or
    /// nil at the start. For soft wrap, which asks only near each wrap point.
    func precedingUTF16(_ u: Int) -> Int? {
        let b = caret_break_preceding(iterator, Int32(clamping: u))
        return b == CARET_BREAK_DONE ? nil : Int(b)
    }

    /// The boundary after the one last returned, in UTF-16 offsets, or nil at the end.
    /// Amortised O(1) per boundary: ICU goes on from where it is, reading the text in order.
    func nextUTF16() -> Int? {
        let b = caret_break_next(iterator)
        return b == CARET_BREAK_DONE ? nil : Int(b)
    }

    /// The status of the rule that made the boundary last returned: for words, the kind of the
    /// segment before it (`0..<100` none, `100..<200` number, `200..<300` letter, `300..<400`
    /// kana, `400..<500` ideographic); for lines, `0..<100` soft and `100..<200` mandatory.
    var ruleStatus: Int { Int(caret_break_rule_status(iterator)) }

    /// Every boundary with the rule status of the segment it ends (the first, 0, has status 0).
    func boundariesWithStatus() -> [(offset: Int, status: Int)] {
        var result: [(Int, Int)] = []
        var b = caret_break_first(iterator)
        while let x = offset(b) {
            result.append((x, ruleStatus))
            b = caret_break_next(iterator)
        }
        return result
    }

    /// Every boundary, both ends included. O(n).
    func boundaries() -> [Int] {
        var result: [Int] = []
        var b = caret_break_first(iterator)
        while let x = offset(b) {
            result.append(x)
            b = caret_break_next(iterator)
        }
        return result
    }

    /// The number of boundaries after the start: the number of segments. O(n).
    func countSegments() -> Int {
        var n = 0
        _ = caret_break_first(iterator)
        while caret_break_next(iterator) != CARET_BREAK_DONE { n += 1 }
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

    /// ICU's word iterator for `locale` over the flat text, walked from start to end, reading
    /// each boundary's rule status as a word walk must: the number of segments that are words
    /// (status 100 and up: numbers, letters, kana, ideographs). The reference pass of the
    /// `words.walk` benchmark. O(n).
    public static func wordSegmentCount(_ text: [UInt16], locale: String = "") -> Int {
        guard !text.isEmpty, let words = ICUBreakIterator(.word, locale: locale, utf16: text) else { return 0 }
        var count = 0
        while words.nextUTF16() != nil {
            if words.ruleStatus >= 100 { count += 1 }
        }
        return count
    }

    /// The words of `text` for `locale` as the tokenizer cuts them, in order, each passed to
    /// `body` as UTF-16 offsets and as grapheme offsets: ICU's word segments on the flat text,
    /// joined across boundaries that fall inside a grapheme cluster (ICU's character iterator),
    /// a word when any joined segment is one (what `TextDocument.words` must yield). Two flat
    /// ICU passes in step, no boundary array. O(n).
    public static func forEachWordUTF16(_ text: [UInt16], locale: String = "",
                                        _ body: (_ utf16: Range<Int>, _ graphemes: Range<Int>) -> Void) {
        guard !text.isEmpty, let words = ICUBreakIterator(.word, locale: locale, utf16: text),
              let clusters = ICUBreakIterator(.character, utf16: text) else { return }
        // `cluster` is the last cluster boundary passed and `clustersBefore` the clusters
        // before it; `start` the current piece's start and `startClusters` the clusters before it.
        var start = 0, startClusters = 0, cluster = 0, clustersBefore = 0, isWord = false
        while let b = words.nextUTF16() {
            isWord = isWord || words.ruleStatus >= 100
            while cluster < b {
                cluster = clusters.nextUTF16() ?? text.count
                clustersBefore += 1
            }
            guard cluster == b else { continue }
            if isWord { body(start..<b, startClusters..<clustersBefore) }
            start = b
            startClusters = clustersBefore
            isWord = false
        }
    }

    /// The Unicode version of the ICU data, "15.0" for ICU 72.
    public static var unicodeVersion: String {
        var version: [UInt8] = [0, 0, 0, 0]
        caret_icu_unicode_version(&version)
        return "\(version[0]).\(version[1])"
    }
}
