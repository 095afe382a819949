/// The app's rules for the text of a field or view, checked at the one place every user edit
/// passes (see docs/ARCHITECTURE.md, "The editing model").
///
/// `maximumLength` cuts inserted text before the delegate is asked; `pattern` is checked on
/// the resulting text after it; the clearing flags act when editing begins and on the next
/// insertion (Traits/TextInput+Traits.swift; what each does exactly: docs/API.md, "Traits and
/// field rules as implemented"). Text set from code, undo and redo bypass the rules. Decoding
/// accepts any subset of the keys (TextInputRules+Codable.swift).
public struct TextInputRules: Sendable, Hashable, Codable {
    /// The most grapheme clusters the text may hold after a user edit, counted on the resulting
    /// text (a mark or ZWJ that joins a cluster adds nothing); inserted text is cut to the
    /// longest prefix that fits. Not applied to marked text until it is committed; an
    /// over-long text set from code can still be shortened. nil for no limit; negative acts as 0.
    public var maximumLength: Int?
    /// An ICU regular expression the whole text must match, or still be able to match by
    /// appending text (ICU's hit-end); nil for none. See `TextPattern`.
    public var pattern: TextPattern?
    /// Shown by `displayText` while the text is empty.
    public var placeholder: String?
    /// Beginning to edit clears the text (asking `textInputShouldClear`).
    public var clearsOnBeginEditing: Bool
    /// While editing, the next insertion replaces all the text; then the flag turns off.
    public var clearsOnInsertion: Bool
    /// When the clear button shows (only while there is text, too).
    public var clearButtonMode: OverlayViewMode
    /// When the left overlay view shows.
    public var leftViewMode: OverlayViewMode
    /// When the right overlay view shows.
    public var rightViewMode: OverlayViewMode

    /// No limit, no placeholder, no clearing, overlays never shown (UIKit's defaults).
    /// - Complexity: O(1).
    public init(maximumLength: Int? = nil, pattern: TextPattern? = nil, placeholder: String? = nil,
                clearsOnBeginEditing: Bool = false,
                clearsOnInsertion: Bool = false, clearButtonMode: OverlayViewMode = .never,
                leftViewMode: OverlayViewMode = .never, rightViewMode: OverlayViewMode = .never) {
        self.maximumLength = maximumLength
        self.pattern = pattern
        self.placeholder = placeholder
        self.clearsOnBeginEditing = clearsOnBeginEditing
        self.clearsOnInsertion = clearsOnInsertion
        self.clearButtonMode = clearButtonMode
        self.leftViewMode = leftViewMode
        self.rightViewMode = rightViewMode
    }
}

/// When an overlay (the clear button, a left or right view) is visible (`UITextField.ViewMode`).
public enum OverlayViewMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Never shown.
    case never
    /// Shown only while the input is editing.
    case whileEditing
    /// Shown only while the input is not editing.
    case unlessEditing
    /// Always shown.
    case always
}
