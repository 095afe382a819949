internal import CaretICU

// Every tokenizer call opens a break iterator. `ubrk_open` reads the rules afresh each time
// (ICU 72 converts the rule source from UTF-8 on every open: about a third of a word lookup
// under callgrind), so iterators are cloned from one opened iterator per kind and locale,
// kept for the life of the process. `ubrk_clone` shares the rules by reference count.
//
// A clone still starts with no language break engines: ICU 72's copy drops the list of
// dictionary engines and the "unhandled" engine, and rebuilds them the first time the text
// holds a character of a dictionary script (for a script with no dictionary, by computing the
// set of the script's characters: `UnicodeSet::applyIntPropertyValue`). Together with the
// clone and its close that was about a sixth of a word lookup. So an iterator a call is done
// with goes back into a small pool (its text reset, so it holds no document) and the next call
// of the same kind and locale takes it, engines and all.

/// The opened iterators that new ones are cloned from: one per kind and locale, never freed,
/// never given a text; at most `limit` of them (more locales open directly). And up to
/// `idleLimit` iterators per kind and locale that calls are done with, ready for the next.
final class BreakIteratorPrototypes: Sendable {
    static let shared = BreakIteratorPrototypes()
    static let limit = 64
    /// Idle iterators kept per kind and locale: one per thread looking up words at once is
    /// enough; more are closed.
    static let idleLimit = 4

    private struct Key: Hashable {
        var kind: ICUBreakIterator.Kind
        var locale: String
    }

    /// An opened iterator; a prototype is only ever read (cloned) under the lock, an idle one
    /// is owned by the pool until it is handed out.
    private struct Held: @unchecked Sendable {
        let iterator: OpaquePointer
    }

    private struct State {
        var prototypes: [Key: Held] = [:]
        var idle: [Key: [Held]] = [:]
    }

    private let state = PosixLocked(State())

    /// A new iterator of `kind` for `locale`, without text; nil when ICU cannot open one.
    /// O(1) after the first call for the pair (an idle one, or a clone), else ICU's open.
    func makeIterator(_ kind: ICUBreakIterator.Kind, locale: String) -> OpaquePointer? {
        let key = Key(kind: kind, locale: locale)
        let cloned: OpaquePointer?? = state.withLock { state in
            if let held = state.idle[key]?.popLast() { return .some(held.iterator) }
            var status: caret_icu_status = CARET_ICU_OK
            if state.prototypes[key] == nil && state.prototypes.count < Self.limit {
                let opened = locale.withCString { caret_break_open(kind.icuKind, $0, &status) }
                guard caret_icu_succeeded(status), let opened else { return .some(nil) }
                state.prototypes[key] = Held(iterator: opened)
            }
            guard let prototype = state.prototypes[key] else { return nil }   // full: open below
            let clone = caret_break_clone(prototype.iterator, &status)
            return .some(caret_icu_succeeded(status) ? clone : nil)
        }
        if let cloned { return cloned }
        var status: caret_icu_status = CARET_ICU_OK
        let opened = locale.withCString { caret_break_open(kind.icuKind, $0, &status) }
        return caret_icu_succeeded(status) ? opened : nil
    }

    /// Takes back an iterator from `makeIterator(kind, locale:)` that its owner is done with:
    /// its text is replaced by an empty one (so it keeps no document and no buffer alive) and
    /// it waits for the next call, or is closed when the pool for the pair is full or the pair
    /// has no prototype (past `limit`). O(1).
    func recycle(_ iterator: OpaquePointer, _ kind: ICUBreakIterator.Kind, locale: String) {
        var status: caret_icu_status = CARET_ICU_OK
        caret_break_set_utf16(iterator, Self.empty, 0, &status)
        let key = Key(kind: kind, locale: locale)
        let kept = caret_icu_succeeded(status) && state.withLock { state in
            guard state.prototypes[key] != nil, state.idle[key, default: []].count < Self.idleLimit else { return false }
            state.idle[key, default: []].append(Held(iterator: iterator))
            return true
        }
        if !kept { caret_break_close(iterator) }
    }

    /// The empty text idle iterators are set to. ICU keeps the pointer (it reads nothing
    /// through it at length 0), so it is allocated once and never freed, rather than a
    /// `withUnsafePointer` address that is only valid inside its closure. Never written.
    nonisolated(unsafe) private static let empty: UnsafeMutablePointer<UInt16> = {
        let unit = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        unit.initialize(to: 0)
        return unit
    }()
}
