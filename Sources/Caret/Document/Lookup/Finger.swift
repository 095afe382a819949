import Synchronization

/// Where the last lookup or edit of a document value was: a rope cursor kept as plain numbers
/// (the path of child indices, the chunk's index and the summary before it), so that a lookup
/// or an edit near it starts there instead of at the root.
///
/// One box is shared by the copies of a document value, which all hold the same tree: every
/// mutation of the text first gives the document a box of its own when the box is shared
/// (`TextDocument.fingerForEdit()`), exactly like `BidiCache`. Reads are non-mutating and may
/// run on many threads at once, so the finger is a seqlock over atomics: a reader takes a
/// consistent snapshot or none (and then descends from the root), a writer that finds another
/// writer at work skips its update (the finger is only a hint). The snapshot also names the
/// root it was taken on and the edit count, and is used only while both match the reader's
/// (`TextDocument.cursor`), so a finger can cost a descent but never give a wrong place. The
/// chunk's address it keeps is read under the same check: every value holding this box holds
/// the same tree (a mutation takes a box of its own first), and the tree cannot change without
/// an edit counted, so a matching snapshot's chunk is alive and is the one its path names.
///
/// Beside it the box keeps, in plain fields, the place of the last in-place edit (`editPlace`, a
/// cursor with its node pointer) and a count of the edits made (`edits`). Only the document's
/// mutating methods write them, and only while the box is theirs alone (after
/// `fingerForEdit()`): no other value holds the box then, so no reader can run on it, and no
/// reader ever writes them — they need no atomics. Every change of the tree happens in
/// `replaceStorage`, which records the edit (`recordEdit`): a place that names the current root
/// describes the current tree, and a snapshot taken before the last edit is known to be stale
/// by its count, so an edit need not touch the atomics at all.
final class Finger: @unchecked Sendable {
    /// A cursor's plain parts.
    struct State {
        var root: UInt
        var path: UInt64
        var slot: Int
        var index: Int
        var prefix: TextSummary
        /// A point inside the chunk (the last one looked up there), or nil.
        var point: ChunkPoint?
        /// `edits` when the snapshot was taken: it describes the tree only while they are equal.
        var edits: Int
        /// The address of the chunk in its leaf (`Cursor.chunkAddress`), valid exactly when the
        /// path is (the same root, no edit since): a lookup inside that chunk reads it without
        /// rebuilding the cursor.
        var chunk: UInt
    }

    /// Even when stable, odd while a writer updates the fields.
    private let sequence = Atomic<Int>(0)
    private let root = Atomic<UInt>(0)
    private let path = Atomic<UInt64>(0)
    private let slot = Atomic<Int>(0)
    private let index = Atomic<Int>(0)
    private let utf8 = Atomic<Int>(0)
    private let utf16 = Atomic<Int>(0)
    private let scalars = Atomic<Int>(0)
    private let graphemes = Atomic<Int>(0)
    private let lines = Atomic<Int>(0)
    /// The point's byte offset, -1 for none.
    private let pointUTF8 = Atomic<Int>(-1)
    private let pointUTF16 = Atomic<Int>(0)
    private let pointScalars = Atomic<Int>(0)
    private let pointGraphemes = Atomic<Int>(0)
    private let stateEdits = Atomic<Int>(0)
    private let chunk = Atomic<UInt>(0)

    /// The cluster starts of chunks that grapheme lookups came back to, made on first use: a
    /// retained `ClusterStartCache` as its address, 0 for none (`AtomicLazyReference.load()`
    /// is a generic call that costs ~600 instructions; this is one load).
    private let clusterStarts = Atomic<UInt>(0)

    /// What only the owner's mutating methods write (see the type's comment).
    private struct Plain {
        var editPlace: EditPlace?
        var edits: Int
    }

