import XCTest
@testable import Caret

/// `TextEdit`: the ranges a document reports for its own edits, and position mapping with a bias.
final class TextEditTests: XCTestCase {
    func testRangesInEveryUnitMatchTheFlatText() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x7E47)
        let pieces = ["a", "é", "e\u{301}", "👨‍👩‍👧", "🇩🇪", "\r\n", "\r", "\n", "क्षि", "ש", "𝒜", ""]
        var doc = TextDocument()
        var model = ""
        for step in 0..<400 {
            let scalars = Array(model.unicodeScalars)
            let a = Int.random(in: 0...scalars.count, using: &rng)
            let b = Int.random(in: a...min(scalars.count, a + 4), using: &rng)
            let text = (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let edit = try doc.edit(a..<b, in: .unicodeScalar, replacingWith: text)
            let before = String(String.UnicodeScalarView(scalars[..<a]))
            let removed = String(String.UnicodeScalarView(scalars[a..<b]))
            model = before + text + String(String.UnicodeScalarView(scalars[b...]))
            let context = "seed \(seed) step \(step)"
            XCTAssertEqual(edit.replacedUTF8Range, before.utf8.count..<before.utf8.count + removed.utf8.count, context)
            XCTAssertEqual(edit.insertedUTF8Range, before.utf8.count..<before.utf8.count + text.utf8.count, context)
            XCTAssertEqual(edit.replacedUTF16Range, before.utf16.count..<before.utf16.count + removed.utf16.count, context)
            XCTAssertEqual(edit.insertedUTF16Range, before.utf16.count..<before.utf16.count + text.utf16.count, context)
            XCTAssertEqual(doc.string, model, context)
        }
    }

    func testMapWithBias() throws {
        var doc = TextDocument("hello world")
        let start = doc.position(at: 0)!, five = doc.position(at: 5)!, six = doc.position(at: 6)!, end = doc.endOfDocument
        // Insert "big " at 6: before unchanged, after shifted, at the point by bias.
        let insert = try doc.edit(doc.textRange(from: six, to: six)!, replacingWith: "big ")
        XCTAssertEqual(doc.string, "hello big world")
        XCTAssertEqual(doc.offset(of: insert.map(five)), 5)
        XCTAssertEqual(doc.offset(of: insert.map(six, bias: .before)), 6)
        XCTAssertEqual(doc.offset(of: insert.map(six, bias: .after)), 10)
        XCTAssertEqual(doc.offset(of: insert.map(end)), 15)
        XCTAssertEqual(insert.utf16Delta, 4)
        // A range ending at the insertion point does not grow; one starting there does not either.
        let left = TextRange(start: start, end: six), right = TextRange(start: six, end: end)
        XCTAssertEqual(insert.map(left), doc.textRange(from: doc.position(at: 0)!, to: doc.position(at: 6)!))
        XCTAssertEqual(insert.map(right), doc.textRange(from: doc.position(at: 10)!, to: doc.endOfDocument))
        // An empty range (a bookmark) stays ahead of text inserted at it.
        XCTAssertEqual(insert.map(TextRange(start: six, end: six)).start, doc.position(at: 6)!)

        // Replace "big" (6..<9) by "X": inside goes to the edge the bias names.
        let seven = doc.position(at: 7)!
        let replace = try doc.edit(doc.textRange(from: doc.position(at: 6)!, to: doc.position(at: 9)!)!, replacingWith: "X")
        XCTAssertEqual(doc.string, "hello X world")
        XCTAssertEqual(doc.offset(of: replace.map(seven, bias: .before)), 6)
        XCTAssertEqual(doc.offset(of: replace.map(seven, bias: .after)), 7)
        // A range wholly removed becomes empty at the edit.
        let inner = TextRange(start: seven, end: TextPosition(utf8Offset: 8))
        let mapped = replace.map(inner)
        XCTAssertTrue(mapped.isEmpty)
        XCTAssertEqual(doc.offset(of: mapped.start), 6)
    }

    func testAffinityIsKeptAndUTF16Maps() throws {
        var doc = TextDocument("ab👍cd")
        var p = doc.position(at: 3)!
        p.affinity = .upstream
        let edit = try doc.edit(doc.textRange(from: doc.position(at: 0)!, to: doc.position(at: 1)!)!, replacingWith: "🇫🇷")
        XCTAssertEqual(edit.map(p).affinity, .upstream)
        XCTAssertEqual(edit.replacedUTF16Range, 0..<1)
        XCTAssertEqual(edit.insertedUTF16Range, 0..<4)
        XCTAssertEqual(edit.mapUTF16(4), 7)
        XCTAssertEqual(doc.offset(of: edit.map(p), unit: .utf16), 7)
    }

    func testOutOfBoundsThrowsAndChangesNothing() {
        var doc = TextDocument("abc")
        XCTAssertThrowsError(try doc.edit(5..<6, in: .grapheme, replacingWith: "x"))
        let foreign = TextDocument("a much longer text").endOfDocument
        XCTAssertThrowsError(try doc.edit(TextRange(start: foreign, end: foreign), replacingWith: "x"))
        XCTAssertEqual(doc.string, "abc")
    }
}
