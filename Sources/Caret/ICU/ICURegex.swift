internal import CaretICU

/// An ICU regular expression with its matcher, over a UTF-16 buffer it owns or over a
/// document's rope through a `RopeText` it keeps alive (ICU reads the chunks it needs; no copy
/// of the document); closed in `deinit`. Offsets are UTF-16 units for a buffer and UTF-8 bytes
/// for a rope, as for `ICUBreakIterator`. For the editing model's pattern rules (issue 11):
/// `hitEnd` says whether more typed text could still change the answer.
final class ICURegex {
    /// Pattern options (ICU's flags).
    struct Options: OptionSet {
        let rawValue: UInt32
        static let caseInsensitive = Options(rawValue: CARET_REGEX_CASE_INSENSITIVE)
        static let comments = Options(rawValue: CARET_REGEX_COMMENTS)
        static let anchorsMatchLines = Options(rawValue: CARET_REGEX_MULTILINE)
        static let literal = Options(rawValue: CARET_REGEX_LITERAL)
        static let dotMatchesLineSeparators = Options(rawValue: CARET_REGEX_DOTALL)
        static let unicodeWordBoundaries = Options(rawValue: CARET_REGEX_UNICODE_WORD)
    }

    /// A pattern ICU rejects, with the UTF-16 offset of the error when ICU knows it.
    struct SyntaxError: Error, Equatable {
        var offset: Int?
        var status: String
    }

    /// The outcome of one search: the match (ranges of the whole match and of each group, nil
    /// for a group that took no part), and whether the search reached the end of the text or
    /// region (`hitEnd`: more text there could have changed the result) and whether more text
    /// could undo the match (`requireEnd`).
    struct Result {
        var range: Range<Int>?
        var groups: [Range<Int>?]
        var hitEnd: Bool
        var requireEnd: Bool
    }

    private let regex: OpaquePointer
    private var text: [UInt16] = []
    private var source: RopeText?
    /// The number of capture groups.
    let groupCount: Int

    /// Compiles `pattern` (ICU's regular expression syntax).
    /// - Throws: `SyntaxError` when ICU rejects the pattern.
    init(_ pattern: String, options: Options = []) throws(SyntaxError) {
        let utf16 = Array(pattern.utf16)
        var status: caret_icu_status = CARET_ICU_OK
        var errorOffset: Int32 = -1
        let opened = caret_regex_open(utf16, Int32(utf16.count), options.rawValue, &errorOffset, &status)
        guard let opened, caret_icu_succeeded(status) else {
            throw SyntaxError(offset: errorOffset >= 0 ? Int(errorOffset) : nil,
                              status: String(cString: caret_icu_status_name(status)))
        }
        regex = opened
        groupCount = Int(caret_regex_group_count(opened, &status))
    }

    private init(regex: OpaquePointer, groupCount: Int) {
        self.regex = regex
        self.groupCount = groupCount
    }

    /// A matcher of the same pattern with no text, the compiled pattern shared (ICU's clone,
    /// cheaper than compiling again), or nil when ICU cannot make one.
    func clone() -> ICURegex? {
        var status: caret_icu_status = CARET_ICU_OK
        guard let cloned = caret_regex_clone(regex, &status), caret_icu_succeeded(status) else { return nil }
        return ICURegex(regex: cloned, groupCount: groupCount)
    }

    deinit { caret_regex_close(regex) }

    /// Searches `text` (UTF-16) from now on. O(n) to copy it.
    func setText(utf16 text: [UInt16]) {
        self.text = text
        source = nil
        var status: caret_icu_status = CARET_ICU_OK
        self.text.withUnsafeBufferPointer { caret_regex_set_utf16(regex, $0.baseAddress, Int32($0.count), &status) }
    }

    /// Searches a rope from now on (read chunk by chunk). O(1).
    func setText(_ source: RopeText) {
        text = []
        self.source = source
        var status: caret_icu_status = CARET_ICU_OK
        caret_regex_set_text(regex, source.text, &status)
    }

