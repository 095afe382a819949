/// What a `TextInput` tells its delegate after the fact (UIKit's `UIControl.Event` for text).
public enum TextInputEvent: Sendable, Hashable, Codable {
    /// Editing began (`beginEditing()` was accepted).
    case editingDidBegin
    /// A user edit, an undo or a redo changed the text (never sent for changes made from code
    /// or for marked-text updates).
    case editingChanged
    /// The selection moved (by a user edit, a command, marked text, or code).
    case selectionChanged
    /// Editing ended.
    case editingDidEnd
    /// Return was pressed in a field and the delegate agreed to end editing; `.editingDidEnd`
    /// follows.
    case editingDidEndOnExit
}
