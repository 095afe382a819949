// What a field shows besides its text: the placeholder, bullets, the Return key and overlays.

extension TextInput {
    /// The text to draw: the placeholder while the text is empty (and nothing is marked), one
    /// `•` per grapheme cluster for secure entry, else the text. O(n).
    public var displayText: String {
        if document.isEmpty && markedTextRange == nil { return rules.placeholder ?? "" }
        if traits.isSecureTextEntry { return String(repeating: "•", count: document.count) }
        return document.string
    }

    /// False while the text is empty when `traits.enablesReturnKeyAutomatically` is on. O(1).
    public var isReturnKeyEnabled: Bool {
        !traits.enablesReturnKeyAutomatically || !document.isEmpty
    }

    /// True when `rules.clearButtonMode` allows the clear button now and there is text. O(1).
    public var isClearButtonVisible: Bool {
        !document.isEmpty && isOverlayVisible(rules.clearButtonMode)
    }

    /// Whether an overlay with `mode` shows now: `.whileEditing` only while editing,
    /// `.unlessEditing` only while not. O(1).
    public func isOverlayVisible(_ mode: OverlayViewMode) -> Bool {
        switch mode {
        case .never: false
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        case .always: true
        }
    }
}
