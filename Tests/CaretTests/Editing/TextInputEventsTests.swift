import XCTest
@testable import Caret

/// "Who is asked" and the events (EDITING.md, "Delegate and events"), and Return.
final class TextInputEventsTests: XCTestCase {
    private func editing(_ text: String, kind: TextInputKind = .multiLine) -> (TextInput, RecordingDelegate) {
        let input = TextInput(text, kind: kind)
        let delegate = RecordingDelegate()
        input.delegate = delegate
        XCTAssertTrue(input.beginEditing())
        _ = delegate.take()
        return (input, delegate)
    }

    func testTypingIsOfferedAsAppliedThenSendsDidApplyEditingChangedSelectionChanged() {
        let (input, delegate) = editing("ab")
        input.insertText("👍🏽")
        XCTAssertEqual(delegate.take(), ["shouldChange 2..<2 \"👍🏽\"", "didApply 2..<2 -> 2..<6",
                                         "editingChanged", "selectionChanged"])
        XCTAssertEqual(input.text, "ab👍🏽")
        XCTAssertEqual(input.utf16Selection, 6..<6)
    }

    func testOfferedRangeIsTheSelectionInBothForms() throws {
        let (input, delegate) = editing("a🇫🇷bc")
        input.selectGraphemes(1..<3)
        _ = delegate.take()
        var offered: TextRange?
        delegate.decide = { range, _, _ in offered = range; return true }
        input.insertText("x")
        XCTAssertEqual(delegate.take().first, "shouldChange 1..<6 \"x\"")
        let range = try XCTUnwrap(offered)
        XCTAssertEqual(range.start.utf8Offset, 1)
        XCTAssertEqual(range.end.utf8Offset, 10)
        XCTAssertEqual(input.text, "axc")
    }

    func testVetoChangesNothingAndSendsNothing() {
        let (input, delegate) = editing("hello")
        input.insertText(" w")
        input.selectGraphemes(1..<3)
        _ = delegate.take()
        let undoable = input.canUndo
        delegate.allowChange = false
        for action in [{ input.insertText("x") }, { input.deleteBackward() }, { input.deleteForward() },
                       { input.paste("p") }, { _ = input.cut() }, { input.replace(input.selectedTextRange!, withText: "r") },
                       { input.clear() }] {
            action()
            XCTAssertEqual(input.text, "hello w")
            XCTAssertEqual(input.graphemeSelection, 1..<3)
            XCTAssertEqual(input.canUndo, undoable)
            XCTAssertEqual(delegate.log.filter { !$0.hasPrefix("should") }, [])
        }
        XCTAssertFalse(input.canRedo)
        input.undo()
        XCTAssertEqual(input.text, "hello", "the history is the one from before the vetoes")
    }

    func testProgrammaticTextAsksNobodyAndSendsNoEditingChanged() {
        let (input, delegate) = editing("old")
        input.insertText("!")
        XCTAssertTrue(input.canUndo)
        _ = delegate.take()
        input.caret(at: 0)
        XCTAssertEqual(delegate.take(), ["selectionChanged"])
        input.text = "new text"
        XCTAssertEqual(delegate.take(), ["didApply 0..<4 -> 0..<8", "selectionChanged"])
        XCTAssertEqual(input.graphemeSelection, 8..<8, "the caret goes to the end")
        XCTAssertFalse(input.canUndo, "setting the text clears the history")
        input.caret(at: 3)
        XCTAssertEqual(delegate.take(), ["selectionChanged"])
        input.caret(at: 3)
        XCTAssertEqual(delegate.take(), [], "no event when the selection does not move")
    }

    func testProgrammaticSelectionOutsideTheTextIsIgnored() {
        let input = TextInput("abc")
        let far = TextDocument("abcdefgh").endOfDocument
        input.selectedTextRange = TextRange(start: far, end: far)
        XCTAssertEqual(input.graphemeSelection, 3..<3)
        input.selectedTextRange = nil
        XCTAssertNil(input.selectedTextRange)
    }

