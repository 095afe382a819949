// Typing, deleting, the pasteboard, replace and clear: each builds one proposed change and
// hands it to `submit(_:)`.

extension TextInput {
    /// Types `text` over the selection, or commits the marked text as `text` when there is
    /// some. `"\n"` (or any one line break) is Return: in a `.singleLine` field it inserts
    /// nothing, asks `textInputShouldReturn` and on `true` sends `.editingDidEndOnExit` and
    /// ends editing; in a `.multiLine` view it is a line break. Other line breaks typed into a
    /// field become spaces. A user edit (see `TextInputDelegate`); while not editing it first
    /// begins editing, and is dropped if that is refused.
    /// - Complexity: O(log n + m) for m bytes of text.
    public func insertText(_ text: String) {
        // A disabled Return key (`enablesReturnKeyAutomatically` on an empty text) cannot be pressed.
        let breaks = Self.lineBreaks(in: text)
        let isReturn = breaks.isOne
        if !isReturnKeyEnabled && isReturn { return }
        guard prepareForInput() else { return }
        if kind == .singleLine && isReturn {
            if let marked = markedText { commitComposition(as: marked) }
            pressReturn()
            return
        }
        let typed = kind == .singleLine && breaks.any ? Self.lineBreaksAsSpaces(text) : text
        if composition != nil {
            commitComposition(as: typed)
            return
        }
        // `typed` is `text` here (a single-line field's breaks were made spaces: it has none).
        let hasBreak = kind == .multiLine && breaks.any
        if !otherSelections.isEmpty {
            submitSeveral(hasBreak ? .lineBreak : .typing) { ($0, typed) }
            return
        }
        submit(ProposedChange(range: selectionUTF8, text: typed, kind: hasBreak ? .lineBreak : .typing))
    }

    /// Backspace: deletes a non-empty selection, or the backward-deletion cluster before the
    /// caret (see `TextDocument.backwardDeletionRange(before:)`: one scalar of a cluster in
    /// U+0530–U+194F other than a Hangul syllable, else the whole cluster). Inside marked text
    /// it deletes inside the marked text (not offered, like every marked-text update). A user
    /// edit. O(log n).
    public func deleteBackward() {
        guard prepareForInput() else { return }
        if composition != nil {
            deleteBackwardInMarkedText()
            return
        }
        if !otherSelections.isEmpty {
            submitSeveral(.deleteBackward) { r in
                !r.isEmpty ? (r, "") : r.lowerBound > 0 ? (document.backwardDeletionUTF8Range(before: r.lowerBound), "") : nil
            }
            return
        }
        let selection = selectionUTF8
        if !selection.isEmpty {
            submit(ProposedChange(range: selection, text: "", kind: .deleteBackward))
        } else if selection.lowerBound > 0 {
            submit(ProposedChange(range: document.backwardDeletionUTF8Range(before: selection.lowerBound), text: "",
                                  kind: .deleteBackward))
        }
    }

    /// Forward delete: deletes a non-empty selection, or the whole grapheme cluster after the
    /// caret. Marked text is committed first. A user edit. O(log n).
    public func deleteForward() {
        guard prepareForInput() else { return }
        if let marked = markedText { commitComposition(as: marked) }
        if !otherSelections.isEmpty {
            submitSeveral(.deleteForward) { r in
                !r.isEmpty ? (r, "") : r.lowerBound < document.utf8Count
                    ? (r.lowerBound..<document.graphemeEnd(afterUTF8: r.lowerBound), "") : nil
            }
            return
        }
        let selection = selectionUTF8
        if !selection.isEmpty {
            submit(ProposedChange(range: selection, text: "", kind: .deleteForward))
        } else if selection.lowerBound < document.utf8Count {
            let end = document.graphemeEnd(afterUTF8: selection.lowerBound)
            submit(ProposedChange(range: selection.lowerBound..<end, text: "", kind: .deleteForward))
        }
    }

    /// Pastes `text` over the selection (marked text is committed first). In a `.singleLine`
    /// field every line break (CR LF counting as one) becomes a space. A user edit and its own
    /// undo step. O(log n + m) for m bytes.
    public func paste(_ text: String) {
        guard prepareForInput() else { return }
        if let marked = markedText { commitComposition(as: marked) }
        let pasted = kind == .singleLine ? Self.lineBreaksAsSpaces(text) : text
        if !otherSelections.isEmpty {
            submitSeveral(.paste) { ($0, pasted) }
            return
        }
        submit(ProposedChange(range: selectionUTF8, text: pasted, kind: .paste))
    }

