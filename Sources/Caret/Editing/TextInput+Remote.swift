// Changes made elsewhere (another client, a reload, a formatter): applied as they come, asking
// nobody, and everything the input keeps — selection, marked text, undo and redo steps —
// rebased over them, so that a later undo takes back only the local step (CHANGES.md,
// "Every change goes through one path" and "Concurrent changes").
//
// The history is rebased level by level, newest first: each undo step's inverse and the
// remote change, both made for the text after that step, are rebased over each other; the
// remote change so carried down is what the next older step sees. Redo steps go the other
// way, oldest undone first. A composition counts as the newest step while this runs. A step
// stays one contiguous replacement (UndoHistory's form): when the remote change lands inside
// a step's text, the step spans the remote text too (removing and putting back the same
// text), which undoes the same.

extension TextInput {
    /// Applies `changes`, made elsewhere for the current text (another client's edit, a
    /// reload, a formatter), without offering it to the delegate or the field rules and without
    /// making an undo step. The selection (a caret at an insertion stays before it; a
    /// selection does not grow at its ends), the marked text and the undo and redo steps are
    /// mapped over it, so a later undo of a local step undoes just that step and redo puts it
    /// back. Marked text that a replacement reaches into ends, kept as ordinary text (as when
    /// the selection leaves it). Sends one `didApply` (the `ChangeSet` form carries `changes`;
    /// the `TextEdit` form covers its replacements as one span) and `.selectionChanged` only if
    /// the selection moved; never `.editingChanged`. Works while not editing and when
    /// `isEditable` is false: it is not input.
    /// - Throws: `TextError.Kind.changeSetMismatch` when `changes` was not made for this text
    ///   (as `TextDocument.apply(_:)`); nothing changes then.
    /// - Complexity: O(k log n + m) for k replacements and m bytes of their text, plus
    ///   O(log n + step length) per undo and redo step kept.
    public func applyRemote(_ changes: ChangeSet) throws(TextError) {
        try document.check(changes)
        guard let first = changes.replacements.first, let last = changes.replacements.last else { return }
        whileChanging {
            let before = selectionMark
            if let marked = markedTextRange {
                let m = marked.start.utf8Offset..<marked.end.utf8Offset
                let reaches = changes.replacements.contains { r in
                    r.utf8Range.isEmpty ? m.lowerBound < r.utf8Range.lowerBound && r.utf8Range.lowerBound < m.upperBound
                                        : r.utf8Range.lowerBound < m.upperBound && m.lowerBound < r.utf8Range.upperBound
                }
                if reaches { endCompositionKeepingText() }
            }
            history.breakCoalescing()
            let old = document
            let prepared = followers.prepareForNeighbours()
            do throws(TextError) {
                try document.apply(changes)
            } catch {
                return  // checked above: cannot happen
            }
            revision &+= 1
            followers.apply(prepared, changes)
            rebaseHistory(over: changes, old: old)
            if let anchor, let focus {
                let caret = anchor == focus
                let forward = anchor.utf8Offset <= focus.utf8Offset
                // A caret stays before text inserted at it; a selection does not grow.
                let a = mapRemote(anchor, changes, bias: caret || !forward ? .before : .after)
                let f = mapRemote(focus, changes, bias: caret || forward ? .before : .after)
                if !caret && (a.utf8Offset < f.utf8Offset) != forward { select(anchor: a, focus: a) } else { select(anchor: a, focus: f) }
            }
            let othersBefore = otherSelections
            if !otherSelections.isEmpty {
                // The other selections follow as the main one does (a caret stays before an insertion).
                otherSelections = otherSelections.map { mark in
                    guard let a = mark.anchor, let f = mark.focus else { return mark }
                    let forward = a.utf8Offset <= f.utf8Offset
                    return SelectionMark(anchor: mapRemote(a, changes, bias: a == f || !forward ? .before : .after),
                                         focus: mapRemote(f, changes, bias: a == f || forward ? .before : .after))
                }
                otherGoalColumns = []
                mergeSelections()
            }
            goalColumn = nil
            let newEnd = last.utf8Range.upperBound + changes.newUTF8Count - changes.oldUTF8Count
            let newEnd16 = last.utf16Range.upperBound + changes.newUTF16Count - changes.oldUTF16Count
            let edit = TextEdit(replacedUTF8Range: first.utf8Range.lowerBound..<last.utf8Range.upperBound,
                                insertedUTF8Range: first.utf8Range.lowerBound..<newEnd,
                                replacedUTF16Range: first.utf16Range.lowerBound..<last.utf16Range.upperBound,
                                insertedUTF16Range: first.utf16Range.lowerBound..<newEnd16)
            for i in pendingRanges.indices { pendingRanges[i] = changes.map(pendingRanges[i]) ?? edit.map(pendingRanges[i]) }
            post(.applied(edit, changes))
            sendSelectionsChanged(since: UndoHistory.Selections(main: before, others: othersBefore))
        }
    }

