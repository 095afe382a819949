import XCTest
@testable import Caret

/// Input methods: marked text, its updates and its commit (EDITING.md, "Input").
final class TextInputMarkedTextTests: XCTestCase {
    private func editing(_ text: String) -> (TextInput, RecordingDelegate) {
        let input = TextInput(text)
        let delegate = RecordingDelegate()
        input.delegate = delegate
        XCTAssertTrue(input.beginEditing())
        _ = delegate.take()
        return (input, delegate)
    }

    func testJapaneseCompositionCommittedThenUndone() {
        let (input, delegate) = editing("東京と")
        input.setMarkedText("に", selectedRange: 1..<1)
        input.setMarkedText("にほ", selectedRange: 2..<2)
        input.setMarkedText("にほん", selectedRange: 3..<3)
        XCTAssertEqual(input.text, "東京とにほん")
        XCTAssertEqual(input.utf16Marked, 3..<6)
        XCTAssertEqual(input.utf16Selection, 6..<6)
        input.setMarkedText("日本", selectedRange: 0..<2)   // the candidate, selected whole
        XCTAssertEqual(input.utf16Selection, 3..<5)
        let updates = delegate.take()
        XCTAssertFalse(updates.contains { $0.hasPrefix("should") || $0 == "editingChanged" }, "\(updates)")
        XCTAssertEqual(updates.filter { $0.hasPrefix("didApply") }.count, 4)
        XCTAssertEqual(updates.filter { $0 == "selectionChanged" }.count, 4)

        input.unmarkText()
        XCTAssertEqual(input.text, "東京と日本")
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(input.utf16Selection, 5..<5)
        XCTAssertEqual(delegate.take(), ["didApply 3..<5 -> 3..<3", "shouldChange 3..<3 \"日本\"",
                                         "didApply 3..<3 -> 3..<5", "editingChanged", "selectionChanged"])

        input.undo()
        XCTAssertEqual(input.text, "東京と", "the composition and its commit are one step")
        XCTAssertEqual(input.utf16Selection, 3..<3)
        XCTAssertEqual(delegate.take(), ["didApply 3..<5 -> 3..<3", "editingChanged", "selectionChanged"])
        input.redo()
        XCTAssertEqual(input.text, "東京と日本")
        XCTAssertEqual(input.utf16Selection, 5..<5)
    }

    func testVetoedCommitRestoresTextAndSelectionFromBeforeTheComposition() {
        let (input, delegate) = editing("abc")
        input.selectGraphemes(1..<2)
        input.setMarkedText("ㅎ", selectedRange: 1..<1)
        input.setMarkedText("한", selectedRange: 1..<1)
        XCTAssertEqual(input.text, "a한c")
        delegate.decide = { _, utf16, text in
            XCTAssertEqual(utf16, 1..<2, "offered as the range the composition started from")
            XCTAssertEqual(text, "한")
            return false
        }
        _ = delegate.take()
        input.unmarkText()
        XCTAssertEqual(input.text, "abc")
        XCTAssertEqual(input.graphemeSelection, 1..<2)
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(delegate.take(), ["didApply 1..<2 -> 1..<2", "shouldChange 1..<2 \"한\"", "selectionChanged"])
        XCTAssertFalse(input.canUndo)
    }

    func testInsertTextWhileMarkedCommitsTheInsertedText() {
        let (input, delegate) = editing("")
        input.setMarkedText("かんじ", selectedRange: 3..<3)
        _ = delegate.take()
        input.insertText("漢字")
        XCTAssertEqual(input.text, "漢字")
        XCTAssertNil(input.markedTextRange)
        XCTAssertTrue(delegate.take().contains("shouldChange 0..<0 \"漢字\""))
        input.insertText("を")
        input.undo()
        XCTAssertEqual(input.text, "漢字", "typing after a commit is a new step")
        input.undo()
        XCTAssertEqual(input.text, "")
    }

    func testEndingEditingCommits() {
        let (input, delegate) = editing("x")
        input.setMarkedText("あ", selectedRange: 1..<1)
        _ = delegate.take()
        XCTAssertTrue(input.endEditing())
        XCTAssertEqual(input.text, "xあ")
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(delegate.take(), ["shouldEnd", "didApply 1..<2 -> 1..<1", "shouldChange 1..<1 \"あ\"",
                                         "didApply 1..<1 -> 1..<2", "editingChanged", "editingDidEnd"])
    }