    /// Exempt from the runtime's exclusivity checks, which a class's stored property pays at
    /// every access: only the owner's mutating methods write it, one at a time.
    @exclusivity(unchecked) private var plain = Plain(editPlace: nil, edits: 0)

    init() {}

    /// Where the last in-place edit left the text, or nil. O(1).
    var editPlace: EditPlace? {
        @inline(__always) get { plain.editPlace }
    }

    /// The number of edits recorded: a snapshot whose `edits` differs is stale. O(1).
    var edits: Int {
        @inline(__always) get { plain.edits }
    }

    /// Before an edit: keeps `place` (a place on the current tree that validating the edit found)
    /// as the edit place, where the edit then starts. Only for a document's mutating methods,
    /// after `ownFinger()` made this box the document's own. O(1).
    @inline(__always)
    func notePlace(_ place: EditPlace) {
        plain.editPlace = place
    }

    /// After the owner's text changed: keeps `place` (nil after an edit that restructured the
    /// tree) and makes every snapshot taken before stale. Only for a document's mutating
    /// methods, after `fingerForEdit()` made this box the document's own. O(1).
    @inline(__always)
    func recordEdit(_ place: EditPlace?) {
        plain.editPlace = place
        plain.edits &+= 1
    }

    deinit {
        let address = clusterStarts.load(ordering: .relaxed)
        if let raw = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<ClusterStartCache>.fromOpaque(raw).release()
        }
    }

    /// The cluster-start cache, if a lookup made one; valid while this finger lives. O(1).
    @inline(__always)
    var clusterStartCache: Unmanaged<ClusterStartCache>? {
        UnsafeRawPointer(bitPattern: clusterStarts.load(ordering: .acquiring)).map { Unmanaged.fromOpaque($0) }
    }

    /// The cluster-start cache, made now if there is none. O(1).
    func makeClusterStartCache() -> Unmanaged<ClusterStartCache> {
        if let cache = clusterStartCache { return cache }
        let made = Unmanaged.passRetained(ClusterStartCache())
        let address = UInt(bitPattern: made.toOpaque())
        let (exchanged, original) = clusterStarts.compareExchange(expected: 0, desired: address,
                                                                  ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.release()                                      // another thread made one first
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
    }

    /// The text is about to change (its document is this box's sole owner): retires the
    /// cluster-start cache's entries. O(1).
    func textWillChange() {
        clusterStartCache?._withUnsafeGuaranteedRef { $0.retire() }
    }

    /// The prefix of the last snapshot stored, read without the sequence check: a hint that
    /// lets a lookup far from it skip `load()` (fifteen loads and two checks). A torn read can
    /// only judge near or far wrongly, which costs a descent or a `load()`, never a wrong
    /// place: a snapshot is still taken and checked before it is used. O(1).
    @inline(__always)
    var prefixHint: TextSummary {
        TextSummary(utf8: utf8.load(ordering: .relaxed), utf16: utf16.load(ordering: .relaxed),
                    scalars: scalars.load(ordering: .relaxed), graphemes: graphemes.load(ordering: .relaxed),
                    lines: lines.load(ordering: .relaxed))
    }

    /// A consistent snapshot, or nil when there is none or a writer is at work. O(1).
    @inline(__always)
    func load() -> State? {
        let before = sequence.load(ordering: .acquiring)
        guard before & 1 == 0 else { return nil }
        let pointAt = pointUTF8.load(ordering: .relaxed)
        let state = State(
            root: root.load(ordering: .relaxed), path: path.load(ordering: .relaxed),
            slot: slot.load(ordering: .relaxed), index: index.load(ordering: .relaxed),
            prefix: TextSummary(utf8: utf8.load(ordering: .relaxed), utf16: utf16.load(ordering: .relaxed),
                                scalars: scalars.load(ordering: .relaxed),
                                graphemes: graphemes.load(ordering: .relaxed), lines: lines.load(ordering: .relaxed)),
            point: pointAt < 0 ? nil : ChunkPoint(utf8: pointAt, utf16: pointUTF16.load(ordering: .relaxed),
                                                  scalars: pointScalars.load(ordering: .relaxed),
                                                  graphemes: pointGraphemes.load(ordering: .relaxed)),
            edits: stateEdits.load(ordering: .relaxed), chunk: chunk.load(ordering: .relaxed))
        atomicMemoryFence(ordering: .acquiring)
        let after = sequence.load(ordering: .relaxed)
        return before == after && state.root != 0 ? state : nil
    }

    /// Stores `state`, unless another writer is storing at the same moment. O(1).
    @inline(__always)
    func store(_ state: State) {
        let current = sequence.load(ordering: .relaxed)
        guard current & 1 == 0,
              sequence.compareExchange(expected: current, desired: current + 1, ordering: .acquiring).exchanged
        else { return }
        root.store(state.root, ordering: .relaxed)
        path.store(state.path, ordering: .relaxed)
        slot.store(state.slot, ordering: .relaxed)
        index.store(state.index, ordering: .relaxed)
        utf8.store(state.prefix.utf8, ordering: .relaxed)
        utf16.store(state.prefix.utf16, ordering: .relaxed)
        scalars.store(state.prefix.scalars, ordering: .relaxed)
        graphemes.store(state.prefix.graphemes, ordering: .relaxed)
        lines.store(state.prefix.lines, ordering: .relaxed)
        pointUTF8.store(state.point?.utf8 ?? -1, ordering: .relaxed)
        pointUTF16.store(state.point?.utf16 ?? 0, ordering: .relaxed)
        pointScalars.store(state.point?.scalars ?? 0, ordering: .relaxed)
        pointGraphemes.store(state.point?.graphemes ?? -1, ordering: .relaxed)
        stateEdits.store(state.edits, ordering: .relaxed)
        chunk.store(state.chunk, ordering: .relaxed)
        sequence.store(current + 2, ordering: .releasing)
    }

}

