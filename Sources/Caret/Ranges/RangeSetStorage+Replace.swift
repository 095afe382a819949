// One replacement moving the ranges of a `TextRangeSet` (CHANGES.md, "TextRangeSet"). Only the
// entries that touch the replaced stretch are visited: those that start before it and reach it
// (their ends move; found by the tree's furthest ends), and those that start inside it or at
// its edges (taken out, mapped, those made identical merged into groups, and put back as one
// block where they now start — at the stretch's start or the end of its inserted text — so the
// leaves stay sorted). Every later range moves with the one span that changes before it.

extension RangeSetStorage {
    /// A new range's `sequence`. When the counter runs out (after `Entry.maxSequence` additions:
    /// 2²⁹ for the compact entry, 2³² for the wide one) the ranges and groups are renumbered
    /// keeping their order, O(n log n) once.
    mutating func takeSequence() -> UInt32 {
        if nextSequence >= Entry.maxSequence {
            var used: [UInt32] = []
            for leaf in leaves {
                for e in leaf.entries { used.append(e.sequence) }
            }
            for g in groups {
                for m in g.members { used.append(m.sequence) }
            }
            used.sort()
            var distinct: [UInt32] = []
            for x in used where distinct.last != x { distinct.append(x) }
            func rank(_ x: UInt32) -> UInt32 {
                var lo = 0, hi = distinct.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if distinct[mid] < x { lo = mid + 1 } else { hi = mid }
                }
                return UInt32(lo)
            }
            for i in leaves.indices {
                let leaf = uniqueLeaf(i)
                for k in leaf.entries.indices { leaf.entries[k].sequence = rank(leaf.entries[k].sequence) }
            }
            for g in groups.indices {
                groups[g].members = groups[g].members.map { RangeSetMember(slot: $0.slot, sequence: rank($0.sequence)) }
            }
            nextSequence = UInt32(distinct.count)
        }
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// `replace(_:insertedCount:oneLeafFirst:removed:)` returning the ids of the ranges removed
    /// (usually none: then no array is allocated). Not generic, so that `TextRangeSet.apply(_:)`,
    /// which runs unspecialised in a client's module, does no generic work per change.
    mutating func replace(_ range: Range<Int>, insertedCount: Int, oneLeafFirst: Bool = true) -> [TextRangeSetID] {
        // The common keystroke removes nothing: taken here, before the closure below is built
        // and the general entry point's checks run (about 80 instructions of a keystroke's 1,200).
        if oneLeafFirst && count > 0 && range.lowerBound >= 0
            && replaceAtFinger(ReplacedStretch(start: range.lowerBound, end: range.upperBound, inserted: insertedCount)) {
            return []
        }
        var removed: [TextRangeSetID] = []
        replace(range, insertedCount: insertedCount, oneLeafFirst: oneLeafFirst, fingerTried: oneLeafFirst) {
            removed.append(TextRangeSetID(slot: $0, generation: $1))
        }
        return removed
    }

