import XCTest
@testable import Caret

/// A find session's matches follow the text (FindMatches.swift): after every edit through
/// `TextInput` — typing, deleting, paste, a replaced selection, several carets, marked text,
/// undo, redo, `text` from code, a remote change — `foundRanges` must be exactly what a fresh
/// search of the whole text finds (`TextDocument.matches(of:)`), for literal queries (searched
/// again line by line) and for those searched again in full (a regular expression, a pattern
/// holding a line terminator). Seeded (`SEED`); prints its seed.
final class IncrementalFindTests: XCTestCase {
    /// Text that tests the window rule: Arabic, Hindi, Japanese (dictionary word breaks), flags
    /// and lone regional indicators (pairing depends on the whole run), marks that join the
    /// cluster before them, every kind of line terminator (CR LF split and joined by edits),
    /// case pairs that fold apart (ß, SS), and runs of one letter (overlapping occurrences).
    static let pieces = ["a", "aa", "ab", "A", " ", "  ", "é", "e\u{301}", "\u{301}", "ß", "SS", "ss", "🇩🇪", "🇫", "🇷",
                         "👨‍👩‍👧", "\r", "\n", "\r\n", "\u{85}", "\u{2028}", "\u{0C}", "日本", "日本語", "語", "क्षि", "की",
                         "्", "मराठी", "مَ", "سلام", "ع", "word", "Word", "wo", "rd", ".", "-", "1\u{FE0F}\u{20E3}"]

    /// Patterns: pieces, pieces of pieces, and some that only whole runs or pairs match.
    static let patterns = ["a", "aa", "ab", "SS", "ß", "e", "é", "🇩🇪", "🇫", "🇫🇷", "日本", "語", "की", "क", "م", "سلام",
                           "word", "wo", "rd", " a", "a ", "\u{301}", "aaa"]

