/// The app's rules for the text of a field or view, checked at the one place every user edit
/// passes (see docs/ARCHITECTURE.md, "The editing model").
///
/// This version of the model stores the rules and answers the display questions
/// (`displayText`, `isClearButtonVisible`, `isOverlayVisible`); length limits, validation
/// patterns (`pattern`) and the clearing flags are issue 11's work.
public struct TextInputRules: Sendable, Hashable, Codable {
    /// The most grapheme clusters the text may hold after an edit; nil for no limit.
    public var maximumLength: Int?
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
    public init(maximumLength: Int? = nil, placeholder: String? = nil, clearsOnBeginEditing: Bool = false,
                clearsOnInsertion: Bool = false, clearButtonMode: OverlayViewMode = .never,
                leftViewMode: OverlayViewMode = .never, rightViewMode: OverlayViewMode = .never) {
        self.maximumLength = maximumLength
        self.placeholder = placeholder
        self.clearsOnBeginEditing = clearsOnBeginEditing
        self.clearsOnInsertion = clearsOnInsertion
        self.clearButtonMode = clearButtonMode
        self.leftViewMode = leftViewMode
        self.rightViewMode = rightViewMode
    }
}

/// When an overlay (the clear button, a left or right view) is visible (`UITextField.ViewMode`).
public enum OverlayViewMode: Sendable, Hashable, Codable {
    /// Never shown.
    case never
    /// Shown only while the input is editing.
    case whileEditing
    /// Shown only while the input is not editing.
    case unlessEditing
    /// Always shown.
    case always
}