    /// Moves the ranges for the replacement of bytes `range` by `insertedCount` bytes (offsets
    /// of the text before it); `removed` is told the slot and generation of each range removed.
    /// O(log leaves + k) for the k ranges that touch the replacement, plus a scan of the leaves
    /// holding them, plus O(leaves) when a leaf empties or splits.
    /// `oneLeafFirst: false` skips the one-leaf path (RangeSetStorage+OneLeaf.swift), for the
    /// tests that compare the two; `fingerTried: true` says the caller has just tried
    /// `replaceAtFinger` with this replacement and it declined (it would again).
    mutating func replace(_ range: Range<Int>, insertedCount: Int, oneLeafFirst: Bool = true, fingerTried: Bool = false,
                          removed: (UInt32, UInt32) -> Void) {
        guard count > 0, range.lowerBound >= 0 else { return }
        let s = range.lowerBound, e = range.upperBound
        let change = ReplacedStretch(start: s, end: e, inserted: insertedCount)
        // The common keystroke first (RangeSetStorage+Typing.swift), then the one-leaf path.
        if oneLeafFirst && ((!fingerTried && replaceAtFinger(change)) || replaceWithinOneLeaf(change, removed: removed)) {
            return
        }
        // The general path reads and rewrites the tree: a pending summary goes in first.
        settle()

        // The ranges starting before the stretch and reaching it: only their ends move.
        mapEnds(node: 1, base: 0, change)

        // The ranges starting inside the stretch or at its edges: taken out (absolute starts).
        var taken = borrowScratch()
        defer { returnScratch(&taken) }
        var (i, base) = lastLeaf(withBaseAtMost: s, strictly: true)
        var touched = i..<i
        while i < leaves.count && base <= e {
            let leaf = leaves[i]
            let lo = leaf.firstIndex(startingAtOrAfter: s - base), hi = leaf.firstIndex(startingAfter: e - base)
            if lo < hi {
                let unique = uniqueLeaf(i)
                for k in lo..<hi {
                    var x = unique.entries[k]
                    x.start += base
                    taken.append(x)
                }
                unique.entries.removeSubrange(lo..<hi)
                touched = min(touched.lowerBound, i)..<(i + 1)
            }
            base += leaf.span
            i += 1
        }

        // The bases: unchanged up to the stretch, at the end of the inserted text inside it,
        // shifted after it.
        let shifted = rebase(change)
        touched = touched.isEmpty ? shifted : min(touched.lowerBound, shifted.lowerBound)..<max(touched.upperBound, shifted.upperBound)
        guard !taken.isEmpty else {
            for j in touched { refresh(j) }
            return
        }
        // The spans only, for `lastLeaf` below; the ends once the block is back.
        for j in touched { refresh(j, maxEnd: tree[treeLeafCount + j].maxEnd) }

        // The entries taken out, mapped, merged when alike, and put back as one block where the
        // first one now starts, in the order of their new starts (in place of those taken out).
        var kept = 0
        for k in taken.indices {
            var x = taken[k]
            guard change.mapTaken(&x) else {
                drop(x, removed: removed)
                continue
            }
            taken[kept] = x
            kept += 1
        }
        taken.removeSubrange(kept...)
        if taken.count > 1 { coalesce(&taken) }
        var block: Int?
        if let first = taken.first {
            // The last leaf whose base is at or before the block's start (no base lies between
            // the stretch's start and the end of its inserted text): the ranges before the block
            // are in it or before it, those after it in it or after it.
            let (j, base) = lastLeaf(withBaseAtMost: first.start)
            let leaf = uniqueLeaf(j)
            for k in taken.indices { taken[k].start -= base }
            leaf.makeRoom(for: taken.count)
            leaf.entries.insert(contentsOf: taken, at: leaf.firstIndex(startingAtOrAfter: first.start - base))
            for x in taken { place(x, inLeaf: leaf.serial) }
            block = j
            if !touched.contains(j) { touched = min(touched.lowerBound, j)..<max(touched.upperBound, j + 1) }
        }
        var emptied: [Int] = []
        for j in touched where leaves[j].entries.isEmpty { emptied.append(j) }
        var structural = false
        if !emptied.isEmpty && leaves.count > 1 {
            removeLeaves(emptied, rebuild: false)
            structural = true
        }
        if let j = block {
            let at = j - emptied.filter { $0 < j }.count
            if leaves[at].entries.count > Self.leafCapacity {
                split(at)
                structural = true
            }
        }
        if structural {
            // Leaves before the touched ones (and the one before a leaf removed) are unchanged.
            rebuildTree(from: touched.lowerBound - 1)
        } else {
            for j in touched { refresh(j) }
        }
    }

    /// Moves the ends of the ranges under `node` (whose base is `base`) that start before the
    /// stretch and reach it, and brings the subtree's summaries in step. O(log leaves + leaves
    /// holding such ranges × `leafCapacity`).
    /// - Returns: true when a range was found (the subtree's summary was rewritten).
    @discardableResult
    mutating func mapEnds(node: Int, base: Int, _ change: ReplacedStretch) -> Bool {
        let summary = tree[node], s = change.start
        guard summary.maxEnd != .min, base <= s - 1, base + summary.maxEnd >= s else { return false }
        if node >= treeLeafCount {
            let i = node - treeLeafCount
            let leaf = uniqueLeaf(i)
            let cut = leaf.firstIndex(startingAtOrAfter: s - base)
            let maxEnd = leaf.entries.withUnsafeMutableBufferPointer { es in
                // Only ends that shrank can lower the leaf's furthest end.
                var maxEnd = summary.maxEnd, shrank = false
                for k in 0..<cut {
                    let a = base + es[k].start, b = a + es[k].length
                    guard b >= s else { continue }
                    let length = change.map(b, es[k].endBias) - a
                    shrank = shrank || length < es[k].length
                    es[k].length = length
                    maxEnd = max(maxEnd, es[k].start + length)
                }
                guard shrank else { return maxEnd }
                maxEnd = Int.min
                for e in es { maxEnd = max(maxEnd, e.start + e.length) }
                return maxEnd
            }
            tree[node] = RangeSetSummary(span: leaf.span, maxEnd: maxEnd)
            return true
        }
        let left = mapEnds(node: 2 * node, base: base, change)
        let right = mapEnds(node: 2 * node + 1, base: base + tree[2 * node].span, change)
        if left || right { tree[node] = tree[2 * node] + tree[2 * node + 1] }
        return left || right
    }

