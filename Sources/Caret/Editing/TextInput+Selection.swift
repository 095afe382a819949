// The selection and the text as code sets them, and the small helpers every input call uses:
// the selection as one value, events, and positions from byte offsets.

extension TextInput {
    /// The selection as one comparable value (anchor, focus, affinities).
    var selectionMark: SelectionMark {
        get { SelectionMark(anchor: anchor, focus: focus) }
        set {
            anchor = newValue.anchor
            focus = newValue.focus
        }
    }

    /// The selection's byte range; the caret at the end of the text when there is none (where
    /// input lands then).
    var selectionUTF8: Range<Int> {
        guard let anchor, let focus else { return document.utf8Count..<document.utf8Count }
        return min(anchor.utf8Offset, focus.utf8Offset)..<max(anchor.utf8Offset, focus.utf8Offset)
    }

    /// The position at byte `x` (a grapheme boundary of the document).
    func position(utf8 x: Int, affinity: TextAffinity = .downstream) -> TextPosition {
        TextPosition(utf8Offset: x, affinity: affinity)
    }

    /// Puts a caret at `position` (or selects from `anchor` to `focus`).
    func select(anchor: TextPosition, focus: TextPosition) {
        self.anchor = anchor
        self.focus = focus
    }

    /// Sends `event`, or queues it while a change is in progress (`whileChanging`).
    func send(_ event: TextInputEvent) {
        post(.event(event))
    }

    /// Sends `.selectionChanged` when the selection differs from `before`.
    func sendSelectionChanged(since before: SelectionMark) {
        if selectionMark != before { send(.selectionChanged) }
    }

    func setSelectionFromCode(_ range: TextRange?) {
        let before = selectionMark
        // Setting the one selection leaves no other (a change only when there were some).
        let hadOthers = !otherSelections.isEmpty
        guard let range else {
            if composition != nil { endCompositionKeepingText() }
            otherSelections = []
            otherGoalColumns = []
            selectionMark = .none
            goalColumn = nil
            history.breakCoalescing()
            if hadOthers && selectionMark == before { send(.selectionChanged) }
            sendSelectionChanged(since: before)
            return
        }
        guard let valid = document.textRange(from: range.start, to: range.end) else { return }
        selectFromCode(valid, forward: true, before: before)
    }

    /// Selects `valid` (anchor at its start when `forward`, else at its end) as code does,
    /// leaving no other selection.
    private func selectFromCode(_ valid: TextRange, forward: Bool, before: SelectionMark) {
        let hadOthers = !otherSelections.isEmpty
        otherSelections = []
        otherGoalColumns = []
        if let marked = markedTextRange,
           valid.start.utf8Offset < marked.start.utf8Offset || valid.end.utf8Offset > marked.end.utf8Offset {
            endCompositionKeepingText()
        }
        select(anchor: forward ? valid.start : valid.end, focus: forward ? valid.end : valid.start)
        goalColumn = nil
        history.breakCoalescing()
        if hadOthers && selectionMark == before { send(.selectionChanged) }
        sendSelectionChanged(since: before)
    }

    /// The end of the selection that stays put while the selection is extended; nil when
    /// there is no selection. O(1).
    public var selectionAnchor: TextPosition? { anchor }

    /// The end of the selection that moves (the caret of an empty selection); nil when there
    /// is no selection. O(1).
    public var selectionFocus: TextPosition? { focus }

    /// Selects from `anchor` to `focus` in either order — the anchor stays put when the
    /// selection is later extended (equal ends make a caret) — as a change from code, like
    /// setting `selectedTextRange`: nobody is asked, `.selectionChanged` is sent if it moved,
    /// a selection outside the marked text ends the composition, ends inside a cluster snap
    /// back to its start. For editors that move the caret themselves (by visual lines, say).
    /// - Returns: false, changing nothing, when an end lies outside the text.
    /// - Complexity: O(log n).
    @discardableResult
    public func setSelection(anchor: TextPosition, focus: TextPosition) -> Bool {
        let before = selectionMark
        guard let valid = document.textRange(from: anchor, to: focus) else { return false }
        selectFromCode(valid, forward: anchor.utf8Offset <= focus.utf8Offset, before: before)
        return true
    }

    func setTextFromCode(_ text: String) {
        let before = selectionMark
        let oldUTF8 = document.utf8Count, oldUTF16 = document.count(in: .utf16)
        // For the change set, when a delegate will read it (setting the text is O(n) anyway).
        let old = delegate == nil ? nil : document.string
        var replacement = TextDocument(text)
        replacement.locale = document.locale
        let prepared = followers.prepare(typed: typingAttributes)
        document = replacement
        followers.apply(prepared, 0..<oldUTF8, insertedCount: document.utf8Count, oldLength: oldUTF8)
        composition = nil
        markedTextRange = nil
        history.removeAll()
        goalColumn = nil
        otherSelections = []
        otherGoalColumns = []
        select(anchor: document.endOfDocument, focus: document.endOfDocument)
        let edit = TextEdit(replacedUTF8Range: 0..<oldUTF8, insertedUTF8Range: 0..<document.utf8Count,
                            replacedUTF16Range: 0..<oldUTF16, insertedUTF16Range: 0..<document.count(in: .utf16))
        for i in pendingRanges.indices { pendingRanges[i] = edit.map(pendingRanges[i]) }
        revision &+= 1
        // Everything above is the finished state; the delegate hears of it only now.
        whileChanging {
            if let old {
                let removal = ChangeSet.Replacement(utf8Range: 0..<oldUTF8, utf16Range: 0..<oldUTF16, removed: old,
                                                    inserted: text)
                post(.applied(edit, ChangeSet(canonical: old.isEmpty && text.isEmpty ? [] : [removal],
                                              oldUTF8Count: oldUTF8, oldUTF16Count: oldUTF16)))
            }
            sendSelectionChanged(since: before)
        }
    }
}
