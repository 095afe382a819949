// The common case of a replacement moving a `TextRangeSet`'s ranges (a keystroke: an insertion
// or a short deletion): every entry starting inside the replaced stretch or at its edges is in
// one leaf, and, mapped, lands back in that leaf between its entries before the stretch and
// those after it. That holds when the stretch lies within the leaf's territory (at or after its
// base, before the next leaf's), or when a deletion swallows the leaf's base and no range of the
// leaf before starts in it (the leaf's base then moves to the stretch's start). One descent
// finds the leaf; its entries are mapped in place in one pass (earlier ends, the stretch's
// entries, later starts); its span carries the change to every later leaf; the ascent brings the
// summaries on the path in step and moves the ends of earlier leaves' ranges reaching the
// stretch. The result is the general path's (RangeSetStorage+Replace.swift) exactly: same
// entries, groups and order. Anything else (a range moving to another leaf, a leaf emptying)
// takes the general path.
//
// Typing stays in one leaf for many keystrokes, so two parts of that path are put off while it
// does (`RangeSetFinger`): the ascent (the leaf's summary and its ancestors' in the tree are
// brought in step only when something else reads or changes the tree, `settle()`; the readers
// that cannot settle, being non-mutating, correct the spans on the pending leaf's path
// through `pendingSpan`), and the walk over the earlier subtrees on the path: done once when the
// finger comes to a leaf, it lists the ranges of earlier leaves reaching the leaf's base (the
// only ones a replacement in its territory can move: an end before the base stays there, one at
// or after it maps to a place at or after it), and later replacements move those ends directly,
// their leaves' summaries pending too. In the leaf,
// only the earlier entries starting within the finger's bound on lengths before the stretch are
// tested, and the leaf's furthest end follows from the old one unless that lies in the stretch.

/// The leaf the one-leaf path last changed (`RangeSetStorage.finger`) and what it put off there.
struct RangeSetFinger {
    /// The leaf's position and its base (absolute, exact: only spans after it are pending).
    var leaf: Int
    var base: Int
    /// The leaf's furthest end (relative) when its summary is pending: the tree's node for the
    /// leaf and its ancestors then hold the summaries as they were when last settled (the spans
    /// off by `pendingSpan`'s delta, the ends unknown); every other node is in step. nil when the
    /// tree is in step.
    var pendingMaxEnd: Int?
    /// True when a replacement moved a reacher's end since the tree last summed its leaf: those
    /// leaves' nodes and their ancestors then hold stale furthest ends (their spans are exact).
    var reachersPending = false
    /// At least the length of every range of the leaf, or nil when not known: only the ranges
    /// starting at most this far before a replacement can reach it.
    var lengthBound: Int?
    /// Where the last replacement's stretch was among the leaf's entries (its first entry
    /// starting at or after the stretch, before and after it): the next keystroke's place is
    /// usually one of them, checked before a search.
    var index = 0
    var indexAfter = 0
}

/// A range of an earlier leaf reaching the finger's leaf (`RangeSetStorage.fingerReachers`): its leaf,
/// its index there (neither changes while the finger stays: only lengths change before the
/// finger's leaf) and the leaf's base.
struct RangeSetReacher {
    var leaf: Int
    var index: Int
    var base: Int
}

extension RangeSetStorage {
    /// The leaf whose summary is pending and how much its span grew since the tree last summed
    /// it; (`Int.max`, 0) when none is. O(1).
    @inline(__always)
    var pendingSpan: (leaf: Int, delta: Int) {
        guard let f = finger, f.pendingMaxEnd != nil else { return (Int.max, 0) }
        return (f.leaf, leaves[f.leaf].span - tree[treeLeafCount + f.leaf].span)
    }

    /// Brings the tree in step with the finger's leaf when its summary is pending (the finger
    /// stays). Every change other than the one-leaf path's calls it first, while the leaves are
    /// where the finger says. O(log leaves).
    mutating func settle() {
        guard let f = finger, let maxEnd = f.pendingMaxEnd else { return }
        finger!.pendingMaxEnd = nil
        if f.reachersPending {
            finger!.reachersPending = false
            let reachers = fingerReachers
            // Each earlier leaf whose ends moved, once (the list is in leaf order), then the
            // finger's leaf, which shares ancestors with them.
            var last = -1
            for r in reachers where r.leaf != last {
                last = r.leaf
                ascend(from: r.leaf, RangeSetSummary(span: leaves[r.leaf].span, maxEnd: leaves[r.leaf].maxEnd))
            }
        }
        ascend(from: f.leaf, RangeSetSummary(span: leaves[f.leaf].span, maxEnd: maxEnd))
    }

