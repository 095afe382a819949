// THE one place the editing model changes its document's text (CHANGES.md, "Every change goes
// through one path"): `applyChange` applies one replacement through the document's edit path,
// brings what the input holds in step with it (its followers — range sets, attribute runs —
// through `InputFollowers.apply`; the marked range, pending ranges, other selections, goal
// columns; the caller sets the selection from the same change), counts it in `revision` and
// queues `didApply` with the same change as a change set. Undo steps are built from the change
// by one builder (`UndoHistory.Step.undoing`). `text` from code and `applyRemote` map the same
// state over their whole-text and multi-range changes.

/// One replacement the input applied (or a composition, as one): a one-replacement change set
/// in the form a keystroke affords — bytes and texts; the UTF-16 offsets are worked out only
/// when someone reads the change set (`changeSet(utf16Start:oldUTF16Count:)`).
struct InputChange {
    /// The bytes of the old text replaced.
    // Variables so that an undo step of several selections can grow its changes in place.
    var replaced: Range<Int>
    /// The text removed ("" when the caller did not keep it: the marked-text updates).
    var removed: String
    /// The text inserted.
    var inserted: String
    /// The bytes of the new text that hold `inserted`.
    var insertedUTF8Range: Range<Int> { replaced.lowerBound..<(replaced.lowerBound + inserted.utf8.count) }

    /// The change of `removed` into `inserted` at byte `start`.
    init(at start: Int, removing removed: String, inserting inserted: String) {
        self.init(replaced: start..<(start + removed.utf8.count), removed: removed, inserted: inserted)
    }

    init(replaced: Range<Int>, removed: String, inserted: String) {
        self.replaced = replaced
        self.removed = removed
        self.inserted = inserted
    }

    /// The change that undoes this one (made for the new text). O(1).
    var inverted: InputChange { InputChange(at: replaced.lowerBound, removing: inserted, inserting: removed) }

    /// A range of the old text in the new one, as `TextEdit.map(_:)` maps it. O(1).
    func map(_ range: TextRange) -> TextRange {
        TextEdit.map(range, replaced: replaced, inserted: insertedUTF8Range)
    }

    /// A position of the old text in the new one, as `TextEdit.map(_:bias:)` maps it. O(1).
    func map(_ position: TextPosition, bias: TextEdit.Bias) -> TextPosition {
        TextPosition(utf8Offset: TextEdit.map(position.utf8Offset, replaced: replaced, inserted: insertedUTF8Range, bias: bias),
                     affinity: position.affinity)
    }

    /// The change as a `TextEdit`, given where it starts in UTF-16 units. O(m) for the texts.
    func edit(utf16Start: Int) -> TextEdit {
        TextEdit(replacedUTF8Range: replaced, insertedUTF8Range: insertedUTF8Range,
                 replacedUTF16Range: utf16Start..<(utf16Start + removed.utf16.count),
                 insertedUTF16Range: utf16Start..<(utf16Start + inserted.utf16.count))
    }

    /// The change as a change set made for a text of `oldUTF8Count` bytes and `oldUTF16Count`
    /// UTF-16 units, where it starts at UTF-16 unit `utf16Start`. O(m) for the texts.
    func changeSet(utf16Start: Int, oldUTF8Count: Int, oldUTF16Count: Int) -> ChangeSet {
        let r = ChangeSet.Replacement(utf8Range: replaced, utf16Range: utf16Start..<(utf16Start + removed.utf16.count),
                                      removed: removed, inserted: inserted)
        return ChangeSet(canonical: removed.isEmpty && inserted.isEmpty ? [] : [r], oldUTF8Count: oldUTF8Count,
                         oldUTF16Count: oldUTF16Count)
    }

    /// The change as a change set made for `old` (the text it applies to). O(log n + m).
    func changeSet(in old: TextDocument) -> ChangeSet {
        changeSet(utf16Start: old.count(.utf16, beforeUTF8: replaced.lowerBound), oldUTF8Count: old.utf8Count,
                  oldUTF16Count: old.count(in: .utf16))
    }
}

