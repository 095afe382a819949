import XCTest
import Caret

/// The examples of the DocC articles (Sources/Caret/Caret.docc), so that what they claim stays
/// true: each test names its article.
final class DocumentationExampleTests: XCTestCase {
    func testGettingStarted() throws {
        var doc = TextDocument("Grüße 👋🏽 from שָׁלוֹם\r\n")
        let snapshot = doc
        XCTAssertEqual(doc.count, 18)
        XCTAssertEqual(doc.count(in: .utf16), 25)
        XCTAssertEqual(doc.lineCount, 2)
        XCTAssertThrowsError(try TextDocument(validatingUTF8: [0x61, 0xC0, 0xAF])) { error in
            let error = error as! TextError
            XCTAssertEqual(error.kind, .invalidUTF8(reason: .overlongEncoding))
            XCTAssertEqual(error.offset, 1)
        }
        let p = try XCTUnwrap(doc.position(at: 6))
        XCTAssertEqual(doc.offset(of: p, unit: .utf16), 6)
        try doc.insert("🌍 ", at: p)
        XCTAssertEqual(doc.lineAndColumn(of: doc.endOfDocument)?.line, 1)
        XCTAssertEqual(doc.lineAndColumn(of: doc.endOfDocument)?.column, 0)
        XCTAssertEqual(snapshot.string, "Grüße 👋🏽 from שָׁלוֹם\r\n")
    }

    func testUnitsAndPositions() throws {
        let doc = TextDocument("cafe\u{301} 👍🏽")
        XCTAssertEqual(doc.count, 6)
        XCTAssertEqual(doc.count(in: .unicodeScalar), 8)
        XCTAssertEqual(doc.count(in: .utf16), 10)
        XCTAssertEqual(doc.count(in: .utf8), 15)
        let p = try XCTUnwrap(doc.position(at: 4, unit: .unicodeScalar))
        XCTAssertEqual(doc.offset(of: p), 3)
        let q = try XCTUnwrap(doc.position(at: 7, unit: .utf16))
        XCTAssertEqual(doc.offset(of: q), 5)
        XCTAssertNil(doc.position(at: 7))
    }

    func testMovementAndDirection() throws {
        let doc = TextDocument("abc אבג def")
        var p = doc.beginningOfDocument
        var offsets: [Int] = []
        var affinities: [TextAffinity] = []
        while let next = doc.position(from: p, in: .right, offset: 1) {
            p = next
            offsets.append(try XCTUnwrap(doc.offset(of: p)))
            affinities.append(p.affinity)
        }
        XCTAssertEqual(offsets, [1, 2, 3, 4, 6, 5, 4, 8, 9, 10, 11])
        XCTAssertEqual(affinities[3], .upstream, "offset 4 after the first space: the space's edge")
        XCTAssertEqual(affinities[6], .downstream, "offset 4 on the Hebrew word's right: א's edge")

        let lines = TextDocument("a long first line\nshort\nanother long line")
        var caret = TextCaret(try XCTUnwrap(lines.position(line: 0, column: 12)))
        caret = try XCTUnwrap(lines.caret(from: caret, in: .down))
        XCTAssertEqual(lines.lineAndColumn(of: caret.position)?.line, 1)
        XCTAssertEqual(lines.lineAndColumn(of: caret.position)?.column, 5)
        caret = try XCTUnwrap(lines.caret(from: caret, in: .down))
        XCTAssertEqual(lines.lineAndColumn(of: caret.position)?.line, 2)
        XCTAssertEqual(lines.lineAndColumn(of: caret.position)?.column, 12)

        XCTAssertEqual(doc.baseWritingDirection(for: doc.beginningOfDocument), .leftToRight)
        let hebrew = TextDocument("שלום abc")
        XCTAssertEqual(hebrew.baseWritingDirection(for: hebrew.beginningOfDocument), .rightToLeft)
    }

