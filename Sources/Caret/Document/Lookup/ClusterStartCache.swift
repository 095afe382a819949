import Synchronization

/// The cluster starts (`ClusterStartMap`) of the last few chunks where grapheme lookups came
/// back to a chunk, each with where its chunk starts in the document, so that a lookup in one
/// of them needs neither the tree nor a scan. Lives in the document's `Finger` (made on first
/// use), shared like it by the copies of one document value, which hold the same tree.
///
/// Readers run on many threads at once, so every entry is a seqlock over atomics, as the finger
/// is: a reader keeps an answer only when the entry did not change while it read, a writer that
/// finds another at work skips its entry. An entry names the root and the epoch it was made in;
/// every edit of the text first moves the epoch on (`Finger.textWillChange()`), which retires
/// every entry at once (an edit inside a chunk keeps the root). The entries' cluster ranges sit
/// side by side (`spans`), so that a lookup that no entry holds reads two cache lines.
final class ClusterStartCache: Sendable {
    static let entryCount = 16
    /// Bits of a packed count (a chunk's bytes or clusters: at most `ClusterStartMap.maxBytes`).
    static let countBits = 12

    /// One chunk's map and place (its first byte and its length in bytes, packed).
    struct Entry: ~Copyable {
        let sequence = Atomic<Int>(0)
        let root = Atomic<UInt>(0)
        let epoch = Atomic<Int>(0)
        let place = Atomic<Int>(0)
        let before = InlineArray<4, Atomic<UInt64>> { _ in Atomic(0) }
        let words = InlineArray<16, Atomic<UInt64>> { _ in Atomic(0) }
    }

    private let entries = InlineArray<16, Entry> { _ in Entry() }
    /// Entry e's clusters: the clusters before its chunk and the chunk's cluster count, packed
    /// (written under the entry's sequence; -1 while empty, which holds no offset).
    private let spans = InlineArray<16, Atomic<Int>> { _ in Atomic(-1) }
    /// A bit per 1024 offsets (modulo 256 bits) that an entry's span reaches: a lookup whose
    /// bit is clear reads nothing else (random lookups on a large text almost always). Set by
    /// every insertion over all the spans; stale bits only cost a look at the spans.
    private let coverage = InlineArray<4, Atomic<UInt64>> { _ in Atomic(0) }
    private let epoch = Atomic<Int>(0)
    /// The entry to replace next (round robin), and the one that answered last.
    private let next = Atomic<Int>(0)
    private let recent = Atomic<Int>(0)

    @inline(__always)
    private static func pack(_ start: Int, _ count: Int) -> Int { start << countBits | count }

    /// The byte offset where the cluster with index `offset` (in the whole document) starts,
    /// when a valid entry of tree `root` holds it (its chunk's end counts: it is the next
    /// chunk's start); else nil. O(entries).
    @inline(__always)
    func utf8Offset(ofGrapheme offset: Int, root: UInt) -> Int? {
        let bucket = (offset &>> 10) & 255
        guard coverage[bucket &>> 6].load(ordering: .relaxed) & (1 &<< UInt64(bucket & 63)) != 0 else { return nil }
        let first = recent.load(ordering: .relaxed)
        let mask = (1 << Self.countBits) &- 1
        for t in 0..<Self.entryCount {
            let e = (first &+ t) & (Self.entryCount &- 1)
            let span = spans[e].load(ordering: .relaxed)
            let n = offset &- (span >> Self.countBits)
            guard span >= 0, n >= 0, n <= span & mask else { continue }
            guard let x = utf8Offset(ofCluster: n, span: span, in: entries[e], spanAt: e, root: root) else { continue }
            if t != 0 { recent.store(e, ordering: .relaxed) }
            return x
        }
        return nil
    }

    /// Cluster `n` of entry `e`'s chunk (0...its cluster count), read under the entry's
    /// sequence; nil when the entry changed meanwhile, is not `span` or not of this tree.
    @inline(__always)
    private func utf8Offset(ofCluster n: Int, span: Int, in entry: borrowing Entry, spanAt e: Int, root: UInt) -> Int? {
        let mask = (1 << Self.countBits) &- 1
        let before = entry.sequence.load(ordering: .acquiring)
        guard before & 1 == 0, spans[e].load(ordering: .relaxed) == span,
              entry.root.load(ordering: .relaxed) == root,
              entry.epoch.load(ordering: .relaxed) == epoch.load(ordering: .relaxed)
        else { return nil }
        let place = entry.place.load(ordering: .relaxed)
        let local = n == span & mask ? place & mask
            : ClusterStartMap.utf8Offset(ofCluster: n, before: { entry.before[$0 & 3].load(ordering: .relaxed) },
                                         word: { entry.words[$0 & 15].load(ordering: .relaxed) })
        atomicMemoryFence(ordering: .acquiring)
        guard entry.sequence.load(ordering: .relaxed) == before else { return nil }
        return (place >> Self.countBits) &+ local
    }

    /// Keeps `map`, the map of a chunk of `bytes` bytes and `clusters` clusters that starts at
    /// byte `utf8` of tree `root` after `graphemes` clusters, in the oldest entry (unless
    /// another writer is storing there at the same moment). O(1).
    func insert(_ map: ClusterStartMap, utf8: Int, graphemes: Int, bytes: Int, clusters: Int, root: UInt) {
        guard bytes <= ClusterStartMap.maxBytes && clusters <= bytes else { return }
        let e = next.wrappingAdd(1, ordering: .relaxed).oldValue & (Self.entryCount &- 1)
        if store(map, in: entries[e], at: e, place: Self.pack(utf8, bytes), span: Self.pack(graphemes, clusters),
                 root: root) {
            recent.store(e, ordering: .relaxed)
        }
        // The coverage of every entry's span (a reader that sees it stale misses at worst).
        let mask = (1 << Self.countBits) &- 1
        var bits = InlineArray<4, UInt64>(repeating: 0)
        for k in 0..<Self.entryCount {
            let span = spans[k].load(ordering: .relaxed)
            guard span >= 0 else { continue }
            let first = span >> Self.countBits, last = first &+ (span & mask)
            for bucket in (first &>> 10)...(last &>> 10) {                     // one or two
                bits[(bucket & 255) &>> 6] |= 1 &<< UInt64(bucket & 63)
            }
        }
        for q in 0..<4 { coverage[q].store(bits[q], ordering: .relaxed) }
    }

    private func store(_ map: ClusterStartMap, in entry: borrowing Entry, at e: Int, place: Int, span: Int,
                       root: UInt) -> Bool {
        let current = entry.sequence.load(ordering: .relaxed)
        guard current & 1 == 0,
              entry.sequence.compareExchange(expected: current, desired: current + 1, ordering: .acquiring).exchanged
        else { return false }
        entry.root.store(root, ordering: .relaxed)
        entry.epoch.store(epoch.load(ordering: .relaxed), ordering: .relaxed)
        entry.place.store(place, ordering: .relaxed)
        spans[e].store(span, ordering: .relaxed)
        for q in 0..<4 { entry.before[q].store(map.before[q], ordering: .relaxed) }
        for w in 0..<ClusterStartMap.wordCount { entry.words[w].store(map.words[w], ordering: .relaxed) }
        entry.sequence.store(current + 2, ordering: .releasing)
        return true
    }

    /// Retires every entry: the text is about to change. Called only by the document's sole
    /// owner while it mutates (no reader can run then). O(1).
    func retire() {
        epoch.store(epoch.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }
}
