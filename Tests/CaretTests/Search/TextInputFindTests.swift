import XCTest
@testable import Caret

/// Find and replace in the editing model: found ranges, next/previous, replace one, and
/// replace-all offered once, checked by the field rules, and undone in one step.
final class TextInputFindTests: XCTestCase {
    private final class Recorder: TextInputDelegate {
        var asked: [(TextRange, String)] = []
        var changeSets: [ChangeSet] = []
        var refuse = false
        func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                       replacementText: String) -> Bool {
            asked.append((range, replacementText))
            return !refuse
        }
        func textInput(_ input: TextInput, didApply changes: ChangeSet) { changeSets.append(changes) }
    }

    func testNextPreviousWrapAndSelect() throws {
        let input = TextInput("cat Cat CAT dog cat", traits: .plain)
        input.beginEditing()
        input.selectedTextRange = input.document.textRange(from: input.document.position(at: 5)!, to: input.document.position(at: 5)!)
        let found = try input.find(TextSearchQuery("cat", ignoresCase: true))
        XCTAssertEqual(found.count, 4)
        XCTAssertNil(input.currentFoundRange)
        XCTAssertEqual(input.findNext()?.start.utf8Offset, 8)       // first at or after the caret
        XCTAssertEqual(input.selectedTextRange?.start.utf8Offset, 8)
        XCTAssertEqual(input.findNext()?.start.utf8Offset, 16)
        XCTAssertEqual(input.findNext()?.start.utf8Offset, 0)       // wraps
        XCTAssertEqual(input.findPrevious()?.start.utf8Offset, 16)
        XCTAssertEqual(input.currentFoundIndex, 3)
        input.endFind()
        XCTAssertEqual(input.foundRanges, [])
        XCTAssertNil(input.findNext())
    }

    func testFoundRangesFollowEdits() throws {
        let input = TextInput("a-b-c", traits: .plain)
        input.beginEditing()
        try input.find(TextSearchQuery("-"))
        XCTAssertEqual(input.foundRanges.count, 2)
        input.insertText("-d")
        XCTAssertEqual(input.foundRanges.map(\.start.utf8Offset), [1, 3, 5])
    }

    func testReplaceCurrentIsOneUserEdit() throws {
        let input = TextInput("x1 x22 x333", traits: .plain)
        let recorder = Recorder()
        input.delegate = recorder
        input.beginEditing()
        try input.find(TextSearchQuery("x(\\d+)", syntax: .regularExpression))
        input.findNext()
        XCTAssertTrue(try input.replaceCurrentFound(with: "<$1>"))
        XCTAssertEqual(input.text, "<1> x22 x333")
        XCTAssertEqual(recorder.asked.count, 1)
        XCTAssertEqual(input.currentFoundRange.map { input.document.text(in: $0) }, "x22")
        input.undo()
        XCTAssertEqual(input.text, "x1 x22 x333")
    }

    func testReplaceAllIsOneChangeOneUndoStep() throws {
        let input = TextInput("x1 x22 x333 y", traits: .plain)
        let recorder = Recorder()
        input.delegate = recorder
        input.beginEditing()
        try input.find(TextSearchQuery("x(\\d+)", syntax: .regularExpression))
        XCTAssertTrue(try input.replaceAllFound(with: "[$1]"))
        XCTAssertEqual(input.text, "[1] [22] [333] y")
        XCTAssertEqual(recorder.asked.count, 1)                      // asked once, about one span
        XCTAssertEqual(recorder.asked.first?.1, "[1] [22] [333]")
        XCTAssertEqual(recorder.changeSets.count, 1)
        XCTAssertEqual(input.foundRanges, [])
        input.undo()
        XCTAssertEqual(input.text, "x1 x22 x333 y")                  // one step takes it all back
        XCTAssertFalse(input.canUndo)
        input.redo()
        XCTAssertEqual(input.text, "[1] [22] [333] y")
    }

    func testReplaceAllMeetsTheFieldRulesAndTheDelegate() throws {
        let input = TextInput("aa aa", traits: .plain, rules: TextInputRules(maximumLength: 7))
        let recorder = Recorder()
        input.delegate = recorder
        input.beginEditing()
        try input.find(TextSearchQuery("a"))
        recorder.refuse = true
        XCTAssertFalse(try input.replaceAllFound(with: "b"))
        XCTAssertEqual(input.text, "aa aa")
        recorder.refuse = false
        XCTAssertTrue(try input.replaceAllFound(with: "bb"))
        XCTAssertEqual(input.text.count, 7)                           // cut by the length limit, as one change
        try input.find(TextSearchQuery("(b)", syntax: .regularExpression))
        XCTAssertThrowsError(try input.replaceAllFound(with: "$9"))
    }
}