    /// Makes region bounds transparent to lookaround and `\b` and not anchoring for `^` and
    /// `$`: a search in a region then answers as on the whole text from the region's start.
    func useTransparentBounds() {
        var status: caret_icu_status = CARET_ICU_OK
        caret_regex_set_bounds(regex, true, false, &status)
    }

    /// The number of the capture group named `name`, or nil when there is none.
    func groupNumber(named name: String) -> Int? {
        let utf16 = Array(name.utf16)
        var status: caret_icu_status = CARET_ICU_OK
        let number = caret_regex_group_number(regex, utf16, Int32(utf16.count), &status)
        return caret_icu_succeeded(status) ? Int(number) : nil
    }

    /// The first match at or after `offset`.
    func firstMatch(from offset: Int) -> Result {
        var status: caret_icu_status = CARET_ICU_OK
        let found = caret_regex_find(regex, native(offset), &status)
        return result(found)
    }

    /// The first match inside `range` (anchors and lookaround see only the range).
    func firstMatch(in range: Range<Int>) -> Result {
        var status: caret_icu_status = CARET_ICU_OK
        caret_regex_set_region(regex, native(range.lowerBound), native(range.upperBound, roundingUp: true), &status)
        let found = caret_icu_succeeded(status) && caret_regex_find_next(regex, &status)
        return result(found)
    }

    /// The first match inside `range` of the UTF-16 buffer set by `setText(utf16:)`, as
    /// `firstMatch(in:)`, giving up once every start at or before `stop` (a unit offset) failed:
    /// `gaveUp` then says that no match starts in `range.lowerBound...stop`, and the result's
    /// `hitEnd` whether any attempt read to the end of the buffer. O(range), as ICU's search.
    func firstMatch(in range: Range<Int>, givingUpAfter stop: Int?) -> (result: Result, gaveUp: Bool) {
        var status: caret_icu_status = CARET_ICU_OK
        let outcome = caret_regex_find_until(regex, Int64(range.lowerBound), Int64(range.upperBound),
                                             Int64(stop ?? -1), &status)
        return (result(outcome == 1), outcome == -1)
    }

    /// The match that starts exactly at `offset` (a prefix match of the text from there).
    func prefixMatch(at offset: Int) -> Result {
        var status: caret_icu_status = CARET_ICU_OK
        let found = caret_regex_looking_at(regex, native(offset), &status)
        return result(found)
    }

    /// Whether the whole text matches (ICU's `matches`: the pattern must cover it from start to
    /// end), and whether deciding reached the end of the text (`hitEnd`): after a failed match,
    /// true means appended text could still make one. `range` and `groups` are the match's.
    func wholeMatch() -> Result {
        var status: caret_icu_status = CARET_ICU_OK
        let found = caret_regex_matches(regex, &status)
        return result(found)
    }

    private func native(_ offset: Int, roundingUp: Bool = false) -> Int64 {
        guard let source else { return Int64(offset) }
        return Int64(source.utf16Offset(ofUTF8: offset, roundingUp: roundingUp))
    }

    private func offset(_ native: Int64) -> Int {
        guard let source else { return Int(native) }
        return source.utf8Offset(ofUTF16: Int(native))
    }

    private func result(_ found: Bool) -> Result {
        var status: caret_icu_status = CARET_ICU_OK
        let hitEnd = caret_regex_hit_end(regex, &status)
        let requireEnd = found && caret_regex_require_end(regex, &status)
        guard found else { return Result(range: nil, groups: [], hitEnd: hitEnd, requireEnd: false) }
        var ranges: [Range<Int>?] = []
        for group in 0...groupCount {
            let start = caret_regex_start(regex, Int32(group), &status)
            let end = caret_regex_end(regex, Int32(group), &status)
            ranges.append(start < 0 || end < start ? nil : offset(start)..<offset(end))
        }
        return Result(range: ranges[0], groups: Array(ranges.dropFirst()), hitEnd: hitEnd, requireEnd: requireEnd)
    }
}
