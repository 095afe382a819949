/// What the traits ask of the locale: its quotation marks and decimal separator, its case
/// mapping of a letter, and ICU's word and sentence boundaries on a few clusters of text.
/// `InputLocale` answers with ICU; the traits never see ICU.
protocol InputLanguage: AnyObject {
    /// The locale's quotation marks.
    var quotationMarks: QuotationMarks { get }
    /// The locale's decimal separator (`.` in English, `,` in German, `٫` in Arabic).
    var decimalSeparator: String { get }
    /// `letter` (one scalar and what typing put with it) upper- or titlecased by the locale's
    /// rules (Turkish and Azeri `i` → `İ`); the letter itself when it has no such mapping.
    func map(_ letter: String, _ mapping: CaseMapping) -> String
    /// Whether ICU's word rules for the locale put a boundary between `context` and `next`.
    func isWordBoundary(between context: String, and next: String) -> Bool
    /// Whether ICU's sentence rules for the locale, with its abbreviation suppressions
    /// (`@ss=standard`), put a boundary between `context` and `next`.
    func isSentenceBoundary(between context: String, and next: String) -> Bool
}
