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

    /// The library reads a negative limit as 0; a script saying -1 is refused instead, in the
    /// settings line as in a `rules` action, with the line's number.
    func testNegativeMaximumLengthIsAnError() {
        let script = SessionScript("""
            {"settings": {"rules": {"maximumLength": -1}}}
            {"rules": {"maximumLength": 0}}
            {"rules": {"maximumLength": -5}}
            """)
        XCTAssertEqual(script.errors.map(\.line), [1, 3])
        XCTAssertEqual(script.errors.first?.message,
                       "\"rules\": \"maximumLength\" takes a number of grapheme clusters, 0 or more, not -1")
        XCTAssertEqual(script.lines.map(\.action), [.rules(TextInputRules(maximumLength: 0))])
    }

    /// A locale ICU has no data for parses (ICU would accept it) but is reported as a warning
    /// naming the line; known ones, with regions, scripts and keywords, are not.
    func testUnknownLocalesAreWarnings() {
        let script = SessionScript("""
            {"settings": {"locale": "xx-bogus"}}
            {"locale": "de-CH"}
            {"locale": "klingon"}
            {"locale": "sr-Latn"}
            {"locale": "en@ss=standard"}
            """)
        XCTAssertEqual(script.errors, [])
        XCTAssertEqual(script.warnings.map(\.line), [1, 3])
        XCTAssertEqual(script.warnings.first?.message.hasPrefix("unknown locale \"xx-bogus\""), true)
    }
}
