/// The undo and redo steps of one `TextInput`.
///
/// A step is one contiguous replacement — where it starts, the text it removed, the text it
/// inserted — with the selections from before and after it. Every user edit is one such
/// replacement (the pipeline builds it so), consecutive typing extends the inserted text and
/// consecutive deleting the removed text, so a step costs its own text plus 80 bytes,
/// whatever the document's size (docs/ARCHITECTURE.md, "The editing model", has the figures).
/// A step made at several selections holds all its replacements and selections out of line
/// (`SeveralChanges`), and grows one for one as typing at one caret does. What a step is:
/// UndoHistory+Step.swift; here, the two stacks and how the last step grows.
struct UndoHistory {
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
        if !redoSteps.isEmpty { redoSteps.removeAll() }
        if !startsStep, let coalescing, coalescing == open, dropped < storage.count,
           storage[storage.count - 1].after == step.before,
           storage[storage.count - 1].several?.after == step.several?.before,
           Self.merge(&storage[storage.count - 1], step, coalescing) {
            // A step of several selections grew its own texts (`growSeveral`).
            if coalescing == .deletingBackward && step.several == nil { backspaced.append(step.removed) }
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
        if last.several != nil || next.several != nil {
            guard let theirs = next.several, var mine = last.several,
                  Self.continuesSeveral(mine.changes, theirs.changes, kind)
            else { return false }
            // Grown in place, as one step's text is: a copy would make every keystroke at k
            // carets copy the k texts typed so far (so nothing else may hold the changes here).
            // Taken out of the step so that `mine` is its one reference unless something else
            // shares it (a redo stack's copy): then it is copied once.
            last.several = nil
            if !isKnownUniquelyReferenced(&mine) {
                mine = SeveralChanges(changes: mine.changes, before: mine.before, after: mine.after)
            }
            Self.growSeveral(mine, by: theirs.changes, kind)
            mine.after = theirs.after
            last.several = mine
            last.after = next.after
            return true
        }
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
        // Plain text before and after both (typing without attribute runs): nothing to join.
        let (mine, theirs) = (last.attributes, next.attributes)
        if mine != nil || theirs != nil { last.attributes = AttributeSnapshots.joined(mine, theirs) }
        return true
    }

    /// Whether several selections' replacements `next` (made for the text after `last`)
    /// continue `last` (made for the text before it) one for one, as `merge` asks of one.
    /// O(k).
    private static func continuesSeveral(_ last: [InputChange], _ next: [InputChange], _ kind: Coalescing) -> Bool {
        guard last.count == next.count else { return false }
        var shift = 0  // where `last[i]` starts in the text after it, less where it starts before
        for (l, n) in zip(last, next) {
            let start = l.replaced.lowerBound + shift
            switch kind {
            case .typing:
                guard n.removed.isEmpty, n.replaced.lowerBound == start + l.inserted.utf8.count else { return false }
            case .deletingBackward:
                guard l.inserted.isEmpty, n.inserted.isEmpty, n.replaced.upperBound == start else { return false }
            case .deletingForward:
                guard l.inserted.isEmpty, n.inserted.isEmpty, n.replaced.lowerBound == start else { return false }
            }
            shift += l.inserted.utf8.count - l.removed.utf8.count
        }
        return true
    }

    /// Extends each of `several`'s replacements by its counterpart in `next`
    /// (`continuesSeveral` said it continues them). O(k + the new text), plus the removed
    /// text for Backspace, whose piece goes in front.
    private static func growSeveral(_ several: SeveralChanges, by next: [InputChange], _ kind: Coalescing) {
        for i in next.indices {
            let n = next[i]
            switch kind {
            case .typing:
                several.changes[i].inserted += n.inserted
            case .deletingBackward:
                let start = several.changes[i].replaced.lowerBound - n.removed.utf8.count
                several.changes[i].removed = n.removed + several.changes[i].removed
                several.changes[i].replaced = start..<(start + several.changes[i].removed.utf8.count)
            case .deletingForward:
                several.changes[i].removed += n.removed
                let start = several.changes[i].replaced.lowerBound
                several.changes[i].replaced = start..<(start + several.changes[i].removed.utf8.count)
            }
        }
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
    /// undo applies (`Step.undo`), the selection it restores, for a step of several
    /// selections the rest of it, and the attribute runs it kept.
    mutating func popUndo() -> (undo: InputChange, selection: SelectionMark, several: SeveralChanges?,
                                attributes: AttributeSnapshots?)? {
        settle()
        guard dropped < storage.count else { return nil }
        let last = storage.count - 1
        let result = (storage[last].undo, storage[last].before, storage[last].several, storage[last].attributes)
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
        for step in storage[dropped...] {
            total += heap(step.removed) + heap(step.inserted) + (step.several?.footprint ?? 0)
        }
        for step in redoSteps { total += heap(step.removed) + heap(step.inserted) + (step.several?.footprint ?? 0) }
        return total
    }
}
