/// The app's say over a `TextInput`: should-hooks before a change, notifications after.
///
/// Every method has a default: the should-hooks allow, the notifications do nothing. Who is
/// asked when is in the contract (`EDITING.md`, "Who is asked") and in docs/ARCHITECTURE.md,
/// "The editing model": a user edit is offered once, as it would be applied; changes from code,
/// marked-text updates, undo and redo are not offered.
public protocol TextInputDelegate: AnyObject {
    /// Asked by `beginEditing()`; `false` keeps the input from editing (and drops the input that
    /// tried to begin it).
    func textInputShouldBeginEditing(_ input: TextInput) -> Bool
    /// Asked by `endEditing(force: false)`; `false` keeps editing on.
    func textInputShouldEndEditing(_ input: TextInput) -> Bool
    /// Asked once for every user edit, with the change exactly as it would be applied: `range`
    /// in the current text (its ends may fall inside a grapheme cluster when one scalar of a
    /// cluster is deleted), `utf16Range` the same range in UTF-16 code units (what `NSRange`
    /// counts), and the text that would replace it. `false` vetoes the edit: nothing changes
    /// and nothing is sent.
    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool
    /// Asked by `clear()` (the clear button) before the clearing edit is offered.
    func textInputShouldClear(_ input: TextInput) -> Bool
    /// Asked when Return is pressed in a `.singleLine` field; `true` ends editing
    /// (`.editingDidEndOnExit`, then `.editingDidEnd`).
    func textInputShouldReturn(_ input: TextInput) -> Bool
    /// An event (see `TextInputEvent`).
    func textInput(_ input: TextInput, didSend event: TextInputEvent)
    /// The text changed by `edit` (ranges in the old and new text): sent for every change of
    /// the text — user edits, marked text, undo, redo and changes from code — so positions kept
    /// elsewhere can be mapped with `edit.map(_:bias:)`.
    func textInput(_ input: TextInput, didApply edit: TextEdit)
    /// The same change as `textInput(_:didApply:)` with a `TextEdit`, sent right after it, as a
    /// change set: the removed and inserted text with their ranges, so that applying it to a
    /// copy of the old document gives the new one (a mirror, a collaboration client, an undo
    /// log of one's own). Sent for every change of the text, only once the input has finished
    /// the change (its selection, marked text and undo history consistent with the new text).
    func textInput(_ input: TextInput, didApply changes: ChangeSet)
}

extension TextInputDelegate {
    /// Allows editing to begin. O(1).
    public func textInputShouldBeginEditing(_ input: TextInput) -> Bool { true }
    /// Allows editing to end. O(1).
    public func textInputShouldEndEditing(_ input: TextInput) -> Bool { true }
    /// Allows every user edit. O(1).
    public func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                          replacementText: String) -> Bool { true }
    /// Allows clearing. O(1).
    public func textInputShouldClear(_ input: TextInput) -> Bool { true }
    /// Lets Return end editing in a field. O(1).
    public func textInputShouldReturn(_ input: TextInput) -> Bool { true }
    /// Ignores the event. O(1).
    public func textInput(_ input: TextInput, didSend event: TextInputEvent) {}
    /// Ignores the change. O(1).
    public func textInput(_ input: TextInput, didApply edit: TextEdit) {}
    /// Ignores the change set. O(1).
    public func textInput(_ input: TextInput, didApply changes: ChangeSet) {}
}
