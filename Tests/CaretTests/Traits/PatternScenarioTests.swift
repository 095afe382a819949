import XCTest
@testable import Caret

/// The `pattern` rule through `TextInput`: a refused edit restores everything, the delegate is
/// asked first, marked text is checked only at its commit.
final class PatternScenarioTests: XCTestCase {
    func testDigitsOnlyRestoresTextAndSelectionAfterABadPaste() throws {
        let rules = TextInputRules(pattern: try TextPattern("^[0-9]*$"))
        let (input, delegate) = editingInput("123", rules: rules)
        input.selectGraphemes(1..<2)
        assertRefused(input, delegate, "a paste with a letter") { input.paste("4x") }
        XCTAssertEqual(input.text, "123")
        XCTAssertEqual(input.graphemeSelection, 1..<2)
        // The delegate saw the change before the rule refused it.
        input.paste("4x")
        XCTAssertEqual(delegate.take(), ["shouldChange 1..<2 \"4x\""])
        input.paste("45")
        XCTAssertEqual(input.text, "1453")
        XCTAssertEqual(input.graphemeSelection, 3..<3)
    }

    func testFourDigitPatternAcceptsPrefixes() throws {
        let rules = TextInputRules(pattern: try TextPattern("^[0-9]{4}$"))
        let (input, delegate) = editingInput(rules: rules)
        typeKeys("12", into: input)
        XCTAssertEqual(input.text, "12")
        assertRefused(input, delegate, "12a") { input.insertText("a") }
        typeKeys("34", into: input)
        assertRefused(input, delegate, "a fifth digit") { input.insertText("5") }
        XCTAssertEqual(input.text, "1234")
        // Deleting back to a prefix is fine; so is deleting everything.
        input.deleteBackward()
        input.selectAll()
        input.deleteBackward()
        XCTAssertEqual(input.text, "")
    }

    func testDeletionsAreCheckedToo() throws {
        let rules = TextInputRules(pattern: try TextPattern("^a.*$"))
        let (input, delegate) = editingInput("abc", rules: rules)
        input.caret(at: 1)
        assertRefused(input, delegate, "deleting the required a") { input.deleteBackward() }
        input.caret(at: 3)
        input.deleteBackward()
        XCTAssertEqual(input.text, "ab")
    }

    func testMarkedTextIsCheckedAtItsCommit() throws {
        let rules = TextInputRules(pattern: try TextPattern("^[\\p{Hiragana}\\p{Han}]*$"))
        let (input, delegate) = editingInput("日", rules: rules)
        input.setMarkedText("k", selectedRange: 1..<1)           // romaji while composing: not checked
        input.setMarkedText("か", selectedRange: 1..<1)
        input.unmarkText()
        XCTAssertEqual(input.text, "日か")
        input.setMarkedText("x", selectedRange: 1..<1)
        _ = delegate.take()
        input.unmarkText()                                       // refused: back to before the composition
        XCTAssertEqual(input.text, "日か")
        XCTAssertEqual(input.graphemeSelection, 2..<2)
        XCTAssertFalse(delegate.take().contains("editingChanged"))
    }

    func testTextFromCodeAndUndoBypassTheRule() throws {
        let rules = TextInputRules(pattern: try TextPattern("^[0-9]*$"))
        let (input, _) = editingInput(rules: rules)
        input.text = "abc"                                       // from code: not checked
        XCTAssertEqual(input.text, "abc")
        input.selectAll()
        input.insertText("1")
        XCTAssertEqual(input.text, "1")
        input.undo()                                             // undo bypasses the rules
        XCTAssertEqual(input.text, "abc")
    }

    func testLengthAndPatternTogether() throws {
        // The PIN field with a pattern instead of the pad: the cut for length comes first,
        // then the pattern sees the text as it would be.
        let rules = TextInputRules(maximumLength: 4, pattern: try TextPattern("^[0-9]*$"))
        let (input, _) = editingInput(rules: rules)
        input.paste("123456")
        XCTAssertEqual(input.text, "1234")
        let (other, delegate) = editingInput(rules: rules)
        assertRefused(other, delegate, "12a4 cut to 12a4") { other.paste("12a456") }
    }
}
