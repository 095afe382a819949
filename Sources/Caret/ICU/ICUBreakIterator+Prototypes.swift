internal import CaretICU

// Every tokenizer call opens a break iterator. `ubrk_open` reads the rules afresh each time
// (ICU 72 converts the rule source from UTF-8 on every open: about a third of a word lookup
// under callgrind), so iterators are cloned from one opened iterator per kind and locale,
// kept for the life of the process. `ubrk_clone` shares the rules by reference count.

/// The opened iterators that new ones are cloned from: one per kind and locale, never freed,
/// never given a text; at most `limit` of them (more locales open directly).
final class BreakIteratorPrototypes: Sendable {
    static let shared = BreakIteratorPrototypes()
    static let limit = 64

    private struct Key: Hashable {
        var kind: ICUBreakIterator.Kind
        var locale: String
    }

    /// An opened iterator; only ever read (cloned) under the lock.
    private struct Prototype: @unchecked Sendable {
        let iterator: OpaquePointer
    }

    private let table = PosixLocked<[Key: Prototype]>([:])

    /// A new iterator of `kind` for `locale`, without text; nil when ICU cannot open one.
    /// O(1) after the first call for the pair (a clone), else ICU's open.
    func makeIterator(_ kind: ICUBreakIterator.Kind, locale: String) -> OpaquePointer? {
        let key = Key(kind: kind, locale: locale)
        let cloned: OpaquePointer?? = table.withLock { prototypes in
            var status: caret_icu_status = CARET_ICU_OK
            if prototypes[key] == nil && prototypes.count < Self.limit {
                let opened = locale.withCString { caret_break_open(kind.icuKind, $0, &status) }
                guard caret_icu_succeeded(status), let opened else { return .some(nil) }
                prototypes[key] = Prototype(iterator: opened)
            }
            guard let prototype = prototypes[key] else { return nil }   // full: open below
            let clone = caret_break_clone(prototype.iterator, &status)
            return .some(caret_icu_succeeded(status) ? clone : nil)
        }
        if let cloned { return cloned }
        var status: caret_icu_status = CARET_ICU_OK
        let opened = locale.withCString { caret_break_open(kind.icuKind, $0, &status) }
        return caret_icu_succeeded(status) ? opened : nil
    }
}
