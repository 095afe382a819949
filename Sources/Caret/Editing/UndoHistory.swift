/// The undo and redo steps of one `TextInput`.
///
/// A step is one contiguous replacement — where it starts, the text it removed, the text it
/// inserted — with the selections from before and after it. Every user edit is one such
/// replacement (the pipeline builds it so), consecutive typing extends the inserted text and
/// consecutive deleting the removed text, so a step costs its own text plus 72 bytes,
/// whatever the document's size (docs/ARCHITECTURE.md, "The editing model", has the figures).
struct UndoHistory {
    struct Step {
        /// Byte offset where the replacement starts.
        var utf8Start: Int
        /// The text it removed (what undo puts back).
        var removed: String
        /// The text it inserted (what undo takes out).
        var inserted: String
        /// The selection before the step (what undo restores).
        var before: SelectionMark
        /// The selection after the step (what redo restores).
        var after: SelectionMark
    }

    /// Which kind of edit a step can grow by.
    enum Coalescing: Hashable {
        /// Typing at the caret: the next typed text extends `inserted`.
        case typing
        /// Backspace presses: the next press's text is prepended to `removed`.
        case deletingBackward
        /// Forward-delete presses: the next press's text is appended to `removed`.
        case deletingForward
    }

    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// How the last undo step may still grow; nil once something has ended it.
    private var open: Coalescing?

    /// Records a new edit: extends the last step when `coalescing` says it may grow by this
    /// edit, the step is still open, the selection has not changed since, and the edit
    /// continues it where it ended; otherwise starts a step. Drops every redo step.
    /// `startsStep` forces a new step that stays open (a line break typed in a view).
    mutating func record(_ step: Step, coalescing: Coalescing?, startsStep: Bool = false) {
        redoSteps.removeAll()
        if !startsStep, let coalescing, coalescing == open, let last = undoSteps.last, last.after == step.before,
           let merged = Self.merge(last, step, coalescing) {
            undoSteps[undoSteps.count - 1] = merged
            return
        }
        // Grow by an eighth, not the standard doubling: a history of 10,000 one-keystroke
        // steps then holds at most ~12 % spare capacity instead of up to 100 %.
        if undoSteps.count == undoSteps.capacity {
            undoSteps.reserveCapacity(undoSteps.count + undoSteps.count / 8 + 16)
        }
        undoSteps.append(step)
        open = coalescing
    }

    private static func merge(_ last: Step, _ next: Step, _ kind: Coalescing) -> Step? {
        var step = last
        switch kind {
        case .typing:
            guard next.removed.isEmpty, next.utf8Start == last.utf8Start + last.inserted.utf8.count else { return nil }
            step.inserted += next.inserted
        case .deletingBackward:
            guard last.inserted.isEmpty, next.inserted.isEmpty,
                  next.utf8Start + next.removed.utf8.count == last.utf8Start else { return nil }
            step.removed = next.removed + last.removed
            step.utf8Start = next.utf8Start
        case .deletingForward:
            guard last.inserted.isEmpty, next.inserted.isEmpty, next.utf8Start == last.utf8Start else { return nil }
            step.removed += next.removed
        }
        step.after = next.after
        return step
    }

    /// Ends the open step: the next edit starts a new one.
    mutating func breakCoalescing() { open = nil }

    /// Takes the last step off the undo stack and puts it on the redo stack.
    mutating func popUndo() -> Step? {
        guard let step = undoSteps.popLast() else { return nil }
        open = nil
        redoSteps.append(step)
        return step
    }

    /// Takes the last undone step off the redo stack and puts it back on the undo stack.
    mutating func popRedo() -> Step? {
        guard let step = redoSteps.popLast() else { return nil }
        open = nil
        undoSteps.append(step)
        return step
    }

    /// Forgets every step.
    mutating func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        open = nil
    }

    /// Bytes the history holds: the steps' storage plus the heap storage of their strings
    /// (a string of 15 bytes or fewer lives inside the step). O(steps).
    var footprint: Int {
        func heap(_ s: String) -> Int { s.utf8.count > 15 ? s.utf8.count + 32 : 0 }
        let stride = MemoryLayout<Step>.stride
        var total = (undoSteps.capacity + redoSteps.capacity) * stride
        for step in undoSteps { total += heap(step.removed) + heap(step.inserted) }
        for step in redoSteps { total += heap(step.removed) + heap(step.inserted) }
        return total
    }
}
