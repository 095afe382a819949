/// What a `TextInput` keeps for its traits between edits: whether the next insertion replaces
/// the whole text (a secure field editing again), and its locale services, kept open.
struct TraitState {
    /// Set when a secure field with text begins editing; the first insertion then replaces the
    /// old text. Any applied user edit clears it.
    var secureReplacePending = false
    /// The ICU services of the input's locale, opened on first use and rebuilt when the locale
    /// changes.
    private var cachedLanguage: InputLocale?

    /// The locale services for `locale`, reusing the open ones when the locale is unchanged.
    mutating func language(for locale: String) -> InputLocale {
        if let cachedLanguage, cachedLanguage.identifier == locale { return cachedLanguage }
        let language = InputLocale(locale)
        cachedLanguage = language
        return language
    }
}
