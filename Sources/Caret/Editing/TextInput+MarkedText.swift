// Input methods: marked text, its updates and its commit. Updates are not offered to anyone
// (an input method's intermediate states are not the user's edits); the commit is offered once,
// as the change from where the composition started. See EDITING.md, "Input".

extension TextInput {
    /// Replaces the marked text (or, starting a composition, the selection) with `text` and
    /// selects `selectedRange` inside it, counted in `unit` (UTF-16 by default, as input methods
    /// report it) and clamped to the marked text; ends inside a grapheme cluster snap back to
    /// its start. `nil` or `""` removes the marked text (which, when the composition replaced a
    /// selection, is offered as the removal of that selection). Updates are not offered to the
    /// delegate or the rules and send `didApply` and `.selectionChanged`, never
    /// `.editingChanged`. A user input: begins editing first when needed.
    /// - Complexity: O(log n + m) for m bytes of marked text.
    public func setMarkedText(_ text: String?, selectedRange: Range<Int>, unit: TextUnit = .utf16) {
        guard prepareForInput() else { return }
        guard let text, !text.isEmpty else {
            if composition != nil { commitComposition(as: "") }
            return
        }
        // `didApply` waits until the marked range and the selection fit the new text.
        whileChanging {
            let before = selectionMark
            let replaced: Range<Int>
            if let marked = markedTextRange {
                replaced = marked.start.utf8Offset..<marked.end.utf8Offset
            } else {
                replaced = selectionUTF8
                composition = Composition(start: replaced.lowerBound, replacedText: document.text(utf8Range: replaced),
                                          anchor: anchor, focus: focus, attributeRuns: attributeRuns,
                                          typingAttributes: typingAttributes)
            }
            history.breakCoalescing()
            guard let (change, _) = applyChange(replaced, text, keepingRemoved: false) else { return }
            let markedBytes = change.insertedUTF8Range
            markedTextRange = TextRange(start: position(utf8: markedBytes.lowerBound), end: position(utf8: markedBytes.upperBound))
            selectInMarkedText(selectedRange, unit: unit, markedBytes: markedBytes, text: text)
            sendSelectionChanged(since: before)
        }
    }

    /// Commits the marked text as it stands (offered to the delegate and the rules as one
    /// change from where the composition started; a veto restores the text and selection from
    /// before the composition). Nothing happens without marked text.
    /// - Complexity: O(log n + m) for m bytes of marked text.
    public func unmarkText() {
        guard let marked = markedText else { return }
        commitComposition(as: marked)
    }

    /// The marked text, or nil when there is none.
    var markedText: String? {
        guard composition != nil, let marked = markedTextRange else { return nil }
        return document.text(utf8Range: marked.start.utf8Offset..<marked.end.utf8Offset)
    }

    /// Ends the composition with `committed` in place of the text it started from: first the
    /// text and selection from before the composition come back (sent as `didApply`, like an
    /// update), so the delegate is asked about the change in the text it applies to; then
    /// the change is submitted. Vetoed, the text stays as it was before the composition. When
    /// the delegate changes the text on hearing of the restore, the commit no longer fits the
    /// text and is dropped: the delegate's change stands.
    @discardableResult
    func commitComposition(as committed: String) -> Bool {
        guard let origin = composition, let marked = markedTextRange else { return false }
        let shown = selectionMark
        // The restore is finished (no composition, the old selection) before `didApply` goes out.
        let revisionAfterRestore = whileChanging {
            restoreTextBefore(origin, marked: marked)
            // The committed text takes the typing attributes the composition started with.
            setTypingAttributes(origin.typingAttributes)
            return revision
        }
        // Nested in another change's notifications, the restore's `didApply` is still queued;
        // otherwise it was just sent, and the delegate may have changed the text since.
        guard revision == revisionAfterRestore else { return false }
        let range = origin.start..<origin.start + origin.replacedText.utf8.count
        let change = ProposedChange(range: range, text: committed, kind: .commit)
        if submit(change, shownSelection: shown) { return true }
        sendSelectionChanged(since: shown)
        return false
    }

