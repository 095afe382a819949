// One replacement moving the ranges of a `TextRangeSet` (CHANGES.md, "TextRangeSet"). Only the
// ranges that touch the replaced stretch are visited: those that start before it and reach it
// (their ends move; found by the tree's furthest ends), and those that start inside it or at
// its edges (taken out, mapped, put back where they now start, so the leaves stay sorted).
// Every later range moves with the one span that changes before it.

extension RangeSetStorage {
    /// A new range's `sequence`. When the counter runs out (after 2³² additions) the ranges are
    /// renumbered in the order they were added, O(n log n) once.
    mutating func takeSequence() -> UInt32 {
        if nextSequence == .max {
            var order: [(sequence: UInt32, leaf: Int, index: Int)] = []
            for (i, leaf) in leaves.enumerated() {
                for (k, e) in leaf.entries.enumerated() { order.append((e.sequence, i, k)) }
            }
            order.sort { $0.sequence < $1.sequence }
            for (n, o) in order.enumerated() { uniqueLeaf(o.leaf).entries[o.index].sequence = UInt32(n) }
            nextSequence = UInt32(order.count)
        }
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Moves the ranges for the replacement of bytes `range` by `insertedCount` bytes (offsets
    /// of the text before it); `removed` is told the slot and generation of each range removed.
    /// O(log leaves + k) for the k ranges that touch the replacement, plus a scan of the leaves
    /// holding them, plus O(leaves) when a leaf empties or splits.
    mutating func replace(_ range: Range<Int>, insertedCount: Int, removed: (UInt32, UInt32) -> Void) {
        guard count > 0, range.lowerBound >= 0 else { return }
        let s = range.lowerBound, e = range.upperBound
        let change = ReplacedStretch(start: s, end: e, inserted: insertedCount)

        // The ranges starting before the stretch and reaching it: only their ends move.
        var reaching: [(leaf: Int, base: Int)] = []
        forEachLeaf(node: 1, base: 0, maxStart: s - 1, minEnd: s) { reaching.append(($0, $1)) }
        for (i, base) in reaching {
            let leaf = uniqueLeaf(i)
            for k in leaf.entries.indices {
                let a = base + leaf.entries[k].start
                if a >= s { break }
                let b = a + leaf.entries[k].length
                if b < s { continue }
                leaf.entries[k].length = change.map(b, leaf.entries[k].endBias) - a
            }
            refresh(i)
        }

        // The ranges starting inside the stretch or at its edges: taken out (absolute starts).
        var taken: [RangeSetEntry] = []
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
        let emptied = touched.filter { leaves[$0].entries.isEmpty }
        if !emptied.isEmpty && leaves.count > 1 {
            removeLeaves(emptied)
        } else {
            for j in touched { refresh(j) }
        }

        // The ranges taken out, mapped and put back in the order of their new starts.
        var back: [RangeSetEntry] = []
        back.reserveCapacity(taken.count)
        for var x in taken {
            let a = x.start, b = a + x.length
            var newStart: Int, newEnd: Int, empties = false
            if (a < b && b <= e && s < e) || (a == b && s < a && a < e) {
                // All of its text removed, or an empty range covered strictly: empty at the start.
                (newStart, newEnd, empties) = (s, s, true)
            } else {
                newStart = change.map(a, x.startBias)
                newEnd = change.map(b, x.endBias)
                if newEnd < newStart { newStart = newEnd }  // an empty `.neverGrows` range at an insertion
            }
            if empties && x.removeWhenEmptied {
                removed(x.slot, slots[Int(x.slot)].generation)
                freeSlot(x.slot)
                count -= 1
                continue
            }
            x.start = newStart
            x.length = newEnd - newStart
            back.append(x)
        }
        count -= back.count
        // Stable by the old order (itself start, then addition order), as the leaves keep ties.
        let order = back.indices.sorted { (back[$0].start, back[$0].sequence) < (back[$1].start, back[$1].sequence) }
        for k in order { insert(back[k]) }
    }

    /// Moves the leaves' bases for `change`, once no range starts inside the stretch or at its
    /// edges: a base up to its start stays, one inside goes to the end of the inserted text,
    /// one after moves by the change in length; the offsets of ranges after the stretch in the
    /// leaves whose base is at or before its end move to match.
    /// - Returns: the leaves changed (their summaries are not refreshed).
    private mutating func rebase(_ change: ReplacedStretch) -> Range<Int> {
        let s = change.start, e = change.end, newEnd = s + change.inserted, d = change.delta
        let (i1, b1) = lastLeaf(withBaseAtMost: s)
        let first = uniqueLeaf(i1)
        if d != 0 {
            for k in first.firstIndex(startingAfter: e - b1)..<first.entries.count { first.entries[k].start += d }
        }
        var j = i1 + 1, bj = b1 + first.span
        if j == leaves.count {
            first.span = max(0, first.span + d)
            return i1..<j
        }
        if bj > e {
            first.span += d
            return i1..<j
        }
        first.span = newEnd - b1
        while j < leaves.count && bj <= e {
            // Every range left in this leaf starts after the stretch.
            let leaf = uniqueLeaf(j)
            if bj != e {
                for k in leaf.entries.indices { leaf.entries[k].start += bj - e }
            }
            let next = bj + leaf.span
            if j == leaves.count - 1 {
                leaf.span = max(0, next + d - newEnd)
            } else {
                leaf.span = next <= e ? 0 : next - e
            }
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
}
