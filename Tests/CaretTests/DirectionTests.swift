import XCTest
@testable import Caret

/// Paragraph direction, overrides through edits, alignment, up/down, and the layout cache.
final class DirectionTests: XCTestCase {
    func whole(_ doc: TextDocument) -> TextRange { doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)! }

    func directions(_ doc: TextDocument) -> [WritingDirection] {
        (0..<doc.lineCount).map { doc.baseWritingDirection(for: doc.position(line: $0, column: 0)!)! }
    }

    func testParagraphDirectionPerLine() {
        let doc = TextDocument("abc\n\u{5D0}bc\n123 !\n\u{2067}\u{5D0}\u{2069}abc\n\u{2067}\u{5D0}\u{2069}\u{627}\n")
        XCTAssertEqual(directions(doc), [.leftToRight, .rightToLeft, .leftToRight, .leftToRight, .rightToLeft, .leftToRight])
        XCTAssertEqual(TextDocument().baseWritingDirection(for: TextDocument().beginningOfDocument), .leftToRight)
        XCTAssertNil(doc.baseWritingDirection(for: TextDocument("much longer than the document above, much longer").endOfDocument))
        XCTAssertEqual(doc.resolvedAlignment(.natural, for: doc.position(line: 1, column: 0)!), .right)
        XCTAssertEqual(doc.resolvedAlignment(.natural, for: doc.beginningOfDocument), .left)
        XCTAssertEqual(doc.resolvedAlignment(.center, for: doc.beginningOfDocument), .center)
    }

    func testOverridesFollowTheirParagraphs() throws {
        var doc = TextDocument("abc\ndef\nghi")
        let line1 = doc.position(line: 1, column: 1)!
        try doc.setBaseWritingDirection(.rightToLeft, for: doc.textRange(from: line1, to: line1)!)
        XCTAssertEqual(directions(doc), [.leftToRight, .rightToLeft, .leftToRight])
        // Edits before it move it; edits inside keep it; edits after leave it.
        try doc.insert("xx\nyy ", at: doc.beginningOfDocument)
        XCTAssertEqual(directions(doc), [.leftToRight, .leftToRight, .rightToLeft, .leftToRight])
        try doc.insert("Q", at: doc.position(line: 2, column: 0)!)
        try doc.insert("R", at: doc.position(line: 2, column: 4)!)
        try doc.insert("tail", at: doc.endOfDocument)
        XCTAssertEqual(directions(doc), [.leftToRight, .leftToRight, .rightToLeft, .leftToRight])
        XCTAssertEqual(doc.string, "xx\nyy abc\nQdefR\nghitail")
        // Enter inside it: both halves keep it.
        try doc.insert("\n", at: doc.position(line: 2, column: 2)!)
        XCTAssertEqual(directions(doc), [.leftToRight, .leftToRight, .rightToLeft, .rightToLeft, .leftToRight])
        // Deleting the line break before it merges it into the line before, which keeps its own.
        let end1 = doc.position(line: 1, column: 6)!
        try doc.delete(doc.textRange(from: end1, to: doc.position(from: end1, offset: 1)!)!)
        XCTAssertEqual(doc.string, "xx\nyy abcQd\nefR\nghitail")
        XCTAssertEqual(directions(doc), [.leftToRight, .leftToRight, .rightToLeft, .leftToRight])
        // Deleting a whole line keeps the direction of the line after it.
        try doc.delete(doc.textRange(from: doc.position(line: 1, column: 0)!, to: doc.position(line: 2, column: 0)!)!)
        XCTAssertEqual(directions(doc), [.leftToRight, .rightToLeft, .leftToRight])
        // Copies are independent; equality sees overrides.
        var copy = doc
        try copy.setBaseWritingDirection(.natural, for: whole(copy))
        XCTAssertEqual(directions(copy), [.leftToRight, .leftToRight, .leftToRight])
        XCTAssertEqual(directions(doc), [.leftToRight, .rightToLeft, .leftToRight])
        XCTAssertNotEqual(copy, doc)
        XCTAssertEqual(copy, TextDocument(doc.string))
        // Out of bounds: thrown, nothing changed.
        let far = TextDocument(String(repeating: "x", count: 100)).endOfDocument
        XCTAssertThrowsError(try doc.setBaseWritingDirection(.leftToRight, for: TextDocument(String(repeating: "x", count: 100)).textRange(from: far, to: far)!))
        XCTAssertEqual(directions(doc), [.leftToRight, .rightToLeft, .leftToRight])
    }

    func testOverrideChangesMovement() throws {
        var doc = TextDocument("abc")
        XCTAssertEqual(doc.offset(of: doc.position(from: doc.beginningOfDocument, in: .right, offset: 1)!), 1)
        try doc.setBaseWritingDirection(.rightToLeft, for: whole(doc))
        // Forced right-to-left, "abc" is one embedded left-to-right run: still forward to the right.
        XCTAssertEqual(doc.offset(of: doc.position(from: doc.beginningOfDocument, in: .right, offset: 1)!), 1)
        // But the line's right edge is now the paragraph's start: the next line is reached by .left.
        try doc.insert("\nxyz", at: doc.endOfDocument)
        try doc.setBaseWritingDirection(.rightToLeft, for: whole(doc))
        let endOfFirst = doc.position(line: 0, column: 3)!
        let left = doc.position(from: endOfFirst, in: .left, offset: 3)!
        XCTAssertEqual(doc.offset(of: left), 0)
        let next = doc.position(from: left, in: .left, offset: 1)!
        XCTAssertEqual(doc.lineAndColumn(of: next)?.line, 1)
    }

    func testUpDownKeepGoalColumn() {
        let doc = TextDocument("abcdef\nab\nabcdefgh\n\u{5D0}\u{5D1}\u{5D2}\u{5D3}\u{5D4}\u{5D5}\u{5D6}")
        var caret = TextCaret(doc.position(line: 0, column: 5)!)
        caret = doc.caret(from: caret, in: .down)!
        XCTAssertEqual(doc.lineAndColumn(of: caret.position)!.line, 1)
        XCTAssertEqual(doc.lineAndColumn(of: caret.position)!.column, 2)
        XCTAssertEqual(caret.goalColumn, 5)
        caret = doc.caret(from: caret, in: .down)!
        XCTAssertTrue(doc.lineAndColumn(of: caret.position)! == (2, 5))
        caret = doc.caret(from: caret, in: .down)!
        XCTAssertTrue(doc.lineAndColumn(of: caret.position)! == (3, 5))
        caret = doc.caret(from: caret, in: .down)!
        XCTAssertEqual(caret.position, doc.endOfDocument)
        caret = doc.caret(from: caret, in: .up, offset: 3)!
        XCTAssertTrue(doc.lineAndColumn(of: caret.position)! == (0, 5))
        caret = doc.caret(from: caret, in: .up)!
        XCTAssertEqual(caret.position, doc.beginningOfDocument)
        XCTAssertEqual(doc.caret(from: caret, in: .down, offset: 2)!.position, doc.position(line: 2, column: 5))
        // Left/right start a new goal.
        XCTAssertNil(doc.caret(from: TextCaret(doc.position(line: 2, column: 5)!, goalColumn: 5), in: .right)!.goalColumn)
        // The contract call: from the position's own column.
        XCTAssertEqual(doc.position(from: doc.position(line: 2, column: 7)!, in: .up, offset: 1), doc.position(line: 1, column: 2))
        XCTAssertEqual(doc.position(from: doc.position(line: 1, column: 1)!, in: .down, offset: -1), doc.position(line: 0, column: 1))
        XCTAssertEqual(doc.position(from: doc.beginningOfDocument, in: .down, offset: Int.max), doc.endOfDocument)
        XCTAssertEqual(doc.position(from: doc.endOfDocument, in: .up, offset: Int.max), doc.beginningOfDocument)
        XCTAssertEqual(doc.position(from: doc.endOfDocument, in: .down, offset: Int.min), doc.beginningOfDocument)
        XCTAssertNil(doc.position(from: TextDocument(String(repeating: "x", count: 100)).endOfDocument, in: .up, offset: 1))
    }

    func testOutOfBoundsAndHugeOffsets() {
        let doc = TextDocument("ab\u{5D0}")
        let far = TextDocument(String(repeating: "x", count: 100)).endOfDocument
        for d in [TextLayoutDirection.left, .right, .up, .down] {
            XCTAssertNil(doc.position(from: far, in: d, offset: 1))
        }
        XCTAssertNil(doc.position(from: doc.beginningOfDocument, in: .right, offset: Int.max))
        XCTAssertNil(doc.position(from: doc.beginningOfDocument, in: .left, offset: Int.min))
        XCTAssertEqual(doc.position(from: doc.beginningOfDocument, in: .left, offset: 0), doc.beginningOfDocument)
    }

    func testDeepEmbeddingsAndIsolates() {
        for opener in ["\u{202B}", "\u{202A}", "\u{2067}", "\u{2066}", "\u{202E}", "\u{202D}"] {
            let text = String(repeating: opener + "a\u{5D0}", count: 300) + "1 2 (x)"
            let doc = TextDocument(text)
            let slots = VisualProbe.sweep(doc, line: 0)
            XCTAssertEqual(slots?.count, doc.count + 1)
            XCTAssertNotNil(VisualProbe.visualIndices(doc, line: 0))
        }
    }

    /// A press in a 1 MB mixed-direction paragraph lays it out once; later presses read the
    /// cached layout, and an edit elsewhere does not throw it away.
    func testLongParagraphIsLaidOutOnce() throws {
        let unit = "Hello \u{5E9}\u{5DC}\u{5D5}\u{5DD} world \u{645}\u{631}\u{62D}\u{628}\u{627} 12 (34) "
        let big = String(repeating: unit, count: 1_000_000 / unit.utf8.count)
        var doc = TextDocument(big + "\nsmall line")
        let middle = doc.position(at: doc.count / 2)!
        let clock = ContinuousClock()
        var p = middle
        let first = clock.measure { p = doc.position(from: p, in: .right, offset: 1)! }
        XCTAssertEqual(doc.bidiCache.buildCount, 1)
        let presses = 2_000
        let rest = clock.measure {
            for _ in 0..<presses { p = doc.position(from: p, in: .right, offset: 1)! }
        }
        XCTAssertEqual(doc.bidiCache.buildCount, 1)
        print("1 MB mixed paragraph: first press \(first) (ICU layout), then \(rest / presses) per press")
        // An edit in the other paragraph keeps this one's layout.
        try doc.insert("!", at: doc.endOfDocument)
        p = doc.position(from: p, in: .right, offset: 1)!
        XCTAssertEqual(doc.bidiCache.buildCount, 1)
        // An edit inside it invalidates it.
        try doc.insert("x", at: middle)
        _ = doc.position(from: p, in: .right, offset: 1)!
        XCTAssertEqual(doc.bidiCache.buildCount, 2)
        XCTAssertLessThan(rest / presses, first)
    }

    /// Copies of one document read on many threads at once (the cache is shared and locked).
    func testConcurrentReaders() {
        let doc = TextDocument((0..<50).map { "line \($0) \u{5D0}\u{5D1} \u{627}\u{644} 12" }.joined(separator: "\n"))
        let expected = (0..<doc.lineCount).map { VisualProbe.sweep(TextDocument(doc.string), line: $0) }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let copy = doc
            for line in (0..<copy.lineCount).shuffled() {
                XCTAssertEqual(VisualProbe.sweep(copy, line: line), expected[line])
            }
        }
    }
}
