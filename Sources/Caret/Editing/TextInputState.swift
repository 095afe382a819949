/// What a `TextInput` saves for state restoration (as `UITextView` does): the selection and
/// `isEditable`, with what it takes to tell whether the selection still fits the text.
public struct TextInputState: Sendable, Hashable, Codable {
    /// The selection in UTF-16 code units; nil for no selection.
    public var selectedUTF16Range: Range<Int>?
    /// The selection in grapheme clusters; nil for no selection.
    public var selectedRange: Range<Int>?
    /// The selected text when saved; nil for no selection.
    public var selectedText: String?
    /// The length of the whole text in UTF-16 code units when saved.
    public var textUTF16Length: Int
    /// Whether the input was editable.
    public var isEditable: Bool

    /// A state from its parts (the usual way to get one is `TextInput.state`).
    /// - Complexity: O(1).
    public init(selectedUTF16Range: Range<Int>?, selectedRange: Range<Int>?, selectedText: String?,
                textUTF16Length: Int, isEditable: Bool) {
        self.selectedUTF16Range = selectedUTF16Range
        self.selectedRange = selectedRange
        self.selectedText = selectedText
        self.textUTF16Length = textUTF16Length
        self.isEditable = isEditable
    }
}
