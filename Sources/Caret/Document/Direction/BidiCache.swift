import Synchronization

/// The bidi layouts of recently used paragraphs of one document value, shared by its copies
/// until one of them is edited.
///
/// Entries are keyed by the paragraph's byte range and the direction that was asked for (an
/// override or automatic). They are valid for the text of every document value that holds this
/// box: an edit of a document whose box is shared first gives that document a box of its own
/// (`TextDocument.replaceUTF8`), so a box never sees two different texts. The edit path drops
/// the entry of the paragraph it touches and shifts the ranges of the entries after it
/// (`apply`, as a `TextEditFollower`), so an edit invalidates only its own paragraph.
///
/// Reads are non-mutating on the document and may run on many threads at once: the entries sit
/// behind a lock (`PosixLocked`, which ThreadSanitizer sees), held only to look up or store
/// (never while a layout is built; two threads that miss together both build, and the second
/// store wins). The lock is made by the first store: a box that never holds a layout — a new
/// document's, and the one an edit of a shared document takes — is one small object.
final class BidiCache: Sendable {
    struct Entry: Sendable {
        /// Byte offset of the paragraph's first byte.
        var start: Int
        /// Byte offset of the end of its content (before the terminator).
        var end: Int
        /// Where the next paragraph starts (after the terminator); `end + 1` for the last one.
        var next: Int
        /// The level asked for: 0, 1, or nil for automatic (P2–P3).
        var requested: UInt8?
        var layout: ParagraphLayout
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Entry] = []
        var clock: UInt64 = 0
        var builds = 0
    }

    /// How many paragraphs' layouts are kept (least recently used dropped first).
    static let capacity = 16

    /// The state behind its lock once made: a retained `PosixLockStorage` as its address, 0
    /// before the first store (one load to read, no generic call: see `Finger.clusterStarts`).
    private let locked = Atomic<UInt>(0)
    /// The number of entries, kept beside the lock (written while holding it) so that an edit
    /// learns there is nothing to follow with one load instead of a lock and an unlock.
    private let entryCount: Atomic<Int>

    /// An empty box, with no lock yet. O(1).
    init() {
        entryCount = Atomic(0)
    }

    /// A box holding `entries`, `builds` layouts built so far. O(entries).
    init(entries: [Entry], builds: Int) {
        entryCount = Atomic(entries.count)
        let state = PosixLocked(State(entries: entries, clock: entries.map(\.lastUse).max() ?? 0, builds: builds))
        locked.store(UInt(bitPattern: Unmanaged.passRetained(state.storage).toOpaque()), ordering: .releasing)
    }

    deinit {
        if let raw = UnsafeRawPointer(bitPattern: locked.load(ordering: .acquiring)) {
            Unmanaged<PosixLockStorage<State>>.fromOpaque(raw).release()
        }
    }

    /// The state behind its lock, or nil before the first store. O(1).
    @inline(__always)
    private var state: PosixLocked<State>? {
        UnsafeRawPointer(bitPattern: locked.load(ordering: .acquiring)).map {
            PosixLocked(storage: Unmanaged<PosixLockStorage<State>>.fromOpaque($0).takeUnretainedValue())
        }
    }

    /// The state behind its lock, made now if there is none. O(1).
    private func madeState() -> PosixLocked<State> {
        if let state { return state }
        let made = PosixLocked(State())
        let retained = Unmanaged.passRetained(made.storage)
        let (exchanged, original) = locked.compareExchange(expected: 0, desired: UInt(bitPattern: retained.toOpaque()),
                                                           ordering: .acquiringAndReleasing)
        if exchanged { return made }
        retained.release()                                  // another thread made one first
        return PosixLocked(storage: Unmanaged<PosixLockStorage<State>>.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
            .takeUnretainedValue())
    }

    /// The layout of the paragraph `start..<end` laid out with `requested`, if cached. O(capacity).
    func lookup(start: Int, end: Int, requested: UInt8?) -> ParagraphLayout? {
        state?.withLock { state in
            state.clock += 1
            let now = state.clock
            for k in state.entries.indices where state.entries[k].start == start && state.entries[k].end == end
                && state.entries[k].requested == requested {
                state.entries[k].lastUse = now
                return state.entries[k].layout
            }
            return nil
        }
    }

    /// Stores a freshly built layout, evicting the least recently used entry when full.
    func store(_ entry: Entry) {
        madeState().withLock { state in
            state.builds += 1
            state.clock += 1
            var entry = entry
            entry.lastUse = state.clock
            state.entries.removeAll { $0.start == entry.start }
            if state.entries.count >= BidiCache.capacity,
               let oldest = state.entries.indices.min(by: { state.entries[$0].lastUse < state.entries[$1].lastUse }) {
                state.entries.remove(at: oldest)
            }
            state.entries.append(entry)
            entryCount.store(state.entries.count, ordering: .releasing)
        }
    }

    /// How many layouts this box (and the boxes it was copied from) has built: for the tests
    /// that check a press does not lay the paragraph out again.
    var buildCount: Int { state?.withLock { $0.builds } ?? 0 }

    /// Brings `entries` in step with bytes `range` replaced by `inserted` bytes, in place: the
    /// paragraphs the edit touches dropped, the later ones shifted. In place because it runs at
    /// every keystroke while layouts are cached: a new array would be allocated and every entry
    /// copied and released each time. O(capacity).
    static func adjust(_ entries: inout [Entry], replacing range: Range<Int>, inserted: Int) {
        let s = range.lowerBound, e = range.upperBound
        let delta = inserted - range.count
        entries.removeAll { $0.start <= e && s < $0.next }              // the edit touches it
        guard delta != 0 else { return }
        for k in entries.indices where entries[k].start > e {          // wholly after the edit
            entries[k].start += delta
            entries[k].end += delta
            entries[k].next += delta
        }
    }

    /// A new box holding this one's entries (the caller is about to edit a document that
    /// shares this box with copies; the copies keep this one).
    func copy() -> BidiCache {
        guard let state else { return BidiCache() }
        let (entries, builds) = state.withLock { ($0.entries, $0.builds) }
        return BidiCache(entries: entries, builds: builds)
    }
}

extension BidiCache: TextEditFollower {
    /// A box shared with copies of the document is copied: the copies keep this one, which
    /// must never see the edited document's text.
    static func own(_ cache: inout BidiCache) {
        if !isKnownUniquelyReferenced(&cache) { cache = cache.copy() }
    }

    /// Nothing cached, nothing to adjust.
    var followsNothing: Bool { entryCount.load(ordering: .acquiring) == 0 }

    /// Drops the paragraphs the edit touches and shifts the later ones (the document holds the
    /// only reference to this box: `own` made sure). O(capacity).
    func apply(_ edit: ByteEdit, in new: TextDocument) {
        let range = edit.replacedUTF8Range, inserted = edit.insertedUTF8Range.count
        state?.withLock {
            BidiCache.adjust(&$0.entries, replacing: range, inserted: inserted)
            entryCount.store($0.entries.count, ordering: .releasing)
        }
    }
}
