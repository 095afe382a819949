import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The tokenizer calls on ordinary text, in Thai, Japanese and Chinese against ICU on the flat
/// text, and the bound on how much text ICU reads per call.
final class BoundaryTests: XCTestCase {
    func offsets(_ doc: TextDocument, _ p: TextPosition?) -> Int? { p.flatMap { doc.offset(of: $0) } }

    func testWordMotionSkipsSpacesAndPunctuation() {
        let doc = TextDocument("Hello, world!  It's 3.5 km.")
        var stops: [Int] = []
        var p: TextPosition? = doc.beginningOfDocument
        while let q = p.flatMap({ doc.position(from: $0, toBoundary: .word, in: .storage(.forward)) }) {
            stops.append(doc.offset(of: q)!)
            p = q
        }
        XCTAssertEqual(stops, [5, 12, 19, 23, 26])
        stops = []
        p = doc.endOfDocument
        while let q = p.flatMap({ doc.position(from: $0, toBoundary: .word, in: .layout(.left)) }) {
            stops.append(doc.offset(of: q)!)
            p = q
        }
        XCTAssertEqual(stops, [24, 20, 15, 7, 0])
        let comma = doc.position(at: 5)!
        XCTAssertTrue(doc.isPosition(comma, atBoundary: .word, in: .storage(.forward)))
        XCTAssertFalse(doc.isPosition(comma, atBoundary: .word, in: .storage(.backward)))
        XCTAssertFalse(doc.isPosition(comma, withinTextUnit: .word, in: .storage(.forward)))
        XCTAssertTrue(doc.isPosition(comma, withinTextUnit: .word, in: .storage(.backward)))
        XCTAssertNil(doc.rangeEnclosing(comma, with: .word, in: .storage(.forward)))
        XCTAssertEqual(doc.rangeEnclosing(comma, with: .word, in: .layout(.left)).flatMap { doc.text(in: $0) }, "Hello")
        XCTAssertEqual(doc.rangeEnclosing(doc.position(at: 16)!, with: .word, in: .layout(.right)).flatMap { doc.text(in: $0) }, "It's")
    }

    func testCharacterSentenceParagraphDocument() {
        let doc = TextDocument("Go now. Then 🇫🇷 stop!\r\n\nNext é line")
        let flag = doc.position(at: 13)!
        XCTAssertEqual(doc.rangeEnclosing(flag, with: .character, in: .storage(.forward)).flatMap { doc.text(in: $0) }, "🇫🇷")
        XCTAssertEqual(offsets(doc, doc.position(from: flag, toBoundary: .character, in: .storage(.forward))), 14)
        XCTAssertTrue(doc.isPosition(flag, atBoundary: .character, in: .storage(.backward)))
        XCTAssertEqual(doc.rangeEnclosing(doc.position(at: 2)!, with: .sentence, in: .storage(.forward)).flatMap { doc.text(in: $0) }, "Go now. ")
        XCTAssertEqual(offsets(doc, doc.position(from: doc.beginningOfDocument, toBoundary: .sentence, in: .storage(.forward))), 8)
        // Paragraphs: hard lines without their terminators; motion skips the empty one.
        XCTAssertEqual(doc.rangeEnclosing(flag, with: .paragraph, in: .storage(.forward)).flatMap { doc.text(in: $0) }, "Go now. Then 🇫🇷 stop!")
        XCTAssertEqual(offsets(doc, doc.position(from: flag, toBoundary: .paragraph, in: .storage(.forward))), 20)
        XCTAssertEqual(offsets(doc, doc.position(from: doc.position(at: 20)!, toBoundary: .paragraph, in: .layout(.down))), 33)
        XCTAssertEqual(offsets(doc, doc.position(from: doc.endOfDocument, toBoundary: .line, in: .layout(.up))), 22)
        XCTAssertEqual(doc.rangeEnclosing(doc.position(at: 21)!, with: .paragraph, in: .storage(.forward)).map { doc.offset(of: $0.start)! }, 21)
        XCTAssertTrue(doc.isPosition(doc.position(at: 20)!, atBoundary: .paragraph, in: .storage(.forward)))
        XCTAssertFalse(doc.isPosition(doc.position(at: 20)!, withinTextUnit: .paragraph, in: .storage(.forward)))
        XCTAssertEqual(doc.rangeEnclosing(flag, with: .document, in: .storage(.backward)).flatMap { doc.text(in: $0) }, doc.string)
        XCTAssertEqual(doc.position(from: flag, toBoundary: .document, in: .storage(.forward)), doc.endOfDocument)
        XCTAssertNil(doc.position(from: doc.endOfDocument, toBoundary: .document, in: .storage(.forward)))
    }

    func testOutOfBoundsAndEmpty() {
        let doc = TextDocument("short")
        let far = TextDocument("a much longer text").endOfDocument
        for g in [TextGranularity.character, .word, .sentence, .paragraph, .line, .document] {
            XCTAssertNil(doc.rangeEnclosing(far, with: g, in: .storage(.forward)))
            XCTAssertNil(doc.position(from: far, toBoundary: g, in: .storage(.backward)))
            XCTAssertFalse(doc.isPosition(far, atBoundary: g, in: .storage(.forward)))
            XCTAssertFalse(doc.isPosition(far, withinTextUnit: g, in: .storage(.forward)))
            let empty = TextDocument()
            XCTAssertNil(empty.position(from: empty.beginningOfDocument, toBoundary: g, in: .storage(.forward)))
            XCTAssertFalse(empty.isPosition(empty.beginningOfDocument, withinTextUnit: g, in: .storage(.forward)))
        }
        XCTAssertNil(doc.lineBreakOpportunities(in: TextDocument("a much longer text").textRange(from: far, to: far)!))
    }

