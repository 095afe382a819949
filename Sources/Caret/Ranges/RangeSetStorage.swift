// The storage of a `TextRangeSet`: ranges in leaves, leaves in order, a summary tree over the
// leaves. A leaf's offsets are relative to its base; the bases are kept only as gaps (each
// leaf's `span`, the distance from its base to the next leaf's), summed in the tree, so that a
// change moves every later range by changing one span. The tree also keeps, per subtree, the
// furthest end of its ranges, so that the ranges reaching a point are found without visiting
// the others. Ids find their range through an index slot → leaf serial → leaf position. Ranges
// that a change makes identical (same start, length and options: collapsed at one place, say)
// become one entry, a group (RangeSetStorage+Groups.swift): they map alike through every later
// change, so a change moves them as one.

/// A leaf: up to `leafCapacity` ranges sorted by start (ties in the order they were added).
/// Shared between copies of a set until one changes it.
final class RangeSetLeaf<Entry: RangeSetEntryLayout>: @unchecked Sendable {
    // `span` and `entries` are exempt from the runtime's exclusivity checks (each access to a
    // class's property otherwise registers with a thread-local access set, a large share of a
    // replacement's work). Nothing overlaps an access to them: only the storage touches a leaf,
    // a shared leaf is copied before it changes (`uniqueLeaf`), and no callback runs while an
    // access is open.
    /// Stable while the leaf lives: the id index points at leaves by serial.
    let serial: UInt32
    /// From this leaf's base to the next leaf's (for the last leaf: at least 0, otherwise free).
    @exclusivity(unchecked) var span: Int
    @exclusivity(unchecked) var entries: [Entry]

    init(serial: UInt32, span: Int, entries: [Entry]) {
        self.serial = serial
        self.span = span
        self.entries = entries
    }

    /// The furthest end of the leaf's ranges relative to its base, or `Int.min` when empty.
    var maxEnd: Int {
        var m = Int.min
        for e in entries { m = max(m, e.start + e.length) }
        return m
    }

    /// The first entry whose start is greater than `x` (relative), by binary search.
    func firstIndex(startingAfter x: Int) -> Int {
        // One read of the array (a class's property is checked for exclusive access each time).
        let entries = entries
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].start <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Adds `d` to the starts of the entries from index `from` on.
    func shiftStarts(from: Int, by d: Int) {
        guard d != 0, from < entries.count else { return }
        entries.withUnsafeMutableBufferPointer { es in
            for k in from..<es.count { es[k].start += d }
        }
    }

    /// The first entry whose start is at least `x` (relative), by binary search.
    func firstIndex(startingAtOrAfter x: Int) -> Int { firstIndex(startingAfter: x - 1) }

    /// Makes room for `extra` more entries: when they do not fit, the buffer grows by a few
    /// entries (a sixteenth of `leafCapacity`: 4), not by doubling, so that a leaf's buffer stays
    /// close to its count (most of a set's memory is its leaves' buffers; an eighth left about
    /// 1.4 bytes a range unused, a sixteenth about 0.7). Amortised O(1) per entry added: a leaf
    /// holds about `leafCapacity` entries at most, its buffer (1 KB at most) copied a few times
    /// while it fills.
    @inline(__always)
    func makeRoom(for extra: Int) {
        let needed = entries.count + extra
        guard needed > entries.capacity else { return }
        entries.reserveCapacity(needed + Self.growth)
    }

    /// The entries a full leaf buffer grows by (`makeRoom(for:)`).
    static var growth: Int { max(1, RangeSetStorage<Entry>.leafCapacity / 16) }
}

/// The id index's entry for one slot: the leaf holding the range (by serial), or the group it
/// belongs to (`groupBit` set), and the slot's generation (bumped when the range goes, so an old
/// id no longer matches).
struct RangeSetSlot: Sendable {
    var leaf: UInt32
    var generation: UInt32
    static let free = UInt32.max
    static let groupBit: UInt32 = 1 << 31

    /// The capacity an array indexed by slot (the id index, the values) grows to when full: an
    /// eighth more, not double, so that its unused tail stays small. Amortised O(1) per slot.
    static func grownCapacity(_ count: Int) -> Int { count + count / 8 + 16 }
}

/// A subtree's summary: the sum of its leaves' spans, and the furthest end of its ranges
/// relative to its base (`Int.min` when it holds none).
struct RangeSetSummary: Sendable {
    var span: Int
    var maxEnd: Int
    static let empty = RangeSetSummary(span: 0, maxEnd: .min)

