// Undo as a value: the inverse of a change set swaps each replacement's texts and moves its
// range into the new text.

extension ChangeSet {
    /// The change set that undoes this one on the text it made: each replacement's inserted
    /// text goes and its removed text comes back. `inverted().inverted() == self`, and applying
    /// a change set and then its inverse gives the text back.
    /// - Complexity: O(k) for k replacements (the texts are shared, not copied).
    public func inverted() -> ChangeSet {
        let inverse = replacements.indices.map { i in
            let r = replacements[i]
            let s8 = newUTF8Start(i), s16 = newUTF16Start(i)
            return Replacement(utf8Range: s8..<(s8 + r.inserted.utf8.count),
                               utf16Range: s16..<(s16 + r.inserted.utf16.count),
                               removed: r.inserted, inserted: r.removed)
        }
        // Unchanged text between replacements is the same on both sides, so they stay apart.
        return ChangeSet(canonical: inverse, oldUTF8Count: newUTF8Count, oldUTF16Count: newUTF16Count)
    }
}