    /// True when one of leaves `first..<first + width` has a furthest end pending (the finger's
    /// leaf, or an earlier one whose reachers moved): the tree's ends are not to be trusted
    /// over them. O(log reachers).
    func endsPending(first: Int, width: Int) -> Bool {
        guard let f = finger, f.pendingMaxEnd != nil else { return false }
        if f.leaf >= first && f.leaf < first + width { return true }
        guard f.reachersPending else { return false }
        let reachers = fingerReachers
        var lo = 0, hi = reachers.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reachers[mid].leaf < first { lo = mid + 1 } else { hi = mid }
        }
        return lo < reachers.count && reachers[lo].leaf < first + width
    }

    /// Lists, under `node` (whose base is `base`), the ranges whose end is at or after
    /// `threshold` (all start before the stretch), and moves the ends of those reaching the
    /// stretch, bringing the subtree's summaries in step. O(log leaves + leaves holding such
    /// ranges × `leafCapacity`).
    /// - Returns: true when an end moved (the subtree's summary was rewritten).
    mutating func collectReachers(node: Int, base: Int, threshold: Int, _ change: ReplacedStretch,
                                  into list: inout [RangeSetReacher]) -> Bool {
        let summary = tree[node], s = change.start
        guard summary.maxEnd != .min, base + summary.maxEnd >= threshold else { return false }
        if node >= treeLeafCount {
            let j = node - treeLeafCount
            var moved = false
            do {
                let entries = leaves[j].entries
                for k in entries.indices where base + entries[k].start + entries[k].length >= threshold {
                    list.append(RangeSetReacher(leaf: j, index: k, base: base))
                    if base + entries[k].start + entries[k].length >= s { moved = true }
                }
            }
            guard moved else { return false }
            let leaf = uniqueLeaf(j)
            leaf.entries.withUnsafeMutableBufferPointer { es in
                for k in es.indices {
                    let a = base + es[k].start, end = a + es[k].length
                    if end >= s { es[k].length = change.map(end, es[k].endBias) - a }
                }
            }
            tree[node] = RangeSetSummary(span: leaf.span, maxEnd: leaf.maxEnd)
            return true
        }
        let left = collectReachers(node: 2 * node, base: base, threshold: threshold, change, into: &list)
        let right = collectReachers(node: 2 * node + 1, base: base + tree[2 * node].span, threshold: threshold, change, into: &list)
        if left || right { tree[node] = tree[2 * node] + tree[2 * node + 1] }
        return left || right
    }

    /// Writes `summary` as leaf `i`'s and recomputes its ancestors, in one pass over the tree's
    /// buffer. O(log leaves).
    @inline(__always)
    mutating func ascend(from i: Int, _ summary: RangeSetSummary) {
        let leafNode = treeLeafCount + i
        tree.withUnsafeMutableBufferPointer { t in
            var node = leafNode
            t[node] = summary
            while node > 1 {
                node /= 2
                t[node] = t[2 * node] + t[2 * node + 1]
            }
        }
    }

    /// Moves the ranges for `change` when every range starting in the stretch or at its edges
    /// stays in one leaf and no leaf empties; otherwise changes nothing.
    /// - Returns: true when done. O(log leaves + `leafCapacity` + k log k) for the k entries
    ///   starting inside the stretch or at its edges, plus the earlier leaves holding ranges
    ///   that reach it.
    mutating func replaceWithinOneLeaf(_ change: ReplacedStretch, removed: (UInt32, UInt32) -> Void) -> Bool {
        let s = change.start, e = change.end, d = change.delta
        // The last leaf whose base is at or before the stretch: fast when the next leaf's base is
        // after the stretch and, when this one's base is at the stretch's start (a pile at the
        // caret often starts a leaf), no range of the leaf before starts there too.
        var (i, b): (Int, Int)
        if let f = finger, f.base <= s, f.leaf < leaves.count, f.leaf + 1 == leaves.count || f.base + leaves[f.leaf].span > s {
            // The leaf of the last replacement is still the last one starting at or before `s`
            // (the next one's base is after it; spans are never negative).
            (i, b) = (f.leaf, f.base)
        } else {
            (i, b) = lastLeaf(withBaseAtMost: s)
        }
        if b == s && i > 0 {
            let before = leaves[i - 1]
            guard let last = before.entries.last, b - before.span + last.start < s else { return false }
        }
        // A deletion swallowing the next leaf's base (Backspace over the start of a pile that
        // starts a leaf): fast when no range of this leaf starts in the stretch and the leaf
        // after next starts after it; the next leaf's base then moves back to just after this
        // leaf's last start (any place after it and at or before the stretch's start keeps the
        // leaves in order), this leaf's span shrinks to match. As far back as that, so that the
        // Backspaces that follow stay in the next leaf's territory and keep the finger (each
        // base move lets go of it: the ranges reaching the leaf are listed again).
        var newBase = b, previousSpan: Int?
        if i + 1 < leaves.count && b + leaves[i].span <= e {
            let this = leaves[i], next = leaves[i + 1], nextBase = b + this.span
            guard change.inserted == 0, nextBase > s, let last = this.entries.last, b + last.start < s,
                  i + 2 == leaves.count || nextBase + next.span > e else { return false }
            previousSpan = last.start + 1
            i += 1
            newBase = b + last.start + 1
            b = nextBase
        }
        let isLast = i == leaves.count - 1
        let lo: Int, hi: Int
        do {
            // Read through a reference that ends here: `uniqueLeaf` would copy a leaf held twice.
            let shared = leaves[i]
            // The first entry starting at or after the stretch: where the last replacement left
            // it (typing on), checked against its neighbours, or searched for.
            let entries = shared.entries, x = s - b
            func isFirst(_ k: Int) -> Bool {
                k >= 0 && k <= entries.count && (k == 0 || entries[k - 1].start < x) && (k == entries.count || entries[k].start >= x)
            }
            if let f = finger, f.leaf == i, isFirst(f.indexAfter) {
                lo = f.indexAfter
            } else if let f = finger, f.leaf == i, isFirst(f.index) {
                lo = f.index
            } else {
                lo = shared.firstIndex(startingAtOrAfter: x)
            }
            // The entries starting in the stretch follow, a few (alike ones are one group):
            // stepped over rather than searched.
            var k = lo
            while k < entries.count && entries[k].start <= e - b { k += 1 }
            hi = k
            if lo == 0 && hi == shared.entries.count && hi > 0 && leaves.count > 1 {
                // Every entry of the leaf starts in the stretch: it empties if all go away.
                var allGo = true
                for k in lo..<hi {
                    var x = shared.entries[k]
                    x.start += b
                    if !change.drops(x) {
                        allGo = false
                        break
                    }
                }
                if allGo { return false }
            }
        }
        // What the finger knows of this leaf (nothing when the leaf before changes too): the
        // ranges reaching it from earlier leaves, a bound on its lengths, its furthest end when
        // pending. Otherwise whatever is pending goes into the tree before anything changes.
        var reuse = false, lengthBound: Int?, oldMaxEnd: Int
        if let f = finger, f.leaf == i, previousSpan == nil {
            reuse = true
            lengthBound = f.lengthBound
            oldMaxEnd = f.pendingMaxEnd ?? tree[treeLeafCount + i].maxEnd
        } else {
            settle()
            oldMaxEnd = tree[treeLeafCount + i].maxEnd
        }
        let leaf = uniqueLeaf(i)
        // The scratch buffer only when entries are taken out (most keystrokes take none).
        var block: [Entry] = lo < hi ? borrowScratch() : []
        defer { if lo < hi { returnScratch(&block) } }
        if lo < hi {
            // Mapped, merged when alike and sorted as the general path does (absolute starts
            // there: the same comparisons, relative here).
            for k in lo..<hi {
                var x = leaf.entries[k]
                x.start += b
                guard change.mapTaken(&x) else {
                    drop(x, removed: removed)
                    continue
                }
                x.start -= newBase
                block.append(x)
            }
            if block.count > 1 { coalesce(&block) }
        }
        let bound = lengthBound ?? leaf.entries.reduce(0) { max($0, $1.length) }
        var newBound = bound
        leaf.entries.withUnsafeMutableBufferPointer { es in
            newBound = Self.moveEarlierEnds(es, before: lo, base: b, for: change, bound: bound)
            let shift = d + b - newBase
            if shift != 0 {
                for k in hi..<es.count { es[k].start += shift }
            }
        }
        for x in block { newBound = max(newBound, x.length) }
        if lo < hi {
            if block.count == hi - lo {
                leaf.entries.withUnsafeMutableBufferPointer { es in
                    for k in block.indices { es[lo + k] = block[k] }
                }
            } else {
                leaf.makeRoom(for: block.count - (hi - lo))
                leaf.entries.replaceSubrange(lo..<hi, with: block)
            }
            // Merged groups point at this leaf (single entries already do).
            for x in block where x.group != Entry.single { groups[Int(x.group)].leaf = leaf.serial }
        }
        let span = b + leaf.span + d - newBase
        leaf.span = isLast ? max(0, span) : span
        // The leaf's furthest end, without a scan when it lies outside the stretch: before it,
        // no range reaches the stretch and none moves; after it, every end maps no further than
        // it moves (by `d`: the mapping is monotone, the stretch's ends go at most to the end of
        // the inserted text), and the range ending there is not removed.
        let maxEnd: Int
        if oldMaxEnd != .min && b + oldMaxEnd < s {
            maxEnd = oldMaxEnd + b - newBase
        } else if oldMaxEnd != .min && b + oldMaxEnd > e {
            maxEnd = oldMaxEnd + b + d - newBase
        } else {
            maxEnd = leaf.maxEnd
        }
        if let previousSpan {
            // The leaf before, whose span shrank, and the summaries above it (this leaf's node,
            // pending or not, is left as it is: its ancestors stay in step with it).
            uniqueLeaf(i - 1).span = previousSpan
            var node = treeLeafCount + i - 1
            tree[node].span = previousSpan
            while node > 1 {
                node /= 2
                tree[node] = tree[2 * node] + tree[2 * node + 1]
            }
        }

        // The ranges of earlier leaves reaching the stretch (every earlier range starts before
        // it). Known to the finger: their ends moved in place, their leaves' summaries pending.
        if reuse {
            var moved = finger!.reachersPending
            for n in fingerReachers.indices {
                let r = fingerReachers[n]
                let x = leaves[r.leaf].entries[r.index]
                let a = r.base + x.start, end = a + x.length
                guard end >= s else { continue }
                uniqueLeaf(r.leaf).entries[r.index].length = change.map(end, x.endBias) - a
                moved = true
            }
            // The path's summaries put off until something reads or changes the tree.
            finger = RangeSetFinger(leaf: i, base: newBase, pendingMaxEnd: maxEnd, reachersPending: moved, lengthBound: newBound,
                                    index: lo, indexAfter: lo + block.count)
            return true
        }
        // Otherwise found up the path (every earlier subtree is a left sibling on it), those
        // reaching this leaf's base listed; `collectReachers` rewrites the summaries of the
        // subtrees whose ends moved (the path's do not depend on the order).
        // The last list's buffer, reused.
        var found = fingerReachers
        fingerReachers = []
        found.removeAll(keepingCapacity: true)
        var node = treeLeafCount + i, base = newBase, moved = false
        while node > 1 {
            if node & 1 == 1 {
                base -= tree[node - 1].span
                if collectReachers(node: node - 1, base: base, threshold: newBase, change, into: &found) { moved = true }
            }
            node /= 2
        }
        // Found right to left by subtree: in leaf order once reversed by subtree (each subtree's
        // own are in order); sorted instead, by leaf then index, which is the same.
        if found.count > 1 { found.sort { ($0.leaf, $0.index) < ($1.leaf, $1.index) } }
        fingerReachers = found
        if moved {
            // Earlier summaries changed: the path's are recomputed now.
            finger = RangeSetFinger(leaf: i, base: newBase, pendingMaxEnd: nil, reachersPending: false, lengthBound: newBound,
                                    index: lo, indexAfter: lo + block.count)
            ascend(from: i, RangeSetSummary(span: leaf.span, maxEnd: maxEnd))
        } else {
            // The path's summaries put off until something reads or changes the tree.
            finger = RangeSetFinger(leaf: i, base: newBase, pendingMaxEnd: maxEnd, reachersPending: false, lengthBound: newBound,
                                    index: lo, indexAfter: lo + block.count)
        }
        return true
    }
}

extension RangeSetStorage {
    /// Moves the ends of the entries before index `lo` of a leaf (`es`, relative to the leaf's
    /// base `b`, sorted by start) that reach the stretch of `change`: only those starting at
    /// most `bound` (no entry is longer) before the stretch can. Returns `bound` raised to the
    /// longest moved length. Shared by the one-leaf path and the typing fast path.
    /// - Complexity: O(entries starting within `bound` before the stretch).
    @inline(__always)
    static func moveEarlierEnds(_ es: UnsafeMutableBufferPointer<Entry>, before lo: Int, base b: Int,
                                for change: ReplacedStretch, bound: Int) -> Int {
        let s = change.start
        let reach = s - b - bound
        var newBound = bound
        var k = lo
        while k > 0 && es[k - 1].start >= reach {
            k -= 1
            let a = b + es[k].start, end = a + es[k].length
            if end >= s {
                es[k].length = change.map(end, es[k].endBias) - a
                newBound = max(newBound, es[k].length)
            }
        }
        return newBound
    }
}