    /// Moves the leaves' bases for `change`, once no range starts inside the stretch or at its
    /// edges: a base up to its start stays, one inside goes to the end of the inserted text (the
    /// first one, for a deletion, to just after the last start before it),
    /// one after moves by the change in length; the offsets of ranges after the stretch in the
    /// leaves whose base is at or before its end move to match.
    /// - Returns: the leaves changed (their summaries are not refreshed).
    private mutating func rebase(_ change: ReplacedStretch) -> Range<Int> {
        let s = change.start, e = change.end, newEnd = s + change.inserted, d = change.delta
        let (i1, b1) = lastLeaf(withBaseAtMost: s)
        let first = uniqueLeaf(i1)
        first.shiftStarts(from: first.firstIndex(startingAfter: e - b1), by: d)
        var j = i1 + 1, bj = b1 + first.span
        if j == leaves.count {
            first.span = max(0, first.span + d)
            return i1..<j
        }
        if bj > e {
            first.span += d
            return i1..<j
        }
        // A deletion swallowing the next leaf's base moves that base back to just after this
        // leaf's last start, not to the stretch's start (every range left here starts before
        // the stretch): the Backspaces that follow then stay in the next leaf's territory (the
        // one-leaf path's finger stays there; RangeSetStorage+OneLeaf.swift does the same).
        // Any other base inside the stretch goes to the end of the inserted text.
        first.span = change.inserted == 0 ? (first.entries.last.map { $0.start + 1 } ?? newEnd - b1) : newEnd - b1
        var newBase = b1 + first.span
        while j < leaves.count && bj <= e {
            // Every range left in this leaf starts after the stretch.
            let leaf = uniqueLeaf(j)
            leaf.shiftStarts(from: 0, by: bj + d - newBase)
            let next = bj + leaf.span
            if j == leaves.count - 1 {
                leaf.span = max(0, next + d - newBase)
            } else {
                leaf.span = (next <= e ? newEnd : next + d) - newBase
            }
            newBase = newEnd
            bj = next
            j += 1
        }
        return i1..<j
    }
}

/// One replacement in the old text's byte offsets: `start..<end` replaced by `inserted` bytes.
struct ReplacedStretch {
    let start: Int
    let end: Int
    let inserted: Int
    var delta: Int { inserted - (end - start) }

    /// Where offset `x` of the old text goes, as `ChangeSet.mapUTF8(_:bias:)` maps it: before
    /// the stretch unchanged, after it shifted; at an insertion point before or after the
    /// inserted text as `bias` says; at the start of replaced text to its start, at its end to
    /// the end of the inserted text; strictly inside to the edge `bias` names.
    func map(_ x: Int, _ bias: TextEdit.Bias) -> Int {
        if x < start { return x }
        if x > end { return x + delta }
        if start < end {
            if x == start { return start }
            if x == end { return start + inserted }
        }
        return bias == .before ? start : start + inserted
    }

    /// True when `x` (absolute start), starting inside the stretch or at its edges, is removed
    /// entirely by it (all of its text removed, or empty and strictly inside) and was added with
    /// `removeWhenEmptied`.
    func drops<Entry: RangeSetEntryLayout>(_ x: Entry) -> Bool {
        guard x.removeWhenEmptied else { return false }
        let a = x.start, b = a + x.length
        return (a < b && b <= end && start < end) || (a == b && start < a && a < end)
    }

    /// Maps `x` (absolute start), starting inside the stretch or at its edges, in place: a range
    /// the stretch removes entirely becomes empty at its start, the others map end by end.
    /// - Returns: false (and `x` unchanged) when it goes away instead (`drops(_:)`).
    func mapTaken<Entry: RangeSetEntryLayout>(_ x: inout Entry) -> Bool {
        let a = x.start, b = a + x.length
        var newStart: Int, newEnd: Int
        if (a < b && b <= end && start < end) || (a == b && start < a && a < end) {
            // All of its text removed, or an empty range covered strictly: empty at the start.
            if x.removeWhenEmptied { return false }
            (newStart, newEnd) = (start, start)
        } else {
            newStart = map(a, x.startBias)
            newEnd = map(b, x.endBias)
            if newEnd < newStart { newStart = newEnd }  // an empty `.neverGrows` range at an insertion
        }
        x.start = newStart
        x.length = newEnd - newStart
        return true
    }
}

extension RangeSetStorage {
    /// The buffer a replacement takes entries out into, reused from the last replacement (taken
    /// out of `scratch`, so that it is not shared while the storage changes). O(1).
    @inline(__always)
    mutating func borrowScratch() -> [Entry] {
        let buffer = scratch
        scratch = []
        return buffer
    }

    /// Gives `buffer` back, emptied, for the next replacement, unless a large change made it
    /// large. O(its count).
    @inline(__always)
    mutating func returnScratch(_ buffer: inout [Entry]) {
        guard buffer.capacity <= 2 * Self.leafCapacity else { return }
        buffer.removeAll(keepingCapacity: true)
        scratch = buffer
    }
}
