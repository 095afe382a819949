extension TextInputTraits {
    /// Traits that leave typed and pasted text exactly as it comes: no autocapitalization, no
    /// smart quotes, dashes or spaces (what a code editor, a search field or a test wants).
    /// The defaults (`init()`) are UIKit's: sentence capitalization and smart punctuation on.
    public static let plain = TextInputTraits(autocapitalization: .none, smartQuotes: false,
                                              smartDashes: false, smartInsertDelete: false)
}