    static func + (a: RangeSetSummary, b: RangeSetSummary) -> RangeSetSummary {
        RangeSetSummary(span: a.span + b.span, maxEnd: b.maxEnd == .min ? a.maxEnd : max(a.maxEnd, a.span + b.maxEnd))
    }
}

/// The leaves, the summary tree over them and the id index. A value: arrays copy on write, and
/// leaves are copied before a change when a copy of the set shares them.
struct RangeSetStorage<Entry: RangeSetEntryLayout>: Sendable {
    /// Ranges per leaf at most; a fuller leaf splits in two. 4 in the test build
    /// (`--traits TinyShapes`), so that a few ranges make many leaves.
    #if TinyShapes
    static var leafCapacity: Int { 4 }
    #else
    static var leafCapacity: Int { 64 }
    #endif

    /// At least one leaf; the first one's base is 0.
    var leaves: [RangeSetLeaf<Entry>]
    /// A complete binary tree over `leafCount` slots (a power of two): node 1 the root, node
    /// `leafCount + i` leaf i (or an empty summary past the last leaf).
    var tree: [RangeSetSummary]
    var treeLeafCount: Int
    /// The tree's leaf slots that may hold a summary (those past it are empty): the leaf count
    /// at the last rebuild, so that the next one resets only the slots leaves left.
    var treeSlotsInUse = 0
    /// Leaf position by leaf serial (-1 for a serial not in use).
    var leafPosition: [Int32]
    var nextSerial: UInt32 = 0
    /// Serials of removed leaves, given to new ones: `leafPosition` stays as long as the most
    /// leaves the set has had at once, not as the number of splits ever made.
    var freeSerials: [UInt32] = []
    /// The id index, by slot.
    var slots: [RangeSetSlot] = []
    var freeSlots: [UInt32] = []
    /// The groups, by index (RangeSetStorage+Groups.swift); a free one has no members.
    var groups: [RangeSetGroup] = []
    var freeGroups: [UInt32] = []
    /// A replacement's entries taken out, kept between replacements (empty) so that its buffer
    /// is not allocated again for every keystroke.
    var scratch: [Entry] = []
    var count = 0
    /// The leaf the last replacement took the one-leaf path in, its base since, and what that
    /// path keeps pending there (RangeSetStorage+OneLeaf.swift): typing goes on in the same
    /// leaf, so the next keystroke needs no descent and no ascent. Settled, then let go of,
    /// whenever the storage changes otherwise (`settle()`, `refresh`, `rebuildTree`).
    var finger: RangeSetFinger?
    /// The ranges of the leaves before the finger's whose end is at or after its base, in leaf
    /// order (RangeSetStorage+OneLeaf.swift): the only ones outside its leaf a replacement in
    /// its territory can move. Meaningful while `finger` is set; kept apart from it so that the
    /// finger is a plain value (read on every keystroke).
    var fingerReachers: [RangeSetReacher] = []
    /// The next range's `sequence`.
    var nextSequence: UInt32 = 0

    init() {
        leaves = [RangeSetLeaf<Entry>(serial: 0, span: 0, entries: [])]
        nextSerial = 1
        leafPosition = [0]
        tree = []
        treeLeafCount = 1
        rebuildTree()
    }

    /// `other`'s ranges, ids, groups and order in this layout (settling `other` first; its
    /// offsets must fit this layout). O(n).
    init<Other>(converting other: inout RangeSetStorage<Other>) {
        other.settle()
        leaves = other.leaves.map { leaf in
            RangeSetLeaf<Entry>(serial: leaf.serial, span: leaf.span, entries: leaf.entries.map { $0.converted(to: Entry.self) })
        }
        tree = other.tree
        treeLeafCount = other.treeLeafCount
        treeSlotsInUse = other.treeSlotsInUse
        leafPosition = other.leafPosition
        nextSerial = other.nextSerial
        freeSerials = other.freeSerials
        slots = other.slots
        freeSlots = other.freeSlots
        groups = other.groups
        freeGroups = other.freeGroups
        count = other.count
        nextSequence = other.nextSequence
    }

    // MARK: The id index

