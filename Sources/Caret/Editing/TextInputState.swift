/// What a `TextInput` saves for state restoration (as `UITextView` does): the selection,
/// `isEditable` and the attribute runs, with what it takes to tell whether they still fit the text.
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
    /// The attribute runs over the whole text, in order; nil when no character had attributes
    /// (and in states saved before runs were kept).
    public var attributeRuns: [TextAttributeRun]?

    /// A state from its parts (the usual way to get one is `TextInput.state`).
    /// - Complexity: O(1).
    public init(selectedUTF16Range: Range<Int>?, selectedRange: Range<Int>?, selectedText: String?,
                textUTF16Length: Int, isEditable: Bool, attributeRuns: [TextAttributeRun]? = nil) {
        self.selectedUTF16Range = selectedUTF16Range
        self.selectedRange = selectedRange
        self.selectedText = selectedText
        self.textUTF16Length = textUTF16Length
        self.isEditable = isEditable
        self.attributeRuns = attributeRuns
    }
}

/// One attribute run of a saved state: a length in UTF-16 code units (as `NSAttributedString`
/// counts) and the attributes.
public struct TextAttributeRun: Sendable, Hashable, Codable {
    /// The run's length in UTF-16 code units.
    public var utf16Length: Int
    /// The run's attributes.
    public var attributes: TextAttributes

    /// A run from its parts. O(1).
    public init(utf16Length: Int, attributes: TextAttributes) {
        self.utf16Length = utf16Length
        self.attributes = attributes
    }
}