    func testLineBreakOpportunities() {
        let doc = TextDocument("Wrap this text\nnow")
        let got = doc.lineBreakOpportunities(in: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)!
        XCTAssertEqual(got.map { doc.offset(of: $0.position)! }, [5, 10, 15, 18])
        XCTAssertEqual(got.map(\.isMandatory), [false, false, true, false])
    }

    /// Words in Thai, Japanese and Chinese (dictionary breaks) agree with ICU on the flat text,
    /// through the rope (samples of one to two kilobytes: a chunk seam or two; in the
    /// `TinyShapes` build one at nearly every cluster), for the text's own locale and root.
    func testDictionaryScriptsAgreeWithFlatICU() throws {
        for (file, locale) in [("th", "th"), ("ja", "ja"), ("zh-Hans", "zh"), ("zh-Hant", "zh-Hant"), ("km", "km"), ("my", "my")] {
            let path = #filePath.replacingOccurrences(of: "Tests/CaretTests/BoundaryTests.swift", with: "Corpus/samples/\(file).txt")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let table = UnitTable(text)
            for loc in [locale, ""] {
                let flat = ICUReference.boundariesUTF16("word", locale: loc, Array(text.utf16))
                    .map { [table.utf8[table.scalarIndex(utf16: $0.offset)!], $0.status] }
                XCTAssertGreaterThan(flat.count, text.unicodeScalars.count / 20, "\(file): dictionary words")
                var doc = TextDocument(text)
                doc.locale = loc
                XCTAssertEqual(doc.segmentBoundaries("word").map { [$0.utf8Offset, $0.status] }, flat, "\(file) \(loc)")
                // Each word through the public API, found from its middle.
                for k in 1..<min(flat.count, 400) where flat[k][1] >= 100 {
                    let start = flat[k - 1][0], end = flat[k][0]
                    guard let p = doc.position(at: (start + end) / 2, unit: .utf8),
                          doc.offset(of: p, unit: .utf8)! > start else { continue }
                    let r = doc.rangeEnclosing(p, with: .word, in: .storage(.forward))
                    XCTAssertEqual(r.map { [doc.offset(of: $0.start, unit: .utf8)!, doc.offset(of: $0.end, unit: .utf8)!] },
                                   [start, end], "\(file) \(loc): word \(k)")
                }
            }
        }
    }

    /// No call hands ICU the whole document: word lookups at random positions of a 4 MB
    /// document read a bounded number of bytes, the same as in a 64 KB one.
    func testWordLookupsReadABoundedWindow() throws {
        let paragraph = "The quick brown fox, naïve café owner — 12.5% of ½ — jumps over Ελλάδα and Россия. "
            + "ภาษาไทย ง่าย 日本語のテキスト、中文文本。 👋🏽 done.\n"
        var small = "", large = ""
        while small.utf8.count < 64 << 10 { small += paragraph }
        while large.utf8.count < 4 << 20 { large += paragraph }
        var worst: [Int] = []
        for text in [small, large] {
            let doc = TextDocument(text)
            var rng = SeededGenerator(seed: 6)
            var most = 0
            for _ in 0..<200 {
                let p = doc.position(at: Int.random(in: 0...doc.count, using: &rng))!
                let meter = ICUReadMeter()
                ICUReadMeter.$current.withValue(meter) {
                    _ = doc.rangeEnclosing(p, with: .word, in: .storage(.forward))
                    _ = doc.position(from: p, toBoundary: .word, in: .storage(.backward))
                    _ = doc.isPosition(p, atBoundary: .sentence, in: .storage(.forward))
                }
                XCTAssertGreaterThan(meter.bytes, 0, "the meter sees the reads")
                most = max(most, meter.bytes)
            }
            worst.append(most)
        }
        print("most bytes handed to ICU per lookup: \(worst[0]) (64 KB document), \(worst[1]) (4 MB document)")
        XCTAssertLessThanOrEqual(worst[1], 64 << 10)   // a whole-document read would be 4 MB
        XCTAssertLessThanOrEqual(worst[1], worst[0] * 2)
    }
}

/// Layout directions in the tokenizer follow the paragraph's base direction.
final class LayoutDirectionBoundaryTests: XCTestCase {
    func testRightMeansBackwardInRightToLeftParagraphs() {
        let doc = TextDocument("one two\nשלום עולם")
        let ltrMiddle = doc.position(at: 4)!                     // before "two"
        XCTAssertEqual(doc.position(from: ltrMiddle, toBoundary: .word, in: .layout(.right)).flatMap { doc.offset(of: $0) }, 7)
        XCTAssertEqual(doc.position(from: ltrMiddle, toBoundary: .word, in: .layout(.left)).flatMap { doc.offset(of: $0) }, 0)
        let rtlMiddle = doc.position(at: 13)!                    // before "עולם"
        XCTAssertEqual(doc.position(from: rtlMiddle, toBoundary: .word, in: .layout(.right)).flatMap { doc.offset(of: $0) }, 8)
        XCTAssertEqual(doc.position(from: rtlMiddle, toBoundary: .word, in: .layout(.left)).flatMap { doc.offset(of: $0) }, 17)
        XCTAssertEqual(doc.position(from: rtlMiddle, toBoundary: .word, in: .storage(.forward)).flatMap { doc.offset(of: $0) }, 17)
    }
}