    /// `position` of the text before `changes` in the text after, snapped back to a grapheme
    /// boundary of the new text.
    private func mapRemote(_ position: TextPosition, _ changes: ChangeSet, bias: TextEdit.Bias) -> TextPosition {
        let x = changes.mapUTF8(min(position.utf8Offset, changes.oldUTF8Count), bias: bias) ?? document.utf8Count
        return TextPosition(utf8Offset: document.graphemeBoundary(atOrBeforeUTF8: x), affinity: position.affinity)
    }

    /// Rebases the composition, the undo steps and the redo steps over `remote`, made for
    /// `old` (the text before it; `document` is the text after). Should a rebase fail (a
    /// history that does not fit the text: a defect), the history and the composition are
    /// dropped rather than left pointing at text that is not there.
    private func rebaseHistory(over remote: ChangeSet, old: TextDocument) {
        var rebaser = HistoryRebaser(old: old, new: document, remote: remote)
        var undo: [UndoHistory.Step] = []
        var redo: [UndoHistory.Step] = []
        var composition = self.composition
        var marked = markedTextRange
        do throws(TextError) {
            if let origin = composition, let range = marked {
                // The composition, undone, is the newest step.
                let typed = old.text(utf8Range: range.start.utf8Offset..<range.end.utf8Offset)
                let step = UndoHistory.Step.undoing(InputChange(at: origin.start, removing: origin.replacedText, inserting: typed),
                                                    before: SelectionMark(anchor: origin.anchor, focus: origin.focus), after: .none)
                let moved = try rebaser.undoLevel(step)
                composition = Composition(start: moved.utf8Start, replacedText: moved.removed,
                                          anchor: moved.before.anchor, focus: moved.before.focus,
                                          attributeRuns: origin.attributeRuns, typingAttributes: origin.typingAttributes)
                marked = TextRange(start: TextPosition(utf8Offset: moved.utf8Start),
                                   end: TextPosition(utf8Offset: moved.utf8Start + moved.inserted.utf8.count))
            }
            let base = rebaser  // the text before any composition: where the redo steps start
            for step in history.undoSteps.reversed() { undo.append(try rebaser.undoLevel(step)) }
            rebaser = base
            for step in history.redoSteps.reversed() { redo.append(try rebaser.redoLevel(step)) }
        } catch {
            // The marked text stays as ordinary text: its range was not mapped.
            history.removeAll()
            self.composition = nil
            markedTextRange = nil
            return
        }
        // The runs kept for undo belong to texts the remote change did not reach: undo then
        // only follows (the text it puts back takes the attributes around it).
        let keptRuns = history.undoSteps.contains { $0.attributes != nil } || history.redoSteps.contains { $0.attributes != nil }
        if !attributeRuns.isPlain || keptRuns {
            composition?.attributeRuns = nil
            for k in undo.indices { undo[k].attributes = .unknown }
            for k in redo.indices { redo[k].attributes = .unknown }
        }
        self.composition = composition
        markedTextRange = marked
        history.replaceSteps(undo: undo.reversed(), redo: redo.reversed())
    }
}

