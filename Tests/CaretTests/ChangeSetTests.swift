#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XCTest
@testable import Caret

/// `ChangeSet` case by case: what the contract (shared/docs/CHANGES.md) says of building,
/// applying, mapping, rebasing and LSP changes, on small texts whose answers are written out.
/// The laws on random cases are `ChangeSetPropertyTests`.
final class ChangeSetTests: XCTestCase {
    func range(_ doc: TextDocument, _ a: Int, _ b: Int) -> TextRange {
        doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)!
    }

    func texts(_ c: ChangeSet) -> [String] { c.replacements.map { "\($0.utf8Range) \($0.removed)->\($0.inserted)" } }

    func testBuildSortsMergesAndKeepsEditsAsGiven() throws {
        let doc = TextDocument("hello world")
        let c = try ChangeSet([(range(doc, 6, 11), "there"), (range(doc, 0, 5), "HELLO"), (range(doc, 11, 11), "!"),
                               (range(doc, 5, 5), ","), (range(doc, 5, 5), ";")], in: doc)
        // Touching edits merge; two insertions at one point keep their order; "hello" -> "HELLO"
        // is not trimmed; a range starting where an insertion is comes after it.
        XCTAssertEqual(texts(c), ["0..<5 hello->HELLO,;", "6..<11 world->there!"])
        let same = try ChangeSet.replacing(range(doc, 0, 5), with: "hello", in: doc)
        XCTAssertFalse(same.isEmpty, "an edit that replaces text by the same text stays")
        XCTAssertTrue(try ChangeSet([(range(doc, 3, 3), "")], in: doc).isEmpty)
        XCTAssertEqual(c.oldUTF8Count, 11)
        XCTAssertEqual(c.newUTF8Count, 14)
        var d = doc
        XCTAssertEqual(try d.apply(c), c)
        XCTAssertEqual(d.string, "HELLO,; there!")
    }

    func testBuildRefusesOverlapsAndOutOfBounds() {
        let doc = TextDocument("abcdef")
        for (edits, pair) in [([(range(doc, 0, 3), "x"), (range(doc, 2, 4), "y")], (0, 1)),
                              ([(range(doc, 4, 6), "x"), (range(doc, 0, 1), "y"), (range(doc, 5, 5), "z")], (0, 2)),
                              ([(range(doc, 1, 3), "x"), (range(doc, 1, 2), "y")], (0, 1))] {
            XCTAssertThrowsError(try ChangeSet(edits, in: doc)) { error in
                XCTAssertEqual((error as? TextError)?.kind, .overlappingEdits(first: pair.0, second: pair.1), "\(error)")
                XCTAssertTrue("\(error)".contains("overlap"))
            }
        }
        let longer = TextDocument("abcdefgh")
        XCTAssertThrowsError(try ChangeSet([(range(longer, 7, 8), "x")], in: doc)) { error in
            XCTAssertEqual((error as? TextError)?.kind, .outOfBounds(unit: .utf8, bound: 6))
        }
    }

    func testBuildSnapsToGraphemeBoundaries() throws {
        let doc = TextDocument("ae\u{301}b👨‍👩‍👧c")
        // Byte 2 is inside "e\u{301}"; byte 8 inside the family: both snap back.
        let inside = TextRange(start: doc.position(at: 2, unit: .utf8)!, end: doc.position(at: 12, unit: .utf8)!)
        let c = try ChangeSet.replacing(TextRange(start: TextPosition(utf8Offset: 2), end: TextPosition(utf8Offset: 12)),
                                        with: "-", in: doc)
        XCTAssertEqual(c.replacements.map(\.removed), ["e\u{301}b"])
        XCTAssertEqual(try ChangeSet.replacing(inside, with: "-", in: doc), c)
    }

    /// The check walks the sorted replacements once; a mismatch late in a long text, in the
    /// removed bytes across a chunk seam or in a UTF-16 offset alone, is still found, and names
    /// the right replacement.
    func testApplyFindsAMismatchDeepInALongChangeSet() throws {
        let line = "ab\u{20AC}e\u{301}\u{1F600} \u{0645}\u{0631}\u{062D}\u{0628}\u{0627}\r\n"
        let text = String(repeating: line, count: 3_000)
        let doc = TextDocument(text)
        let query = TextSearchQuery("b\u{20AC}e\u{301}")
        let changes = try doc.replacementChanges(of: query, with: "-")
        XCTAssertEqual(changes.replacements.count, 3_000)
        var same = doc
        try same.apply(changes)
        XCTAssertEqual(same.string, text.replacingOccurrences(of: "b\u{20AC}e\u{301}", with: "-"))

        // One removed byte differs (the last of its text), in the 2,001st replacement.
        var bytes = Array(text.utf8)
        let target = changes.replacements[2_000].utf8Range
        bytes[target.upperBound - 1] = 0x80        // U+0301 -> U+0300: the same lengths
        var other = try TextDocument(validatingUTF8: bytes)
        XCTAssertThrowsError(try other.apply(changes)) { error in
            XCTAssertEqual((error as? TextError)?.kind, .changeSetMismatch(reason: .replacementDiffers(index: 2_000)))
        }
        XCTAssertEqual(other.utf8Count, doc.utf8Count)
        XCTAssertEqual(Array(other.string.utf8), bytes)

        // The same bytes before a replacement but a different UTF-16 offset: € (3 bytes, one
        // unit) against é a (3 bytes, two units), made up after it.
        let a = TextDocument("\u{20AC}Xe\u{301}a")
        let b = TextDocument("e\u{301}aX\u{20AC}")
        XCTAssertEqual(a.utf8Count, b.utf8Count)
        XCTAssertEqual(a.string.utf16.count, b.string.utf16.count)
        let x = try ChangeSet.replacing(TextRange(start: TextPosition(utf8Offset: 3), end: TextPosition(utf8Offset: 4)),
                                        with: "-", in: a)
        var copy = b
        XCTAssertThrowsError(try copy.apply(x)) { error in
            XCTAssertEqual((error as? TextError)?.kind, .changeSetMismatch(reason: .replacementDiffers(index: 0)))
        }
        XCTAssertEqual(copy.string, b.string)
    }

    func testApplyRefusesAChangeSetForAnotherText() throws {
        let doc = TextDocument("abc")
        let c = try ChangeSet.replacing(range(doc, 1, 2), with: "X", in: doc)
        var other = TextDocument("axc")
        XCTAssertThrowsError(try other.apply(c)) { error in
            XCTAssertEqual((error as? TextError)?.kind, .changeSetMismatch(reason: .replacementDiffers(index: 0)))
        }
        XCTAssertEqual(other.string, "axc")
        var shorter = TextDocument("ab")
        XCTAssertThrowsError(try shorter.apply(c)) { error in
            XCTAssertEqual((error as? TextError)?.kind,
                           .changeSetMismatch(reason: .lengthDiffers(unit: .utf8, expected: 3, actual: 2)))
        }
        // An insertion between the bytes of a scalar, from a decoded change set, is refused.
        let inside = try ChangeSet(replacements: [.init(utf8Range: 1..<1, utf16Range: 1..<1, removed: "", inserted: "x")],
                                   oldUTF8Count: 3, oldUTF16Count: 2)
        var e = TextDocument("é.")
        XCTAssertThrowsError(try e.apply(inside))
        XCTAssertEqual(e.string, "é.")
    }

    /// Many replacements spread over many chunks, applied from the last back: the result is the
    /// flat text's, and the inverse restores the document.
    func testManyReplacementsInALongText() throws {
        let line = "مرحبا नमस्ते 👨‍👩‍👧 e\u{301} สวัสดี\r\n"
        let doc = TextDocument(String(repeating: line, count: 400))
        var edits: [(range: TextRange, text: String)] = []
        var flat = Array(doc.string.unicodeScalars)
        // Every 37th cluster replaced by "·", every 101st point gets "🇫🇷"; from the back, so
        // that the flat model's offsets stay right.
        let count = doc.count
        var model: [(clusters: Range<Int>, text: String)] = []
        for k in stride(from: 0, to: count, by: 37) { model.append((k..<k + 1, "·")) }
        for k in stride(from: 50, to: count, by: 101) where k % 37 > 1 { model.append((k..<k, "🇫🇷")) }
        for m in model { edits.append((range(doc, m.clusters.lowerBound, m.clusters.upperBound), m.text)) }
        let c = try ChangeSet(edits, in: doc)
        let clusters = Array(doc.string)
        let scalarStart = clusters.reduce(into: [0]) { $0.append($0.last! + $1.unicodeScalars.count) }
        for m in model.sorted(by: { $0.clusters.lowerBound > $1.clusters.lowerBound }) {
            flat.replaceSubrange(scalarStart[m.clusters.lowerBound]..<scalarStart[m.clusters.upperBound],
                                 with: Array(m.text.unicodeScalars))
        }
        var d = doc
        try d.apply(c)
        XCTAssertEqual(d.string, String(String.UnicodeScalarView(flat)))
        XCTAssertEqual(c.replacements.count, model.count)
        try d.apply(c.inverted())
        XCTAssertEqual(d, doc)
    }

    func testMapModes() throws {
        let doc = TextDocument("abcdef")
        let c = try ChangeSet([(range(doc, 1, 3), "XYZ"), (range(doc, 5, 5), "+")], in: doc)  // a[bc]de|f
        XCTAssertEqual(c.mapUTF8(0), 0)
        XCTAssertEqual(c.mapUTF8(1, bias: .after), 1, "the start of replaced text stays before it")
        XCTAssertEqual(c.mapUTF8(2, bias: .before), 1)
        XCTAssertEqual(c.mapUTF8(2, bias: .after), 4)
        XCTAssertEqual(c.mapUTF8(3, bias: .before), 4, "the end of replaced text goes after the new text")
        XCTAssertEqual(c.mapUTF8(5, bias: .before), 6)
        XCTAssertEqual(c.mapUTF8(5, bias: .after), 7)
        XCTAssertEqual(c.mapUTF8(6), 8)
        XCTAssertNil(c.mapUTF8(7))
        XCTAssertNil(c.mapUTF8(2, mode: .trackDeletion))
        XCTAssertEqual(c.mapUTF8(1, mode: .trackDeletion), 1)
        XCTAssertEqual(c.mapUTF8(3, mode: .trackDeletion), 4)
        XCTAssertNil(c.mapUTF8(3, mode: .trackBefore))
        XCTAssertEqual(c.mapUTF8(1, mode: .trackBefore), 1)
        XCTAssertNil(c.mapUTF8(1, mode: .trackAfter))
        XCTAssertEqual(c.mapUTF8(3, mode: .trackAfter), 4)
        XCTAssertEqual(c.mapUTF8(5, mode: .trackAfter), 7, "an insertion deletes nothing")
        // Ranges as TextEdit maps them: not growing at the edges; emptied inside a replacement.
        var d = doc
        try d.apply(c)
        XCTAssertEqual(d.text(in: c.map(range(doc, 0, 5))!), "aXYZde")
        XCTAssertEqual(c.map(TextRange(start: TextPosition(utf8Offset: 2), end: TextPosition(utf8Offset: 2)))?.start.utf8Offset, 1)
        let inside = c.map(TextRange(start: TextPosition(utf8Offset: 1), end: TextPosition(utf8Offset: 2)))!
        XCTAssertTrue(inside.isEmpty)
        XCTAssertEqual(inside.start.utf8Offset, 1)
        XCTAssertNil(c.map(TextRange(start: TextPosition(utf8Offset: 0), end: TextPosition(utf8Offset: 9))))
    }

    func testComposition() throws {
        var doc = TextDocument("one two three")
        let a = try ChangeSet([(range(doc, 0, 3), "1"), (range(doc, 8, 13), "3")], in: doc)
        let original = doc
        try doc.apply(a)  // "1 two 3"
        let b = try ChangeSet([(range(doc, 1, 2), ""), (range(doc, 5, 6), "-"), (range(doc, 7, 7), "!")], in: doc)
        try doc.apply(b)  // "1two-3!"
        let ab = try a.composed(with: b)
        var once = original
        try once.apply(ab)
        XCTAssertEqual(once.string, "1two-3!")
        XCTAssertEqual(texts(ab), ["0..<4 one ->1", "7..<13  three->-3!"])
        XCTAssertThrowsError(try b.composed(with: a)) { error in
            guard case .changeSetMismatch = (error as? TextError)?.kind else { return XCTFail("\(error)") }
        }
    }

    func testRebaseFollowsTheContract() throws {
        let doc = TextDocument("abcdefgh")
        func converge(_ a: ChangeSet, _ b: ChangeSet, otherFirst: Bool) throws -> String {
            var viaB = doc, viaA = doc
            try viaB.apply(b)
            try viaB.apply(a.rebased(over: b, otherFirst: otherFirst))
            try viaA.apply(a)
            try viaA.apply(b.rebased(over: a, otherFirst: !otherFirst))
            XCTAssertEqual(viaA.string, viaB.string)
            return viaB.string
        }
        // b removed the first part of a's text: a removes what is left, inserts where it starts.
        let a = try ChangeSet.replacing(range(doc, 2, 6), with: "A", in: doc)   // ab[cdef]gh
        let b = try ChangeSet.replacing(range(doc, 0, 4), with: "B", in: doc)   // [abcd]efgh
        XCTAssertEqual(try converge(a, b, otherFirst: true), "BAgh")
        XCTAssertEqual(texts(try a.rebased(over: b, otherFirst: true)), ["1..<3 ef->A"])
        // Insertions at one point: otherFirst puts the other's text first.
        let x = try ChangeSet.replacing(range(doc, 3, 3), with: "X", in: doc)
        let y = try ChangeSet.replacing(range(doc, 3, 3), with: "Y", in: doc)
        XCTAssertEqual(try converge(x, y, otherFirst: true), "abcYXdefgh")
        XCTAssertEqual(try converge(x, y, otherFirst: false), "abcXYdefgh")
        // An insertion inside text the other removed goes where that text started, after the
        // other's inserted text (which is at the removed text's start).
        let z = try ChangeSet.replacing(range(doc, 2, 7), with: "Z", in: doc)
        XCTAssertEqual(try converge(x, z, otherFirst: true), "abZXh")
        XCTAssertEqual(try converge(x, z, otherFirst: false), "abZXh")
        XCTAssertThrowsError(try a.rebased(over: ChangeSet.replacing(range(doc, 0, 1), with: "", in: TextDocument("x")),
                                           otherFirst: true))
    }

    func testLSPChanges() throws {
        let doc = TextDocument("a👍\r\nשָׁלוֹם\rb\u{85}c\nd")
        // LSP lines end at CR LF, CR and LF only: NEL does not end one.
        let c = try ChangeSet([(range(doc, 1, 2), "🇫🇷"), (range(doc, 8, 9), "x"), (range(doc, 11, 12), "")], in: doc)
        let changes = try c.lspChanges(in: doc)
        XCTAssertEqual(changes, [
            LSPChange(startLine: 2, startCharacter: 3, endLine: 3, endCharacter: 0, text: ""),  // the LF
            LSPChange(startLine: 2, startCharacter: 0, endLine: 2, endCharacter: 1, text: "x"),
            LSPChange(startLine: 0, startCharacter: 1, endLine: 0, endCharacter: 3, text: "🇫🇷"),
        ])
        let json = String(decoding: try JSONEncoder().encode(changes[2]), as: UTF8.self)
        XCTAssertTrue(json.contains("\"range\":{") && json.contains("\"character\":3"), json)
        XCTAssertEqual(try JSONDecoder().decode(LSPChange.self, from: Data(json.utf8)), changes[2])
        XCTAssertThrowsError(try c.lspChanges(in: TextDocument("other")))
    }

    func testDecodingRefusesMalformedChangeSets() throws {
        func decode(_ json: String) throws -> ChangeSet { try JSONDecoder().decode(ChangeSet.self, from: Data(json.utf8)) }
        let ok = #"{"oldUTF8Count":3,"oldUTF16Count":3,"replacements":[{"utf8Range":[1,2],"utf16Range":[1,2],"removed":"b","inserted":"B"}]}"#
        XCTAssertEqual(try decode(ok).replacements.first?.inserted, "B")
        for bad in [
            #"{"oldUTF8Count":3,"oldUTF16Count":3,"replacements":[{"utf8Range":[1,3],"utf16Range":[1,2],"removed":"b","inserted":"B"}]}"#,
            #"{"oldUTF8Count":1,"oldUTF16Count":1,"replacements":[{"utf8Range":[1,2],"utf16Range":[1,2],"removed":"b","inserted":"B"}]}"#,
            #"{"oldUTF8Count":3,"oldUTF16Count":9,"replacements":[]}"#,
            #"{"oldUTF8Count":3,"oldUTF16Count":3,"replacements":[{"utf8Range":[-1,-1],"utf16Range":[-1,-1],"removed":"","inserted":"B"}]}"#,
            #"{"oldUTF8Count":3,"oldUTF16Count":3,"replacements":[{"utf8Range":[1,2],"utf16Range":[1,2],"removed":"b","inserted":""},{"utf8Range":[0,2],"utf16Range":[0,2],"removed":"ab","inserted":""}]}"#,
        ] {
            XCTAssertThrowsError(try decode(bad)) { error in
                guard case DecodingError.dataCorrupted = error else { return XCTFail("\(error)") }
            }
        }
    }
}
