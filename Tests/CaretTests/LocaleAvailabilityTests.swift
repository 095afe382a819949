import Caret
import XCTest

/// `TextDocument.isKnownLocale`: ICU's own fallback decides (a parent with data is enough),
/// so ids that only differ from a known one by region, script or keywords are known, and ids
/// of no language ICU has are not.
final class LocaleAvailabilityTests: XCTestCase {
    func testLocalesWithDataAreKnown() {
        for id in ["", "root", "en", "en-US", "en_US", "de-CH", "tr", "th", "ja_JP", "zh-Hant", "sr-Latn", "fil",
                   "en@ss=standard", "en-US-u-ca-buddhist", "pt-BR", "en-ZZ"] {
            XCTAssertTrue(TextDocument.isKnownLocale(id), id)
        }
    }

    func testLocalesWithoutDataAreNot() {
        for id in ["xx", "xx-bogus", "zz", "klingon", "tlh", "C", "POSIX"] {
            XCTAssertFalse(TextDocument.isKnownLocale(id), id)
        }
    }
}
