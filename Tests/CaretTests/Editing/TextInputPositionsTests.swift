import XCTest
@testable import Caret

/// Positions kept outside the input follow its edits through `didApply` (EDITING.md, "Positions
/// through edits"): bookmarks, diagnostics and other carets mapped with an explicit bias.
final class TextInputPositionsTests: XCTestCase {
    /// Keeps a bookmark (a range) and a caret of another user, mapped through every edit.
    private final class Bookmarks: TextInputDelegate {
        var word: TextRange
        var otherCaret: TextPosition
        init(word: TextRange, otherCaret: TextPosition) {
            self.word = word
            self.otherCaret = otherCaret
        }
        func textInput(_ input: TextInput, didApply edit: TextEdit) {
            word = edit.map(word)
            otherCaret = edit.map(otherCaret, bias: .before)
        }
    }

    func testBookmarksFollowTypingMarkedTextUndoAndRedo() throws {
        let input = TextInput("alpha beta gamma")
        let doc = input.document
        let beta = try XCTUnwrap(doc.textRange(from: doc.position(at: 6)!, to: doc.position(at: 10)!))
        let marks = Bookmarks(word: beta, otherCaret: try XCTUnwrap(doc.position(at: 11)))
        input.delegate = marks
        input.caret(at: 0)
        input.insertText("¡hola! ")
        input.setMarkedText("にほ", selectedRange: 2..<2)
        input.unmarkText()
        input.caret(at: input.document.count)
        input.insertText(" delta")
        input.undo()
        input.redo()
        XCTAssertEqual(input.document.text(in: marks.word), "beta")
        XCTAssertEqual(input.document.offset(of: marks.otherCaret), input.text.distance(
            from: input.text.startIndex, to: input.text.range(of: "gamma")!.lowerBound))
    }

    func testInsertionAtABookmarkEdgeDoesNotGrowIt() throws {
        let input = TextInput("ab")
        let doc = input.document
        let marks = Bookmarks(word: try XCTUnwrap(doc.textRange(from: doc.position(at: 0)!, to: doc.position(at: 1)!)),
                              otherCaret: try XCTUnwrap(doc.position(at: 1)))
        input.delegate = marks
        input.caret(at: 1)
        input.insertText("X")
        XCTAssertEqual(input.document.text(in: marks.word), "a", "text inserted at a range's end stays outside it")
        XCTAssertEqual(input.document.offset(of: marks.otherCaret), 1, "bias .before stays ahead of the insertion")
        input.selectGraphemes(0..<3)
        input.deleteBackward()
        XCTAssertTrue(marks.word.isEmpty, "a range wholly removed becomes empty at the edit")
    }
}
