// The model's commands: caret movement and selection over a fresh document's own movement
// (which FuzzMovement checks against ICU), select all, undo and redo (EDITING.md, "Input",
// "Undo").
import Caret

extension InputModel {
    /// Scalar indices of `document()` as positions, and back.
    func position(_ e: End, in doc: TextDocument) -> TextPosition {
        var p = doc.position(at: e.index, unit: .unicodeScalar)!
        p.affinity = e.affinity
        return p
    }

    func end(_ p: TextPosition, in doc: TextDocument) -> End {
        End(index: doc.offset(of: p, unit: .unicodeScalar)!, affinity: p.affinity)
    }

    /// The storage direction a layout direction means at `p`: up backward, down forward,
    /// left/right by the paragraph's base direction.
    func storageDirection(_ d: TextLayoutDirection, at p: TextPosition, in doc: TextDocument) -> TextStorageDirection {
        switch d {
        case .up: return .backward
        case .down: return .forward
        case .left, .right:
            return (d == .right) != (doc.baseWritingDirection(for: p) == .rightToLeft) ? .forward : .backward
        }
    }

    /// `move(_:by:extendingSelection:)`: commits marked text first. Left/right by character are
    /// visual presses (staying put at the document's edge); up/down by character or line move
    /// by hard line with the goal column; word, sentence and paragraph go to the boundary in
    /// the storage direction the layout direction means there (else to the document's edge in
    /// that direction); line to the hard line's start or end; document to its edge. Without
    /// extension a non-empty selection collapses to its visual edge (left/right by character)
    /// or moves from its edge in that direction.
    mutating func move(_ direction: TextLayoutDirection, by granularity: TextGranularity, extending: Bool) {
        if composition != nil { commitComposition(with: nil) }
        let shown = mark
        let doc = document()
        let sel = selection ?? .caret(scalars.count)
        let (startEnd, endEnd) = sel.ordered
        let start = position(startEnd, in: doc), stop = position(endEnd, in: doc)
        let vertical = direction == .up || direction == .down
        let byLine = vertical && (granularity == .character || granularity == .line)
        var from = position(sel.focus, in: doc)
        if !extending && !sel.range.isEmpty {
            if !vertical && granularity == .character {
                let rtl = doc.baseWritingDirection(for: start) == .rightToLeft
                let edge = (direction == .left) != rtl ? startEnd : endEnd
                return finishMove(Selection(anchor: edge, focus: edge), goal: nil, shown: shown)
            }
            from = storageDirection(direction, at: start, in: doc) == .backward ? start : stop
        }
        var goal: Int?
        let target: TextPosition
        if byLine {
            let caret = doc.caret(from: TextCaret(from, goalColumn: goalColumn), in: direction) ?? TextCaret(from)
            target = caret.position
            goal = caret.goalColumn
        } else {
            let storage = storageDirection(direction, at: from, in: doc)
            let edge = storage == .backward ? doc.beginningOfDocument : doc.endOfDocument
            switch granularity {
            case .character:
                target = doc.position(from: from, in: direction, offset: 1, movement: .visual) ?? from
            case .word, .sentence, .paragraph:
                target = doc.position(from: from, toBoundary: granularity, in: .storage(storage)) ?? edge
            case .line:
                let line = doc.lineRange(containing: from)!
                target = storage == .backward ? line.start : line.end
            case .document:
                target = edge
            }
        }
        let focus = end(target, in: doc)
        finishMove(Selection(anchor: extending ? sel.anchor : focus, focus: focus), goal: goal, shown: shown)
    }

    private mutating func finishMove(_ s: Selection, goal: Int?, shown: Mark?) {
        selection = s
        goalColumn = goal
        breakCoalescing()
        if mark != shown { events.append(.selectionChanged) }
    }

    /// `selectAll()`: commits marked text, then selects everything.
    mutating func selectAll() {
        if composition != nil { commitComposition(with: nil) }
        finishMove(Selection(anchor: 0, focus: scalars.count), goal: nil, shown: mark)
    }

    /// `undo()`: cancels a composition, else goes back to the text and selection from before
    /// the last step. Asks nobody; nothing when not editable.
    mutating func undo() {
        guard isEditable else { return }
        if composition != nil { return cancelComposition() }
        guard let step = popUndo() else { return }
        replay(step.before)
    }

    /// `redo()`: forward to the text and selection from after the last undone step; nothing
    /// while composing or when not editable.
    mutating func redo() {
        guard isEditable, composition == nil, let step = popRedo() else { return }
        replay(step.after)
    }

    private mutating func replay(_ s: Snapshot) {
        let shown = mark
        restoreText(s)
        goalColumn = nil
        events.append(.editingChanged)
        if mark != shown { events.append(.selectionChanged) }
    }
}
