// Rebasing (operational transformation): a change set made concurrently with another, against
// the same text, re-expressed on the text the other makes. Both are read as streams over the
// old text, each replacement's inserted text placed at its anchor: where what is left of its
// removed text (after the other's removals) starts — or its own start when nothing is left.
// The walk is then the classic transform (ot.js): text both keep is kept, text this one alone
// removes is removed, text the other removed is already gone, the other's insertions are kept,
// this one's are inserted, and when both insert at one point `otherFirst` orders them. Since
// both sides of a pair of rebases read the same two streams with the tie decided the same way,
// `b` then `a.rebased(over: b, otherFirst: f)` and `a` then `b.rebased(over: a, otherFirst: !f)`
// make the same text (convergence).

extension ChangeSet {
    /// This change set, made for the same text as `other`, expressed on the text `other`
    /// makes, so that `d.apply(other).apply(a.rebased(over: other, otherFirst: f))` equals
    /// `d.apply(a).apply(other.rebased(over: a, otherFirst: !f))` (convergence).
    ///
    /// A replacement whose removed text `other` already removed in part removes only what is
    /// left, and its inserted text goes where what is left starts; one whose removed text
    /// `other` removed entirely inserts its text where that text started. Where both insert at
    /// one point — two insertions there, or an insertion at the start of the other's remaining
    /// removed text — `otherFirst` puts `other`'s inserted text first when true.
    ///
    /// - Throws: `TextError.Kind.changeSetMismatch` when the two were not made for the same
    ///   text: `.lengthDiffers` for different old lengths, `.textsDiffer` where both remove
    ///   text and disagree about it.
    /// - Complexity: O(k + m) for k replacements in both and m bytes of their texts.
    public func rebased(over other: ChangeSet, otherFirst: Bool) throws(TextError) -> ChangeSet {
        try other.expectOld(utf8: oldUTF8Count, utf16: oldUTF16Count)
        var mine = ChangeStepReader(steps(insertAt: anchors(over: other)))
        var theirs = ChangeStepReader(other.steps(insertAt: other.anchors(over: self)))
        var out = ChangeSetBuilder()
        var old = 0  // where the walk is in the old text, for the error's offset
        while true {
            let theirsInserts: Bool
            if case .insert? = theirs.current { theirsInserts = true } else { theirsInserts = false }
            switch (mine.current, theirs.current) {
            case (nil, nil):
                return out.finish()
            case (.insert(let bytes)?, _) where !(theirsInserts && otherFirst):
                out.insert(bytes)
                mine.next()
            case (_, .insert(let bytes)?):
                out.keep(utf8: bytes.count, utf16: ChangeSet.utf16Count(bytes))
                theirs.next()
            case (let a?, let b?):
                let piece = try ChangeStepReader.piece(a, b, at: old)
                switch (a, b) {
                case (.keep, .keep): out.keep(utf8: piece.utf8, utf16: piece.utf16)
                case (.remove(let bytes), .keep): out.remove(bytes.prefix(piece.utf8))
                default: break  // removed by the other: already gone
                }
                mine.take(piece)
                theirs.take(piece)
                old += piece.utf8
            default:
                // The lengths were checked, so the streams end together; this is a defect.
                throw TextError(.changeSetMismatch(reason: .textsDiffer), byteOffset: old)
            }
        }
    }

    /// For each replacement, where its inserted text goes when rebased over `other`, as a byte
    /// offset into its removed text: the first byte of it that `other` does not remove, or 0
    /// when `other` removes it all. O(k) for k replacements in both.
    func anchors(over other: ChangeSet) -> [Int] {
        let theirs = other.replacements
        var j = 0
        return replacements.map { r in
            let s = r.utf8Range.lowerBound, e = r.utf8Range.upperBound
            // Their replacements that end at or before s remove nothing of this one's text.
            while j < theirs.count && theirs[j].utf8Range.upperBound <= s { j += 1 }
            var p = s, k = j
            // Their removals are apart, so each one that covers p ends before the next starts.
            while p < e && k < theirs.count && theirs[k].utf8Range.lowerBound <= p && p < theirs[k].utf8Range.upperBound {
                p = theirs[k].utf8Range.upperBound
                k += 1
            }
            return p < e ? p - s : 0
        }
    }
}