    func testInputWhileNotEditingBeginsEditingFirst() {
        let input = TextInput("a")
        let delegate = RecordingDelegate()
        input.delegate = delegate
        input.insertText("b")
        XCTAssertEqual(delegate.take(), ["shouldBegin", "editingDidBegin", "shouldChange 1..<1 \"b\"",
                                         "didApply 1..<1 -> 1..<2", "editingChanged", "selectionChanged"])
        XCTAssertTrue(input.isEditing)
    }

    func testInputIsDroppedWhenBeginningIsRefused() {
        let input = TextInput("a")
        let delegate = RecordingDelegate()
        delegate.allowBegin = false
        input.delegate = delegate
        input.insertText("b")
        input.paste("c")
        input.setMarkedText("か", selectedRange: 1..<1)
        XCTAssertEqual(input.text, "a")
        XCTAssertFalse(input.isEditing)
        XCTAssertEqual(Set(delegate.take()), ["shouldBegin"])
    }

    func testNotEditableRefusesEveryInputButSelectionAndCopy() {
        let input = TextInput("abc")
        input.isEditable = false
        XCTAssertFalse(input.beginEditing())
        input.insertText("x"); input.deleteBackward(); input.deleteForward(); input.paste("y")
        input.setMarkedText("z", selectedRange: 0..<0)
        XCTAssertNil(input.cut() == nil ? nil : "cut")
        XCTAssertFalse(input.clear())
        XCTAssertFalse(input.replace(input.document.textRange(from: input.document.beginningOfDocument,
                                                              to: input.document.endOfDocument)!, withText: "q"))
        XCTAssertEqual(input.text, "abc")
        input.move(.left)
        input.move(.left, extendingSelection: true)
        XCTAssertEqual(input.graphemeSelection, 1..<2)
        XCTAssertEqual(input.copy(), "b")
        input.selectAll()
        XCTAssertEqual(input.copy(), "abc")
    }

    func testBeginAndEndEditing() {
        let input = TextInput("a")
        let delegate = RecordingDelegate()
        input.delegate = delegate
        XCTAssertTrue(input.beginEditing())
        XCTAssertTrue(input.beginEditing())
        XCTAssertEqual(delegate.take(), ["shouldBegin", "editingDidBegin"])
        delegate.allowEnd = false
        XCTAssertFalse(input.endEditing())
        XCTAssertTrue(input.isEditing)
        XCTAssertTrue(input.endEditing(force: true))
        XCTAssertFalse(input.isEditing)
        XCTAssertEqual(delegate.take(), ["shouldEnd", "editingDidEnd"])
        XCTAssertTrue(input.endEditing())
        XCTAssertEqual(delegate.take(), [])
    }

    func testReturnInAFieldAsksShouldReturnAndEndsEditing() {
        let (input, delegate) = editing("name", kind: .singleLine)
        input.insertText("\n")
        XCTAssertEqual(input.text, "name")
        XCTAssertEqual(delegate.take(), ["shouldReturn", "editingDidEndOnExit", "shouldEnd", "editingDidEnd"])
        XCTAssertFalse(input.isEditing)
    }

    func testReturnInAFieldRefusedStaysEditingAndInsertsNothing() {
        let (input, delegate) = editing("name", kind: .singleLine)
        delegate.allowReturn = false
        input.insertText("\r\n")
        XCTAssertEqual(input.text, "name")
        XCTAssertEqual(delegate.take(), ["shouldReturn"])
        XCTAssertTrue(input.isEditing)
    }

    func testReturnInAViewInsertsALineBreak() {
        let (input, delegate) = editing("line", kind: .multiLine)
        input.insertText("\n")
        XCTAssertEqual(input.text, "line\n")
        XCTAssertEqual(delegate.take(), ["shouldChange 4..<4 \"\n\"", "didApply 4..<4 -> 4..<5",
                                         "editingChanged", "selectionChanged"])
        XCTAssertTrue(input.isEditing)
    }

    func testPastedLineBreaksBecomeSpacesInAField() {
        let (input, delegate) = editing("", kind: .singleLine)
        input.paste("one\r\ntwo\nthree\rfour\u{2028}five")
        XCTAssertEqual(input.text, "one two three four five")
        XCTAssertEqual(delegate.take().first, "shouldChange 0..<0 \"one two three four five\"")
        let view = TextInput("", kind: .multiLine)
        view.paste("a\r\nb")
        XCTAssertEqual(view.text, "a\r\nb")
    }

