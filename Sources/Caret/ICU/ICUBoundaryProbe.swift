@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

/// One ICU break iterator, opened once for a kind and locale and pointed at a new short text
/// for every question: "is there a boundary between these two strings?". Opening an iterator
/// costs far more than a keystroke may (a sentence iterator with suppressions loads its
/// abbreviation list), so the traits keep one per input. Closed in `deinit`.
final class ICUBoundaryProbe {
    private let iterator: OpaquePointer

    /// - Parameter locale: any ICU locale id; keywords such as `@ss=standard` (the locale's
    ///   sentence-break suppressions) are honoured.
    /// - Returns: nil when ICU cannot open an iterator.
    init?(_ kind: ICUBreakIterator.Kind, locale: String) {
        var error = U_ZERO_ERROR
        let opened = locale.withCString { cicu_ubrk_open(kind.icuType, $0, nil, 0, &error) }
        guard error.rawValue <= U_ZERO_ERROR.rawValue, let opened else { return nil }
        iterator = opened
    }

    deinit { cicu_ubrk_close(iterator) }

    /// A word-boundary probe for `locale`; nil when ICU cannot open one.
    static func words(locale: String) -> ICUBoundaryProbe? { ICUBoundaryProbe(.word, locale: locale) }

    /// A sentence-boundary probe for `locale`; nil when ICU cannot open one.
    static func sentences(locale: String) -> ICUBoundaryProbe? { ICUBoundaryProbe(.sentence, locale: locale) }

    /// Whether ICU finds a boundary between `before` and `after` in their concatenation.
    /// False when either is empty (the text's ends are not asked about) or ICU fails.
    /// - Complexity: O(length of both).
    func isBoundary(between before: String, and after: String) -> Bool {
        guard !before.isEmpty, !after.isEmpty else { return false }
        var text = Array(before.utf16)
        let offset = Int32(text.count)
        text.append(contentsOf: after.utf16)
        return text.withUnsafeBufferPointer { p -> Bool in
            var error = U_ZERO_ERROR
            cicu_ubrk_setText(iterator, p.baseAddress, Int32(p.count), &error)
            guard error.rawValue <= U_ZERO_ERROR.rawValue else { return false }
            // ICU keeps the pointer; it is replaced by the next setText before any other use.
            return cicu_ubrk_isBoundary(iterator, offset) != 0
        }
    }
}
