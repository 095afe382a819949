// The model's input calls: typing, Return, deleting, paste, cut, copy, replace, clear
// (EDITING.md, "Input", "Who is asked", "Return", "Undo").

extension InputModel {
    /// The hard line terminators (CR LF is one); a field turns each into a space on paste.
    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The scalar range the next user edit replaces: the selection (a caret when there is none).
    var editRange: Range<Int> { (selection ?? .caret(scalars.count)).range }

    /// A user edit of `range`: offered once; on acceptance applied, caret after the new text,
    /// recorded for undo (`kind` nil: a step of its own that ends coalescing), and announced.
    @discardableResult
    mutating func userEdit(_ range: Range<Int>, _ text: [Unicode.Scalar], kind: Coalescing?,
                           coalescing: Bool = true) -> Bool {
        var s = ""
        s.unicodeScalars.append(contentsOf: text)
        guard offer(range, s) else { return false }
        let before = snapshot
        apply(range, text, selection: .caret(range.lowerBound + text.count))
        record(before, as: kind, coalescing: coalescing)
        events.append(.editingChanged)
        goal = nil
        return true
    }

    /// `insertText(_:)`: commits marked text with it, handles Return, else types at the selection.
    mutating func insertText(_ text: String) {
        guard mayEdit() else { return }
        let new = Array(text.unicodeScalars)
        if kind == .singleLine && text == "\n" {
            commitComposition()
            guard answers.shouldReturn else { return }
            events.append(.editingDidEndOnExit)
            endEditing(force: false)
            return
        }
        if composition != nil {
            commitComposition(with: new)
            return
        }
        // A typed line break in a view ends the step before it and opens the next one.
        let breaks = kind == .multiLine && new.contains(where: Self.isLineBreak)
        if new.isEmpty && editRange.isEmpty { return }
        userEdit(editRange, new, kind: .typing, coalescing: !breaks)
    }

    /// The backward-deletion cluster before scalar index `i` (a grapheme boundary, > 0): the
    /// cluster before it, or only its last scalar when the cluster's first scalar is in
    /// U+0530–U+194F and is not a Hangul jamo (a Hangul syllable goes whole either way).
    func backwardDeletionRange(before i: Int) -> Range<Int> {
        let start = flat.boundary(atOrBefore: i - 1)
        let first = scalars[start].value
        if (0x0530...0x194F).contains(first) && !(0x1100...0x11FF).contains(first) {
            return (i - 1)..<i
        }
        return start..<i
    }

    /// `deleteBackward()`: the selection, else the backward-deletion cluster before the caret.
    mutating func deleteBackward() {
        guard mayEdit() else { return }
        if composition != nil { return deleteInMarkedText(forward: false) }
        let r = editRange
        if !r.isEmpty { userEdit(r, [], kind: .deletingBackward); return }
        guard r.lowerBound > 0 else { return }
        userEdit(backwardDeletionRange(before: r.lowerBound), [], kind: .deletingBackward)
    }

    /// `deleteForward()`: the selection, else the whole cluster after the caret.
    mutating func deleteForward() {
        guard mayEdit() else { return }
        if composition != nil { return deleteInMarkedText(forward: true) }
        let r = editRange
        if !r.isEmpty { userEdit(r, [], kind: .deletingForward); return }
        guard r.lowerBound < scalars.count else { return }
        userEdit(r.lowerBound..<flat.boundary(atOrAfter: r.lowerBound + 1), [], kind: .deletingForward)
    }

    /// `paste(_:)`: replaces the selection as a step of its own; a field turns line breaks into
    /// spaces (CR LF into one).
    mutating func paste(_ text: String) {
        guard mayEdit() else { return }
        commitComposition()
        var new = Array(text.unicodeScalars)
        if kind == .singleLine {
            var out: [Unicode.Scalar] = []
            var k = 0
            while k < new.count {
                if Self.isLineBreak(new[k]) {
                    out.append(" ")
                    k += new[k] == "\r" && k + 1 < new.count && new[k + 1] == "\n" ? 2 : 1
                } else {
                    out.append(new[k])
                    k += 1
                }
            }
            new = out
        }
        if new.isEmpty && editRange.isEmpty { return }
        userEdit(editRange, new, kind: nil)
    }

    /// `copy()`: the selected text, nil when nothing is selected.
    func copy() -> String? {
        guard let r = selection?.range, !r.isEmpty else { return nil }
        return string(r)
    }

    /// `cut()`: the selected text, removed as a step of its own; nil (and no change) when
    /// nothing is selected or the delegate refuses.
    mutating func cut() -> String? {
        guard mayEdit() else { return nil }
        commitComposition()
        guard let r = selection?.range, !r.isEmpty else { return nil }
        let s = string(r)
        return userEdit(r, [], kind: nil) ? s : nil
    }

    /// `replace(_:withText:)` on scalar indices (grapheme boundaries): a user edit that keeps the
    /// selection where the edit maps it (an empty selection stays before inserted text).
    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String) -> Bool {
        guard mayEdit() else { return false }
        commitComposition()
        let new = Array(text.unicodeScalars)
        guard offer(range, text) else { return false }
        let before = snapshot
        let mapped = selection.map { Self.map($0, through: range, newCount: new.count) }
        apply(range, new, selection: mapped)
        record(before, as: nil, coalescing: false)
        events.append(.editingChanged)
        goal = nil
        return true
    }

    /// `TextEdit.map(_: TextRange)` on scalar indices: a non-empty range does not grow at its
    /// edges and collapses when wholly removed; an empty one stays before inserted text.
    static func map(_ s: Selection, through r: Range<Int>, newCount: Int) -> Selection {
        func point(_ x: Int, before: Bool) -> Int {
            if x < r.lowerBound { return x }
            if x > r.upperBound { return x + newCount - r.count }
            if r.isEmpty { return before ? r.lowerBound : r.lowerBound + newCount }
            if x == r.lowerBound { return x }
            if x == r.upperBound { return r.lowerBound + newCount }
            return before ? r.lowerBound : r.lowerBound + newCount
        }
        let range = s.range
        if range.isEmpty { return .caret(point(range.lowerBound, before: true)) }
        let a = point(range.lowerBound, before: false), b = point(range.upperBound, before: true)
        if b <= a { return .caret(r.lowerBound) }
        return s.anchor <= s.focus ? Selection(anchor: a, focus: b) : Selection(anchor: b, focus: a)
    }

    /// `clear()`: asks `textInputShouldClear`, then offers the removal of all text.
    @discardableResult
    mutating func clear() -> Bool {
        guard mayEdit() else { return false }
        commitComposition()
        guard answers.shouldClear else { return false }
        if scalars.isEmpty { return true }
        return userEdit(0..<scalars.count, [], kind: nil)
    }
}
