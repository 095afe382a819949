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

        /// THE builder of undo steps: `change` (kept in the compact form coalescing grows:
        /// where it starts, what it removed, what it inserted) with the selections from before
        /// and after it. Undo applies its inverse (`undo`). O(1).
        static func undoing(_ change: InputChange, before: SelectionMark, after: SelectionMark) -> Step {
            Step(utf8Start: change.replaced.lowerBound, removed: change.removed, inserted: change.inserted,
                 before: before, after: after)
        }

        /// The step's change. O(1).
        var change: InputChange { InputChange(at: utf8Start, removing: removed, inserting: inserted) }

        /// What undo applies: the step's change inverted (its inserted text, in the text after
        /// it, replaced by what it removed). Redo applies `change`. O(1).
        var undo: InputChange { change.inverted }
    }

    /// Which kind of edit a step can grow by.
    enum Coalescing: Hashable {
        /// Typing at the caret: the next typed text extends `inserted`.
        case typing
        /// Backspace presses: the next press's text goes in front of `removed` (kept aside in
        /// `backspaced` until the step closes).
        case deletingBackward
        /// Forward-delete presses: the next press's text is appended to `removed`.
        case deletingForward
    }

    /// The undo steps, oldest first, are `storage[dropped...]`: dropping the oldest steps for
    /// `limit` only advances `dropped` (their strings are released at once), and the dead
    /// front is removed once it is as long as the live part, so a full history pays O(1)
    /// amortized per new step instead of shifting every step down.
    private var storage: [Step] = []
    private var dropped = 0
    private(set) var redoSteps: [Step] = []
    /// How the last undo step may still grow; nil once something has ended it.
    private var open: Coalescing?
    /// What the Backspace presses merged into the open last step removed, latest last, not yet
    /// put in front of its `removed`: prepending on every press would copy the whole run each
    /// time (O(run²) for a held key or a script). `settle()` folds them in when the step
    /// closes or is read. Non-empty only while the last step is open for `.deletingBackward`.
    private var backspaced: [String] = []

    /// The most steps kept on each stack (undo and redo); 0 for no limit. Past it — lowered,
    /// or a step recorded, undone or redone onto a full stack — the oldest undo steps and the
    /// redo steps furthest from the present are dropped at once.
    var limit = 0 {
        didSet { trim() }
    }

    /// The undo steps, oldest first. O(1), or O(steps + the open Backspace run) while one is
    /// pending (a copy with it folded in: for the tests; the editing model asks `hasUndoSteps`).
    var undoSteps: ArraySlice<Step> {
        var steps = storage[dropped...]
        if !backspaced.isEmpty { steps[steps.endIndex - 1].removed = Self.folded(backspaced, steps.last!.removed) }
        return steps
    }

    /// Whether there is a step to undo. O(1).
    var hasUndoSteps: Bool { dropped < storage.count }

    /// Records a new edit: extends the last step when `coalescing` says it may grow by this
    /// edit, the step is still open, the selection has not changed since, and the edit
    /// continues it where it ended; otherwise starts a step (dropping the oldest when the
    /// limit is reached). Drops every redo step. `startsStep` forces a new step that stays
    /// open (a line break typed in a view).
    /// - Complexity: O(length of the new text) amortized: a step grows in place.
    mutating func record(_ step: Step, coalescing: Coalescing?, startsStep: Bool = false) {
        redoSteps.removeAll()
        if !startsStep, let coalescing, coalescing == open, dropped < storage.count,
           storage[storage.count - 1].after == step.before,
           Self.merge(&storage[storage.count - 1], step, coalescing) {
            if coalescing == .deletingBackward { backspaced.append(step.removed) }
            return
        }
        settle()
        // Grow by an eighth, not the standard doubling: a history of 10,000 one-keystroke
        // steps then holds at most ~12 % spare capacity instead of up to 100 %.
        if storage.count == storage.capacity {
            storage.reserveCapacity(storage.count + storage.count / 8 + 16)
        }
        storage.append(step)
        open = coalescing
        trim()
    }

    /// Extends `last` by `next` in place (so typing a long text key by key copies nothing),
    /// or returns false when `next` does not continue it. A Backspace's text is left to the
    /// caller (`backspaced`).
    private static func merge(_ last: inout Step, _ next: Step, _ kind: Coalescing) -> Bool {
        switch kind {
        case .typing:
            guard next.removed.isEmpty, next.utf8Start == last.utf8Start + last.inserted.utf8.count else { return false }
            last.inserted += next.inserted
        case .deletingBackward:
            guard last.inserted.isEmpty, next.inserted.isEmpty,
                  next.utf8Start + next.removed.utf8.count == last.utf8Start else { return false }
            last.utf8Start = next.utf8Start
        case .deletingForward:
            guard last.inserted.isEmpty, next.inserted.isEmpty, next.utf8Start == last.utf8Start else { return false }
            last.removed += next.removed
        }
        last.after = next.after
        return true
    }

    /// Applies `limit` to both stacks. O(1) amortized per dropped step.
    private mutating func trim() {
        guard limit > 0 else { return }
        if storage.count - dropped > limit {
            let end = storage.count - limit
            // Release the dropped steps' text now; the slots go when the dead front is compacted.
            for k in dropped..<end { storage[k].removed = ""; storage[k].inserted = "" }
            dropped = end
            if dropped >= storage.count - dropped {
                storage.removeFirst(dropped)
                dropped = 0
            }
        }
        if redoSteps.count > limit { redoSteps.removeFirst(redoSteps.count - limit) }
    }

    /// Ends the open step: the next edit starts a new one.
    mutating func breakCoalescing() {
        settle()
        open = nil
    }

    /// Puts the pending Backspace text in front of the last step's `removed`. O(length of the
    /// step) once per run, O(1) when nothing is pending.
    private mutating func settle() {
        guard !backspaced.isEmpty else { return }
        let last = storage.count - 1
        storage[last].removed = Self.folded(backspaced, storage[last].removed)
        backspaced.removeAll()
    }

    /// `pieces` (latest last) in reverse order, then `removed`: what a Backspace run removed,
    /// in text order. O(total length).
    private static func folded(_ pieces: [String], _ removed: String) -> String {
        var text = ""
        text.reserveCapacity(pieces.reduce(removed.utf8.count) { $0 + $1.utf8.count })
        for piece in pieces.reversed() { text += piece }
        text += removed
        return text
    }

    /// Takes the last step off the undo stack and puts it on the redo stack; returns what
    /// undo applies (`Step.undo`) and the selection it restores.
    mutating func popUndo() -> (undo: InputChange, selection: SelectionMark)? {
        settle()
        guard dropped < storage.count else { return nil }
        let last = storage.count - 1
        let result = (storage[last].undo, storage[last].before)
        redoSteps.append(storage.removeLast())
        open = nil
        trim()      // the redo stack may already hold `limit` steps (kept when the limit fell)
        return result
    }

    /// Takes the last undone step off the redo stack and puts it back on the undo stack.
    mutating func popRedo() -> Step? {
        guard let step = redoSteps.popLast() else { return nil }
        open = nil
        storage.append(step)
        trim()
        return step
    }

    /// Replaces both stacks (undo oldest first, redo as `redoSteps` holds them) with the same
    /// steps rebased over a change made elsewhere; the last step is closed. O(steps).
    mutating func replaceSteps(undo: [Step], redo: [Step]) {
        storage = undo
        dropped = 0
        redoSteps = redo
        backspaced.removeAll()
        open = nil
    }

    /// Forgets every step.
    mutating func removeAll() {
        storage.removeAll()
        dropped = 0
        redoSteps.removeAll()
        backspaced.removeAll()
        open = nil
    }

    /// Bytes the history holds, an estimate: the two step arrays' allocated capacity (the
    /// steps themselves, spare slots included) plus the heap storage of their strings — a
    /// string of more than 15 bytes counts its bytes and a 32-byte header; one of 15 or fewer
    /// lives inside the step; pending Backspace pieces count the same way. Allocator rounding
    /// and strings shared with the caller are not told apart. O(steps).
    var footprint: Int {
        func heap(_ s: String) -> Int { s.utf8.count > 15 ? s.utf8.count + 32 : 0 }
        let stride = MemoryLayout<Step>.stride
        var total = (storage.capacity + redoSteps.capacity) * stride
        total += backspaced.capacity * MemoryLayout<String>.stride
        for piece in backspaced { total += heap(piece) }
        for step in storage[dropped...] { total += heap(step.removed) + heap(step.inserted) }
        for step in redoSteps { total += heap(step.removed) + heap(step.inserted) }
        return total
    }
}
