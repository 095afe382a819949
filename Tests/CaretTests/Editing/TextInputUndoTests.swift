import XCTest
@testable import Caret
@_spi(Testing) import Caret

/// Undo steps, their coalescing, and what undo and redo restore (EDITING.md, "Undo").
final class TextInputUndoTests: XCTestCase {
    private func type(_ input: TextInput, _ text: String) {
        for c in text { input.insertText(String(c)) }
    }

    /// Undoes until nothing is left, returning each text and grapheme selection seen.
    private func undoAll(_ input: TextInput) -> [String] {
        var seen: [String] = []
        while input.canUndo && seen.count < 100 {
            input.undo()
            seen.append("\(input.text)|\(input.graphemeSelection.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil")")
        }
        return seen
    }

    func testTypeMoveTypeIsTwoSteps() {
        let input = TextInput("", traits: .plain)
        type(input, "abc")
        input.move(.left)
        type(input, "xy")
        XCTAssertEqual(input.text, "abxyc")
        XCTAssertEqual(undoAll(input), ["abc|2..<2", "|0..<0"])
    }

    func testTypeThenDeleteIsTwoStepsAndDeletingCoalesces() {
        let input = TextInput("", traits: .plain)
        type(input, "hello")
        input.deleteBackward()
        input.deleteBackward()
        XCTAssertEqual(input.text, "hel")
        XCTAssertEqual(undoAll(input), ["hello|5..<5", "|0..<0"])
        input.redo()
        XCTAssertEqual(input.text, "hello")
        XCTAssertEqual(input.graphemeSelection, 5..<5)
        input.redo()
        XCTAssertEqual(input.text, "hel")
        XCTAssertEqual(input.graphemeSelection, 3..<3)
        XCTAssertFalse(input.canRedo)
    }

    func testBackspacingThroughASyllableIsOneStep() {
        let input = TextInput("", traits: .plain)
        input.insertText("क्षि")
        input.breakUndoCoalescing()
        for _ in 0..<4 { input.deleteBackward() }
        XCTAssertEqual(input.text, "")
        input.undo()
        XCTAssertEqual(input.text, "क्षि")
    }

    func testPasteIsItsOwnStepAndEndsTyping() {
        let input = TextInput("", traits: .plain)
        type(input, "ab")
        input.paste("PASTED")
        type(input, "cd")
        XCTAssertEqual(undoAll(input), ["abPASTED|8..<8", "ab|2..<2", "|0..<0"])
    }

    func testCutReplaceAndClearAreEachTheirOwnStep() {
        let input = TextInput("", traits: .plain)
        type(input, "one two")
        input.selectGraphemes(0..<4)
        _ = input.cut()
        let two = input.document.textRange(from: input.document.position(at: 0)!, to: input.document.position(at: 3)!)!
        input.replace(two, withText: "2")
        input.clear()
        XCTAssertEqual(undoAll(input), ["2|0..<0", "two|0..<0", "one two|0..<4", "|0..<0"])
    }

    func testLineBreakInAViewStartsTheStepItBelongsTo() {
        let input = TextInput("", kind: .multiLine, traits: .plain)
        type(input, "ab\ncd")
        XCTAssertEqual(undoAll(input), ["ab|2..<2", "|0..<0"])
    }

    func testBreakUndoCoalescing() {
        let input = TextInput("", traits: .plain)
        type(input, "ab")
        input.breakUndoCoalescing()
        type(input, "cd")
        XCTAssertEqual(undoAll(input), ["ab|2..<2", "|0..<0"])
    }

    func testUndoRestoresTheSelectionFromBeforeRedoFromAfter() {
        let input = TextInput("select me")
        input.selectGraphemes(7..<9)
        type(input, "you")
        XCTAssertEqual(input.text, "select you")
        input.undo()
        XCTAssertEqual(input.text, "select me")
        XCTAssertEqual(input.graphemeSelection, 7..<9)
        input.redo()
        XCTAssertEqual(input.graphemeSelection, 10..<10)
    }

    func testANewEditDropsRedo() {
        let input = TextInput("", traits: .plain)
        type(input, "ab")
        input.undo()
        XCTAssertTrue(input.canRedo)
        input.insertText("c")
        XCTAssertFalse(input.canRedo)
        input.redo()
        XCTAssertEqual(input.text, "c")
    }

    func testUndoAsksNobodyAndSendsDidApplyAndEditingChanged() {
        let input = TextInput("", traits: .plain)
        let delegate = RecordingDelegate()
        input.delegate = delegate
        type(input, "ab")
        _ = delegate.take()
        delegate.allowChange = false
        input.undo()
        XCTAssertEqual(delegate.take(), ["didApply 0..<2 -> 0..<0", "editingChanged", "selectionChanged"])
        input.redo()
        XCTAssertEqual(delegate.take(), ["didApply 0..<0 -> 0..<2", "editingChanged", "selectionChanged"])
        XCTAssertEqual(input.text, "ab")
    }

    func testForwardDeletesCoalesceAndSwitchingDirectionEndsTheStep() {
        let input = TextInput("abcdef")
        input.caret(at: 1)
        input.deleteForward()
        input.deleteForward()
        input.deleteBackward()
        XCTAssertEqual(input.text, "def")
        XCTAssertEqual(undoAll(input), ["adef|1..<1", "abcdef|1..<1"])
    }

    func testTypingOverASelectionThenTypingIsOneStep() {
        let input = TextInput("abc")
        input.selectGraphemes(0..<3)
        type(input, "xyz")
        XCTAssertEqual(undoAll(input), ["abc|0..<3"])
    }

    func testHistoryMemoryFollowsTheEditsNotTheDocument() {
        func footprint(documentBytes: Int) -> Int {
            let input = TextInput(String(repeating: "a", count: documentBytes))
            input.caret(at: documentBytes / 2)
            for _ in 0..<1_000 {
                input.insertText("x")
                input.breakUndoCoalescing()
            }
            return input.history.footprint
        }
        let small = footprint(documentBytes: 10), large = footprint(documentBytes: 1 << 20)
        XCTAssertEqual(small, large)
        XCTAssertLessThanOrEqual(MemoryLayout<UndoHistory.Step>.stride, 64, "docs/API.md quotes 64 bytes a step")
        XCTAssertLessThanOrEqual(large, 1_000 * 64 * 9 / 8 + 16 * 64, "64 bytes per one-keystroke step, plus at most an eighth spare")
    }

    func testTenThousandKeystrokesEachItsOwnStepHoldUnderOneMegabyte() {
        let input = TextInput("text")
        let keys = ["a", "é", "中", "👍🏽", "ש", "🇫🇷", "क्ष", " "]
        for k in 0..<10_000 {
            input.insertText(keys[k % keys.count])
            input.breakUndoCoalescing()
        }
        XCTAssertEqual(input.history.undoSteps.count, 10_000)
        XCTAssertLessThanOrEqual(input.undoHistoryByteCount, 1 << 20)
        print("undo history after 10,000 one-keystroke steps: \(input.undoHistoryByteCount) bytes")
    }
}