    /// Removes the selected text and returns it (for the pasteboard).
    /// - Returns: nil, changing nothing, when the entry is secure, the selection is empty or
    ///   missing, or the edit is refused. A user edit and its own undo step.
    /// - Complexity: O(log n + length of the selection).
    public func cut() -> String? {
        if !otherSelections.isEmpty {
            guard !traits.isSecureTextEntry, copySeveral() != nil, prepareForInput() else { return nil }
            if let marked = markedText { commitComposition(as: marked) }
            return submitSeveral(.cut) { $0.isEmpty ? nil : ($0, "") }?.joined(separator: "\n")
        }
        guard !traits.isSecureTextEntry, let range = selectedTextRange, !range.isEmpty,
              prepareForInput() else { return nil }
        if let marked = markedText { commitComposition(as: marked) }
        let selection = selectionUTF8
        guard !selection.isEmpty else { return nil }
        let removed = document.text(utf8Range: selection)
        return submit(ProposedChange(range: selection, text: "", kind: .cut)) ? removed : nil
    }

    /// The selected text (for the pasteboard); nil when the entry is secure or nothing is
    /// selected. Changes nothing and needs neither editing nor `isEditable`.
    /// - Complexity: O(log n + length of the selection).
    public func copy() -> String? {
        if !otherSelections.isEmpty { return traits.isSecureTextEntry ? nil : copySeveral() }
        guard !traits.isSecureTextEntry, let range = selectedTextRange, !range.isEmpty else { return nil }
        return document.text(in: range)
    }

    /// Replaces `range` with `text` as a user edit (autocorrection, dictation): offered to the
    /// delegate and the rules, its own undo step; each end of the selection that touches the
    /// replaced text moves after the new text. Marked text is committed first, and `range`
    /// (given in the text with the marked text) follows the commit.
    /// - Returns: false when the range lies outside the text or the edit is refused.
    /// - Complexity: O(log n + m) for m bytes.
    @discardableResult
    public func replace(_ range: TextRange, withText text: String) -> Bool {
        let given = revision
        guard document.textRange(from: range.start, to: range.end) != nil, prepareForInput() else { return false }
        var target = range
        var own = 0  // the changes of the text made here: the restore, and the commit if applied
        if let marked = markedText {
            target = following(target) { own = commitComposition(as: marked) ? 2 : 1 }
        }
        // Any other change came from a callback (beginning editing, the commit's): `range` was
        // given for a text that is gone, so the replacement is dropped.
        guard revision == given + own, let valid = document.textRange(from: target.start, to: target.end) else { return false }
        return submit(ProposedChange(range: valid.start.utf8Offset..<valid.end.utf8Offset, text: text, kind: .replace,
                                     selectionAfter: .mapped))
    }

    /// The clear button: asks `textInputShouldClear`, then offers the removal of all the text
    /// as a user edit (its own undo step; the caret goes to the start). Marked text is
    /// committed first.
    /// - Returns: true when the text is empty afterwards because of this call (also when it
    ///   already was and the delegate agreed); false when refused.
    /// - Complexity: O(log n) plus the length of the text (kept for undo).
    @discardableResult
    public func clear() -> Bool {
        guard prepareForInput() else { return false }
        if let marked = markedText { commitComposition(as: marked) }
        if let delegate, !delegate.textInputShouldClear(self) { return false }
        if document.isEmpty { return true }
        return submit(ProposedChange(range: 0..<document.utf8Count, text: "", kind: .clear))
    }

    /// `text` with each line break (LF, CR, CR LF as one, NEL, VT, FF, LS, PS) replaced by a
    /// space: what a field makes of pasted lines. O(n).
    static func lineBreaksAsSpaces(_ text: String) -> String {
        // A line break is never part of a longer cluster (CR LF aside): the bytes tell.
        guard lineBreaks(in: text).any else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Whether `text` is exactly one line break (LF, CR, CR LF, NEL, VT, FF, LS, PS): Return;
    /// and whether it holds a line break at all. One pass over its UTF-8 in place (a keystroke's
    /// text is a small string): no scalar decoding, no grapheme breaking. O(text).
    static func lineBreaks(in text: String) -> (isOne: Bool, any: Bool) {
        if text.utf8.count == 1, let b = text.utf8.first {     // most keystrokes: one ASCII byte
            let isBreak = LineTerminator.containsASCII(UInt32(b))
            return (isBreak, isBreak)
        }
        var text = text
        return text.withUTF8 { p in
            var any = false
            LineTerminator.forEachEnd(in: p, upTo: p.count) { _ in any = true; return false }
            guard any, p.count <= 3 else { return (false, any) }
            // One terminator ending at the text's end and starting at its start: LF, VT, FF, CR,
            // CR LF (two bytes), NEL (C2 85), LS (E2 80 A8), PS (E2 80 A9).
            let isOne = LineTerminator.length(endingAt: p.count, in: p) == p.count
            return (isOne, any)
        }
    }
}
