// THE ONE PLACE every user edit passes (typing, deleting, paste, cut, replace, clear, the
// commit of marked text). Nothing else changes the text on the user's behalf, so the traits,
// the field rules, the delegate and undo see every user edit exactly once and in the same
// order. Marked-text updates, undo, redo and `text` from code change the document through
// `applyToDocument` directly: they are not offered. Every change, here or there, tells the
// delegate only once it is finished (TextInput+Notifications.swift). See docs/ARCHITECTURE.md,
// "The editing model", for the stages; the traits and rules of stages 1 and 3 are in Traits/.

extension TextInput {
    /// Runs a user edit through the stages, in order:
    ///
    /// 1. `transform` — the traits and rules shape the change (filters, smart punctuation,
    ///    length cuts, clearing); a change they reduce to nothing stops here.
    /// 2. the delegate's `shouldChangeTextIn`, with the change as it would be applied (its
    ///    `TextRange` and UTF-16 range, and the final text);
    /// 3. `rulesAccept` — the field rules check the text the change would produce;
    /// 4. the document applies it (`applyChange`, the one place the input changes its text);
    /// 5. the selection moves and the change is recorded for undo (coalesced per its kind);
    /// 6. `didApply(edit)`, `.editingChanged`, and `.selectionChanged` if the selection moved
    ///    (compared with `shownSelection`, by default the selection when the call began),
    ///    queued during 4 and 5 and sent once they are done.
    ///
    /// A refusal at any stage leaves text, selection, marked text and undo history as they
    /// were and sends nothing. So does a delegate that changed the text while it was asked:
    /// the change was made for a text that is gone.
    /// - Returns: true when the change was applied.
    @discardableResult
    func submit(_ proposed: ProposedChange, shownSelection: SelectionMark? = nil) -> Bool {
        var change = proposed
        guard transform(&change), !change.isEmpty else { return false }
        let asked = revision
        if let delegate = currentDelegate,
           !delegate.textInput(self, shouldChangeTextIn: change.textRange, utf16Range: change.utf16Range(in: document),
                               replacementText: change.text) {
            return false
        }
        // A delegate that changed the text while asked made its own change: this one was made
        // for a text that is gone (its range may not even lie inside the new one), so it is
        // dropped, as if refused.
        guard revision == asked, rulesAccept(change) else { return false }
        return whileChanging { apply(change, shown: shownSelection) }
    }

    /// Stages 4 to 6 of `submit`: applies the accepted `change`, finishes the selection and
    /// the undo step, and only then queues `didApply` and the events (sent when the change is
    /// done, `whileChanging`).
    private func apply(_ change: ProposedChange, shown shownSelection: SelectionMark?) -> Bool {
        let before = selectionMark
        let runsBefore = attributeRuns
        let shown = shownSelection ?? before
        // Several selections (a replace or clear among them): the others follow the change
        // (`applyChange`) and the step keeps them all.
        let beforeAll = otherSelections.isEmpty ? nil : allSelections
        // Queues `didApply`, sent with the events below once the selection and undo step are done.
        guard let (applied, enclosing) = applyChange(change.range, change.text) else { return false }
        traitsDidApply(change)

        switch change.selectionAfter {
        case .caretAfterInsertion:
            // The new text's range on grapheme boundaries: its end, or for a removal where it was.
            let x = change.text.isEmpty ? enclosing.lowerBound : enclosing.upperBound
            select(anchor: position(utf8: x), focus: position(utf8: x))
        case .mapped:
            if let anchor, let focus {
                select(anchor: mapped(anchor, through: applied), focus: mapped(focus, through: applied))
            }
        }
        if let beforeAll {
            mergeSelections()
            history.record(.undoing([applied], before: beforeAll, after: allSelections), coalescing: change.coalescing,
                           startsStep: change.kind == .lineBreak)
            send(.editingChanged)
            if shownSelection == nil { sendSelectionsChanged(since: beforeAll) } else { sendSelectionChanged(since: shown) }
            return true
        }
        history.record(.undoing(applied, before: before, after: selectionMark,
                                attributes: AttributeSnapshots.between(runsBefore, attributeRuns)),
                       coalescing: change.coalescing, startsStep: change.kind == .lineBreak)

        send(.editingChanged)
        sendSelectionChanged(since: shown)
        return true
    }

    // Stage 1 (`transform`), stage 3 (`rulesAccept`) and what follows an applied change
    // (`traitsDidApply`) are the traits' and rules': Traits/TextInput+Traits.swift.

    /// `position` of the old text in the new one, after inserted text it touches, snapped
    /// back to a grapheme boundary.
    func mapped(_ position: TextPosition, through change: InputChange) -> TextPosition {
        let p = change.map(position, bias: .after)
        return TextPosition(utf8Offset: document.graphemeBoundary(atOrBeforeUTF8: min(p.utf8Offset, document.utf8Count)),
                            affinity: p.affinity)
    }
}