extension TextInput {
    /// Replaces bytes `range` of the document with `text` (through the document's edit path:
    /// the typing path when it is typing at the last edit), maps the marked range and the
    /// pending ranges through the change, counts it in `revision`, and queues `didApply` with
    /// it as a `TextEdit` and a change set (bytes exactly as given: a deleted scalar of a
    /// cluster stays a one-scalar replacement). Call it inside `whileChanging`, so that
    /// `didApply` goes out only once the caller has set the selection (and recorded the undo
    /// step) from the change.
    /// - Parameter keepingRemoved: whether the change must carry the removed text (undo needs
    ///   it; marked-text updates do not). A delegate's change set always carries it.
    /// - Returns: the change and the new text's byte range widened to grapheme boundaries (for
    ///   a removal, the empty range where it was); nil, changing nothing, when `range` is not
    ///   inside the text.
    /// - Complexity: O(log n + m) for m bytes removed and inserted; without a delegate, no
    ///   UTF-16 offset is worked out.
    @inline(__always)
    func applyChange(_ range: Range<Int>, _ text: String,
                     keepingRemoved: Bool = true) -> (change: InputChange, enclosing: Range<Int>)? {
        guard range.lowerBound >= 0, range.upperBound <= document.utf8Count else { return nil }
        let tells = currentDelegate != nil
        let removed = (keepingRemoved || tells) && !range.isEmpty ? document.text(utf8Range: range) : ""
        let utf16Start = tells ? document.count(.utf16, beforeUTF8: range.lowerBound) : 0
        let oldUTF8 = document.utf8Count, oldUTF16 = tells ? document.count(in: .utf16) : 0
        // Read before the change: what the text before the new text (or the app) says.
        let prepared = followers.prepare(typed: attributesForInsertion())
        guard let result = try? document.replace(range, in: .utf8, withText: text) else { return nil }
        let change = InputChange(replaced: range, removed: removed, inserted: text)
        revision &+= 1
        follow(change, prepared, oldLength: oldUTF8)
        if !otherSelections.isEmpty {
            // A one-range change while there are several selections (replace, clear, a
            // commit, marked text, undo): the others follow it (the caller merges).
            for i in otherSelections.indices {
                let mark = otherSelections[i]
                if let a = mark.anchor, let f = mark.focus {
                    otherSelections[i] = SelectionMark(anchor: mapped(a, through: change), focus: mapped(f, through: change))
                }
            }
        }
        if tells {
            post(.applied(change.edit(utf16Start: utf16Start),
                          change.changeSet(utf16Start: utf16Start, oldUTF8Count: oldUTF8, oldUTF16Count: oldUTF16)))
        }
        return (change, result.start.utf8Offset..<result.end.utf8Offset)
    }

    /// Brings the followers (range sets, attribute runs: `prepared` before the change, for a
    /// text of `oldLength` bytes), the marked range and the pending ranges in step with
    /// `change`, and drops every selection's goal column (up/down after a change aims for the
    /// column each caret is at then). O(pending + the followers' work) when there is something
    /// to map, O(1) otherwise.
    @inline(__always)
    func follow(_ change: InputChange, _ prepared: InputFollowers.Prepared, oldLength: Int) {
        followers.apply(prepared, change.replaced, insertedCount: change.inserted.utf8.count, oldLength: oldLength)
        if let marked = markedTextRange { markedTextRange = change.map(marked) }
        if !pendingRanges.isEmpty {
            for i in pendingRanges.indices { pendingRanges[i] = change.map(pendingRanges[i]) }
        }
        goalColumn = nil
        if !otherGoalColumns.isEmpty { otherGoalColumns = [] }
    }

    /// Runs `body` with `range` among the pending ranges (which every change maps) and returns
    /// it as mapped through the changes `body` made.
    func following(_ range: TextRange, _ body: () -> Void) -> TextRange {
        pendingRanges.append(range)
        body()
        return pendingRanges.removeLast()
    }
}
