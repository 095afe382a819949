/// The locale services of one `TextInput`: ICU's case mapping, word and sentence iterators and
/// locale data for its locale, each opened on first use and kept, so that a keystroke costs a
/// few short ICU calls and never an open. Rebuilt when the input's locale changes.
final class InputLocale: InputLanguage {
    /// The ICU locale id.
    let identifier: String
    private var caseMap: ICUCaseMap??
    private var words: ICUBoundaryProbe??
    private var sentences: ICUBoundaryProbe??
    private var marks: QuotationMarks?
    private var separator: String?

    init(_ identifier: String) {
        self.identifier = identifier
    }

    /// The locale's quotation marks from ICU's locale data. Opened on first use.
    var quotationMarks: QuotationMarks {
        if let marks { return marks }
        // English marks if ICU has none to give (it falls back to the root's, so only when ICU fails).
        let found =
            ICULocaleData.quotationMarks(locale: identifier)
            ?? QuotationMarks(open: "\u{201C}", close: "\u{201D}", alternateOpen: "\u{2018}", alternateClose: "\u{2019}")
        marks = found
        return found
    }

    /// The locale's decimal separator from ICU's number symbols. Opened on first use.
    var decimalSeparator: String {
        if let separator { return separator }
        let found = ICULocaleData.numberSymbol(.decimalSeparator, locale: identifier) ?? "."
        separator = found
        return found
    }

    func map(_ letter: String, _ mapping: CaseMapping) -> String {
        if caseMap == nil { caseMap = .some(ICUCaseMap(locale: identifier)) }
        guard let map = caseMap ?? nil else { return letter }
        var bytes = Array(letter.utf8)
        let mapped = bytes.withUnsafeMutableBufferPointer { map.map(mapping, UnsafeBufferPointer($0)) }
        return mapped.map { String(decoding: $0, as: UTF8.self) } ?? letter
    }

    func isWordBoundary(between context: String, and next: String) -> Bool {
        if words == nil { words = .some(ICUBoundaryProbe.words(locale: identifier)) }
        return (words ?? nil)?.isBoundary(between: context, and: next) ?? false
    }

    func isSentenceBoundary(between context: String, and next: String) -> Bool {
        if sentences == nil {
            sentences = .some(ICUBoundaryProbe.sentences(locale: Self.withSuppressions(identifier)))
        }
        return (sentences ?? nil)?.isBoundary(between: context, and: next) ?? false
    }

    /// `locale` with the `ss=standard` keyword added (sentence-break suppressions: `Mr.`,
    /// `Dr.`, `z.B.`), unless it names an `ss` keyword itself.
    static func withSuppressions(_ locale: String) -> String {
        if locale.contains("ss=") { return locale }
        return locale.contains("@") ? locale + ";ss=standard" : locale + "@ss=standard"
    }
}
