import CaretCorpus
import XCTest

/// Every scenario under `Corpus/sessions/` replays to its kept transcript, and `caret session`'s
/// runner words steps, errors and the keep-going flag as documented.
final class SessionScenarioTests: XCTestCase {
    static let sessions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/sessions")

    func testEveryScenarioReplaysToItsTranscript() throws {
        let scripts = try FileManager.default.contentsOfDirectory(at: Self.sessions, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(scripts.count, 5, "scenarios missing under Corpus/sessions")
        for script in scripts {
            let expectedURL = script.deletingPathExtension().appendingPathExtension("expected")
            guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(expectedURL.path) is missing (caret session --record \(script.path))")
                continue
            }
            let transcript = SessionRunner.run(SessionScript(try String(contentsOf: script, encoding: .utf8)), keepGoing: false)
            if let d = transcript.firstDifference(from: expected) {
                XCTFail("\(script.lastPathComponent): transcript line \(d.line)\n  expected: \(d.expected)\n  got:      \(d.got)\n(check by hand, then: caret session --record \(script.path))")
            }
        }
    }

    func testStepsAreWordedAfterEachLine() {
        let script = SessionScript("""
            {"settings": {"kind": "field", "text": "ab"}}
            {"insert": "c"}
            {"delegate": {"change": false}}
            {"delete": 1}
            {"copy": true}
            """)
        let lines = SessionRunner.run(script, keepGoing: false).lines
        XCTAssertEqual(lines, [
            "0 field · \"ab\" · selection 2 (utf16 2) · not editing · undo no, redo no",
            "2 insert \"c\"",
            "  = \"abc\" · selection 3 (utf16 3) · editing · undo yes, redo no",
            "  delegate: shouldBeginEditing → yes; editingDidBegin; shouldChange 2 (utf16 2) to \"c\" → yes; didApply utf16 2 → 2..<3; editingChanged; selectionChanged",
            "3 delegate refuses change",
            "4 delete",
            "  = \"abc\" · selection 3 (utf16 3) · editing · undo yes, redo no",
            "  delegate: shouldChange 2..<3 (utf16 2..<3) to \"\" → no",
            "5 copy",
            "  = \"abc\" · selection 3 (utf16 3) · editing · undo yes, redo no",
            "  returned nil",
        ])
    }

    func testBadLinesStopTheRunUnlessKeepGoing() {
        let script = SessionScript("""
            {"insert": "a"}
            {"select": [0, 5]}
            {"inser": "b"}
            {"insert": "c"}
            """)
        let stopped = SessionRunner.run(script, keepGoing: false)
        XCTAssertEqual(stopped.errors.map(\.line), [2])
        XCTAssertEqual(stopped.lines.last, "2 error: 0..<5 is outside the text (1 graphemes)")
        XCTAssertFalse(stopped.lines.contains { $0.hasPrefix("4 ") })

        let went = SessionRunner.run(script, keepGoing: true)
        XCTAssertEqual(went.errors.map(\.line), [2, 3])
        XCTAssertTrue(went.lines.contains { $0.hasPrefix("3 error: no action") })
        // The contract's default traits: the sentence starts with a capital.
        XCTAssertTrue(went.lines.contains("  = \"Ac\" · selection 2 (utf16 2) · editing · undo yes, redo no"), "\(went.lines)")
    }

    func testInvisibleCharactersAreSpelledOut() {
        let lines = SessionRunner.run(SessionScript(#"{"text": "a\u200db\n\"é\u2028"}"#), keepGoing: false).lines
        XCTAssertEqual(lines[2].hasPrefix(#"  = "a\u{200D}b\n\"é\u{2028}""#), true, lines[2])
    }
}