    /// Ends the composition without asking anyone, keeping the marked text as ordinary text
    /// (a selection set from code outside it): recorded as the composition's undo step.
    func endCompositionKeepingText() {
        guard let origin = composition, let marked = markedTextRange else { return }
        composition = nil
        markedTextRange = nil
        let typed = document.text(utf8Range: marked.start.utf8Offset..<marked.end.utf8Offset)
        history.record(.undoing(InputChange(at: origin.start, removing: origin.replacedText, inserting: typed),
                                before: SelectionMark(anchor: origin.anchor, focus: origin.focus), after: selectionMark,
                                attributes: origin.attributeRuns.map { AttributeSnapshots.between($0, attributeRuns) }
                                    ?? .unknown),
                       coalescing: nil)
    }

    /// Drops the composition, restoring the text and selection from before it, asking nobody
    /// (undo while composing). Sends `didApply` and `.selectionChanged`.
    func cancelComposition() {
        guard let origin = composition, let marked = markedTextRange else { return }
        whileChanging {
            let shown = selectionMark
            restoreTextBefore(origin, marked: marked)
            sendSelectionChanged(since: shown)
        }
    }

    /// Ends the composition `origin` (marked text `marked`) by putting back the text, the
    /// attribute runs and the selection from before it; sends nothing (the caller is inside
    /// `whileChanging`). O(log n + the marked and replaced text).
    private func restoreTextBefore(_ origin: Composition, marked: TextRange) {
        composition = nil
        markedTextRange = nil
        _ = applyChange(marked.start.utf8Offset..<marked.end.utf8Offset, origin.replacedText, keepingRemoved: false)
        restoreAttributeRuns(origin.attributeRuns)
        anchor = origin.anchor
        focus = origin.focus
    }

    /// Backspace inside marked text: deletes the selection inside it, or the backward-deletion
    /// cluster before the caret down to the marked text's start; removing the last of it ends
    /// the composition as `setMarkedText(nil)` does.
    func deleteBackwardInMarkedText() {
        guard let marked = markedTextRange else { return }
        let start = marked.start.utf8Offset, end = marked.end.utf8Offset
        let selection = selectionUTF8
        var range = selection.clamped(to: start..<end)
        if range.isEmpty {
            guard range.lowerBound > start else { return }
            let cluster = document.backwardDeletionUTF8Range(before: range.lowerBound)
            range = max(cluster.lowerBound, start)..<range.lowerBound
        }
        if range == start..<end {
            commitComposition(as: "")
            return
        }
        whileChanging {
            let before = selectionMark
            // The marked range follows the removal inside it (`follow`, through the change).
            guard let (_, enclosing) = applyChange(range, "", keepingRemoved: false) else { return }
            let caret = position(utf8: enclosing.lowerBound)
            select(anchor: caret, focus: caret)
            sendSelectionChanged(since: before)
        }
    }

    /// Selects `range` (in `unit`, clamped) of the marked text just inserted at `markedBytes`.
    private func selectInMarkedText(_ range: Range<Int>, unit: TextUnit, markedBytes: Range<Int>, text: String) {
        func place(_ offset: Int) -> TextPosition {
            let local: Int
            if unit == .grapheme {
                let start = position(utf8: markedBytes.lowerBound)
                let p = offset <= 0 ? start : document.position(from: start, offset: offset) ?? document.endOfDocument
                local = p.utf8Offset - markedBytes.lowerBound
            } else {
                local = Self.utf8Length(ofPrefix: offset, in: unit, of: text)
            }
            let x = markedBytes.lowerBound + min(max(local, 0), markedBytes.count)
            return position(utf8: document.graphemeBoundary(atOrBeforeUTF8: x))
        }
        let a = place(range.lowerBound)
        let b = range.isEmpty ? a : place(range.upperBound)
        select(anchor: a, focus: b)
    }

    /// The UTF-8 length of the first `count` units of `unit` (UTF-8, UTF-16 or scalars) of
    /// `text`, clamped to the text; an offset inside a scalar rounds down to its start. O(count).
    static func utf8Length(ofPrefix count: Int, in unit: TextUnit, of text: String) -> Int {
        var units = 0, bytes = 0
        for scalar in text.unicodeScalars {
            let width: Int
            switch unit {
            case .utf8: width = Unicode.UTF8.width(scalar)
            case .utf16: width = Unicode.UTF16.width(scalar)
            case .unicodeScalar, .grapheme: width = 1
            }
            if units + width > count { break }
            units += width
            bytes += Unicode.UTF8.width(scalar)
        }
        return bytes
    }
}