/// Walks the history's texts from the present, old (before the remote change) and new (after
/// it) side by side, with the remote change as made for the text of the level reached.
private struct HistoryRebaser {
    var old: TextDocument
    var new: TextDocument
    var remote: ChangeSet

    /// Rebases one undo step, the newest not yet done, and moves down to the text before it.
    mutating func undoLevel(_ step: UndoHistory.Step) throws(TextError) -> UndoHistory.Step {
        let after = remote
        // The step's inverse, made for the text after it (`old`).
        // A step of several selections comes out as one span (its other selections are lost).
        let inverse = step.several == nil ? step.undo.changeSet(in: old) : InputChange.changeSet(step.undoChanges, in: old)
        let (mine, theirs) = try Self.rebase(inverse, remote)
        let newAfter = new
        try old.apply(inverse)
        try new.apply(mine)
        remote = theirs
        let (start, spanAfter, spanBefore) = Self.span(mine, from: newAfter, to: new, fallback: after.mapUTF8(step.utf8Start) ?? 0)
        return .undoing(InputChange(at: start, removing: spanBefore, inserting: spanAfter),
                        before: Self.mapped(step.before, theirs, in: new), after: Self.mapped(step.after, after, in: newAfter))
    }

    /// Rebases one redo step, the next to redo, and moves up to the text after it.
    mutating func redoLevel(_ step: UndoHistory.Step) throws(TextError) -> UndoHistory.Step {
        let before = remote
        let forward = step.several == nil ? step.change.changeSet(in: old) : InputChange.changeSet(step.changes, in: old)
        let (mine, theirs) = try Self.rebase(forward, remote)
        let newBefore = new
        try old.apply(forward)
        try new.apply(mine)
        remote = theirs
        let (start, spanBefore, spanAfter) = Self.span(mine, from: newBefore, to: new, fallback: before.mapUTF8(step.utf8Start) ?? 0)
        return .undoing(InputChange(at: start, removing: spanBefore, inserting: spanAfter),
                        before: Self.mapped(step.before, before, in: newBefore), after: Self.mapped(step.after, theirs, in: new))
    }

    /// The local change and the remote one, each rebased over the other; at a tie the remote
    /// text goes first, the same way round in both, so they meet on one text.
    private static func rebase(_ local: ChangeSet, _ remote: ChangeSet) throws(TextError) -> (ChangeSet, ChangeSet) {
        (try local.rebased(over: remote, otherFirst: true), try remote.rebased(over: local, otherFirst: false))
    }

    /// `change` (made for `from`, giving `to`) as one contiguous replacement: where it starts,
    /// the text it spans in `from` and in `to`.
    private static func span(_ change: ChangeSet, from: TextDocument, to: TextDocument,
                             fallback: Int) -> (Int, String, String) {
        guard let first = change.replacements.first, let last = change.replacements.last else { return (fallback, "", "") }
        let a = first.utf8Range.lowerBound, d = last.utf8Range.upperBound
        return (a, from.text(utf8Range: a..<d), to.text(utf8Range: a..<(d + change.newUTF8Count - change.oldUTF8Count)))
    }

    /// A step's selection mapped over the remote change as made for its text, and snapped
    /// back to grapheme boundaries of `text`, the text it belongs to after the remote change
    /// (which may have formed a cluster around it): undo and redo restore it as it is.
    private static func mapped(_ mark: SelectionMark, _ remote: ChangeSet, in text: TextDocument) -> SelectionMark {
        guard let a = mark.anchor, let f = mark.focus else { return mark }
        func map(_ p: TextPosition) -> TextPosition {
            let x = remote.mapUTF8(min(p.utf8Offset, remote.oldUTF8Count), bias: .before) ?? text.utf8Count
            return TextPosition(utf8Offset: text.graphemeBoundary(atOrBeforeUTF8: min(x, text.utf8Count)), affinity: p.affinity)
        }
        return SelectionMark(anchor: map(a), focus: map(f))
    }
}
