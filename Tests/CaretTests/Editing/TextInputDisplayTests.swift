import XCTest
@testable import Caret

/// A new input, its settings, and what a field shows besides its text.
final class TextInputDisplayTests: XCTestCase {
    func testANewInputHasItsCaretAtTheEnd() {
        let input = TextInput("héllo 👋🏽")
        XCTAssertEqual(input.graphemeSelection, 7..<7)
        XCTAssertNil(input.markedTextRange)
        XCTAssertFalse(input.isEditing)
        XCTAssertTrue(input.isEditable)
        XCTAssertFalse(input.canUndo)
        XCTAssertEqual(input.kind, .multiLine)
        XCTAssertEqual(TextInput().text, "")
    }

    func testLocaleIsTheDocumentsLocale() {
        let input = TextInput("สวัสดีครับ")
        input.locale = "th"
        XCTAssertEqual(input.document.locale, "th")
        input.text = "ภาษาไทย"
        XCTAssertEqual(input.document.locale, "th", "setting the text keeps the locale")
    }

    func testDisplayTextPlaceholderAndBullets() {
        let input = TextInput("", kind: .singleLine, rules: TextInputRules(placeholder: "Name"))
        XCTAssertEqual(input.displayText, "Name")
        input.setMarkedText("か", selectedRange: 1..<1)
        XCTAssertEqual(input.displayText, "か", "marked text is text")
        input.unmarkText()
        input.traits.isSecureTextEntry = true
        input.insertText("👨‍👩‍👧e\u{301}")
        XCTAssertEqual(input.displayText, "•••", "one bullet per cluster")
    }

    func testReturnKeyAndOverlays() {
        let input = TextInput("", kind: .singleLine,
                              traits: TextInputTraits(enablesReturnKeyAutomatically: true),
                              rules: TextInputRules(clearButtonMode: .whileEditing, leftViewMode: .unlessEditing))
        XCTAssertFalse(input.isReturnKeyEnabled)
        XCTAssertFalse(input.isClearButtonVisible)
        XCTAssertTrue(input.isOverlayVisible(input.rules.leftViewMode))
        input.insertText("x")
        XCTAssertTrue(input.isReturnKeyEnabled)
        XCTAssertTrue(input.isClearButtonVisible)
        XCTAssertFalse(input.isOverlayVisible(.unlessEditing))
        XCTAssertTrue(input.isOverlayVisible(.always))
        XCTAssertFalse(input.isOverlayVisible(.never))
        input.endEditing()
        XCTAssertFalse(input.isClearButtonVisible, "while editing only")
        input.traits.enablesReturnKeyAutomatically = false
        input.text = ""
        XCTAssertTrue(input.isReturnKeyEnabled)
    }

    func testTraitsAndRulesAreCodableWithTheirDefaults() throws {
        let traits = TextInputTraits(autocapitalization: .words, keyboardType: .numberPad, isSecureTextEntry: true)
        let rules = TextInputRules(maximumLength: 4, placeholder: "PIN", clearButtonMode: .always)
        XCTAssertEqual(try JSONDecoder().decode(TextInputTraits.self, from: JSONEncoder().encode(traits)), traits)
        XCTAssertEqual(try JSONDecoder().decode(TextInputRules.self, from: JSONEncoder().encode(rules)), rules)
        let defaults = TextInputTraits()
        XCTAssertEqual(defaults.autocapitalization, .sentences)
        XCTAssertTrue(defaults.smartQuotes && defaults.smartDashes && defaults.smartInsertDelete)
        XCTAssertEqual(defaults.keyboardType, .default)
        XCTAssertFalse(defaults.isSecureTextEntry || defaults.enablesReturnKeyAutomatically)
        let noRules = TextInputRules()
        XCTAssertNil(noRules.maximumLength)
        XCTAssertEqual(noRules.clearButtonMode, .never)
    }
}
