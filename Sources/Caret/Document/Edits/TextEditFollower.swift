// One edit description applied by one mechanism to every structure derived from the text.
// An edit of the text is described once, as the `TextEdit` that `edit(_:replacingWith:)`
// returns to callers, and every derived structure the document keeps (the bidi cache, the
// direction overrides; later attribute runs) follows it through the same two calls — as the
// editing model (`TextInput`) maps its selection and marks through the same `TextEdit`.

/// A structure derived from a document's text that follows every edit of it.
protocol TextEditFollower {
    /// What the follower needs to know about the old text before it changes.
    associatedtype Memo
    /// True when there is nothing to follow (the edit need not even be described for it).
    var followsNothing: Bool { get }
    /// Before the text changes: reads what it needs from the old document.
    func prepare(for edit: TextEdit, in old: TextDocument) -> Memo
    /// After the text changed: brings the structure in step with `new`.
    mutating func apply(_ edit: TextEdit, memo: Memo, in new: TextDocument)
}

extension TextEditFollower where Memo == Void {
    func prepare(for edit: TextEdit, in old: TextDocument) {}
}

extension TextDocument {
    /// The `TextEdit` that replacing bytes `range` (scalar boundaries) with `inserted` makes of
    /// the current text. O(log n) plus two chunk scans (near the finger, two short ones).
    func describeEdit(_ range: Range<Int>, inserted: UnsafeBufferPointer<UInt8>) -> TextEdit {
        let utf16Start = count(.utf16, beforeUTF8: range.lowerBound)
        let utf16End = range.isEmpty ? utf16Start : count(.utf16, beforeUTF8: range.upperBound)
        let counts = UTF8Scalars.countScalars(in: inserted)
        return TextEdit(replacedUTF8Range: range,
                        insertedUTF8Range: range.lowerBound..<(range.lowerBound + inserted.count),
                        replacedUTF16Range: utf16Start..<utf16End,
                        insertedUTF16Range: utf16Start..<(utf16Start + counts.scalars + counts.supplementary))
    }

    /// Applies `change` to the text and makes every derived structure follow it: each is
    /// prepared on the old text, the rope changes, each is brought in step with the new text.
    /// `edit` is the change's description when the caller already has it; it is made here only
    /// when some structure follows. Returns what `change` returns.
    mutating func following<R>(_ range: Range<Int>, inserted: UnsafeBufferPointer<UInt8>, edit described: TextEdit?,
                               _ change: (inout TextDocument) -> R) -> R {
        // A bidi cache box shared with copies must not see this document's new text.
        if !isKnownUniquelyReferenced(&bidiCache) { bidiCache = bidiCache.copy() }
        let followsCache = !bidiCache.followsNothing, followsOverrides = !directionOverrides.followsNothing
        guard followsCache || followsOverrides else { return change(&self) }
        let edit = described ?? describeEdit(range, inserted: inserted)
        let cacheMemo: Void = bidiCache.prepare(for: edit, in: self)
        let overridesMemo = followsOverrides ? directionOverrides.prepare(for: edit, in: self) : nil
        let result = change(&self)
        // Each follower is taken out while it reads the new document, then put back.
        if followsCache { bidiCache.apply(edit, memo: cacheMemo, in: self) }
        if let overridesMemo {
            var overrides = directionOverrides
            directionOverrides = DirectionOverrides()
            overrides.apply(edit, memo: overridesMemo, in: self)
            directionOverrides = overrides
        }
        return result
    }
}
