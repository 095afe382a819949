import XCTest
@testable import Caret

/// What UITextField users build by hand, with the field rules and pads: a PIN field, length
/// limits in clusters, input methods in a full field, the veto that restores everything.
final class FieldRuleScenarioTests: XCTestCase {
    func testFourDigitPINField() {
        let pin = TextInputTraits(keyboardType: .numberPad, isSecureTextEntry: true)
        let (input, delegate) = editingInput(traits: pin, rules: .init(maximumLength: 4))
        typeKeys("12", into: input)
        assertRefused(input, delegate, "a letter") { input.insertText("a") }
        typeKeys("34", into: input)
        XCTAssertEqual(input.text, "1234")
        assertRefused(input, delegate, "a fifth digit") { input.insertText("5") }
        assertRefused(input, delegate, "a pasted letter") { input.paste("x") }
        XCTAssertEqual(input.displayText, "••••")
        XCTAssertNil(input.copy())
        input.selectAll()
        XCTAssertNil(input.cut())
        XCTAssertEqual(input.text, "1234")
        // Pasting a formatted code keeps the digits that fit.
        input.text = ""
        input.paste("98-76 54")
        XCTAssertEqual(input.text, "9876")
    }

    func testTenClusterFieldReceivingTwelveFamilyEmoji() {
        let family = "👨‍👩‍👧‍👦"
        let (input, delegate) = editingInput(rules: .init(maximumLength: 10))
        input.paste(String(repeating: family, count: 12))
        XCTAssertEqual(input.text, String(repeating: family, count: 10))
        XCTAssertEqual(input.document.count, 10)
        XCTAssertEqual(input.text.utf16.count, 110)          // a UTF-16 limit of 10 would cut a family in half
        // The delegate was offered the change as applied: the cut text.
        XCTAssertEqual(delegate.take().first, "shouldChange 0..<0 \"\(String(repeating: family, count: 10))\"")
        XCTAssertEqual(input.utf16Selection, 110..<110)
    }

    func testCombiningMarkAtTheEndOfAFullFiveClusterField() {
        let (input, delegate) = editingInput("cafe", rules: .init(maximumLength: 5))
        input.insertText("s")
        input.insertText("\u{301}")                           // joins the s: still 5 clusters
        XCTAssertEqual(input.text, "cafes\u{301}")
        assertRefused(input, delegate, "a sixth cluster") { input.insertText("x") }
        // A ZWJ sequence completed at the limit.
        let (emoji, _) = editingInput("abcd👨", rules: .init(maximumLength: 5))
        emoji.insertText("\u{200D}👩")
        XCTAssertEqual(emoji.text, "abcd👨‍👩")
    }

    func testOverLongTextFromCodeCanBeShortened() {
        let (input, delegate) = editingInput(rules: .init(maximumLength: 3))
        input.text = "abcdef"                                 // from code: not limited
        XCTAssertEqual(input.text, "abcdef")
        assertRefused(input, delegate, "growing") { input.insertText("g") }
        input.deleteBackward()
        XCTAssertEqual(input.text, "abcde")
        input.selectGraphemes(0..<2)
        input.insertText("X")                                 // shorter: allowed
        XCTAssertEqual(input.text, "Xcde")
    }

    func testJapaneseCompositionInAFullField() {
        let (input, delegate) = editingInput("abcde", rules: .init(maximumLength: 5))
        // Marked text is not limited: the input method shows what is being typed.
        input.setMarkedText("に", selectedRange: 1..<1)
        input.setMarkedText("にほ", selectedRange: 2..<2)
        input.setMarkedText("日本", selectedRange: 2..<2)
        XCTAssertEqual(input.text, "abcde日本")
        XCTAssertNotNil(input.markedTextRange)
        _ = delegate.take()
        // The commit does not fit at all and replaces nothing: as a veto, the text and
        // selection from before the composition come back, no edit is recorded.
        input.unmarkText()
        XCTAssertEqual(input.text, "abcde")
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(input.utf16Selection, 5..<5)
        XCTAssertFalse(delegate.log.contains("editingChanged"))
        XCTAssertFalse(input.canUndo)
    }

    func testJapaneseCommitCutToWhatFits() {
        let (input, delegate) = editingInput("abc", rules: .init(maximumLength: 5))
        input.setMarkedText("にほんご", selectedRange: 4..<4)
        input.setMarkedText("日本語", selectedRange: 3..<3)
        _ = delegate.take()
        input.unmarkText()
        XCTAssertEqual(input.text, "abc日本")
        XCTAssertTrue(delegate.log.contains("shouldChange 3..<3 \"日本\""), "\(delegate.log)")
        XCTAssertEqual(input.utf16Selection, 5..<5)
        input.undo()
        XCTAssertEqual(input.text, "abc")
    }

    func testKoreanCompositionInAFullField() {
        let (full, _) = editingInput("가나다라마", rules: .init(maximumLength: 5))
        for step in ["ㅎ", "하", "한"] { full.setMarkedText(step, selectedRange: 1..<1) }
        XCTAssertEqual(full.text, "가나다라마한")
        full.unmarkText()
        XCTAssertEqual(full.text, "가나다라마")
        // With room for one syllable: the second is cut at its cluster boundary.
        let (room, _) = editingInput("가나다라", rules: .init(maximumLength: 5))
        for step in ["ㅎ", "하", "한", "한ㄱ", "한그", "한글"] { room.setMarkedText(step, selectedRange: step.utf16.count..<step.utf16.count) }
        room.unmarkText()
        XCTAssertEqual(room.text, "가나다라한")
        // Conjoining jamo (three scalars, one cluster) count as one.
        let (jamo, _) = editingInput("가나다라", rules: .init(maximumLength: 5))
        jamo.insertText("\u{1112}\u{1161}\u{11AB}")
        XCTAssertEqual(jamo.document.count, 5)
    }

    func testVetoRestoresTheSelection() {
        let (input, delegate) = editingInput("hello world", traits: .init(), rules: .init(maximumLength: 20))
        input.selectGraphemes(6..<11)
        delegate.allowChange = false
        assertRefused(input, delegate, "typing over a selection") { input.insertText("x") }
        assertRefused(input, delegate, "pasting over a selection") { input.paste("there") }
        assertRefused(input, delegate, "deleting a selection") { input.deleteBackward() }
        XCTAssertEqual(input.graphemeSelection, 6..<11)
        // A composition vetoed at its commit restores the selection it replaced.
        input.setMarkedText("ワ", selectedRange: 1..<1)
        input.unmarkText()
        XCTAssertEqual(input.text, "hello world")
        XCTAssertEqual(input.graphemeSelection, 6..<11)
    }

    func testReturnDisabledWhileEmpty() {
        let traits = TextInputTraits(enablesReturnKeyAutomatically: true)
        let (field, delegate) = editingInput(traits: traits)
        XCTAssertFalse(field.isReturnKeyEnabled)
        assertRefused(field, delegate, "Return while disabled") { field.insertText("\n") }
        field.insertText("a")
        XCTAssertTrue(field.isReturnKeyEnabled)
        _ = delegate.take()
        field.insertText("\n")
        XCTAssertEqual(delegate.take().prefix(2), ["shouldReturn", "editingDidEndOnExit"])
        let (view, viewDelegate) = editingInput(kind: .multiLine, traits: traits)
        assertRefused(view, viewDelegate, "a line break while disabled") { view.insertText("\n") }
        view.insertText("a")
        view.insertText("\n")
        XCTAssertEqual(view.text, "A\n")
        // Without the trait, Return is always enabled.
        XCTAssertTrue(TextInput().isReturnKeyEnabled)
    }
}
