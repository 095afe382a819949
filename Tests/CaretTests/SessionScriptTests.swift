import Caret
import CaretCorpus
import XCTest

/// `caret session`'s script format: every action parses to what it says, and every bad line
/// gets an error that names its line and what is wrong.
final class SessionScriptTests: XCTestCase {
    func testEveryActionParses() throws {
        let script = SessionScript("""
            {"settings": {"kind": "field", "editable": false, "text": "ab", "locale": "tr", "traits": "off"}}
            {"insert": "x\\n"}
            {"return": 2}
            {"delete": true}
            {"deleteForward": 3}
            {"mark": "にほ", "selected": [1, 2]}
            {"mark": null}
            {"mark": "a", "unit": "grapheme"}
            {"unmark": true}

            {"move": "left", "by": "word", "extend": true, "count": 2}
            {"move": "down"}
            {"select": [1, 4], "unit": "utf16"}
            {"select": "all"}
            {"select": null}
            {"paste": "p"}
            {"cut": true}
            {"copy": true}
            {"replace": [0, 1], "with": "r"}
            {"clear": true}
            {"undo": 1}
            {"redo": 2}
            {"break": true}
            {"begin": true}
            {"end": "force"}
            {"end": true}
            {"text": "t"}
            {"delegate": {"change": false, "return": false}}
            {"note": "n"}
            """)
        XCTAssertEqual(script.errors, [])
        XCTAssertEqual(script.settings, SessionSettings(isField: true, isEditable: false, text: "ab", locale: "tr", traitsOff: true))
        var answers = SessionAction.Answers()
        answers.change = false
        answers.returnKey = false
        let expected: [SessionAction] = [
            .insert("x\n"), .returnKey(count: 2), .deleteBackward(count: 1), .deleteForward(count: 3),
            .mark("にほ", selected: 1..<2, unit: .utf16), .mark(nil, selected: nil, unit: .utf16),
            .mark("a", selected: nil, unit: .grapheme), .unmark,
            .move(.left, by: .word, extend: true, count: 2), .move(.down, by: .character, extend: false, count: 1),
            .select(1..<4, unit: .utf16), .selectAll, .selectNone, .paste("p"), .cut, .copy,
            .replace(0..<1, unit: .grapheme, with: "r"), .clear, .undo(count: 1), .redo(count: 2),
            .breakUndoCoalescing, .begin, .end(force: true), .end(force: false), .setText("t"),
            .delegate(answers), .note("n"),
        ]
        XCTAssertEqual(script.lines.map(\.action), expected)
        // Line numbers are the file's, blank lines included.
        XCTAssertEqual(script.lines.first?.number, 2)
        XCTAssertEqual(script.lines.first { $0.action == .move(.left, by: .word, extend: true, count: 2) }?.number, 11)
    }

    func testBadLinesNameTheLineAndTheProblem() {
        let script = SessionScript("""
            {"insert": "a"}
            {"inser": "a"}
            {"insert": 3}
            not json
            {"insert": "a", "paste": "b"}
            {"move": "sideways"}
            {"move": "left", "by": "word", "extend": 1}
            {"select": [3, 1]}
            {"delete": -1}
            {"cut": false}
            {"settings": {"kind": "field"}}
            {"undo": 1, "count": 2}
            {"delegate": {"veto": true}}
            [1, 2]
            """)
        XCTAssertEqual(script.lines.map(\.number), [1])
        XCTAssertEqual(script.errors.map(\.line), Array(2...14))
        let messages = Dictionary(uniqueKeysWithValues: script.errors.map { ($0.line, $0.message) })
        XCTAssertEqual(messages[2]?.hasPrefix("no action (found \"inser\"; expected one of settings, insert,"), true)
        XCTAssertEqual(messages[3], "\"insert\" takes a string")
        XCTAssertEqual(messages[4]?.hasPrefix("not valid JSON"), true)
        XCTAssertEqual(messages[5], "one action per line (found insert, paste)")
        XCTAssertEqual(messages[6], "\"move\" takes one of \"down\", \"left\", \"right\", \"up\"")
        XCTAssertEqual(messages[7], "\"extend\" takes true or false")
        XCTAssertEqual(messages[8], "\"select\" takes [start, end] with 0 <= start <= end")
        XCTAssertEqual(messages[9], "\"delete\" takes a count from 0 to 100000 (or true for 1)")
        XCTAssertEqual(messages[10], "\"cut\" takes true (write nothing to skip it)")
        XCTAssertEqual(messages[11], "settings must come before the first action")
        XCTAssertEqual(messages[12], "unknown key \"count\" for \"undo\"")
        XCTAssertEqual(messages[13], "unknown delegate answer \"veto\" (known: change, begin, end, clear, return)")
        XCTAssertEqual(messages[14], "expected a JSON object, like {\"insert\": \"abc\"}")
        XCTAssertEqual(script.errors.first?.description.hasPrefix("line 2: "), true)
    }

    func testCRLFLinesAndSettingsDefaults() {
        let script = SessionScript("{\"insert\": \"a\"}\r\n{\"delete\": 1}\r\n")
        XCTAssertEqual(script.errors, [])
        XCTAssertEqual(script.settings, SessionSettings())
        XCTAssertEqual(script.lines.map(\.action), [.insert("a"), .deleteBackward(count: 1)])
    }
}
