/// Whether a `TextInput` is a one-line field or a multi-line view.
public enum TextInputKind: Sendable, Hashable, Codable {
    /// A field (`UITextField`): Return asks `textInputShouldReturn` instead of inserting a line
    /// break, and line breaks in pasted text become spaces.
    case singleLine
    /// A view (`UITextView`): Return inserts a line break like any text.
    case multiLine
}