    func testRemovingMarkedTextEndsTheComposition() {
        let (input, delegate) = editing("ab")
        input.setMarkedText("か", selectedRange: 1..<1)
        input.setMarkedText(nil, selectedRange: 0..<0)
        XCTAssertEqual(input.text, "ab")
        XCTAssertNil(input.markedTextRange)
        XCTAssertFalse(delegate.log.contains { $0.hasPrefix("should") }, "nothing changed, nothing to offer")
        XCTAssertFalse(input.canUndo)
        // Over a selection, removing it is offered as the removal of the selection.
        input.selectGraphemes(0..<1)
        _ = delegate.take()
        input.setMarkedText("か", selectedRange: 1..<1)
        input.setMarkedText("", selectedRange: 0..<0)
        XCTAssertEqual(input.text, "b")
        XCTAssertTrue(delegate.take().contains("shouldChange 0..<1 \"\""))
    }

    func testBackspaceInsideMarkedTextDeletesInsideIt() {
        let (input, delegate) = editing("z")
        input.setMarkedText("にほん", selectedRange: 3..<3)
        _ = delegate.take()
        input.deleteBackward()
        XCTAssertEqual(input.text, "zにほ")
        XCTAssertEqual(input.utf16Marked, 1..<3)
        XCTAssertEqual(input.utf16Selection, 3..<3)
        XCTAssertEqual(delegate.take(), ["didApply 3..<4 -> 3..<3", "selectionChanged"])
        input.setMarkedText("にほ", selectedRange: 1..<1)   // caret between に and ほ
        input.deleteBackward()
        XCTAssertEqual(input.text, "zほ")
        XCTAssertEqual(input.utf16Marked, 1..<2)
        XCTAssertEqual(input.utf16Selection, 1..<1)
        input.deleteBackward()   // at the marked text's start: nothing inside to delete
        XCTAssertEqual(input.text, "zほ")
        input.setMarkedText("ほ", selectedRange: 1..<1)
        input.deleteBackward()   // the last of it: the composition ends with nothing
        XCTAssertEqual(input.text, "z")
        XCTAssertNil(input.markedTextRange)
        XCTAssertFalse(input.canUndo)
    }

    func testSelectedRangeIsClampedAndCountedInItsUnit() {
        let (input, _) = editing("a")
        input.setMarkedText("👍🏽x", selectedRange: 0..<99)
        XCTAssertEqual(input.utf16Selection, 1..<6)
        input.setMarkedText("👍🏽x", selectedRange: 1..<1)   // inside the emoji: snaps back
        XCTAssertEqual(input.utf16Selection, 1..<1)
        input.setMarkedText("👍🏽x", selectedRange: 1..<2, unit: .grapheme)
        XCTAssertEqual(input.utf16Selection, 5..<6)
        input.setMarkedText("👍🏽x", selectedRange: 2..<2, unit: .unicodeScalar)
        XCTAssertEqual(input.utf16Selection, 5..<5)
        input.setMarkedText("👍🏽x", selectedRange: 8..<8, unit: .utf8)
        XCTAssertEqual(input.utf16Selection, 5..<5)
        XCTAssertEqual(input.utf16Marked, 1..<6)
    }

    func testUndoWhileComposingCancelsTheComposition() {
        let (input, delegate) = editing("ab")
        input.insertText("c")
        input.selectGraphemes(0..<1)
        input.setMarkedText("ㄱ", selectedRange: 1..<1)
        XCTAssertTrue(input.canUndo)
        XCTAssertFalse(input.canRedo)
        _ = delegate.take()
        input.undo()
        XCTAssertEqual(input.text, "abc")
        XCTAssertEqual(input.graphemeSelection, 0..<1)
        XCTAssertEqual(delegate.take(), ["didApply 0..<1 -> 0..<1", "selectionChanged"])
        input.undo()
        XCTAssertEqual(input.text, "ab")
    }

    func testProgrammaticSelectionOutsideTheMarkedTextKeepsItAsText() {
        let (input, delegate) = editing("ab")
        input.setMarkedText("か", selectedRange: 1..<1)
        _ = delegate.take()
        input.caret(at: 0)
        XCTAssertEqual(input.text, "abか")
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(delegate.take(), ["selectionChanged"])
        input.undo()
        XCTAssertEqual(input.text, "ab")
    }

    func testMovingCommitsTheComposition() {
        let (input, _) = editing("ab")
        input.setMarkedText("か", selectedRange: 1..<1)
        input.move(.left)
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(input.text, "abか")
        XCTAssertEqual(input.graphemeSelection, 2..<2)
    }
}
