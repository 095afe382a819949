import XCTest
@testable import Caret

/// An `InputLanguage` over ICU's case mapping and break iterators with given quotation marks
/// and decimal separator, for testing the transforms on their own.
final class TestLanguage: InputLanguage {
    let locale: String
    let quotationMarks: QuotationMarks
    let decimalSeparator: String
    private lazy var words = ICUBoundaryProbe.words(locale: locale)
    private lazy var sentences = ICUBoundaryProbe.sentences(locale: locale + "@ss=standard")

    init(_ locale: String = "en", marks: String = "“”‘’", decimalSeparator: String = ".") {
        self.locale = locale
        let m = marks.map(String.init)
        quotationMarks = QuotationMarks(open: m[0], close: m[1], alternateOpen: m[2], alternateClose: m[3])
        self.decimalSeparator = decimalSeparator
    }

    func map(_ letter: String, _ mapping: CaseMapping) -> String {
        let doc = TextDocument(letter)
        let all = TextRange(start: doc.beginningOfDocument, end: doc.endOfDocument)
        switch mapping {
        case .upper: return doc.uppercased(all, locale: locale) ?? letter
        case .lower: return doc.lowercased(all, locale: locale) ?? letter
        case .title: return doc.capitalized(all, locale: locale) ?? letter
        }
    }

    func isWordBoundary(between context: String, and next: String) -> Bool {
        words?.isBoundary(between: context, and: next) ?? false
    }

    func isSentenceBoundary(between context: String, and next: String) -> Bool {
        sentences?.isBoundary(between: context, and: next) ?? false
    }
}

/// A proposed change applied to its document: what the text becomes.
func applied(_ change: ProposedChange?, to document: TextDocument) throws -> String? {
    guard let change else { return nil }
    var copy = document
    try copy.edit(change.range, in: .utf8, replacingWith: change.text)
    return copy.string
}

/// The change typing (or pasting…) `text` at the end of `old` proposes, all bytes of `old`
/// before the insertion point; `selecting` bytes before the end are replaced.
func proposal(_ text: String, at old: String, replacing selected: Int = 0,
              origin: ProposedChange.Origin = .typing) -> ProposedChange {
    let end = old.utf8.count
    return ProposedChange(range: (end - selected)..<end, text: text, origin: origin)
}
