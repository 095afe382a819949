internal import CaretICU

/// A compiled ICU regular expression (`URegularExpression`) with its matcher; closed in
/// `deinit`. Not safe to use from two threads at once: `TextPattern` guards it with a lock.
final class ICURegex {
    private let regex: OpaquePointer

    /// Why ICU refused a pattern: its error name and where it stopped.
    struct Failure: Error {
        /// ICU's name of the error (`U_REGEX_MISSING_CLOSE_BRACKET`, `U_REGEX_RULE_SYNTAX`…).
        var reason: String
        /// The line of the pattern (1-based) ICU stopped on; 0 when ICU did not say.
        var line: Int
        /// The UTF-16 offset into that line where ICU stopped; -1 when ICU did not say.
        var utf16Offset: Int
    }

    /// Compiles `pattern` with ICU's syntax. O(pattern length).
    init(_ pattern: String) throws(Failure) {
        let units = Array(pattern.utf16)
        var status: caret_icu_status = CARET_ICU_OK
        var line: Int32 = 0, offset: Int32 = -1
        let opened = units.withUnsafeBufferPointer {
            caret_regex_open($0.baseAddress, Int32($0.count), &line, &offset, &status)
        }
        guard caret_icu_succeeded(status), let opened else {
            throw Failure(reason: String(cString: caret_icu_status_name(status)), line: Int(line),
                          utf16Offset: Int(offset))
        }
        regex = opened
    }

    deinit { caret_regex_close(regex) }

    /// Whether the whole of `text` matches, and whether the matcher reached its end while
    /// deciding (ICU's hit-end). nil when ICU fails (a text over 2 GiB of UTF-16, a time or
    /// stack limit). O(length of the text) and whatever the pattern costs.
    func match(_ text: [UInt16]) -> (matches: Bool, hitEnd: Bool)? {
        guard text.count <= Int(Int32.max) else { return nil }
        var status: caret_icu_status = CARET_ICU_OK
        var hitEnd = false
        let matched = text.withUnsafeBufferPointer {
            caret_regex_matches(regex, $0.baseAddress, Int32($0.count), &hitEnd, &status)
        }
        guard caret_icu_succeeded(status) else { return nil }
        return (matched, hitEnd)
    }
}
