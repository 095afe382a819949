import CaretCorpus
import XCTest
@testable import Caret

/// `caret session`'s traits, rules and locale: in the settings line and as actions, with
/// errors that say what is wrong.
final class SessionTraitsTests: XCTestCase {
    func testSettingsAndActionsParse() throws {
        let script = SessionScript("""
            {"settings": {"kind": "field", "traits": {"keyboardType": "numberPad"}, "rules": {"maximumLength": 4}}}
            {"insert": "12a345"}
            {"traits": "plain"}
            {"rules": {"pattern": "^[a-z]*$", "placeholder": "code"}}
            {"locale": "tr"}
            """)
        XCTAssertEqual(script.errors, [])
        XCTAssertEqual(script.settings.traits?.keyboardType, .numberPad)
        XCTAssertEqual(script.settings.traits?.autocapitalization, .sentences)   // missing keys: defaults
        XCTAssertEqual(script.settings.rules?.maximumLength, 4)
        let lines = SessionRunner.run(script, keepGoing: false).lines
        XCTAssertEqual(lines[0], "0 field traits keyboardType numberPad rules maximumLength 4 · \"\" · selection 0 (utf16 0) · not editing · undo no, redo no")
        XCTAssertTrue(lines[2].hasPrefix("  = \"1234\""), lines[2])
        XCTAssertTrue(lines.contains("3 traits off"), "\(lines)")
        XCTAssertTrue(lines.contains("4 rules pattern \"^[a-z]*$\", placeholder \"code\""), "\(lines)")
        XCTAssertTrue(lines.contains("5 locale tr"), "\(lines)")
    }

    func testBadTraitsAndRulesAreErrors() {
        let script = SessionScript("""
            {"traits": {"keyboard": "numberPad"}}
            {"traits": {"keyboardType": "numberpad"}}
            {"traits": "fancy"}
            {"rules": {"maximumLength": "four"}}
            {"rules": {"pattern": "a)("}}
            """)
        let messages = script.errors.map(\.message)
        XCTAssertEqual(script.errors.map(\.line), [1, 2, 3, 4, 5])
        XCTAssertTrue(messages[0].hasPrefix("unknown trait \"keyboard\""), messages[0])
        XCTAssertTrue(messages[1].contains("numberpad"), messages[1])
        XCTAssertTrue(messages[2].contains("\"off\" or \"default\""), messages[2])
        XCTAssertTrue(messages[3].contains("maximumLength"), messages[3])
        XCTAssertTrue(messages[4].contains("U_REGEX_MISMATCHED_PAREN at UTF-16 offset 2"), messages[4])
    }
}
