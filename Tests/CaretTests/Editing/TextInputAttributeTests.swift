@testable import Caret
import Foundation
import XCTest

/// Attribute runs and typing attributes (shared/docs/CHANGES.md, "Attribute runs and typing
/// attributes"): UIKit's rules, undo, state restoration, and a random walk of edits, undo and
/// redo on multilingual text checked against the runs the same steps gave before.
final class TextInputAttributeTests: XCTestCase {
    let bold: TextAttributes = ["weight": "bold"]
    let italic: TextAttributes = ["style": "italic"]

    /// An input without the typing transforms (capitals, smart punctuation), which would change
    /// the texts typed.
    func plain(_ text: String) -> TextInput {
        TextInput(text, traits: TextInputTraits(autocapitalization: .none, smartQuotes: false, smartDashes: false, smartInsertDelete: false))
    }

    /// (text, attributes) of every run.
    func runs(_ input: TextInput) -> [(String, TextAttributes)] {
        let doc = input.document
        return (input.attributeRuns(in: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!) ?? []).map {
            (doc.text(in: $0.range) ?? "", $0.attributes)
        }
    }

    func assertRuns(_ input: TextInput, _ expected: [(String, TextAttributes)], file: StaticString = #filePath, line: UInt = #line) {
        let got = runs(input)
        XCTAssertTrue(got.elementsEqual(expected) { $0.0 == $1.0 && $0.1 == $1.1 }, "\(got)", file: file, line: line)
    }

    func caret(_ input: TextInput, at offset: Int) {
        let p = input.document.position(at: offset)!
        input.selectedTextRange = input.document.textRange(from: p, to: p)
    }

    func testTypedTextTakesTypingAttributesAndMovingReadsThemBack() {
        let input = plain("")
        input.insertText("ab")
        input.typingAttributes = bold
        input.insertText("cd")
        assertRuns(input, [("ab", [:]), ("cd", bold)])
        XCTAssertEqual(input.typingAttributes, bold)  // the character before the caret
        caret(input, at: 1)
        XCTAssertEqual(input.typingAttributes, [:])
        caret(input, at: 3)
        XCTAssertEqual(input.typingAttributes, bold)
        caret(input, at: 0)
        XCTAssertEqual(input.typingAttributes, [:])  // the character after it at the start
        input.selectedTextRange = input.document.textRange(from: input.document.position(at: 2)!, to: input.document.position(at: 4)!)
        XCTAssertEqual(input.typingAttributes, bold)  // the first selected character
        XCTAssertEqual(input.attributes(at: input.document.position(at: 2)!), bold)
        XCTAssertEqual(input.attributes(at: input.document.endOfDocument), bold)  // before it at the end
        XCTAssertNil(TextInput("").attributes(at: TextInput("").document.beginningOfDocument))
        // Set, then the selection moves: they are read from the text again (UIKit).
        caret(input, at: 1)
        input.typingAttributes = italic
        caret(input, at: 1)
        XCTAssertEqual(input.typingAttributes, [:])
    }

    func testTypingAtSeveralCaretsGivesEachInsertionTheTypingAttributes() {
        let input = plain("abcd")
        let doc = input.document
        input.setAttributes(bold, range: doc.textRange(from: doc.position(at: 0)!, to: doc.position(at: 2)!)!)
        caret(input, at: 1)
        input.addSelection(doc.textRange(from: doc.position(at: 3)!, to: doc.position(at: 3)!)!)
        input.typingAttributes = italic
        input.insertText("X")
        XCTAssertEqual(input.document.string, "aXbcXd")
        assertRuns(input, [("a", bold), ("X", italic), ("b", bold), ("c", [:]), ("X", italic), ("d", [:])])
        input.undo()
        XCTAssertEqual(input.document.string, "abcd")
        assertRuns(input, [("ab", bold), ("cd", [:])])
        // A step of several selections keeps no runs: redo's text takes the attributes at the
        // main caret, as typed there; the runs still cover the text.
        input.redo()
        XCTAssertEqual(runs(input).map(\.0).joined(), "aXbcXd")
    }

    func testSetAttributesMergesNeighboursAndUndoes() {
        let input = plain("héllo wörld 🇯🇵")
        let doc = input.document
        let r = doc.textRange(from: doc.position(at: 1)!, to: doc.position(at: 4)!)!
        XCTAssertTrue(input.setAttributes(bold, range: r))
        assertRuns(input, [("h", [:]), ("éll", bold), ("o wörld 🇯🇵", [:])])
        XCTAssertTrue(input.setAttributes(bold, range: doc.textRange(from: doc.position(at: 4)!, to: doc.position(at: 6)!)!))
        assertRuns(input, [("h", [:]), ("éllo ", bold), ("wörld 🇯🇵", [:])])
        XCTAssertEqual(input.attributeRuns(in: doc.textRange(from: doc.position(at: 3)!, to: doc.position(at: 8)!)!)!.map(\.attributes),
                       [bold, [:]])
        input.undo()
        assertRuns(input, [("h", [:]), ("éll", bold), ("o wörld 🇯🇵", [:])])
        XCTAssertEqual(input.text, "héllo wörld 🇯🇵")
        input.undo()
        assertRuns(input, [("héllo wörld 🇯🇵", [:])])
        input.redo()
        input.redo()
        assertRuns(input, [("h", [:]), ("éllo ", bold), ("wörld 🇯🇵", [:])])
        XCTAssertFalse(input.setAttributes(bold, range: TextRange(start: TextPosition(utf8Offset: 900), end: TextPosition(utf8Offset: 901))))
    }