    /// A slot for a new range (a freed one with its generation bumped, or a new one).
    mutating func allocateSlot() -> UInt32 {
        if let slot = freeSlots.popLast() { return slot }
        if slots.count == slots.capacity { slots.reserveCapacity(RangeSetSlot.grownCapacity(slots.count)) }
        slots.append(RangeSetSlot(leaf: RangeSetSlot.free, generation: 0))
        return UInt32(slots.count - 1)
    }

    /// Frees `slot`, so that ids naming it with its current generation no longer match.
    mutating func freeSlot(_ slot: UInt32) {
        slots[Int(slot)].leaf = RangeSetSlot.free
        slots[Int(slot)].generation &+= 1
        freeSlots.append(slot)
    }

    /// True when the range of an id is in the set. O(1).
    func contains(_ slot: UInt32, generation: UInt32) -> Bool {
        Int(slot) < slots.count && slots[Int(slot)].generation == generation && slots[Int(slot)].leaf != RangeSetSlot.free
    }

    /// Where the range of an id is: leaf position and index in the leaf of its entry (its
    /// group's, if it is in one). O(`leafCapacity`).
    @inline(__always)
    func locate(_ slot: UInt32, generation: UInt32) -> (leaf: Int, index: Int)? {
        guard Int(slot) < slots.count else { return nil }
        let s = slots[Int(slot)]
        guard s.generation == generation, s.leaf != RangeSetSlot.free else { return nil }
        let index: Int?
        let leaf: Int
        if s.leaf & RangeSetSlot.groupBit != 0 {
            let group = s.leaf & ~RangeSetSlot.groupBit
            leaf = Int(leafPosition[Int(groups[Int(group)].leaf)])
            index = leaves[leaf].entries.firstIndex { $0.group == group }
        } else {
            leaf = Int(leafPosition[Int(s.leaf)])
            // A group's entry holds `groupBit` in the slot's field, never a slot (below 2³¹).
            index = leaves[leaf].entries.firstIndex { $0.slot == slot }
        }
        return index.map { (leaf, $0) }
    }

    /// The UTF-8 offsets of the range of an id and its options (`RangeSetEntryLayout.flags`), or
    /// nil when it is not in the set. Inlined with what it calls: a call on the storage (a large
    /// value) from `TextRangeSet` copied it first. O(log leaves + `leafCapacity`).
    @inline(__always)
    func utf8Range(of slot: UInt32, generation: UInt32) -> (range: Range<Int>, flags: UInt8)? {
        guard let (leaf, index) = locate(slot, generation: generation) else { return nil }
        let base = base(ofLeaf: leaf)
        let entry = leaves[leaf].entries[index]
        return ((base + entry.start)..<(base + entry.start + entry.length), entry.flags)
    }

    /// Records that `entry` (a range or a group) is in the leaf with serial `serial`. O(1).
    mutating func place(_ entry: Entry, inLeaf serial: UInt32) {
        if entry.group == Entry.single {
            slots[Int(entry.slot)].leaf = serial
        } else {
            groups[Int(entry.group)].leaf = serial
        }
    }

    // MARK: The summary tree

    /// Rebuilds the tree and the leaf positions after leaves were added or removed, from leaf
    /// `first` on: the leaves before it (their spans and ranges) must be as the tree sums them.
    /// The tree's buffer is kept when its size stays, and the leaf positions grow in place when
    /// splits add serials, so that ranges inserted one by one in order (each split at the last
    /// leaf) cost O(log n) amortised, not a whole rebuild a split. O(leaves from `first` ×
    /// `leafCapacity` + log n), O(n) when the tree grows or shrinks.
    mutating func rebuildTree(from first: Int = 0) {
        // Leaves may have moved since: a pending summary must have been settled before.
        assert(finger?.pendingMaxEnd == nil, "rebuildTree with a summary pending")
        finger = nil
        var size = 1
        while size < leaves.count { size *= 2 }
        var first = min(max(0, first), leaves.count - 1)
        if size != treeLeafCount || tree.count != 2 * size {
            treeLeafCount = size
            tree = Array(repeating: .empty, count: 2 * size)
            treeSlotsInUse = 0
            first = 0
        }
        if leafPosition.count < Int(nextSerial) {
            // New serials (splits): the positions of the leaves before `first` still hold.
            leafPosition.append(contentsOf: repeatElement(-1, count: Int(nextSerial) - leafPosition.count))
        } else if leafPosition.count > Int(nextSerial) {
            leafPosition = Array(repeating: -1, count: Int(nextSerial))
            first = 0
        }
        let leaves = leaves
        // Slots from `first` to the last one in use before or after; those past it stay empty.
        let upper = max(leaves.count, treeSlotsInUse)
        tree.withUnsafeMutableBufferPointer { t in
            for i in first..<upper {
                t[size + i] = i < leaves.count ? RangeSetSummary(span: leaves[i].span, maxEnd: leaves[i].maxEnd) : .empty
            }
            // The nodes above those slots rebuilt, level by level.
            var lo = (size + first) / 2, hi = (size + upper - 1) / 2
            while hi >= 1 {
                for node in lo...hi { t[node] = t[2 * node] + t[2 * node + 1] }
                lo /= 2
                hi /= 2
            }
        }
        treeSlotsInUse = leaves.count
        for i in first..<leaves.count { leafPosition[Int(leaves[i].serial)] = Int32(i) }
    }