    func testClearAsksShouldClearThenOffersTheRemoval() {
        let (input, delegate) = editing("secret")
        XCTAssertTrue(input.clear())
        XCTAssertEqual(delegate.take(), ["shouldClear", "shouldChange 0..<6 \"\"", "didApply 0..<6 -> 0..<0",
                                         "editingChanged", "selectionChanged"])
        XCTAssertEqual(input.text, "")
        input.undo()
        XCTAssertEqual(input.text, "secret")
        delegate.allowClear = false
        _ = delegate.take()
        XCTAssertFalse(input.clear())
        XCTAssertEqual(delegate.take(), ["shouldClear"])
    }

    func testCutCopyPasteAndReplace() {
        let (input, delegate) = editing("hello world")
        input.selectGraphemes(0..<6)
        XCTAssertEqual(input.copy(), "hello ")
        XCTAssertEqual(input.cut(), "hello ")
        XCTAssertEqual(input.text, "world")
        XCTAssertNil(input.cut(), "nothing selected")
        input.move(.right, by: .document)
        input.paste("!")
        XCTAssertEqual(input.text, "world!")
        _ = delegate.take()
        let world = input.document.textRange(from: input.document.position(at: 0)!, to: input.document.position(at: 5)!)!
        XCTAssertTrue(input.replace(world, withText: "earth"))
        XCTAssertEqual(delegate.take(), ["shouldChange 0..<5 \"earth\"", "didApply 0..<5 -> 0..<5", "editingChanged"])
        XCTAssertEqual(input.graphemeSelection, 6..<6, "a caret after the replaced text stays after it")
        input.traits.isSecureTextEntry = true
        input.selectAll()
        XCTAssertNil(input.copy())
        XCTAssertNil(input.cut())
        XCTAssertEqual(input.text, "earth!")
    }

    /// Mirrors the text from `didApply` alone: each edit's replaced bytes of the old text give
    /// way to its inserted bytes of the new one.
    private final class Mirror: TextInputDelegate {
        var bytes: [UInt8]
        init(_ text: String) { bytes = Array(text.utf8) }
        func textInput(_ input: TextInput, didApply edit: TextEdit) {
            let inserted = Array(input.document.text(utf8Range: edit.insertedUTF8Range).utf8)
            bytes.replaceSubrange(edit.replacedUTF8Range, with: inserted)
        }
    }

    func testDidApplyIsSentForEveryChangeOfTheText() {
        let input = TextInput("start")
        let mirror = Mirror("start")
        input.delegate = mirror
        input.insertText(" más")
        input.setMarkedText("にほ", selectedRange: 2..<2)
        input.setMarkedText("日本", selectedRange: 2..<2)
        input.unmarkText()
        input.deleteBackward()
        input.undo()
        input.undo()
        input.redo()
        input.selectGraphemes(0..<2)
        input.setMarkedText("x", selectedRange: 1..<1)
        input.undo()
        XCTAssertEqual(String(decoding: mirror.bytes, as: UTF8.self), input.text)
        input.text = "other"
        XCTAssertEqual(String(decoding: mirror.bytes, as: UTF8.self), "other")
    }

    /// A delegate that implements nothing gets the defaults: every hook allows.
    private final class Silent: TextInputDelegate {}

    func testDefaultsAllowEverythingAndTheDelegateIsHeldWeakly() {
        let input = TextInput("", kind: .singleLine)
        var silent: Silent? = Silent()
        input.delegate = silent
        XCTAssertTrue(input.beginEditing())
        input.insertText("1")
        input.setMarkedText("か", selectedRange: 1..<1)
        input.unmarkText()
        XCTAssertTrue(input.clear())
        input.insertText("2")
        input.insertText("\n")
        XCTAssertFalse(input.isEditing, "Return allowed by default")
        XCTAssertEqual(input.text, "2")
        XCTAssertNotNil(input.delegate)
        silent = nil
        XCTAssertNil(input.delegate)
    }
}