/// The place of the last in-place edit (or of the edit being made, as its validation found it): a
/// cursor at a chunk of the tree named by `root`, and a point in that chunk (after the new text
/// once edited; nil when unknown). Holds no
/// references (the cursor's node pointer is unowned), so keeping it costs nothing.
struct EditPlace {
    var root: UInt
    var cursor: Rope<TextChunk>.Cursor
    var point: ChunkPoint?
}


extension TextDocument {
    typealias Cursor = Rope<TextChunk>.Cursor

    /// The identity of the rope's root, which names the tree a finger was taken on.
    @inline(__always)
    var rootID: UInt { UInt(bitPattern: Unmanaged.passUnretained(rope.root).toOpaque()) }

    /// A cursor at the chunk that holds `offset` of `M` (`bias` decides at chunk boundaries),
    /// starting from the finger when it is on this tree, and leaving the finger there. The
    /// rope must not be empty. O(1) near the finger, O(log n) elsewhere.
    @inline(__always)
    func cursor<M: TextMetric>(at offset: Int, in metric: M.Type, bias: RopeBias = .after) -> Cursor {
        let (cursor, point) = seekFromFinger(offset, in: M.self, bias: bias)
        if point == nil { remember(cursor) }
        return cursor
    }

    /// The cursor `cursor(at:in:bias:)` finds, and the finger's point in its chunk when the
    /// finger was already there (then the finger is left as it was; the caller remembers).
    @inline(__always)
    func seekFromFinger<M: TextMetric>(_ offset: Int, in metric: M.Type, bias: RopeBias) -> (Cursor, ChunkPoint?) {
        let (cursor, sameChunk, point) = seekNearFinger(offset, in: M.self, bias: bias)
        return (cursor, sameChunk ? point ?? .start : nil)
    }

