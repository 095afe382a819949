import XCTest
@_spi(Reference) @testable import Caret

/// The ICU services the editing model's rules use (issue 11), through the C boundary: regular
/// expressions with hitEnd over flat text and over the rope, locale quotation marks and number
/// symbols (libicui18n), sentence breaks with the `@ss=standard` suppressions.
final class ICUServicesTests: XCTestCase {
    func testRegexOnFlatText() throws {
        let regex = try ICURegex("(\\d+)-(\\d+)?")
        regex.setText(utf16: Array("ab 12-34 x".utf16))
        let found = regex.firstMatch(from: 0)
        XCTAssertEqual(found.range, 3..<8)
        XCTAssertEqual(found.groups, [3..<5, 6..<8])
        XCTAssertFalse(found.hitEnd)
        // The group that took no part is nil.
        regex.setText(utf16: Array("7-".utf16))
        XCTAssertEqual(regex.firstMatch(from: 0).groups, [0..<1, nil])
        XCTAssertNil(regex.firstMatch(from: 2).range)
    }

    func testRegexHitEnd() throws {
        let regex = try ICURegex("--")
        // "a-" does not match, but one more "-" could make it: hitEnd.
        regex.setText(utf16: Array("a-".utf16))
        let partial = regex.firstMatch(from: 0)
        XCTAssertNil(partial.range)
        XCTAssertTrue(partial.hitEnd)
        XCTAssertTrue(regex.prefixMatch(at: 1).hitEnd)
        // From "-" in "a-b" the match fails at "b", before the end: more text would not help.
        // (A failed search tries every start up to the end, so it always reaches it.)
        regex.setText(utf16: Array("a-b".utf16))
        let none = regex.prefixMatch(at: 1)
        XCTAssertNil(none.range)
        XCTAssertFalse(none.hitEnd)
        // A prefix match at an offset, and `$` needing the end.
        let dollar = try ICURegex("\\d+$")
        dollar.setText(utf16: Array("x 42".utf16))
        let end = dollar.prefixMatch(at: 2)
        XCTAssertEqual(end.range, 2..<4)
        XCTAssertTrue(end.requireEnd)
    }

    func testRegexSyntaxError() {
        XCTAssertThrowsError(try ICURegex("a(b")) { error in
            XCTAssertNotNil(error as? ICURegex.SyntaxError)
        }
        XCTAssertNoThrow(try ICURegex("a(b", options: .literal))
    }

    /// Over the rope (a text of several chunks, so that matches cross chunk seams): the same
    /// matches as on the flat text, in UTF-8 offsets, including supplementary characters and a
    /// region.
    func testRegexOverTheRopeAgreesWithFlatText() throws {
        let text = spanningChunks("Grüße 👋🏽 from שָׁלוֹם, 12 ភាសា ខ្មែរ 3.5 km — done 😀😀")
        let table = UnitTable(text)
        func utf8(_ u: Int) -> Int { table.utf8[table.scalarIndex(utf16: u)!] }
        for pattern in ["\\p{L}+", "\\d+(\\.\\d+)?", "[😀👋]", "\\b\\w", "ភាសា\\s+ខ្មែរ"] {
            let flat = try ICURegex(pattern), rope = try ICURegex(pattern)
            flat.setText(utf16: Array(text.utf16))
            let doc = TextDocument(text)
            rope.setText(RopeText(doc.rope)!)
            var from16 = 0
            var matches = 0
            while from16 <= text.utf16.count, let r = flat.firstMatch(from: from16).range {
                let got = rope.firstMatch(from: utf8(from16))
                XCTAssertEqual(got.range, utf8(r.lowerBound)..<utf8(r.upperBound), "\(pattern) from \(from16)")
                matches += 1
                from16 = max(r.upperBound, r.lowerBound + 1)
                while from16 < text.utf16.count && table.scalarIndex(utf16: from16) == nil { from16 += 1 }
            }
            XCTAssertGreaterThan(matches, 0, pattern)
            // A region: only the text between the comma and "km" is searched.
            let lower = text.utf8.distance(from: text.utf8.startIndex, to: text.firstIndex(of: ",")!)
            let upper = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "km")!.lowerBound)
            let digits = try ICURegex("\\d+$")
            digits.setText(RopeText(doc.rope)!)
            XCTAssertNil(digits.firstMatch(in: lower..<upper).range, "no digits end the region")
            let number = try ICURegex("\\d\\.\\d")
            number.setText(RopeText(doc.rope)!)
            let inRegion = number.firstMatch(in: lower..<upper).range
            XCTAssertEqual(inRegion.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }, "3.5")
        }
    }

    func testQuotationMarks() {
        XCTAssertEqual(ICULocaleData.quotationMarks(locale: "en"),
                       .init(open: "“", close: "”", alternateOpen: "‘", alternateClose: "’"))
        XCTAssertEqual(ICULocaleData.quotationMarks(locale: "de"),
                       .init(open: "„", close: "“", alternateOpen: "‚", alternateClose: "‘"))
        XCTAssertEqual(ICULocaleData.quotationMarks(locale: "fr")?.open, "«")
        XCTAssertEqual(ICULocaleData.quotationMarks(locale: "ja")?.open, "「")
    }

    func testNumberSymbols() {
        XCTAssertEqual(ICULocaleData.numberSymbol(.decimalSeparator, locale: "en"), ".")
        XCTAssertEqual(ICULocaleData.numberSymbol(.decimalSeparator, locale: "de"), ",")
        XCTAssertEqual(ICULocaleData.numberSymbol(.groupingSeparator, locale: "de"), ".")
        XCTAssertEqual(ICULocaleData.numberSymbol(.decimalSeparator, locale: "ar-EG"), "٫")
        XCTAssertEqual(ICULocaleData.numberSymbol(.minusSign, locale: "en"), "-")
    }

    /// `@ss=standard` suppresses sentence breaks after the locale's abbreviations ("Mr.").
    func testSentenceBreakSuppressions() {
        let text = "Mr. Smith went home. He slept."
        let plain = ICUReference.boundariesUTF16("sentence", locale: "en", Array(text.utf16)).map(\.offset)
        let suppressed = ICUReference.boundariesUTF16("sentence", locale: "en@ss=standard", Array(text.utf16)).map(\.offset)
        XCTAssertEqual(plain, [0, 4, 21, 30])
        XCTAssertEqual(suppressed, [0, 21, 30])
        var doc = TextDocument(text)
        doc.locale = "en@ss=standard"
        XCTAssertEqual(doc.segmentBoundaries("sentence").map(\.utf8Offset), suppressed)
    }

    /// The single-letter case mappings an autocapitalizing field asks for.
    func testSingleLetterCaseMapping() throws {
        let map = try XCTUnwrap(ICUCaseMap(locale: "tr"))
        func mapped(_ mapping: CaseMapping, _ s: String) -> String? {
            Array(s.utf8).withUnsafeBufferPointer { map.map(mapping, $0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(mapped(.upper, "i"), "İ")
        XCTAssertEqual(mapped(.title, "ǆ"), "ǅ")
        XCTAssertEqual(mapped(.upper, "ß"), "SS")
    }
}
