/// How typed and pasted text is shaped before it is offered (UIKit's `UITextInputTraits`).
///
/// The values are stored and encoded here; each trait is applied at the one place every user
/// edit passes (`TextInput.transform(_:)` in Traits/TextInput+Traits.swift; see
/// docs/ARCHITECTURE.md, "The editing model", and docs/API.md for what each does exactly).
public struct TextInputTraits: Sendable, Hashable, Codable {
    /// Which typed letters become capitals, with the input's locale's case rules.
    public var autocapitalization: TextAutocapitalization
    /// A typed `"` or `'` becomes the locale's opening or closing quotation mark.
    public var smartQuotes: Bool
    /// A typed `-` after `-` makes an en dash; a third makes an em dash.
    public var smartDashes: Bool
    /// Spaces added around pasted words, doubled spaces removed after deleting a selection.
    public var smartInsertDelete: Bool
    /// The keyboard, and for the pads the characters typed and pasted text may hold.
    public var keyboardType: TextKeyboardType
    /// Bullets in `displayText`, no copy or cut, the old text replaced by the first insertion
    /// after editing begins again.
    public var isSecureTextEntry: Bool
    /// Return is disabled (`isReturnKeyEnabled` false) while the text is empty.
    public var enablesReturnKeyAutomatically: Bool

    /// Traits with UIKit's defaults: sentence capitalization, smart punctuation on, the
    /// default keyboard, not secure, Return always enabled.
    /// - Complexity: O(1).
    public init(autocapitalization: TextAutocapitalization = .sentences, smartQuotes: Bool = true,
                smartDashes: Bool = true, smartInsertDelete: Bool = true,
                keyboardType: TextKeyboardType = .default, isSecureTextEntry: Bool = false,
                enablesReturnKeyAutomatically: Bool = false) {
        self.autocapitalization = autocapitalization
        self.smartQuotes = smartQuotes
        self.smartDashes = smartDashes
        self.smartInsertDelete = smartInsertDelete
        self.keyboardType = keyboardType
        self.isSecureTextEntry = isSecureTextEntry
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
    }
}

/// Which typed letters are capitalized (`UITextAutocapitalizationType`).
public enum TextAutocapitalization: String, Sendable, Hashable, Codable, CaseIterable {
    /// Letters are typed as they come.
    case none
    /// The first letter of each word is capitalized.
    case words
    /// The first letter of each sentence is capitalized: at the start of the text, after a line
    /// break, or after sentence-ending punctuation and a space (ICU's sentence rules).
    case sentences
    /// Every letter is capitalized.
    case allCharacters
}

/// The keyboard a field asks for (`UIKeyboardType`); the pads also filter what is typed and
/// pasted.
public enum TextKeyboardType: String, Sendable, Hashable, Codable, CaseIterable {
    /// The keyboard of the current input language; no filtering.
    case `default`
    /// A keyboard of ASCII letters; no filtering.
    case asciiCapable
    /// Decimal digits of any script (General_Category Nd); other clusters are dropped.
    case numberPad
    /// ASCII digits 0–9 only; other clusters are dropped.
    case asciiCapableNumberPad
    /// Decimal digits and the locale's decimal separator; other clusters are dropped.
    case decimalPad
    /// Digits, `+ * # , ; ( ) -` and space; other clusters are dropped.
    case phonePad
    /// A keyboard for e-mail addresses; no filtering.
    case emailAddress
    /// A keyboard for URLs; no filtering.
    case url
    /// Digits and punctuation first; no filtering.
    case numbersAndPunctuation
}