    func testTextUnitsAndCase() throws {
        let doc = TextDocument("Hello, wide world.")
        let p = try XCTUnwrap(doc.position(at: 9))
        let word = try XCTUnwrap(doc.rangeEnclosing(p, with: .word, in: .storage(.forward)))
        XCTAssertEqual(doc.text(in: word), "wide")
        XCTAssertEqual(doc.position(from: p, toBoundary: .word, in: .storage(.forward)).flatMap { doc.offset(of: $0) }, 11)
        XCTAssertEqual(doc.position(from: p, toBoundary: .word, in: .storage(.backward)).flatMap { doc.offset(of: $0) }, 7)

        var thai = TextDocument("ภาษาไทยง่ายนิดเดียว")
        thai.locale = "th"
        var words: [String] = []
        var q = thai.beginningOfDocument
        while let end = thai.position(from: q, toBoundary: .word, in: .storage(.forward)) {
            words.append(try XCTUnwrap(thai.textRange(from: q, to: end).flatMap { thai.text(in: $0) }))
            q = end
        }
        XCTAssertEqual(words, ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"])
        XCTAssertEqual(thai.words.map { thai.text(in: $0.range) }, words)

        let sentence = TextDocument("Hello, wide world.")
        XCTAssertEqual(sentence.words.map { sentence.text(in: $0.range)! }, ["Hello", "wide", "world"])
        XCTAssertEqual(sentence.words.map(\.graphemeOffsets), [0..<5, 7..<11, 12..<17])

        let text = TextDocument("Hello wide world")
        let all = try XCTUnwrap(text.textRange(from: text.beginningOfDocument, to: text.endOfDocument))
        XCTAssertEqual(try XCTUnwrap(text.lineBreakOpportunities(in: all)).map { text.offset(of: $0.position) }, [6, 11, 16])

        let hindi = TextDocument("नमस्ते")
        XCTAssertEqual(hindi.count, 3)
        XCTAssertEqual(hindi.count(in: .unicodeScalar), 6)
        XCTAssertEqual(hindi.backwardDeletionRange(before: hindi.endOfDocument), 5..<6)

        let city = TextDocument("istanbul")
        let cityRange = try XCTUnwrap(city.textRange(from: city.beginningOfDocument, to: city.endOfDocument))
        XCTAssertEqual(city.uppercased(cityRange, locale: "tr"), "İSTANBUL")
        XCTAssertEqual(city.uppercased(cityRange, locale: ""), "ISTANBUL")
    }

    func testEditingModel() throws {
        var doc = TextDocument("Hello world")
        let bookmark = try XCTUnwrap(doc.position(at: 6))
        let whole = try XCTUnwrap(doc.textRange(from: try XCTUnwrap(doc.position(at: 0)), to: try XCTUnwrap(doc.position(at: 5))))
        let edit = try doc.edit(whole, replacingWith: "Goodbye")
        XCTAssertEqual(doc.string, "Goodbye world")
        XCTAssertEqual(doc.offset(of: edit.map(bookmark)), 8)
        XCTAssertEqual(edit.replacedUTF16Range, 0..<5)
        XCTAssertEqual(edit.insertedUTF16Range, 0..<7)

        let input = TextInput("Hello", kind: .singleLine)
        input.insertText(" world")
        XCTAssertEqual(input.text, "Hello world")
        input.deleteBackward()
        XCTAssertEqual(input.text, "Hello worl")
        input.undo()
        XCTAssertEqual(input.text, "Hello world")
        input.undo()
        XCTAssertEqual(input.text, "Hello")
        input.setMarkedText("にほ", selectedRange: 2..<2)
        XCTAssertEqual(input.text, "Helloにほ")
        input.setMarkedText("日本", selectedRange: 2..<2)
        input.unmarkText()
        XCTAssertEqual(input.text, "Hello日本")
        XCTAssertNil(input.markedTextRange)
    }

    func testChangeSets() throws {
        let old = TextDocument("let x = 1\r\nlet y = 2")
        func range(_ a: Int, _ b: Int) -> TextRange {
            old.textRange(from: old.position(at: a)!, to: old.position(at: b)!)!
        }
        let rename = try ChangeSet([(range(4, 5), "α"), (range(14, 15), "β")], in: old)
        var new = old
        try new.apply(rename)
        XCTAssertEqual(new.string, "let α = 1\r\nlet β = 2")
        try new.apply(rename.inverted())
        XCTAssertEqual(new.string, "let x = 1\r\nlet y = 2")
    }
}
