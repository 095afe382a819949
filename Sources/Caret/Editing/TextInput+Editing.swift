// Beginning and ending editing (becoming and resigning first responder), and Return in a field.

extension TextInput {
    /// Begins editing (a tap into the field): asks `textInputShouldBeginEditing`, then sends
    /// `.editingDidBegin`. A missing selection becomes a caret at the end of the text.
    /// - Returns: true when editing (already, or now); false when `isEditable` is false or the
    ///   delegate refused. O(1).
    @discardableResult
    public func beginEditing() -> Bool {
        guard isEditable else { return false }
        if isEditing { return true }
        if let delegate, !delegate.textInputShouldBeginEditing(self) { return false }
        whileChanging {
            isEditing = true
            let before = selectionMark
            if anchor == nil { select(anchor: document.endOfDocument, focus: document.endOfDocument) }
            history.breakCoalescing()
            send(.editingDidBegin)
            sendSelectionChanged(since: before)
        }
        // The delegate may have ended editing on hearing that it began.
        guard isEditing else { return false }
        traitsDidBeginEditing()   // clearsOnBeginEditing; secure entry's replacement
        return true
    }

    /// Ends editing: unless `force`, asks `textInputShouldEndEditing`; then commits marked text
    /// (offered as usual; a veto restores the text from before the composition) and sends
    /// `.editingDidEnd`.
    /// - Returns: true when not editing afterwards; false when the delegate kept editing on.
    /// - Complexity: O(1) plus the commit.
    @discardableResult
    public func endEditing(force: Bool = false) -> Bool {
        guard isEditing else { return true }
        if !force, let delegate, !delegate.textInputShouldEndEditing(self) { return false }
        if let marked = markedText { commitComposition(as: marked) }
        // The delegate may have ended editing itself on hearing of the commit.
        guard isEditing else { return true }
        isEditing = false
        history.breakCoalescing()
        send(.editingDidEnd)
        return true
    }

    /// What every input call does first: refuse when not editable, begin editing when not
    /// editing (as a tap would). False means the input is dropped.
    func prepareForInput() -> Bool {
        guard isEditable else { return false }
        return isEditing || beginEditing()
    }

    /// Return in a `.singleLine` field: asks `textInputShouldReturn`; on true sends
    /// `.editingDidEndOnExit` and ends editing.
    func pressReturn() {
        if let delegate, !delegate.textInputShouldReturn(self) { return }
        send(.editingDidEndOnExit)
        endEditing()
    }
}
