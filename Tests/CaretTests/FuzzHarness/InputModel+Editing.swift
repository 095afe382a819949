// The model's editing state and the changes from code (EDITING.md, "Who is asked", "Return").

extension InputModel {
    /// `beginEditing()`: asks the delegate unless already editing; a missing selection becomes
    /// a caret at the end.
    @discardableResult
    mutating func beginEditing() -> Bool {
        guard isEditable else { return false }
        if isEditing { return true }
        guard answers.shouldBegin else { return false }
        isEditing = true
        let shown = mark
        if selection == nil { selection = .caret(scalars.count) }
        breakCoalescing()
        events.append(.editingDidBegin)
        if mark != shown { events.append(.selectionChanged) }
        return true
    }

    /// `endEditing(force:)`: asks the delegate (unless forced), commits marked text, ends.
    @discardableResult
    mutating func endEditing(force: Bool) -> Bool {
        guard isEditing else { return true }
        if !force && !answers.shouldEnd { return false }
        if composition != nil { commitComposition(with: nil) }
        isEditing = false
        breakCoalescing()
        events.append(.editingDidEnd)
        return true
    }

    /// The gate of every input call: editable, and editing (beginning it as a tap would).
    mutating func mayEdit() -> Bool {
        guard isEditable else { return false }
        return isEditing || beginEditing()
    }

    /// Return in a field: asks `textInputShouldReturn`; on yes ends editing "on exit".
    mutating func pressReturn() {
        guard answers.shouldReturn else { return }
        events.append(.editingDidEndOnExit)
        endEditing(force: false)
    }

    /// `text = s`: asks nobody; caret at the end, no marked text, no undo history.
    mutating func setText(_ s: String) {
        let shown = mark
        let new = Array(s.unicodeScalars)
        marked = nil
        composition = nil
        replaceText(0..<scalars.count, new)
        clearHistory()
        goalColumn = nil
        select(.caret(new.count), shown: shown)
    }

    /// `selectedTextRange = r` from code, `r` already valid (grapheme boundaries): asks
    /// nobody; a selection outside the marked text ends the composition keeping its text (an
    /// undo step, not offered). nil removes the selection (and ends any composition).
    mutating func setSelection(_ r: Range<Int>?) {
        let shown = mark
        if let m = marked, r == nil || r!.lowerBound < m.lowerBound || r!.upperBound > m.upperBound {
            endCompositionKeepingText()
        }
        selection = r.map { Selection(anchor: $0.lowerBound, focus: $0.upperBound) }
        goalColumn = nil
        breakCoalescing()
        if mark != shown { events.append(.selectionChanged) }
    }

    /// Ends the composition without asking anyone, keeping the marked text as typed: one undo
    /// step from the state before the composition (choice).
    mutating func endCompositionKeepingText() {
        guard let c = composition else { return }
        composition = nil
        marked = nil
        record(Step(before: c.before, after: snapshot), as: nil)
    }
}