    /// `seekFromFinger`, telling apart "the finger's chunk, no point there" (`sameChunk` and
    /// a nil `point`) from the point the finger holds there.
    @inline(__always)
    func seekNearFinger<M: TextMetric>(_ offset: Int, in metric: M.Type,
                                       bias: RopeBias) -> (cursor: Cursor, sameChunk: Bool, point: ChunkPoint?) {
        // The place of the last edit, when the target is in its chunk (typing, replaying a trace,
        // a lookup at the caret just typed): no search at all.
        if let place = finger.editPlace, place.root == rootID {
            let start = M.measure(place.cursor.prefix)
            let end = start + M.measure(place.cursor.chunkAddress.pointee.summary)
            if bias == .after ? (offset >= start && offset < end) : (offset > start && offset <= end) {
                return (place.cursor, true, place.point)
            }
        }
        // A target further than the seek's reach (two chunks either side) goes straight to the
        // root: a random lookup pays only the hint and the store (the snapshot is taken only
        // when the hint says near).
        let reach = 4 * ChunkLimits.maxBytes
        if abs(offset &- M.measure(finger.prefixHint)) < reach,
           let state = finger.load(), abs(offset - M.measure(state.prefix)) < reach, var cursor = restore(state) {
            let index = cursor.index
            rope.seek(&cursor, to: offset, in: M.self, bias: bias)
            if cursor.index == index { return (cursor, true, state.point) }
            return (cursor, false, nil)
        }
        return (rope.cursor(at: offset, in: M.self, bias: bias), false, nil)
    }

    /// The byte offset where the first `offset` units of `M` end (0..<count in `M`, rounded
    /// down to a scalar start), stepping from the finger's point when it is in the same chunk,
    /// and leaving the finger there. Returns the cursor and the local offset.
    @inline(__always)
    func locate<M: TextMetric>(_ offset: Int, in metric: M.Type) -> (cursor: Cursor, local: Int) {
        let (c, near) = seekFromFinger(offset, in: M.self, bias: .after)
        let chunk = c.chunk
        let n = offset - M.measure(c.prefix)
        if let point = M.point(of: n, in: chunk, near: near ?? .start) {
            remember(c, point: point)
            return (c, point.utf8)
        }
        if near == nil { remember(c) }
        return (c, M.utf8Offset(of: n, in: chunk))
    }

    /// The cursor a finger describes, if it was taken on this tree. O(height).
    @inline(__always)
    private func restore(_ state: Finger.State) -> Cursor? {
        guard state.root == rootID && state.edits == finger.edits else { return nil }
        return rope.cursor(path: state.path, slot: state.slot, index: state.index, prefix: state.prefix)
    }

    /// Leaves the finger at `cursor` (a cursor on this document's tree), with `point` inside
    /// its chunk if known.
    @inline(__always)
    func remember(_ cursor: Cursor, point: ChunkPoint? = nil) {
        finger.store(Finger.State(root: rootID, path: cursor.path, slot: cursor.slot, index: cursor.index,
                                  prefix: cursor.prefix, point: point, edits: finger.edits,
                                  chunk: UInt(bitPattern: cursor.chunkAddress)))
    }

    /// Before the text changes: makes the finger this document's own (a copy keeps the old one,
    /// which still describes its tree), or retires the cluster starts its own one cached. O(1).
    mutating func fingerForEdit() {
        if !isKnownUniquelyReferenced(&finger) { finger = Finger() } else { finger.textWillChange() }
    }

    /// Before validating an edit: makes the finger this document's own, so that validation may
    /// leave the place it found there (`Finger.notePlace`). The text has not changed yet. O(1).
    mutating func ownFinger() {
        if !isKnownUniquelyReferenced(&finger) { finger = Finger() }
    }
}

/// Where a unit range's upper end was found: a cursor at its chunk on the current tree and the
/// point there (nil when the unit found it without one), so that the edit starts from it.
struct EditHint {
    var cursor: Rope<TextChunk>.Cursor
    var point: ChunkPoint?
}