    /// Brings the tree in step with leaf `i`'s span and ends. O(log leaves + `leafCapacity`).
    mutating func refresh(_ i: Int) { refresh(i, maxEnd: leaves[i].maxEnd) }

    /// Brings the tree in step with leaf `i`'s span and `maxEnd` (its ranges' furthest end,
    /// relative, when the caller knows it; the stored one when only the span changed). O(log leaves).
    mutating func refresh(_ i: Int, maxEnd: Int) {
        assert(finger?.pendingMaxEnd == nil, "refresh with a summary pending")
        finger = nil
        var node = treeLeafCount + i
        tree[node] = RangeSetSummary(span: leaves[i].span, maxEnd: maxEnd)
        node /= 2
        while node >= 1 {
            tree[node] = tree[2 * node] + tree[2 * node + 1]
            node /= 2
        }
    }

    /// The base of leaf `i`: the sum of the spans before it. O(log leaves).
    @inline(__always)
    func base(ofLeaf i: Int) -> Int {
        var node = treeLeafCount + i, sum = 0
        while node > 1 {
            if node & 1 == 1 { sum += tree[node - 1].span }
            node /= 2
        }
        // The subtrees summed cover leaves 0..<i: a pending leaf among them is counted stale.
        let (pendingLeaf, delta) = pendingSpan
        return pendingLeaf < i ? sum + delta : sum
    }

    /// The last leaf whose base is at most `x` (strictly below it when `strictly`), with its base.
    /// Leaf 0 (base 0) when none is. O(log leaves).
    func lastLeaf(withBaseAtMost x: Int, strictly: Bool = false) -> (index: Int, base: Int) {
        var node = 1, base = 0, first = 0, width = treeLeafCount
        let (pendingLeaf, delta) = pendingSpan
        while node < treeLeafCount {
            width /= 2
            // The left child's span, corrected when it holds the leaf whose summary is pending.
            var leftSpan = tree[2 * node].span
            if pendingLeaf >= first && pendingLeaf < first + width { leftSpan += delta }
            let rightBase = base + leftSpan
            if first + width < leaves.count && (strictly ? rightBase < x : rightBase <= x) {
                node = 2 * node + 1
                base = rightBase
                first += width
            } else {
                node = 2 * node
            }
        }
        return (node - treeLeafCount, base)
    }

    /// A leaf of this storage that no copy shares (copying it first if needed).
    mutating func uniqueLeaf(_ i: Int) -> RangeSetLeaf<Entry> {
        if !isKnownUniquelyReferenced(&leaves[i]) {
            let old = leaves[i]
            leaves[i] = RangeSetLeaf<Entry>(serial: old.serial, span: old.span, entries: old.entries)
        }
        return leaves[i]
    }

    // MARK: Walking

    /// Calls `body` with the absolute start, the entry and the member (slot and sequence) of
    /// every range, in order: by start, then the order they were added in. O(n), plus sorting
    /// the ranges that share a start when a group is among them.
    func forEachRange(_ body: (Int, Entry, RangeSetMember) -> Void) {
        var base = 0
        var run: [Entry] = [], runStart = Int.min, members: [(member: RangeSetMember, entry: Int)] = []
        func flush() {
            if run.count == 1 && run[0].group == Entry.single {
                body(runStart, run[0], RangeSetMember(slot: run[0].slot, sequence: run[0].sequence))
            } else if !run.isEmpty {
                members.removeAll(keepingCapacity: true)
                for (k, e) in run.enumerated() { forEachMember(of: e) { members.append(($0, k)) } }
                members.sort { $0.member.sequence < $1.member.sequence }
                for m in members { body(runStart, run[m.entry], m.member) }
            }
            run.removeAll(keepingCapacity: true)
        }
        for leaf in leaves {
            for e in leaf.entries {
                if base + e.start != runStart {
                    flush()
                    runStart = base + e.start
                }
                run.append(e)
            }
            base += leaf.span
        }
        flush()
    }