    func testUndoingADeletionPutsTheAttributesBack() {
        let input = plain("مرحبا بالعالم")
        let doc = input.document
        input.setAttributes(italic, range: doc.textRange(from: doc.position(at: 2)!, to: doc.position(at: 8)!)!)
        let before = runs(input)
        input.selectedTextRange = doc.textRange(from: doc.position(at: 1)!, to: doc.position(at: 5)!)
        input.deleteBackward()
        XCTAssertEqual(input.text, "م بالعالم")
        input.undo()
        XCTAssertTrue(runs(input).elementsEqual(before) { $0.0 == $1.0 && $0.1 == $1.1 })
        input.redo()
        XCTAssertEqual(input.text, "م بالعالم")
    }

    func testStateKeepsTheRunsInUTF16() throws {
        let input = plain("a👍🏽b\r\nनमस्ते")
        let doc = input.document
        input.setAttributes(bold, range: doc.textRange(from: doc.position(at: 1)!, to: doc.position(at: 3)!)!)
        let state = input.state
        XCTAssertEqual(state.attributeRuns?.map(\.utf16Length), [1, 5, 8])
        let decoded = try JSONDecoder().decode(TextInputState.self, from: JSONEncoder().encode(state))
        XCTAssertEqual(decoded, state)
        let other = TextInput("a👍🏽b\r\nनमस्ते")
        other.restore(decoded)
        XCTAssertTrue(runs(other).elementsEqual(runs(input)) { $0.0 == $1.0 && $0.1 == $1.1 })
        let different = plain("something else, longer")
        different.restore(decoded)
        assertRuns(different, [("something else, longer", [:])])
        // A state saved before runs were kept decodes with none.
        let old = #"{"textUTF16Length":3,"isEditable":true}"#
        XCTAssertNil(try JSONDecoder().decode(TextInputState.self, from: Data(old.utf8)).attributeRuns)
    }

    func testCompositionCommitsWithTheTypingAttributesItStartedWith() {
        let input = plain("x")
        input.typingAttributes = bold
        input.setMarkedText("か", selectedRange: 1..<1)
        input.setMarkedText("かな", selectedRange: 2..<2)
        input.unmarkText()
        assertRuns(input, [("x", [:]), ("かな", bold)])
        input.undo()
        assertRuns(input, [("x", [:])])
    }

    /// Random typing (with typing attributes), deleting, setting attributes, moving, undo and
    /// redo: undoing everything gives back the first text and runs, redoing everything the
    /// last; the runs always cover the text with equal neighbours merged.
    func testUndoAndRedoRestoreTextAndRunsTogether() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        let pieces = ["a", "b ", "é", "中", "👍🏽", "ש", "🇫🇷", "क्ष", "مر", "\r\n"]
        let sets: [TextAttributes] = [[:], bold, italic, ["colour": "red"]]
        for round in 0..<20 {
            let input = plain("hello مرحبا नमस्ते")
            input.setAttributes(italic, range: input.document.textRange(from: input.document.position(at: 2)!, to: input.document.position(at: 9)!)!)
            input.breakUndoCoalescing()
            let first = (input.text, runs(input).map { "\($0.0)|\($0.1)" })
            for _ in 0..<40 {
                let doc = input.document
                let g = doc.count
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    input.typingAttributes = sets.randomElement(using: &rng)!
                    input.insertText(pieces.randomElement(using: &rng)!)
                case 1: input.deleteBackward()
                case 2:
                    let a = Int.random(in: 0...g, using: &rng), b = min(g, a + Int.random(in: 0...4, using: &rng))
                    input.setAttributes(sets.randomElement(using: &rng)!, range: doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)!)
                case 3:
                    let a = Int.random(in: 0...g, using: &rng), b = min(g, a + Int.random(in: 0...3, using: &rng))
                    input.selectedTextRange = doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)
                case 4: input.insertText(pieces.randomElement(using: &rng)!)
                default: input.breakUndoCoalescing()
                }
                let all = input.attributeRuns(in: input.document.textRange(from: input.document.beginningOfDocument, to: input.document.endOfDocument)!)!
                XCTAssertEqual(all.reduce(0) { $0 + $1.range.utf8Range.count }, input.document.utf8Count, "SEED=\(seed) round \(round)")
                XCTAssertFalse(zip(all, all.dropFirst()).contains { $0.attributes == $1.attributes }, "SEED=\(seed): neighbours not merged")
            }
            let last = (input.text, runs(input).map { "\($0.0)|\($0.1)" })
            while input.canUndo { input.undo() }
            XCTAssertEqual(input.text, "hello مرحبا नमस्ते", "SEED=\(seed) round \(round)")
            input.redo()  // the first step (the attributes set before the walk)
            XCTAssertEqual(input.text, first.0)
            XCTAssertEqual(runs(input).map { "\($0.0)|\($0.1)" }, first.1, "SEED=\(seed) round \(round): undo all")
            while input.canRedo { input.redo() }
            XCTAssertEqual(input.text, last.0, "SEED=\(seed) round \(round)")
            XCTAssertEqual(runs(input).map { "\($0.0)|\($0.1)" }, last.1, "SEED=\(seed) round \(round): redo all")
        }
    }
}
