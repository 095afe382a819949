import Dispatch
import Synchronization
import XCTest
@_spi(Reference) @testable import Caret

/// Break iterators are cloned from one opened per kind and locale (`BreakIteratorPrototypes`):
/// the clones answer as fresh iterators, from many threads at once and past the cache's limit.
final class BreakIteratorPrototypeTests: XCTestCase {
    static let texts: [(String, String)] = [
        ("The quick brown fox. It jumps! Over 3.5 lazy dogs?", "en"),
        ("ภาษาไทยง่ายนิดเดียว แมวกินปลา", "th"),
        ("日本語のテキストです。中文文本。", "ja"),
        ("ກຊີ ສະບາຍດີ ນີ້", "lo"),
    ]

    /// Words and sentences of every text, found from each UTF-8 offset through the rope.
    static func lookups(_ text: String, _ locale: String) -> [[Int]] {
        var doc = TextDocument(text)
        doc.locale = locale
        var result: [[Int]] = []
        for x in 0...doc.count(in: .utf8) {
            guard let p = doc.position(at: x, unit: .utf8) else { continue }
            for g in [TextGranularity.word, .sentence] {
                let r = doc.rangeEnclosing(p, with: g, in: .storage(.forward))
                result.append(r.map { [doc.offset(of: $0.start, unit: .utf8)!, doc.offset(of: $0.end, unit: .utf8)!] } ?? [-1])
            }
        }
        return result
    }

    func testClonesAgreeWithFlatICU() {
        for (text, locale) in Self.texts {
            var doc = TextDocument(text)
            doc.locale = locale
            for kind in ["word", "sentence", "line"] {
                let table = UnitTable(text)
                let flat = ICUReference.boundariesUTF16(kind, locale: locale, Array(text.utf16))
                    .map { table.utf8[table.scalarIndex(utf16: $0.offset)!] }
                // Twice: the first call opens the prototype, the second clones it.
                for _ in 0..<2 {
                    XCTAssertEqual(doc.segmentBoundaries(kind).map(\.utf8Offset), flat, "\(kind) \(locale)")
                }
            }
        }
    }

    /// Iterators go back to a pool when a call is done (`BreakIteratorPrototypes.recycle`) and
    /// the next call of the same kind and locale takes one: answers do not depend on what the
    /// iterator read before (other texts, other dictionary scripts), and an idle iterator holds
    /// no document (its text is reset), so the rope is the document's alone afterwards.
    func testRecycledIteratorsAnswerAsFreshOnesAndHoldNoText() {
        let expected = Self.texts.map { Self.lookups($0.0, $0.1) }
        for round in 0..<3 {
            for (k, (text, locale)) in Self.texts.enumerated().reversed() {
                XCTAssertEqual(Self.lookups(text, locale), expected[k], "round \(round), \(locale)")
            }
        }
        var doc = TextDocument(String(repeating: "ภาษาไทย word 日本語 ", count: 200))
        doc.locale = "th"
        XCTAssertNotNil(doc.position(from: doc.beginningOfDocument, toBoundary: .word, in: .storage(.forward)))
        XCTAssertNotNil(doc.rangeEnclosing(doc.endOfDocument, with: .sentence, in: .storage(.backward)))
        XCTAssertGreaterThan(doc.words.reduce(0) { n, _ in n + 1 }, 600)
        XCTAssertTrue(isKnownUniquelyReferenced(&doc.rope.root), "an idle iterator still holds the text")
    }

    func testConcurrentLookupsAgreeWithSerialOnes() {
        let expected = Self.texts.map { Self.lookups($0.0, $0.1) }
        let results = Mutex<[Int: [[Int]]]>([:])
        DispatchQueue.concurrentPerform(iterations: 16) { k in
            let (text, locale) = Self.texts[k % Self.texts.count]
            let got = Self.lookups(text, locale)
            results.withLock { $0[k] = got }
        }
        let got = results.withLock { $0 }
        for k in 0..<16 {
            XCTAssertEqual(got[k], expected[k % Self.texts.count], "thread \(k)")
        }
    }

    /// More locales than the cache keeps still get working iterators (opened directly).
    func testMoreLocalesThanTheLimit() {
        let text = "Two words. Another sentence."
        let flat = ICUReference.boundariesUTF16("sentence", Array(text.utf16)).map(\.offset)
        for k in 0..<(BreakIteratorPrototypes.limit + 8) {
            var doc = TextDocument(text)
            doc.locale = "en-x-test\(k)"
            XCTAssertEqual(doc.segmentBoundaries("sentence").map(\.utf8Offset), flat, doc.locale)
        }
    }
}