    /// Calls `body` (absolute start, length, options, member) for the ranges whose start is at
    /// most `maxStart` and whose end is at least `minEnd`, leaf by leaf, skipping subtrees that
    /// hold none (not sorted among those sharing a start). O(log leaves + leaves visited ×
    /// `leafCapacity` + ranges found).
    func forEachRange(startingAtOrBefore maxStart: Int, endingAtOrAfter minEnd: Int,
                      _ body: (_ start: Int, _ length: Int, _ flags: UInt8, _ member: RangeSetMember) -> Void) {
        func visit(_ i: Int, _ base: Int) {
            for e in leaves[i].entries {
                let s = base + e.start
                if s > maxStart { break }
                if s + e.length >= minEnd { forEachMember(of: e) { body(s, e.length, e.flags, $0) } }
            }
        }
        let (pendingLeaf, delta) = pendingSpan
        if pendingLeaf == Int.max {
            forEachLeaf(node: 1, base: 0, maxStart: maxStart, minEnd: minEnd, visit)
        } else {
            forEachLeaf(node: 1, base: 0, first: 0, width: treeLeafCount, maxStart: maxStart, minEnd: minEnd,
                        pendingLeaf: pendingLeaf, delta: delta, visit)
        }
    }

    /// The leaves under `node` (whose base is `base`) that may hold a range starting at or
    /// before `maxStart` and ending at or after `minEnd`, in order, when no summary is pending.
    func forEachLeaf(node: Int, base: Int, maxStart: Int, minEnd: Int, _ body: (Int, Int) -> Void) {
        let summary = tree[node]
        guard summary.maxEnd != .min, base <= maxStart, base + summary.maxEnd >= minEnd else { return }
        if node >= treeLeafCount {
            body(node - treeLeafCount, base)
            return
        }
        forEachLeaf(node: 2 * node, base: base, maxStart: maxStart, minEnd: minEnd, body)
        forEachLeaf(node: 2 * node + 1, base: base + tree[2 * node].span, maxStart: maxStart, minEnd: minEnd, body)
    }

    /// The leaves under `node` (whose base is `base`, over leaves `first..<first + width`) that
    /// may hold a range starting at or before `maxStart` and ending at or after `minEnd`, in
    /// order, with a summary pending. The spans over `pendingLeaf` (the finger's, `pendingSpan`) are off by `delta`;
    /// the furthest ends over a leaf whose ends are pending (`endsPending`) are not trusted, so
    /// such subtrees are not pruned by their ends (the caller tests the entries).
    func forEachLeaf(node: Int, base: Int, first: Int, width: Int, maxStart: Int, minEnd: Int, pendingLeaf: Int, delta: Int,
                     _ body: (Int, Int) -> Void) {
        guard base <= maxStart, first < leaves.count else { return }
        let summary = tree[node]
        if !endsPending(first: first, width: width) {
            guard summary.maxEnd != .min, base + summary.maxEnd >= minEnd else { return }
        }
        if node >= treeLeafCount {
            body(node - treeLeafCount, base)
            return
        }
        let half = width / 2
        var leftSpan = tree[2 * node].span
        if pendingLeaf >= first && pendingLeaf < first + half { leftSpan += delta }
        forEachLeaf(node: 2 * node, base: base, first: first, width: half, maxStart: maxStart, minEnd: minEnd,
                    pendingLeaf: pendingLeaf, delta: delta, body)
        forEachLeaf(node: 2 * node + 1, base: base + leftSpan, first: first + half, width: half, maxStart: maxStart,
                    minEnd: minEnd, pendingLeaf: pendingLeaf, delta: delta, body)
    }

    // MARK: Adding and removing

