import XCTest
@testable import Caret

/// The pads' filters: disallowed clusters dropped, nothing left = no change.
final class KeyboardFilterTests: XCTestCase {
    func filter(_ type: TextKeyboardType, _ text: String, separator: String = ".") -> String? {
        KeyboardFilter(type, decimalSeparator: { separator })?
            .filter(change(0..<0, text, .paste, in: ""))?.text
    }

    func testNumberPads() {
        XCTAssertEqual(filter(.numberPad, "12a3"), "123")
        XCTAssertEqual(filter(.numberPad, "١٢٣ ४५"), "١٢٣४५")           // any script's Nd
        XCTAssertNil(filter(.numberPad, "abc"))
        XCTAssertEqual(filter(.numberPad, "1\u{FE0F}\u{20E3}2"), "2")      // a keycap is not a digit
        XCTAssertEqual(filter(.numberPad, "1\u{301}2"), "2")               // nor a digit with a mark
        XCTAssertEqual(filter(.asciiCapableNumberPad, "1٢3"), "13")
        XCTAssertEqual(filter(.asciiCapableNumberPad, "²3"), "3")          // No, not Nd
    }

    func testDecimalAndPhonePads() {
        XCTAssertEqual(filter(.decimalPad, "1,5.2", separator: ","), "1,52")
        XCTAssertEqual(filter(.decimalPad, "1,5.2", separator: "."), "15.2")
        XCTAssertEqual(filter(.decimalPad, "3٫14", separator: "٫"), "3٫14")
        XCTAssertEqual(filter(.phonePad, "+1 (555) 123-4567 ext. 8;9,0#*"), "+1 (555) 123-4567  8;9,0#*")
        XCTAssertNil(filter(.phonePad, "call"))
    }

    func testOtherKeyboardsDoNotFilter() {
        for type in [TextKeyboardType.default, .asciiCapable, .emailAddress, .url, .numbersAndPunctuation] {
            XCTAssertNil(KeyboardFilter(type, decimalSeparator: { "." }))
        }
    }

    func testAFilteredAwayInsertionKeepsTheSelection() {
        let pad = KeyboardFilter(allowed: .decimalDigits)
        XCTAssertNil(pad.filter(change(0..<3, "x", .typing, in: "123")))
        // Deletions are not filtered.
        let delete = change(0..<3, "", .deleteBackward, in: "123")
        XCTAssertEqual(pad.filter(delete)?.range, 0..<3)
    }
}
