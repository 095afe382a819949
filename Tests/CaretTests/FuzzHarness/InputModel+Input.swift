// The model's input calls: typing, Return, deleting, paste, cut, copy, replace, clear
// (EDITING.md, "Input", "Who is asked", "Return", "Undo").

extension InputModel {
    /// A user edit of `range`: offered once (unless it changes nothing); on acceptance applied,
    /// the selection moved (a caret after the new text, or each end mapped through the edit),
    /// recorded for undo, and announced: `.editingChanged`, then `.selectionChanged` if the
    /// selection differs from `shown` (default: the selection when the call began).
    @discardableResult
    mutating func submit(_ range: Range<Int>, _ text: [Unicode.Scalar], kind: Coalescing?, startsStep: Bool = false,
                         mapped: Bool = false, shown: Mark?? = nil) -> Bool {
        if range.isEmpty && text.isEmpty { return false }
        var s = ""
        s.unicodeScalars.append(contentsOf: text)
        offers.append(Offer(utf16Range: flat.utf16[range.lowerBound]..<flat.utf16[range.upperBound], replacement: s))
        guard answers.shouldChange else { return false }
        let before = snapshot
        let shownMark = shown ?? mark
        replaceText(range, text)
        if mapped {
            selection = selection.map { sel in
                func end(_ e: End) -> End {
                    let x = Self.map(e.index, through: range, newCount: text.count, before: false)
                    return End(index: flat.boundary(atOrBefore: min(x, scalars.count)), affinity: e.affinity)
                }
                return Selection(anchor: end(sel.anchor), focus: end(sel.focus))
            }
        } else {
            let x = text.isEmpty ? flat.boundary(atOrBefore: range.lowerBound)
                                 : flat.boundary(atOrAfter: range.lowerBound + text.count)
            selection = .caret(x)
        }
        goalColumn = nil
        record(Step(before: before, after: snapshot, span: Span(start: range.lowerBound, removed: range.count, inserted: text.count)),
               as: kind, startsStep: startsStep)
        events.append(.editingChanged)
        if mark != shownMark { events.append(.selectionChanged) }
        return true
    }

    /// `TextEdit.map(_:bias:)` on scalar indices, for an edit replacing `r` with `newCount` scalars.
    static func map(_ x: Int, through r: Range<Int>, newCount: Int, before: Bool) -> Int {
        if x < r.lowerBound { return x }
        if x > r.upperBound { return x + newCount - r.count }
        if r.isEmpty { return before ? r.lowerBound : r.lowerBound + newCount }
        if x == r.lowerBound { return x }
        if x == r.upperBound { return r.lowerBound + newCount }
        return before ? r.lowerBound : r.lowerBound + newCount
    }

    /// `TextEdit.map(_: TextRange)` on scalar indices: a non-empty range does not grow at its
    /// edges and becomes empty at the edit when wholly removed; an empty one stays before
    /// inserted text.
    static func map(_ range: Range<Int>, through r: Range<Int>, newCount: Int) -> Range<Int> {
        if range.isEmpty {
            let p = map(range.lowerBound, through: r, newCount: newCount, before: true)
            return p..<p
        }
        let a = map(range.lowerBound, through: r, newCount: newCount, before: false)
        let b = map(range.upperBound, through: r, newCount: newCount, before: true)
        return b <= a ? r.lowerBound..<r.lowerBound : a..<b
    }

    /// Each line break (LF, CR, CR LF as one, VT, FF, NEL, LS, PS) as a space.
    static func lineBreaksAsSpaces(_ text: String) -> String { String(text.map { $0.isNewline ? " " : $0 }) }

    /// `insertText(_:)`: one line break in a field is Return; otherwise it commits marked text
    /// as the typed text, or types over the selection (in a field line breaks become spaces).
    mutating func insertText(_ text: String) {
        guard mayEdit() else { return }
        if kind == .singleLine && text.count == 1 && text.first!.isNewline {
            if composition != nil { commitComposition(with: nil) }
            pressReturn()
            return
        }
        let typed = kind == .singleLine ? Self.lineBreaksAsSpaces(text) : text
        if composition != nil {
            commitComposition(with: Array(typed.unicodeScalars))
            return
        }
        let hasBreak = kind == .multiLine && typed.contains { $0.isNewline }
        submit(editRange, Array(typed.unicodeScalars), kind: .typing, startsStep: hasBreak)
    }