    private func query(_ random: inout SeededGenerator) -> TextSearchQuery {
        let pattern = Self.patterns.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return TextSearchQuery(pattern, ignoresCase: true)
        case 1: return TextSearchQuery(pattern, ignoresDiacritics: true)
        case 2: return TextSearchQuery(pattern, ignoresCase: true, ignoresDiacritics: true, ignoresNormalization: true)
        case 3: return TextSearchQuery(pattern, wordMatch: .whole)
        case 4: return TextSearchQuery(pattern, ignoresCase: true, wordMatch: .prefix)
        case 5: return TextSearchQuery(["a+\\s", "(?<=a)b", "\\b\\w+\\b(?=\\s*$)", "\\X"].randomElement(using: &random)!,
                                       syntax: .regularExpression, ignoresCase: Bool.random(using: &random))
        case 6: return TextSearchQuery(pattern + "\n" + pattern)          // a terminator: searched in full
        case 7: return TextSearchQuery(pattern, ignoresNormalization: true, locale: "tr")
        default: return TextSearchQuery(pattern)
        }
    }

    private func randomText(_ random: inout SeededGenerator, pieces: Int) -> String {
        (0..<pieces).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    private func position(_ input: TextInput, _ random: inout SeededGenerator) -> TextPosition {
        let count = input.document.count(in: .grapheme)
        return input.document.position(at: Int.random(in: 0...count, using: &random))!
    }

    private func caret(_ input: TextInput, _ p: TextPosition) -> TextRange { input.document.textRange(from: p, to: p)! }

    private func range(_ input: TextInput, _ random: inout SeededGenerator) -> TextRange {
        let a = position(input, &random), b = position(input, &random)
        return a.utf8Offset <= b.utf8Offset ? input.document.textRange(from: a, to: b)! : input.document.textRange(from: b, to: a)!
    }

    /// One random edit; returns its name for the failure message.
    private func edit(_ input: TextInput, _ random: inout SeededGenerator) -> String {
        let piece = Self.pieces.randomElement(using: &random)!
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30:
            input.selectedTextRange = caret(input, position(input, &random))
            input.insertText(piece)
            return "type \(piece.debugDescription)"
        case 30..<40:
            input.insertText(piece)                                    // where the caret is: runs of typing
            return "type on \(piece.debugDescription)"
        case 40..<52:
            input.selectedTextRange = Bool.random(using: &random) ? range(input, &random) : caret(input, position(input, &random))
            if Bool.random(using: &random) { input.deleteBackward() } else { input.deleteForward() }
            return "delete"
        case 52..<60:
            let text = randomText(&random, pieces: Int.random(in: 1...6, using: &random))
            input.selectedTextRange = range(input, &random)
            input.paste(text)
            return "paste \(text.debugDescription)"
        case 60..<70:
            input.undo()
            return "undo"
        case 70..<76:
            input.redo()
            return "redo"
        case 76..<80:
            let text = randomText(&random, pieces: Int.random(in: 0...12, using: &random))
            input.text = text
            return "text = \(text.debugDescription)"
        case 80..<86:
            // Several carets: one change set of several replacements.
            input.selectedTextRange = caret(input, position(input, &random))
            input.addSelection(caret(input, position(input, &random)))
            input.insertText(piece)
            input.selectedTextRange = caret(input, position(input, &random))
            return "type at two carets \(piece.debugDescription)"
        case 86..<92:
            let d = input.document
            var edits: [(range: TextRange, text: String)] = []
            var from = 0
            let count = d.count(in: .grapheme)
            for _ in 0..<Int.random(in: 1...3, using: &random) where from <= count {
                let a = Int.random(in: from...count, using: &random)
                let b = Int.random(in: a...min(count, a + 3), using: &random)
                edits.append((d.textRange(from: d.position(at: a)!, to: d.position(at: b)!)!, randomText(&random, pieces: Int.random(in: 0...2, using: &random))))
                from = b + 1
            }
            try? input.applyRemote(try! ChangeSet(edits, in: d))
            return "remote \(edits.map { ($0.range.utf8Range, $0.text) })"
        case 92..<96:
            input.selectedTextRange = caret(input, position(input, &random))
            input.setMarkedText(piece, selectedRange: 0..<0)
            if Bool.random(using: &random) { input.unmarkText() }
            return "marked \(piece.debugDescription)"
        default:
            input.locale = ["en", "tr", "ja", "th"].randomElement(using: &random)!
            return "locale \(input.locale)"
        }
    }

    func testFoundRangesEqualAFreshSearchAfterEveryEdit() throws {
        var (random, seed) = SeededGenerator.fromEnvironment(default: 0xF1D)
        print("IncrementalFindTests seed \(seed)")
        for run in 0..<150 {
            let start = randomText(&random, pieces: Int.random(in: 0...30, using: &random))
            let input = TextInput(start, traits: .plain)
            input.beginEditing()
            let query = query(&random)
            try input.find(query)
            var trail: [String] = []
            for step in 0..<60 {
                trail.append(edit(input, &random))
                // Reads after some edits only: changes pile up between reads too.
                guard Int.random(in: 0..<3, using: &random) > 0 || step == 59 else { continue }
                let expected = try input.document.matches(of: query).map(\.utf8Range)
                let found = input.foundRanges.map(\.utf8Range)
                XCTAssertEqual(found, expected, "seed \(seed) run \(run) step \(step) query \(query) text \(input.text.debugDescription) edits \(trail.suffix(6))")
                if found != expected { return }
                if let current = input.currentFoundRange {
                    XCTAssertTrue(expected.contains(current.utf8Range), "seed \(seed) run \(run) step \(step): current not a match")
                }
                if Int.random(in: 0..<4, using: &random) == 0 {
                    let index = input.currentFoundIndex
                    let next = input.findNext()
                    if let index, !expected.isEmpty {
                        XCTAssertEqual(next?.utf8Range, expected[(index + 1) % expected.count], "seed \(seed) run \(run) step \(step)")
                    }
                }
            }
        }
    }

    /// Long texts with thousands of matches over many leaves, lines long enough that one
    /// window holds hundreds of them (the set rebuilt at once), and edits over half the text
    /// (searched in full): next and previous step through exactly the fresh search's matches.
    func testLongTextsWithManyMatches() throws {
        var (random, seed) = SeededGenerator.fromEnvironment(default: 0x10F)
        let alphabet = ["a", "aa", " ", "ab", "🇫", "é", "\u{301}", "a\n", "\r\n", "日本"]
        for run in 0..<12 {
            let lines = run % 2 == 0 ? 0.002 : 0.3
            let text = (0..<3_000).map { _ in
                Double.random(in: 0..<1, using: &random) < lines ? "\n" : alphabet.randomElement(using: &random)!
            }.joined()
            let input = TextInput(text, traits: .plain)
            input.beginEditing()
            let query = [TextSearchQuery("a"), TextSearchQuery("aa"), TextSearchQuery("A", ignoresCase: true, ignoresDiacritics: true),
                         TextSearchQuery("a", wordMatch: .whole)][run % 4]
            try input.find(query)
            var trail: [String] = []
            for step in 0..<25 {
                if step % 8 == 7 && input.document.count(in: .grapheme) > 8 {
                    // Over half the text at once.
                    let end = input.document.position(at: input.document.count(in: .grapheme) * 3 / 4)!
                    input.selectedTextRange = input.document.textRange(from: input.document.position(at: 1)!, to: end)
                    input.paste("aa a")
                    trail.append("paste over most")
                } else {
                    trail.append(edit(input, &random))
                }
                let expected = try input.document.matches(of: query).map(\.utf8Range)
                XCTAssertEqual(input.foundRanges.map(\.utf8Range), expected, "seed \(seed) run \(run) step \(step) \(trail.suffix(4))")
                guard !expected.isEmpty else { continue }
                for _ in 0..<3 {
                    let index = input.currentFoundIndex
                    let forward = Bool.random(using: &random)
                    let moved = forward ? input.findNext() : input.findPrevious()
                    if let index {
                        let want = expected[((index + (forward ? 1 : -1)) % expected.count + expected.count) % expected.count]
                        XCTAssertEqual(moved?.utf8Range, want, "seed \(seed) run \(run) step \(step)")
                    } else {
                        XCTAssertTrue(moved.map { expected.contains($0.utf8Range) } ?? false, "seed \(seed) run \(run) step \(step)")
                    }
                }
            }
        }
    }

    func testCurrentMatchStaysTheFirstAtOrAfterWhereItWas() throws {
        let input = TextInput("cat cat cat\ncat", traits: .plain)
        input.beginEditing()
        try input.find(TextSearchQuery("cat"))
        input.selectedTextRange = caret(input, input.document.position(at: 0)!)
        input.findNext()
        input.findNext()
        XCTAssertEqual(input.currentFoundRange?.utf8Range, 4..<7)
        // Typing before it moves it; breaking it makes the next match current.
        input.selectedTextRange = caret(input, input.document.position(at: 0)!)
        input.insertText("xx ")
        XCTAssertEqual(input.currentFoundRange?.utf8Range, 7..<10)
        input.selectedTextRange = caret(input, input.document.position(at: 8)!)
        input.insertText("-")
        XCTAssertEqual(input.foundRanges.map(\.utf8Range), [3..<6, 12..<15, 16..<19])
        XCTAssertEqual(input.currentFoundRange?.utf8Range, 12..<15)
        XCTAssertEqual(input.currentFoundIndex, 1)
    }

    func testFlagParityFarAwayIsFoundAgain() throws {
        // "🇫" pairs with the indicator before it: adding one at the start of a long run of
        // them changes which pairs exist at its far end.
        let run = String(repeating: "🇫🇷", count: 40)
        let input = TextInput("x" + run + " 🇷🇫", traits: .plain)
        input.beginEditing()
        try input.find(TextSearchQuery("🇷🇫"))
        XCTAssertEqual(input.foundRanges.count, 1)
        input.selectedTextRange = caret(input, input.document.position(at: 1)!)
        input.insertText("🇫")
        XCTAssertEqual(input.foundRanges.map(\.utf8Range), try input.document.matches(of: TextSearchQuery("🇷🇫")).map(\.utf8Range))
        XCTAssertEqual(input.foundRanges.count, 40)
    }

    func testAKeystrokeSearchesItsLineOnly() throws {
        let line = "the cat sat on the mat, the end\n"
        let input = TextInput(String(repeating: line, count: 200), traits: .plain)
        input.beginEditing()
        try input.find(TextSearchQuery("the"))
        XCTAssertEqual(input.foundRanges.count, 600)
        input.selectedTextRange = caret(input, input.document.position(at: line.count * 100 + 3)!)
        input.insertText("e")                                              // "thee cat": still a match
        input.deleteBackward()
        input.insertText("x")                                              // "thex": still one
        XCTAssertEqual(input.foundRanges.count, 600)
        XCTAssertEqual(input.findSession?.matches.lastSearchedBytes, line.utf8.count + 1)
        input.selectedTextRange = caret(input, input.document.position(at: line.count * 100 + 1)!)
        input.deleteForward()                                              // "te": gone
        XCTAssertEqual(input.foundRanges.count, 599)
        XCTAssertEqual(input.findSession?.matches.lastSearchedBytes, line.utf8.count)
        // A pattern with a line break, or a regular expression: searched in full.
        try input.find(TextSearchQuery("end\nthe"))
        input.insertText("z")
        XCTAssertEqual(input.foundRanges.count, 198)                       // the line broken above starts "tze"
        XCTAssertEqual(input.findSession?.matches.lastSearchedBytes, input.document.utf8Count)
    }
}
