// Undo and redo: replaying a step's replacement backward or forward. They ask nobody and
// bypass the rules (the step was accepted when it was made); they send `didApply` and
// `.editingChanged` like any change of the text.

extension TextInput {
    /// True when there is a step to undo (or a composition to cancel). O(1).
    public var canUndo: Bool { composition != nil || history.hasUndoSteps }

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
        guard let (change, selection, several, attributes) = history.popUndo() else { return }
        if let several {
            replaySeveral(InputChange.inverted(several.changes),
                          selecting: UndoHistory.Selections(main: selection, others: several.before))
            return
        }
        replay(change, selecting: selection, runs: attributes, restoring: \.before)
    }

    /// Redoes the last undone step and restores the selection from after it. Asks nobody;
    /// sends `didApply`, `.editingChanged` and `.selectionChanged` if the selection moved.
    /// - Complexity: O(log n + m) for the m bytes the step holds.
    public func redo() {
        guard isEditable, composition == nil, let step = history.popRedo() else { return }
        if let several = step.several {
            replaySeveral(several.changes, selecting: UndoHistory.Selections(main: step.after, others: several.after))
            return
        }
        replay(step.change, selecting: step.after, runs: step.attributes, restoring: \.after)
    }

    /// The most undo steps kept, as UIKit's `UndoManager.levelsOfUndo`: 0 (the default) keeps
    /// every step. When a new step goes past the limit the oldest step is dropped; setting it
    /// lower drops at once the oldest undo steps beyond it (and, beyond it, the redo steps
    /// furthest from the present), releasing their text. What is kept undoes and redoes as
    /// before. Negative values act as 0. A composition in progress is not a step and is not
    /// counted.
    /// - Complexity: get O(1); set O(dropped steps).
    public var levelsOfUndo: Int {
        get { history.limit }
        set { history.limit = max(newValue, 0) }
    }

    /// An estimate of the heap bytes the undo history holds, for an app that watches its
    /// memory: the undo and redo steps' arrays at their allocated capacity (80 bytes a
    /// step, spare slots included) plus each step's removed and inserted text that does not
    /// fit inside the step (more than 15 bytes: its length plus a 32-byte header). Not
    /// counted: the document, allocator rounding, and whether a string's storage is shared
    /// with the caller. It falls when `levelsOfUndo` drops steps or `text` is set.
    /// - Complexity: O(steps).
    public var undoHistoryByteCount: Int { history.footprint }

    /// A pause in typing: the next edit starts a new undo step. O(1).
    public func breakUndoCoalescing() {
        history.breakCoalescing()
    }

    /// Applies one step's change (its `undo`, or the `change` itself to redo) and restores its
    /// selection before anyone hears of it, so that a delegate changing the text from
    /// `didApply` finds the input in step with it. The step's attribute runs (`snapshots`,
    /// the side `side` names) come back with its text: none kept means no character had
    /// attributes on either side.
    private func replay(_ change: InputChange, selecting selection: SelectionMark,
                        runs snapshots: AttributeSnapshots?, restoring side: KeyPath<AttributeSnapshots, AttributeRuns>) {
        whileChanging {
            let before = selectionMark
            if change.replaced.isEmpty && change.inserted.isEmpty {
                // A step that changed attributes only.
                if let snapshots, snapshots[keyPath: side].fits(document.utf8Count) { attributeRuns = snapshots[keyPath: side] }
                selectionMark = selection
                goalColumn = nil
                sendSelectionChanged(since: before)
                return
            }
            guard applyChange(change.replaced, change.inserted, keepingRemoved: false) != nil else { return }
            restoreAttributeRuns(snapshots.map { $0.isUnknown ? nil : $0[keyPath: side] } ?? AttributeRuns())
            // A one-selection step: undo and redo bring back its one selection.
            let hadOthers = !otherSelections.isEmpty
            otherSelections = []
            if hadOthers && selection == before { send(.selectionChanged) }
            selectionMark = selection
            send(.editingChanged)
            sendSelectionChanged(since: before)
        }
    }
}
