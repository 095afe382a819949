@testable import Caret
import XCTest

/// `TextInput.setSelection(anchor:focus:)`: a selection from code that keeps its direction, so
/// an editor moving the caret itself (by visual lines) can extend it either way.
final class DirectedSelectionTests: XCTestCase {
    func testBackwardSelectionKeepsItsAnchor() throws {
        let input = TextInput("héllo wörld")
        let document = input.document
        let two = try XCTUnwrap(document.position(at: 2)), eight = try XCTUnwrap(document.position(at: 8))
        XCTAssertTrue(input.setSelection(anchor: eight, focus: two))
        XCTAssertEqual(input.selectionAnchor, eight)
        XCTAssertEqual(input.selectionFocus, two)
        XCTAssertEqual(input.selectedTextRange, document.textRange(from: two, to: eight))
        // Extending moves the focus: one more cluster to the left, the anchor stays.
        input.move(.left, extendingSelection: true)
        XCTAssertEqual(input.selectionAnchor, eight)
        XCTAssertEqual(input.selectionFocus, document.position(at: 1))
        // A caret: equal ends.
        XCTAssertTrue(input.setSelection(anchor: two, focus: two))
        XCTAssertEqual(input.selectedTextRange?.isEmpty, true)
    }

    func testPositionsOutsideTheTextAreRefused() throws {
        let input = TextInput("abc")
        let other = TextDocument("a much longer text")
        let far = try XCTUnwrap(other.position(at: 10))
        let before = input.selectedTextRange
        XCTAssertFalse(input.setSelection(anchor: input.document.beginningOfDocument, focus: far))
        XCTAssertEqual(input.selectedTextRange, before)
    }
}