    /// Adds `entry`, whose `start` is absolute, after every range starting at or before it.
    /// O(log leaves + `leafCapacity`), plus O(leaves) when the leaf splits.
    mutating func insert(_ entry: Entry) {
        settle()
        let (i, base) = lastLeaf(withBaseAtMost: entry.start)
        var e = entry
        e.start -= base
        let leaf = uniqueLeaf(i)
        let at = leaf.firstIndex(startingAfter: e.start)
        leaf.makeRoom(for: 1)
        leaf.entries.insert(e, at: at)
        slots[Int(e.slot)].leaf = leaf.serial
        count += 1
        if leaf.entries.count > Self.leafCapacity {
            split(i)
            rebuildTree(from: i)
        } else {
            refresh(i)
        }
    }

    /// Splits leaf `i`, when it holds more than `leafCapacity` entries, into leaves of at most
    /// that many (as many as needed, of equal size); a new leaf's base is its first entry's
    /// start. The tree is not rebuilt. O(entries of the leaf).
    mutating func split(_ i: Int) {
        assert(finger?.pendingMaxEnd == nil, "leaves changed with a summary pending")
        let leaf = uniqueLeaf(i)
        let n = leaf.entries.count
        guard n > Self.leafCapacity else { return }
        let pieces = (n + Self.leafCapacity - 1) / Self.leafCapacity
        let isLast = i == leaves.count - 1
        var newLeaves: [RangeSetLeaf<Entry>] = []
        var end = n, span = leaf.span
        for p in stride(from: pieces - 1, through: 1, by: -1) {
            let from = p * n / pieces
            let cut = leaf.entries[from].start
            var moved = Array(leaf.entries[from..<end])
            for k in moved.indices { moved[k].start -= cut }
            let serial: UInt32
            if let free = freeSerials.popLast() {
                serial = free
            } else {
                serial = nextSerial
                nextSerial += 1
            }
            let right = RangeSetLeaf<Entry>(serial: serial, span: span - cut, entries: moved)
            if isLast && p == pieces - 1 { right.span = max(0, right.span) }
            for e in moved { place(e, inLeaf: serial) }
            newLeaves.append(right)
            span = cut
            end = from
        }
        // A fresh array: the full one's capacity would stay allocated otherwise.
        leaf.entries = Array(leaf.entries[..<end])
        leaf.span = span
        leaves.insert(contentsOf: newLeaves.reversed(), at: i + 1)
    }

    /// Removes the entry at `index` of leaf `leaf` (its slots are the caller's to free).
    mutating func removeEntry(leaf i: Int, at index: Int) {
        settle()
        let leaf = uniqueLeaf(i)
        leaf.entries.remove(at: index)
        if leaf.entries.isEmpty && leaves.count > 1 {
            removeLeaves([i])
        } else {
            refresh(i)
        }
    }

    /// Removes the range with `slot`, whose entry is at `index` of leaf `leaf`, and frees its
    /// slot. O(log leaves + `leafCapacity`) (plus its group's size), O(leaves) when a leaf empties.
    mutating func removeRange(_ slot: UInt32, leaf i: Int, at index: Int) {
        settle()
        let e = leaves[i].entries[index]
        freeSlot(slot)
        count -= 1
        if e.group == Entry.single || removeMember(slot, from: e.group) {
            removeEntry(leaf: i, at: index)
        }
    }

    /// Removes the (empty) leaves at `indices` (ascending), giving their spans to the leaf
    /// before (or, for leaf 0, to the leaf after, whose offsets then count from 0), keeping at
    /// least one leaf; then rebuilds the tree unless `rebuild` is false. O(leaves).
    mutating func removeLeaves(_ indices: [Int], rebuild: Bool = true) {
        assert(finger?.pendingMaxEnd == nil, "leaves changed with a summary pending")
        for i in indices.reversed() where leaves.count > 1 {
            let gone = leaves[i]
            if i > 0 {
                let before = uniqueLeaf(i - 1)
                before.span += gone.span
                if i == leaves.count - 1 { before.span = max(0, before.span) }
            } else {
                let after = uniqueLeaf(1)
                for k in after.entries.indices { after.entries[k].start += gone.span }
                after.span += gone.span
                if leaves.count == 2 { after.span = max(0, after.span) }
            }
            leaves.remove(at: i)
            leafPosition[Int(gone.serial)] = -1
            freeSerials.append(gone.serial)
        }
        // The leaf before the first one removed took its span (leaf 0's successor, its offsets).
        if rebuild, let lowest = indices.first { rebuildTree(from: lowest - 1) }
    }
}
