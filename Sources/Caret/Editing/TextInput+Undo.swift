// Undo and redo: replaying a step's replacement backward or forward. They ask nobody and
// bypass the rules (the step was accepted when it was made); they send `didApply` and
// `.editingChanged` like any change of the text.

extension TextInput {
    /// True when there is a step to undo (or a composition to cancel). O(1).
    public var canUndo: Bool { composition != nil || !history.undoSteps.isEmpty }

    /// True when there is an undone step to redo. O(1).
    public var canRedo: Bool { composition == nil && !history.redoSteps.isEmpty }

    /// Undoes the last step: its text comes out, what it replaced goes back, and the selection
    /// from before the step returns. While composing, cancels the composition instead (the
    /// text and selection from before it come back; it was never a step). Asks nobody; sends
    /// `didApply`, `.editingChanged` and `.selectionChanged` if the selection moved. Nothing
    /// happens when `isEditable` is false.
    /// - Complexity: O(log n + m) for the m bytes the step holds.
    public func undo() {
        guard isEditable else { return }
        if composition != nil {
            cancelComposition()
            return
        }
        guard let step = history.popUndo() else { return }
        replay(step.utf8Start..<step.utf8Start + step.inserted.utf8.count, with: step.removed, selecting: step.before)
    }

    /// Redoes the last undone step and restores the selection from after it. Asks nobody;
    /// sends `didApply`, `.editingChanged` and `.selectionChanged` if the selection moved.
    /// - Complexity: O(log n + m) for the m bytes the step holds.
    public func redo() {
        guard isEditable, composition == nil, let step = history.popRedo() else { return }
        replay(step.utf8Start..<step.utf8Start + step.removed.utf8.count, with: step.inserted, selecting: step.after)
    }

    /// A pause in typing: the next edit starts a new undo step. O(1).
    public func breakUndoCoalescing() {
        history.breakCoalescing()
    }

    private func replay(_ range: Range<Int>, with text: String, selecting selection: SelectionMark) {
        let before = selectionMark
        guard applyToDocument(range, text) != nil else { return }
        selectionMark = selection
        goalColumn = nil
        send(.editingChanged)
        sendSelectionChanged(since: before)
    }
}

extension TextInput {
    /// Bytes held by the undo history (its steps' storage and the heap storage of the texts
    /// they keep), for the benchmarks' memory figure. Testing SPI: may change at any time.
    /// - Complexity: O(steps).
    @_spi(Testing)
    public var _undoHistoryByteCount: Int { history.footprint }
}
