internal import CaretICU

/// One ICU break iterator, opened once for a kind and locale and pointed at a new short text
/// for every question: "is there a boundary between these two strings?". Opening an iterator
/// costs far more than a keystroke may (a sentence iterator with suppressions loads its
/// abbreviation list), so the traits keep one per input. Closed in `deinit`.
final class ICUBoundaryProbe {
    private let iterator: OpaquePointer

    /// - Parameter locale: any ICU locale id; keywords such as `@ss=standard` (the locale's
    ///   sentence-break suppressions) are honoured.
    /// - Returns: nil when ICU cannot open an iterator.
    private init?(_ kind: caret_break_kind, locale: String) {
        var status: caret_icu_status = CARET_ICU_OK
        let opened = locale.withCString { caret_break_open(kind, $0, &status) }
        guard caret_icu_succeeded(status), let opened else { return nil }
        iterator = opened
    }

    deinit { caret_break_close(iterator) }

    /// A word-boundary probe for `locale`; nil when ICU cannot open one.
    static func words(locale: String) -> ICUBoundaryProbe? { ICUBoundaryProbe(CARET_BREAK_WORD, locale: locale) }

    /// A sentence-boundary probe for `locale`; nil when ICU cannot open one.
    static func sentences(locale: String) -> ICUBoundaryProbe? { ICUBoundaryProbe(CARET_BREAK_SENTENCE, locale: locale) }

    /// Whether ICU finds a boundary between `before` and `after` in their concatenation.
    /// False when either is empty (the text's ends are not asked about) or ICU fails.
    /// - Complexity: O(length of both).
    func isBoundary(between before: String, and after: String) -> Bool {
        guard !before.isEmpty, !after.isEmpty else { return false }
        var text = Array(before.utf16)
        let offset = Int32(text.count)
        text.append(contentsOf: after.utf16)
        return text.withUnsafeBufferPointer { p -> Bool in
            var status: caret_icu_status = CARET_ICU_OK
            caret_break_set_utf16(iterator, p.baseAddress, Int32(p.count), &status)
            guard caret_icu_succeeded(status) else { return false }
            // ICU keeps the pointer; it is replaced by the next set_utf16 before any other use.
            return caret_break_is_boundary(iterator, offset)
        }
    }
}
