import XCTest
@testable import Caret

/// Backspace and forward delete through the clusters the contract names (EDITING.md, "Input").
final class TextInputBackspaceTests: XCTestCase {
    /// Presses Backspace at the end of `text` until it is empty and returns the texts seen
    /// after each press.
    private func backspaces(_ text: String) -> [String] {
        let input = TextInput(text)
        var seen: [String] = []
        while !input.text.isEmpty && seen.count < 50 {
            input.deleteBackward()
            seen.append(input.text)
        }
        return seen
    }

    /// Each press removes exactly the last scalar.
    private func assertScalarByScalar(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let scalars = Array(text.unicodeScalars)
        let expected = (0..<scalars.count).reversed().map { String(String.UnicodeScalarView(scalars[..<$0])) }
        XCTAssertEqual(backspaces(text), expected, file: file, line: line)
    }

    func testDevanagariSyllableLosesOneScalarPerPress() {
        assertScalarByScalar("क्षि")   // क ् ष ि
    }

    func testThaiLosesToneMarkAndVowelOneByOne() {
        assertScalarByScalar("น้ำ")   // น ้ ำ: one cluster
        XCTAssertEqual(TextDocument("น้ำ").count, 1)
    }

    func testHebrewWithPointsLosesPointsOneByOne() {
        assertScalarByScalar("שָׁ")   // shin, qamats, shin dot
    }

    func testArabicWithHarakatLosesHarakatOneByOne() {
        assertScalarByScalar("بَّ")   // beh, fatha, shadda
        XCTAssertEqual(backspaces("كَتَبَ"), ["كَتَب", "كَتَ", "كَت", "كَ", "ك", ""])
    }

    func testHangulSyllablesGoWhole() {
        XCTAssertEqual(backspaces("한글"), ["한", ""])                       // precomposed
        XCTAssertEqual(backspaces("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}"), ["\u{1112}\u{1161}\u{11AB}", ""])  // L V T, L V
        XCTAssertEqual(backspaces("\u{1112}\u{1161}"), [""])
    }

    func testEverythingElseGoesWhole() {
        XCTAssertEqual(backspaces("ae\u{301}"), ["a", ""])                                  // Latin + mark
        XCTAssertEqual(backspaces("a👨‍👩‍👧‍👦"), ["a", ""])                                      // family
        XCTAssertEqual(backspaces("👍🏽"), [""])                                              // modifier
        XCTAssertEqual(backspaces("🇫🇷🇩🇪"), ["🇫🇷", ""])                                      // flag pair
        XCTAssertEqual(backspaces("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"), [""]) // tag flag
        XCTAssertEqual(backspaces("1\u{FE0F}\u{20E3}#\u{FE0F}\u{20E3}"), ["1\u{FE0F}\u{20E3}", ""]) // keycaps
        XCTAssertEqual(backspaces("a\r\n"), ["a", ""])                                      // CR LF
        XCTAssertEqual(backspaces("❤\u{FE0F}"), [""])                                       // VS16
    }

    func testBackwardDeletionRangeInScalars() throws {
        let doc = TextDocument("aक्षि")
        XCTAssertEqual(doc.backwardDeletionRange(before: doc.endOfDocument), 4..<5)
        XCTAssertEqual(doc.backwardDeletionRange(before: try XCTUnwrap(doc.position(at: 1))), 0..<1)
        XCTAssertNil(doc.backwardDeletionRange(before: doc.beginningOfDocument))
    }

    func testOffersTheScalarRangeInUTF16() {
        let input = TextInput("xक्षि")
        let delegate = RecordingDelegate()
        input.delegate = delegate
        input.beginEditing()
        _ = delegate.take()
        input.deleteBackward()
        XCTAssertEqual(delegate.take(), ["shouldChange 4..<5 \"\"", "didApply 4..<5 -> 4..<4", "editingChanged", "selectionChanged"])
        XCTAssertEqual(input.text, "xक्ष")
        XCTAssertEqual(input.utf16Selection, 4..<4)
    }

    func testBackspaceDeletesANonEmptySelectionWhole() {
        let input = TextInput("ab🇫🇷c")
        input.selectGraphemes(1..<3)
        input.deleteBackward()
        XCTAssertEqual(input.text, "ac")
        XCTAssertEqual(input.graphemeSelection, 1..<1)
    }

    func testDeleteForwardTakesWholeClusters() {
        let input = TextInput("क्षि🇫🇷e\u{301}\r\n")
        input.caret(at: 0)
        var seen: [String] = []
        while !input.text.isEmpty && seen.count < 10 {
            input.deleteForward()
            seen.append(input.text)
        }
        let clusters = TextDocument("क्षि").count
        XCTAssertEqual(seen.count, clusters + 3)
        XCTAssertEqual(Array(seen.suffix(3)), ["e\u{301}\r\n", "\r\n", ""])
    }

    func testBackspaceAtTheStartDoesNothingAndAsksNobody() {
        let input = TextInput("abc")
        input.caret(at: 0)
        let delegate = RecordingDelegate()
        input.delegate = delegate
        input.beginEditing()
        _ = delegate.take()
        input.deleteBackward()
        XCTAssertEqual(delegate.take(), [])
        XCTAssertEqual(input.text, "abc")
    }
}
