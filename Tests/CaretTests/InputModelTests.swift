import XCTest

/// The FuzzInput reference model (`FuzzHarness/InputModel*.swift`) on the contract's own
/// examples, so that the fuzzer's oracle is itself checked before it judges `TextInput`.
final class InputModelTests: XCTestCase {
    /// Backspace presses from the end of `text` until it is empty: the texts seen after each.
    func backspaces(_ text: String) -> [String] {
        var m = InputModel(text, kind: .multiLine)
        var seen: [String] = []
        while !m.text.isEmpty {
            m.deleteBackward()
            seen.append(m.text)
            if seen.count > 50 { break }
        }
        return seen
    }

    func testBackwardDeletionCluster() {
        // Devanagari क्षि: one scalar per press (the cluster starts at U+0915).
        XCTAssertEqual(backspaces("क्षि"), ["क्ष", "क्", "क", ""])
        // Thai น้ำ: น + ้ + ำ, one scalar per press.
        XCTAssertEqual(backspaces("น\u{0E49}\u{0E33}"), ["น\u{0E49}", "น", ""])
        // Hebrew with points: the letter's cluster loses its last point first.
        XCTAssertEqual(backspaces("שָׁ"), ["שָ", "ש", ""])
        // Hangul, precomposed and conjoining jamo: whole.
        XCTAssertEqual(backspaces("각"), [""])
        XCTAssertEqual(backspaces("\u{1100}\u{1161}\u{11A8}"), [""])
        XCTAssertEqual(backspaces("\u{1100}\u{1100}"), ["\u{1100}", ""])
        // Latin with a mark, a family emoji, a flag pair, a keycap, CR LF: whole.
        XCTAssertEqual(backspaces("e\u{301}"), [""])
        XCTAssertEqual(backspaces("👨‍👩‍👧"), [""])
        XCTAssertEqual(backspaces("🇫🇷🇺🇸"), ["🇫🇷", ""])
        XCTAssertEqual(backspaces("1\u{FE0F}\u{20E3}"), [""])
        XCTAssertEqual(backspaces("a\r\n"), ["a", ""])
    }

    func testTypingCoalescesUntilACaretMove() {
        var m = InputModel("", kind: .multiLine)
        for c in ["a", "b", "c"] { m.insertText(c) }
        XCTAssertEqual(m.undoStack.count, 1)
        m.move(.left, by: .character, extending: false)
        m.insertText("x")
        XCTAssertEqual(m.text, "abxc")
        XCTAssertEqual(m.undoStack.count, 2)
        m.undo()
        XCTAssertEqual(m.text, "abc")
        XCTAssertEqual(m.selection, .caret(2))
        m.undo()
        XCTAssertEqual(m.text, "")
        m.redo()
        XCTAssertEqual(m.text, "abc")
        XCTAssertEqual(m.selection, .caret(3))
    }

    func testTypeThenDeleteAreTwoStepsAndLineBreakStartsOne() {
        var m = InputModel("", kind: .multiLine)
        m.insertText("a"); m.insertText("b")
        m.deleteBackward(); m.deleteBackward()
        XCTAssertEqual(m.undoStack.count, 2)
        m.insertText("x"); m.insertText("\n"); m.insertText("y")
        XCTAssertEqual(m.text, "x\ny")
        XCTAssertEqual(m.undoStack.count, 4)
        m.undo()
        XCTAssertEqual(m.text, "x")
    }

    func testReturnInAFieldEndsEditing() {
        var m = InputModel("ab", kind: .singleLine)
        m.insertText("\n")
        XCTAssertEqual(m.text, "ab")
        XCTAssertFalse(m.isEditing)
        XCTAssertEqual(m.events, [.editingDidBegin, .editingDidEndOnExit, .editingDidEnd])
        m.paste("x\r\ny\nz")
        XCTAssertEqual(m.text, "abx y z")
    }

    func testCompositionCommittedThenUndone() {
        var m = InputModel("a", kind: .multiLine)
        m.setMarkedText("に", selectedRange: 1..<1, unit: .utf16)
        m.setMarkedText("にほ", selectedRange: 2..<2, unit: .utf16)
        XCTAssertEqual(m.marked, 1..<3)
        XCTAssertTrue(m.offers.isEmpty)
        m.insertText("日本")
        XCTAssertEqual(m.text, "a日本")
        XCTAssertNil(m.marked)
        XCTAssertEqual(m.offers, [.init(utf16Range: 1..<1, replacement: "日本")])
        XCTAssertEqual(m.undoStack.count, 1)
        m.undo()
        XCTAssertEqual(m.text, "a")
        XCTAssertEqual(m.selection, .caret(1))
    }

    func testVetoedCommitRestoresTheStateBeforeTheComposition() {
        var m = InputModel("abc", kind: .multiLine)
        m.setSelection(1..<2)
        m.setMarkedText("ß", selectedRange: 0..<1, unit: .utf16)
        XCTAssertEqual(m.text, "aßc")
        m.answers.shouldChange = false
        m.unmarkText()
        XCTAssertEqual(m.text, "abc")
        XCTAssertEqual(m.selection, .init(anchor: 1, focus: 2))
        XCTAssertNil(m.marked)
        XCTAssertFalse(m.canUndo)
    }

    func testVetoChangesNothing() {
        var m = InputModel("abc", kind: .multiLine)
        m.beginEditing()
        m.events = []
        m.answers.shouldChange = false
        m.insertText("x"); m.deleteBackward(); m.paste("y")
        XCTAssertEqual(m.text, "abc")
        XCTAssertEqual(m.events, [])
        XCTAssertEqual(m.offers.count, 3)
        XCTAssertFalse(m.canUndo)
    }
}
