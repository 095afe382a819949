import XCTest
@testable import Caret

/// State restoration (EDITING.md, "State").
final class TextInputStateTests: XCTestCase {
    func testStateRoundTripsThroughJSON() throws {
        let input = TextInput("héllo 👋🏽 world")
        input.selectGraphemes(6..<7)
        let state = input.state
        XCTAssertEqual(state.selectedRange, 6..<7)
        XCTAssertEqual(state.selectedUTF16Range, 6..<10)
        XCTAssertEqual(state.selectedText, "👋🏽")
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(TextInputState.self, from: data)
        XCTAssertEqual(decoded, state)
        let other = TextInput("héllo 👋🏽 world")
        other.restore(decoded)
        XCTAssertEqual(other.graphemeSelection, 6..<7)
    }

    func testRestoreOntoChangedTextDropsTheSelection() {
        let input = TextInput("héllo 👋🏽 world")
        input.selectGraphemes(6..<7)
        input.isEditable = false
        let state = input.state
        for changed in ["héllo 👋🏿 world", "héllo 👋🏽 world!", "hello 👋🏽 worl", "he\u{301}llo 👋🏽 world", ""] {
            let other = TextInput(changed)
            other.restore(state)
            XCTAssertNil(other.selectedTextRange, changed)
            XCTAssertFalse(other.isEditable, "isEditable is always applied")
        }
    }

    func testRestoreOntoOtherTextWhereTheSelectionStillFitsKeepsIt() {
        let input = TextInput("héllo 👋🏽 world")
        input.selectGraphemes(6..<7)
        let other = TextInput("hello 👋🏽 words")   // same UTF-16 length, same text selected
        other.restore(input.state)
        XCTAssertEqual(other.graphemeSelection, 6..<7)
    }

    func testRestoreWhereTheSelectionNoLongerFallsOnClustersDropsIt() {
        // Same UTF-16 length and selected text, but the selection would now cut a cluster.
        let input = TextInput("e\u{301}xyz")
        input.selectGraphemes(1..<2)   // "x"
        let state = TextInputState(selectedUTF16Range: 1..<2, selectedRange: 1..<2, selectedText: "\u{301}",
                                   textUTF16Length: 5, isEditable: true)
        input.restore(state)
        XCTAssertNil(input.selectedTextRange)
    }

    func testRestoreIsProgrammatic() {
        let input = TextInput("abc")
        let delegate = RecordingDelegate()
        input.delegate = delegate
        input.restore(TextInputState(selectedUTF16Range: 0..<1, selectedRange: 0..<1, selectedText: "a",
                                     textUTF16Length: 3, isEditable: true))
        XCTAssertEqual(input.graphemeSelection, 0..<1)
        XCTAssertEqual(delegate.take(), ["selectionChanged"])
        XCTAssertEqual(input.state.selectedText, "a")
    }

    func testNoSelectionSavesAndRestoresAsNone() {
        let input = TextInput("abc")
        input.selectedTextRange = nil
        let state = input.state
        XCTAssertNil(state.selectedUTF16Range)
        let other = TextInput("abc")
        other.restore(state)
        XCTAssertNil(other.selectedTextRange)
    }
}
