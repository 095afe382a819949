// The model's commands: caret movement and selection over the document's own movement (which
// FuzzMovement checks against ICU), select all, undo and redo (EDITING.md, "Input", "Undo").
import Caret

extension InputModel {
    /// The text as a fresh document, and a scalar index there as a position.
    func document() -> TextDocument { TextDocument(text) }

    func position(_ i: Int, in doc: TextDocument, affinity: TextAffinity = .downstream) -> TextPosition {
        var p = doc.position(at: i, unit: .unicodeScalar)!
        p.affinity = affinity
        return p
    }

    func index(_ p: TextPosition, in doc: TextDocument) -> Int { doc.offset(of: p, unit: .unicodeScalar)! }

    /// `move(_:by:extendingSelection:)`. Left/right by character are visual presses; up/down by
    /// character move by line with the goal column; other granularities go to the boundary in
    /// that direction (`position(from:toBoundary:in: .layout(direction))`). Where no press is
    /// possible the caret stays. Without extension a non-empty selection moves from its edge on
    /// that side (left/right: its visual edge, from the paragraph direction at its start; up:
    /// its start; down: its end), and left/right by character only collapse it there.
    mutating func move(_ direction: TextLayoutDirection, by granularity: TextGranularity, extending: Bool) {
        commitComposition()
        guard let sel = selection else { return }
        let doc = document()
        let range = sel.range
        var from: Int
        var affinity = focusAffinity
        if extending || range.isEmpty {
            from = sel.focus
        } else {
            switch direction {
            case .up: from = range.lowerBound
            case .down: from = range.upperBound
            case .left, .right:
                let rtl = doc.baseWritingDirection(for: position(range.lowerBound, in: doc)) == .rightToLeft
                from = (direction == .left) != rtl ? range.lowerBound : range.upperBound
            }
            affinity = .downstream
            if granularity == .character && (direction == .left || direction == .right) {
                setSelection(.caret(from))
                focusAffinity = .downstream
                return
            }
        }
        let p = position(from, in: doc, affinity: affinity)
        var landed: TextPosition?
        var newGoal: TextCaret?
        switch (direction, granularity) {
        case (.left, .character), (.right, .character):
            landed = doc.position(from: p, in: direction, offset: 1)
        case (.up, .character), (.down, .character):
            let start = goal.flatMap { doc.offset(of: $0.position, unit: .utf8) == doc.offset(of: p, unit: .utf8) ? $0 : nil } ?? TextCaret(p)
            newGoal = doc.caret(from: start, in: direction)
            landed = newGoal?.position
        default:
            landed = doc.position(from: p, toBoundary: granularity, in: .layout(direction))
        }
        let target = landed.map { index($0, in: doc) } ?? from
        setSelection(extending ? Selection(anchor: sel.anchor, focus: target) : .caret(target))
        focusAffinity = landed?.affinity ?? affinity
        goal = newGoal
    }

    /// `selectAll()`.
    mutating func selectAll() {
        commitComposition()
        setSelection(Selection(anchor: 0, focus: scalars.count))
        focusAffinity = .downstream
    }

    /// `undo()`: back to the text and selection from before the last step. Asks nobody.
    mutating func undo() {
        guard isEditable else { return }
        commitComposition()
        guard let step = popUndo() else { return }
        restore(step.before)
        events.append(.editingChanged)
        breakCoalescing()
        goal = nil
        focusAffinity = .downstream
    }

    /// `redo()`: forward to the text and selection from after the last undone step.
    mutating func redo() {
        guard isEditable else { return }
        commitComposition()
        guard let step = popRedo() else { return }
        restore(step.after)
        events.append(.editingChanged)
        breakCoalescing()
        goal = nil
        focusAffinity = .downstream
    }
}
