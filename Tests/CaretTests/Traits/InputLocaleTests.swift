import XCTest
@testable import Caret

/// The locale services the traits use: ICU's locale data and boundary probes.
final class InputLocaleTests: XCTestCase {
    func testQuotationMarksFromICUsLocaleData() {
        let expected = ["en": "“”‘’", "de": "„“‚‘", "fr": "«»«»", "ru": "«»„“", "ja": "「」『』",
                        "de-CH": "„“‚‘", "it": "«»“”", "pl": "„”«»", "": "“”‘’"]
        for (locale, marks) in expected {
            let q = InputLocale(locale).quotationMarks
            XCTAssertEqual(q.open + q.close + q.alternateOpen + q.alternateClose, marks, locale)
        }
    }

    func testDecimalSeparatorFromICUsNumberSymbols() {
        for (locale, separator) in ["en": ".", "de": ",", "fr": ",", "de-CH": ".", "ar-EG": "٫", "hi": "."] {
            XCTAssertEqual(InputLocale(locale).decimalSeparator, separator, locale)
        }
    }

    func testSuppressionKeyword() {
        XCTAssertEqual(InputLocale.withSuppressions("en"), "en@ss=standard")
        XCTAssertEqual(InputLocale.withSuppressions("de@collation=phonebook"), "de@collation=phonebook;ss=standard")
        XCTAssertEqual(InputLocale.withSuppressions("en@ss=none"), "en@ss=none")
        let en = InputLocale("en")
        XCTAssertFalse(en.isSentenceBoundary(between: "I met Mr. ", and: "S"))
        XCTAssertTrue(en.isSentenceBoundary(between: "I met him. ", and: "S"))
        XCTAssertTrue(en.isWordBoundary(between: "jean-", and: "l"))
        XCTAssertFalse(en.isWordBoundary(between: "don’", and: "t"))
        XCTAssertEqual(InputLocale("tr").map("i", .title), "İ")
        XCTAssertEqual(InputLocale("en").map("ǆ", .title), "ǅ")
        XCTAssertEqual(InputLocale("en").map("ß", .upper), "SS")
    }
}
