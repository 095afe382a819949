@testable import Caret
import XCTest

/// The wrap index: against `TextDocument.visualLines` (the reference), through random edits,
/// and its position ↔ (visual line, column) mapping and vertical movement.
final class VisualLineIndexTests: XCTestCase {
    static let pieces = SoftWrapTests.pieces + ["שלום", "עברית abc", "\u{2067}x\u{2069}", "123"]

    func randomText(_ rng: inout SeededGenerator, count: ClosedRange<Int> = 0...80) -> String {
        var text = ""
        for _ in 0..<Int.random(in: count, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
        return text
    }

    func randomOptions(_ rng: inout SeededGenerator) -> SoftWrapOptions {
        let display = DisplayWidthOptions(model: Bool.random(using: &rng) ? .terminal : .clusters, tabWidth: Int.random(in: 1...8, using: &rng))
        return SoftWrapOptions(width: Int.random(in: 1...24, using: &rng), display: display, preservesIndent: Bool.random(using: &rng))
    }

    /// Grapheme clusters `range` of `document` as a `TextRange`.
    func graphemes(_ range: Range<Int>, in document: TextDocument) -> TextRange? {
        guard let start = document.position(at: range.lowerBound), let end = document.position(at: range.upperBound) else { return nil }
        return document.textRange(from: start, to: end)
    }

    /// Every visual line of the index equals the reference walk's.
    func assertMatchesReference(_ index: VisualLineIndex, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let reference = Array(index.document.visualLines(options: index.options))
        XCTAssertEqual(index.visualLineCount, reference.count, message, file: file, line: line)
        for (k, visual) in reference.enumerated() {
            XCTAssertEqual(index.visualLine(at: k), visual, "visual line \(k) \(message)", file: file, line: line)
        }
        XCTAssertNil(index.visualLine(at: reference.count))
    }

    func testMatchesTheWalkAndFollowsRandomEdits() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        for round in 0..<60 {
            let options = randomOptions(&rng)
            var document = TextDocument(randomText(&rng))
            let index = VisualLineIndex(document: document, options: options)
            // Sometimes query the middle first, so that edits land before and after the frontier.
            if Bool.random(using: &rng) { _ = index.location(of: TextPosition(utf8Offset: document.utf8Count / 2)) }
            assertMatchesReference(index, "round \(round) seed \(seed)")
            for _ in 0..<6 {
                // One to three edits made one after the other, composed into one change set.
                var changes = try ChangeSet([], in: document)
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let count = document.count(in: .grapheme)
                    let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: a...min(count, a + 6), using: &rng)
                    let text = Int.random(in: 0..<3, using: &rng) == 0 ? "" : randomText(&rng, count: 0...4)
                    let step = try ChangeSet.replacing(try XCTUnwrap(graphemes(a..<b, in: document)), with: text, in: document)
                    try document.apply(step)
                    changes = try changes.composed(with: step)
                }
                if Bool.random(using: &rng) { _ = index.location(of: index.document.endOfDocument) }
                try index.apply(changes)
                XCTAssertEqual(index.document, document, "round \(round) seed \(seed)")
                assertMatchesReference(index, "after \(changes), round \(round) seed \(seed)")
            }
        }
    }

    /// Typing and deleting one cluster at a time in long paragraphs: the re-wrap near the edit
    /// (from the visual line before it to where old and new lines meet) against the walk.
    func testKeystrokesInLongParagraphs() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        for round in 0..<12 {
            var options = randomOptions(&rng)
            options.preservesIndent = false
            var document = TextDocument(randomText(&rng, count: 20...40) + "\n" + randomText(&rng, count: 150...300).filter { !$0.isNewline })
            let index = VisualLineIndex(document: document, options: options)
            index.wrapAll()
            for step in 0..<40 {
                let count = document.count(in: .grapheme)
                let at = Int.random(in: 0...count, using: &rng)
                let change: ChangeSet
                if Bool.random(using: &rng) || at == count {
                    change = try ChangeSet.replacing(try XCTUnwrap(graphemes(at..<at, in: document)),
                                                     with: ["x", " ", "日", "ש", "🙂", "-", "\t"].randomElement(using: &rng)!, in: document)
                } else {
                    change = try ChangeSet.replacing(try XCTUnwrap(graphemes(at..<(at + 1), in: document)), with: "", in: document)
                }
                try document.apply(change)
                try index.apply(change)
                XCTAssertEqual(index.document, document, "step \(step) round \(round) seed \(seed)")
                assertMatchesReference(index, "after step \(step), round \(round) seed \(seed)")
            }
        }
    }

    /// Editor-like widths (20–100 columns) over paragraphs of a few thousand bytes, so that the
    /// re-wrap window (`rewrapAhead` bytes past the edit) is cut short of the paragraph's end:
    /// typing, deleting and pasting anywhere, each result equal to a wrap of the whole text.
    func testEditsInLongWideParagraphsMatchAFullWrap() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        let typed = ["x", " ", "日", "ש", "🙂", "-", "\t", "e\u{301}", "\u{301}", "क्ष", "م", "1", "(", "สวั", "  ", "\u{200B}"]
        for round in 0..<6 {
            var options = randomOptions(&rng)
            options.width = Int.random(in: 20...100, using: &rng)
            options.preservesIndent = false
            var paragraph = ""
            while paragraph.utf8.count < 3000 { paragraph += randomText(&rng, count: 40...80).filter { !$0.isNewline } }
            var document = TextDocument(randomText(&rng, count: 5...20) + "\r\n" + paragraph + "\n" + randomText(&rng, count: 5...20))
            let index = VisualLineIndex(document: document, options: options)
            index.wrapAll()
            for step in 0..<50 {
                let count = document.count(in: .grapheme)
                let at = Int.random(in: 0...count, using: &rng)
                let range = try XCTUnwrap(graphemes(at..<min(count, at + Int.random(in: 0...2, using: &rng)), in: document))
                let text = Int.random(in: 0..<5, using: &rng) == 0
                    ? randomText(&rng, count: 1...6).filter { !$0.isNewline } : typed.randomElement(using: &rng)!
                let change = try ChangeSet.replacing(range, with: text, in: document)
                // A location asked before the edit (its row layout kept) must not survive it.
                let probe = try XCTUnwrap(document.position(at: Int.random(in: 0...count, using: &rng)))
                _ = index.location(of: probe)
                try document.apply(change)
                try index.apply(change)
                assertMatchesReference(index, "after step \(step), round \(round) seed \(seed)")
                let fresh = VisualLineIndex(document: document, options: options)
                for k in [at, min(at + 1, document.count(in: .grapheme)), Int.random(in: 0...document.count(in: .grapheme), using: &rng)] {
                    let p = try XCTUnwrap(document.position(at: k))
                    let location = index.location(of: p)
                    XCTAssertEqual(location, fresh.location(of: p), "cluster \(k), step \(step), round \(round) seed \(seed)")
                    if let location {
                        XCTAssertEqual(index.position(atVisualLine: location.visualLine, column: location.column),
                                       fresh.position(atVisualLine: location.visualLine, column: location.column),
                                       "cluster \(k), step \(step), round \(round) seed \(seed)")
                    }
                }
            }
        }
    }

    /// The paragraph a row's layout reads, found from the rows, is the document's own, with
    /// every kind of line terminator.
    func testParagraphOfARowIsTheDocuments() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        let terminators = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for round in 0..<30 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                text += randomText(&rng, count: 0...12).filter { !$0.isNewline } + terminators.randomElement(using: &rng)!
            }
            if Bool.random(using: &rng) { text += randomText(&rng, count: 0...12).filter { !$0.isNewline } }
            let document = TextDocument(text)
            let index = VisualLineIndex(document: document, options: randomOptions(&rng))
            for k in 0..<index.visualLineCount {
                let found = index.tree.row(at: k)
                let mine = index.paragraph(of: found, index.document), reference = try XCTUnwrap(document.paragraph(line: found.line))
                XCTAssertEqual([mine.line, mine.start, mine.end, mine.next], [reference.line, reference.start, reference.end, reference.next],
                               "row \(k) of \(text.debugDescription), round \(round) seed \(seed)")
            }
        }
    }

    /// An index fed every change set a `TextInput` sends (as `caret edit` feeds its own) stays
    /// equal to the walk of the input's text through typing, deleting, pasting, undo, redo and
    /// replace-all.
    func testFollowsEveryChangeSetOfATextInput() throws {
        final class Follower: TextInputDelegate {
            let index: VisualLineIndex
            var failures = 0
            init(_ index: VisualLineIndex) { self.index = index }
            func textInput(_ input: TextInput, didApply changes: ChangeSet) {
                do { try index.apply(changes) } catch { failures += 1 }
            }
        }
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        for round in 0..<8 {
            var options = randomOptions(&rng)
            options.preservesIndent = round % 2 == 0
            let input = TextInput(document: TextDocument(randomText(&rng, count: 40...120)))
            let follower = Follower(VisualLineIndex(document: input.document, options: options))
            input.delegate = follower
            _ = input.beginEditing()
            for step in 0..<30 {
                let count = input.document.count(in: .grapheme)
                let at = try XCTUnwrap(input.document.position(at: Int.random(in: 0...count, using: &rng)))
                input.setSelection(anchor: at, focus: at)
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: input.insertText(randomText(&rng, count: 1...3))
                case 1: input.deleteBackward()
                case 2: input.paste(randomText(&rng, count: 2...6) + "\n" + randomText(&rng, count: 0...4))
                case 3: input.undo()
                case 4: input.redo()
                default:
                    _ = try input.find(TextSearchQuery(" "))
                    _ = try input.replaceAllFound(with: ["  ", "", "\n", "日 "].randomElement(using: &rng)!)
                    input.endFind()
                }
                XCTAssertEqual(follower.failures, 0, "step \(step) round \(round) seed \(seed)")
                XCTAssertEqual(follower.index.document, input.document, "step \(step) round \(round) seed \(seed)")
                assertMatchesReference(follower.index, "step \(step) round \(round) seed \(seed)")
            }
        }
    }

    func testPositionsAndColumnsRoundTripAndUpDownReturns() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        for round in 0..<60 {
            let options = randomOptions(&rng)
            let document = TextDocument(randomText(&rng))
            let index = VisualLineIndex(document: document, options: options)
            for cluster in Array(document.graphemeRanges) + [TextRange(start: document.endOfDocument, end: document.endOfDocument)] {
                let p = cluster.start
                let location = try XCTUnwrap(index.location(of: p))
                let visual = try XCTUnwrap(index.visualLine(at: location.visualLine))
                XCTAssertTrue(visual.range.start.utf8Offset <= p.utf8Offset && p.utf8Offset <= visual.range.end.utf8Offset,
                              "round \(round) seed \(seed)")
                let width = index.clusters(ofVisualLine: location.visualLine)?.first { $0.range.start == p }?.width ?? 0
                let atLineEnd = p.utf8Offset == visual.range.end.utf8Offset
                guard width > 0 || atLineEnd else { continue }
                // A column covered by the cluster maps back to it.
                XCTAssertEqual(index.position(atVisualLine: location.visualLine, column: location.column)?.utf8Offset, p.utf8Offset,
                               "column \(location.column) of \(location.visualLine), round \(round) seed \(seed)")
                // Up then down comes back (when there is a line above).
                let up = try XCTUnwrap(index.caret(from: VisualCaret(p), in: .up))
                if location.visualLine > 0 {
                    XCTAssertEqual(index.location(of: up.position)?.visualLine, location.visualLine - 1, "round \(round) seed \(seed)")
                    let down = try XCTUnwrap(index.caret(from: up, in: .down))
                    XCTAssertEqual(down.position.utf8Offset, p.utf8Offset, "up/down from \(location), round \(round) seed \(seed)")
                    XCTAssertEqual(index.location(of: down.position)?.column, location.column)
                } else {
                    XCTAssertEqual(up.position, document.beginningOfDocument)
                }
            }
            XCTAssertNil(index.location(of: TextPosition(utf8Offset: document.utf8Count + 1)))
            XCTAssertNil(index.position(atVisualLine: index.visualLineCount, column: 0))
            XCTAssertNil(index.position(atVisualLine: 0, column: -1))
        }
    }

    func testHandCheckedColumnsBidiAndEnds() throws {
        // "abc שלום def" at width 8 ("abc שלום " then "def"): the Hebrew word is drawn reversed between the Latin ones.
        let document = TextDocument("abc שלום def\n日本語のテキスト")
        let index = VisualLineIndex(document: document, options: SoftWrapOptions(width: 8))
        let clusters = try XCTUnwrap(index.clusters(ofVisualLine: 0))
        XCTAssertEqual(clusters.map { document.text(in: $0.range)! }, ["a", "b", "c", " ", "ם", "ו", "ל", "ש", " "])
        XCTAssertEqual(clusters.map(\.column), Array(0..<9))
        // ש (logical 4) is drawn at column 7.
        XCTAssertEqual(index.location(of: TextPosition(utf8Offset: 4)), VisualLocation(visualLine: 0, column: 7))
        XCTAssertEqual(index.position(atVisualLine: 0, column: 4)?.utf8Offset, 10)
        // Wide characters: 8 columns hold four; the caret column counts two per character.
        let japanese = try XCTUnwrap(document.position(line: 1, column: 2))
        XCTAssertEqual(index.location(of: japanese)?.column, 4)
        XCTAssertEqual(index.position(atVisualLine: 2, column: 5), japanese)
        XCTAssertEqual(index.visualLineCount, 4)
        // Ends of a visual line: the end of a continuation line stays on it.
        XCTAssertEqual(index.startOfVisualLine(containing: japanese), document.position(line: 1, column: 0))
        XCTAssertEqual(index.endOfVisualLine(containing: japanese), document.position(line: 1, column: 3))
        let last = try XCTUnwrap(document.position(line: 1, column: 5))
        XCTAssertEqual(index.endOfVisualLine(containing: last), document.endOfDocument)
        // Page down keeps the goal column; past the end goes to the end.
        let down = try XCTUnwrap(index.caret(from: VisualCaret(document.beginningOfDocument, goalColumn: 2), in: .down, offset: 2))
        XCTAssertEqual(down.position, document.position(line: 1, column: 1))
        XCTAssertEqual(index.caret(from: down, in: .down, offset: 5)?.position, document.endOfDocument)
        XCTAssertEqual(index.caret(from: down, in: .up, offset: 5)?.position, document.beginningOfDocument)
    }

    func testChangeSetsOfTheWholeTextEmptyOrForAnotherText() throws {
        let options = SoftWrapOptions(width: 4)
        let index = VisualLineIndex(document: TextDocument("abcdefgh"), options: options)
        XCTAssertEqual(index.visualLineCount, 2)
        let whole = try XCTUnwrap(graphemes(0..<8, in: index.document))
        try index.apply(try ChangeSet.replacing(whole, with: "ab cd ef", in: index.document))
        assertMatchesReference(index, "same length, other text")
        try index.apply(try ChangeSet([], in: index.document))
        assertMatchesReference(index, "same text")
        // A change set made for another text is refused; the index is unchanged.
        let other = TextDocument("another text")
        let foreign = try ChangeSet.replacing(try XCTUnwrap(graphemes(0..<2, in: other)), with: "x", in: other)
        XCTAssertThrowsError(try index.apply(foreign))
        XCTAssertEqual(index.document.string, "ab cd ef")
        assertMatchesReference(index, "after a refused change set")
    }

    /// The screen's rows against a reference that draws cluster by cluster from
    /// `clusters(ofVisualLine:)` and `text(in:)`: indentation, tabs, controls (C0, DEL, C1),
    /// right-to-left text, clipping and the selection's segments.
    func testScreenMatchesAClusterByClusterReference() throws {
        func reference(_ index: VisualLineIndex, line: Int, width: Int, selected: Range<Int>) -> [TextScreen.Segment] {
            guard let clusters = index.clusters(ofVisualLine: line) else { return [] }
            var segments: [TextScreen.Segment] = []
            var column = 0
            func add(_ text: String, _ w: Int, _ isSelected: Bool) {
                if let last = segments.last, last.isSelected == isSelected {
                    segments[segments.count - 1].text += text
                    segments[segments.count - 1].width += w
                } else {
                    segments.append(TextScreen.Segment(text: text, column: column, width: w, isSelected: isSelected))
                }
                column += w
            }
            if let first = clusters.first, first.column > 0 { add(String(repeating: " ", count: min(width, first.column)), min(width, first.column), false) }
            for cluster in clusters where cluster.width > 0 {
                guard cluster.column + cluster.width <= width else { break }
                let text = index.document.text(in: cluster.range) ?? ""
                let scalar = text.unicodeScalars.first!
                let drawn = scalar == "\t" ? String(repeating: " ", count: cluster.width)
                    : scalar.value < 0x20 ? "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
                    : scalar.value >= 0x7F && scalar.value < 0xA0 ? "^?" : text
                add(drawn, cluster.width, selected.contains(cluster.range.start.utf8Offset))
            }
            return segments
        }
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        let pieces = Self.pieces + ["\u{1}", "\u{7F}", "\u{9B}", "\t\t", "  indented"]
        for round in 0..<40 {
            let options = randomOptions(&rng)
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &rng) { text += pieces.randomElement(using: &rng)! }
            let document = TextDocument(text)
            let index = VisualLineIndex(document: document, options: options)
            let count = document.count(in: .grapheme)
            let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: a...count, using: &rng)
            let selection = try XCTUnwrap(graphemes(a..<b, in: document))
            let width = options.width + Int.random(in: -2...2, using: &rng)
            let screen = TextScreen(index: index, top: 0, height: index.visualLineCount + 1, width: width, selection: selection, caret: nil)
            let selected = selection.start.utf8Offset..<selection.end.utf8Offset
            for (k, row) in screen.rows.enumerated() {
                XCTAssertEqual(row.segments, reference(index, line: k, width: max(1, width), selected: selected),
                               "row \(k) of \(String(reflecting: text)), round \(round) seed \(seed)")
            }
        }
    }

    func testScreenModel() throws {
        let document = TextDocument("a\tb 日本\nשלום\u{1}")
        let index = VisualLineIndex(document: document, options: SoftWrapOptions(width: 10))
        let b = try XCTUnwrap(document.position(at: 2))
        let selection = try XCTUnwrap(document.textRange(from: b, to: try XCTUnwrap(document.position(at: 3))))
        let caret = try XCTUnwrap(document.position(at: 4))
        let screen = TextScreen(index: index, top: 0, height: 4, width: 10, selection: selection, caret: caret)
        XCTAssertEqual(screen.rows.map(\.text), ["a       b ", "日本", "^Aםולש", ""])
        XCTAssertEqual(screen.rows[0].segments.map(\.isSelected), [false, true, false])
        XCTAssertEqual(screen.rows[0].segments.map(\.column), [0, 8, 9])
        XCTAssertEqual(screen.rows.map(\.visualLine), [0, 1, 2, nil])
        XCTAssertEqual(screen.cursor?.row, 1)
        XCTAssertEqual(screen.cursor?.column, 0)
        // Scrolled past the caret: no cursor; the first row shows visual line 2.
        let scrolled = TextScreen(index: index, top: 2, height: 2, width: 10, selection: nil, caret: caret)
        XCTAssertNil(scrolled.cursor)
        XCTAssertEqual(scrolled.rows.first?.text, "^Aםולש")
    }
}
