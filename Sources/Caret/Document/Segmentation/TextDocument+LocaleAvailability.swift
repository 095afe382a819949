// Whether a locale id means anything to ICU: every service accepts any id and falls back to
// ICU's default locale without a word, so a typo (`"tk"` for `"tr"`) would only show as
// Turkish case rules that never apply. Callers that take ids from users check them here.

extension TextDocument {
    /// True when ICU has data for the locale `identifier` (ICU or BCP 47 form) or for a parent
    /// of it: `"de-CH"` (through `de`), `"en@ss=standard"`, `"sr-Latn"`, and `""` or `"root"`
    /// (the root locale). False when ICU knows neither the id nor its language (`"xx"`,
    /// `"klingon"`): ``TextDocument/locale`` and the case-mapping calls would then use ICU's default locale's
    /// rules instead.
    /// - Complexity: O(length of `identifier`) once ICU has cached the bundle (a first call
    ///   for a language opens its data file).
    public static func isKnownLocale(_ identifier: String) -> Bool {
        ICULocaleData.hasData(locale: identifier)
    }
}