    /// The backward-deletion cluster before scalar index `i` (> 0): the grapheme cluster before
    /// it, or only its last scalar when the cluster's first scalar is in U+0530–U+194F — unless
    /// the cluster is a Hangul syllable spelled in conjoining jamo, which goes whole (precomposed
    /// syllables lie outside the range). A syllable in jamo is one or more leading jamo and then
    /// a vowel jamo (what follows does not matter); jamo that do not make one (leading jamo
    /// alone, a vowel jamo first) are letters being typed and go one by one (`TextInput`'s
    /// reading of "a Hangul syllable").
    func backwardDeletionRange(before i: Int) -> Range<Int> {
        let start = flat.boundary(atOrBefore: i - 1)
        let first = scalars[start].value
        guard (0x0530...0x194F).contains(first) else { return start..<i }
        let isLeading = { (v: UInt32) in (0x1100...0x115F).contains(v) || (0xA960...0xA97C).contains(v) }
        let isVowel = { (v: UInt32) in (0x1160...0x11A7).contains(v) || (0xD7B0...0xD7C6).contains(v) }
        var k = start
        while k < i && isLeading(scalars[k].value) { k += 1 }
        if k > start && k < i && isVowel(scalars[k].value) { return start..<i }
        return (i - 1)..<i
    }

    /// `deleteBackward()`: the selection, else the backward-deletion cluster before the caret;
    /// inside marked text, inside it.
    mutating func deleteBackward() {
        guard mayEdit() else { return }
        if composition != nil { return deleteBackwardInMarkedText() }
        let r = editRange
        if !r.isEmpty {
            submit(r, [], kind: .deletingBackward)
        } else if r.lowerBound > 0 {
            submit(backwardDeletionRange(before: r.lowerBound), [], kind: .deletingBackward)
        }
    }

    /// `deleteForward()`: commits marked text (choice), then the selection, else the whole
    /// cluster after the caret.
    mutating func deleteForward() {
        guard mayEdit() else { return }
        if composition != nil { commitComposition(with: nil) }
        let r = editRange
        if !r.isEmpty {
            submit(r, [], kind: .deletingForward)
        } else if r.lowerBound < scalars.count {
            submit(r.lowerBound..<flat.boundary(atOrAfter: r.lowerBound + 1), [], kind: .deletingForward)
        }
    }

    /// `paste(_:)`: commits marked text, then replaces the selection as a step of its own; a
    /// field turns line breaks into spaces.
    mutating func paste(_ text: String) {
        guard mayEdit() else { return }
        if composition != nil { commitComposition(with: nil) }
        let pasted = kind == .singleLine ? Self.lineBreaksAsSpaces(text) : text
        submit(editRange, Array(pasted.unicodeScalars), kind: nil)
    }

    /// `copy()`: the selected text (its ends snapped to grapheme boundaries); nil when empty.
    func copy() -> String? {
        guard let r = selection?.range, !r.isEmpty else { return nil }
        return string(flat.boundary(atOrBefore: r.lowerBound)..<flat.boundary(atOrBefore: r.upperBound))
    }

    /// `cut()`: nil (asking nobody, not even to begin editing) without a selection; else
    /// commits marked text and removes the selection as a step of its own.
    mutating func cut() -> String? {
        guard let r = selection?.range, !r.isEmpty, mayEdit() else { return nil }
        if composition != nil { commitComposition(with: nil) }
        let range = editRange
        guard !range.isEmpty else { return nil }
        let removed = string(range)
        return submit(range, [], kind: nil) ? removed : nil
    }

    /// `replace(_:withText:)` of `range` (grapheme-boundary scalar indices, valid): a user edit
    /// and its own step; each end of the selection touching the replaced text moves after the
    /// new text (choice). Marked text is committed first and `range` follows the commit's edits.
    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String) -> Bool {
        guard mayEdit() else { return false }
        var target = range
        if let m = marked, let c = composition {
            let committed = m.count
            target = Self.map(target, through: m, newCount: c.start.count)
            if commitComposition(with: nil) {
                target = Self.map(target, through: c.start, newCount: committed)
            }
            target = flat.boundary(atOrBefore: target.lowerBound)..<flat.boundary(atOrBefore: target.upperBound)
        }
        return submit(target, Array(text.unicodeScalars), kind: nil, mapped: true)
    }

    /// `clear()`: commits marked text, asks `textInputShouldClear`, then offers the removal of
    /// all text; true when the text is empty because of it (or already was).
    @discardableResult
    mutating func clear() -> Bool {
        guard mayEdit() else { return false }
        if composition != nil { commitComposition(with: nil) }
        guard answers.shouldClear else { return false }
        if scalars.isEmpty { return true }
        return submit(0..<scalars.count, [], kind: nil)
    }
}
