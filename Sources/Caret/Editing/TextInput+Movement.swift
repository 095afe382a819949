// Arrow keys and their modified forms, over the document's movement: visual left/right by
// grapheme, word motion, up/down with a goal column, line, paragraph and document ends.

extension TextInput {
    /// Moves the caret, or extends the selection, one press of `direction` by `granularity`:
    ///
    /// - `.left`/`.right` by `.character`: one visual grapheme (in a right-to-left paragraph
    ///   `.right` goes backward). Without extension a non-empty selection collapses to its edge
    ///   on that side (by the paragraph's direction at the selection's start).
    /// - `.up`/`.down` by `.character` or `.line`: one hard line, aiming for the goal column
    ///   that consecutive up/down presses keep.
    /// - `.word`, `.sentence`: to the next end (forward) or start (backward) of a word or
    ///   sentence in that direction; the end of the text when there is none.
    /// - `.line` with `.left`/`.right`: to that end of the line (it stays there on a second
    ///   press). `.paragraph`: to the start (backward) or end (forward) of the paragraph, then
    ///   of the next one. `.document`: to the start or end of the text.
    ///
    /// `.left`/`.right` are forward or backward by the base direction of the paragraph at the
    /// caret; `.up` is backward, `.down` forward. Without extension a non-empty selection
    /// first collapses to its end in the direction of motion. Extension keeps the anchor where
    /// the selection started and moves the other end. Marked text is committed first. Ends a
    /// typing or deleting undo step; sends `.selectionChanged` when the selection moved.
    /// Needs neither editing nor `isEditable`.
    /// - Complexity: as the document's movement: O(log n) per press, plus laying out the
    ///   paragraph for visual and word motion.
    public func move(_ direction: TextLayoutDirection, by granularity: TextGranularity = .character,
                     extendingSelection: Bool = false) {
        if let marked = markedText { commitComposition(as: marked) }
        if !otherSelections.isEmpty {
            moveEvery(direction, by: granularity, extendingSelection: extendingSelection)
            return
        }
        let before = selectionMark
        let end = document.endOfDocument
        let moved = self.moved(anchor: anchor ?? end, focus: focus ?? end, goal: goalColumn, direction, granularity,
                               extendingSelection: extendingSelection)
        finishMove(anchor: moved.anchor, focus: moved.focus, goal: moved.goal, before: before)
    }

    /// `move` with several selections: each moves as the one would (with its own goal
    /// column), then those that meet merge. O(k) presses.
    private func moveEvery(_ direction: TextLayoutDirection, by granularity: TextGranularity, extendingSelection: Bool) {
        let before = allSelections
        var (marks, main) = sortedSelections
        var goals = otherGoalColumns.count == otherSelections.count ? otherGoalColumns : Array(repeating: nil, count: otherSelections.count)
        goals.insert(goalColumn, at: main)
        for i in marks.indices {
            guard let a = marks[i].anchor, let f = marks[i].focus else { continue }
            let moved = self.moved(anchor: a, focus: f, goal: goals[i], direction, granularity,
                                   extendingSelection: extendingSelection)
            marks[i] = SelectionMark(anchor: moved.anchor, focus: moved.focus)
            goals[i] = moved.goal
        }
        setAllSelections(marks, main: main)
        // The goal columns stay with their selections while none merged (order is kept: every
        // selection moved the same way).
        if marks.count == otherSelections.count + 1 {
            goalColumn = goals.remove(at: main)
            otherGoalColumns = goals.allSatisfy { $0 == nil } ? [] : goals
        } else {
            goalColumn = nil
            otherGoalColumns = []
        }
        history.breakCoalescing()
        sendSelectionsChanged(since: before)
    }

    /// Where one press of `direction` by `granularity` takes the selection from `anchor` to
    /// `focus` with goal column `goal` (see `move`).
    private func moved(anchor: TextPosition, focus: TextPosition, goal goalColumn: Int?, _ direction: TextLayoutDirection,
                       _ granularity: TextGranularity,
                       extendingSelection: Bool) -> (anchor: TextPosition, focus: TextPosition, goal: Int?) {
        let selection = TextRange(start: anchor, end: focus)
        let vertical = direction == .up || direction == .down
        let byLine = vertical && (granularity == .character || granularity == .line)
        var from = focus
        if !extendingSelection && !selection.isEmpty {
            if !vertical && granularity == .character {
                let rightToLeft = document.baseWritingDirection(for: selection.start) == .rightToLeft
                let edge = (direction == .left) != rightToLeft ? selection.start : selection.end
                return (edge, edge, nil)
            }
            from = storageDirection(direction, at: selection.start) == .backward ? selection.start : selection.end
        }
        var goal: Int? = nil
        let target: TextPosition
        if byLine {
            let caret = document.caret(from: TextCaret(from, goalColumn: goalColumn), in: direction) ?? TextCaret(from)
            target = caret.position
            goal = caret.goalColumn
        } else {
            target = self.target(from: from, direction, granularity)
        }
        return (extendingSelection ? anchor : target, target, goal)
    }

    /// Selects the whole text (marked text is committed first). Ends a typing undo step;
    /// sends `.selectionChanged` when the selection moved. O(1).
    public func selectAll() {
        if let marked = markedText { commitComposition(as: marked) }
        if !otherSelections.isEmpty {
            let before = allSelections
            otherSelections = []
            otherGoalColumns = []
            select(anchor: document.beginningOfDocument, focus: document.endOfDocument)
            goalColumn = nil
            history.breakCoalescing()
            sendSelectionsChanged(since: before)
            return
        }
        let before = selectionMark
        finishMove(anchor: document.beginningOfDocument, focus: document.endOfDocument, goal: nil, before: before)
    }

    private func finishMove(anchor: TextPosition, focus: TextPosition, goal: Int?, before: SelectionMark) {
        select(anchor: anchor, focus: focus)
        goalColumn = goal
        history.breakCoalescing()
        sendSelectionChanged(since: before)
    }

    /// Storage order of a press of `direction` at `position`: `.left`/`.right` by the base
    /// direction of the paragraph there.
    private func storageDirection(_ direction: TextLayoutDirection, at position: TextPosition) -> TextStorageDirection {
        switch direction {
        case .up: return .backward
        case .down: return .forward
        case .left, .right:
            let rightToLeft = document.baseWritingDirection(for: position) == .rightToLeft
            return (direction == .right) != rightToLeft ? .forward : .backward
        }
    }

    /// Where one press of `direction` by `granularity` (not up/down by line) lands from `from`.
    private func target(from: TextPosition, _ direction: TextLayoutDirection, _ granularity: TextGranularity) -> TextPosition {
        if granularity == .character {
            return document.position(from: from, in: direction, offset: 1, movement: .visual) ?? from
        }
        let storage = storageDirection(direction, at: from)
        let edge = storage == .backward ? document.beginningOfDocument : document.endOfDocument
        switch granularity {
        case .character:
            return from
        case .word, .sentence, .paragraph:
            return document.position(from: from, toBoundary: granularity, in: .storage(storage)) ?? edge
        case .line:
            guard let line = document.lineRange(containing: from) else { return from }
            return storage == .backward ? line.start : line.end
        case .document:
            return edge
        }
    }
}
