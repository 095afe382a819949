import XCTest
@_spi(Reference) @testable import Caret

/// Short runs of the scripts ICU segments with dictionaries (Lao, Thai, Khmer, Burmese) give
/// ICU's answer on the flat UTF-16 text. ICU's dictionary engines decide whether a run is long
/// enough to divide by differences of native indexes; over UTF-8 offsets (a UTF-8 `UText`) a
/// three-letter Lao word is nine units long and gets split (`ກຊີ` came out as `ກ` + `ຊີ`).
/// The rope's text has UTF-16 native indexes, so these must agree exactly.
final class ShortDictionaryRunTests: XCTestCase {
    /// Short words and phrases, alone and between Latin words, with each script's locale.
    static let samples: [(text: String, locale: String)] = [
        ("ກຊີ", "lo"), ("ນີ້", "lo"), ("ກຊີ ສະບາຍດີ", "lo"), ("ສະບາຍດີ", "lo"), ("ລາວ", "lo"),
        ("กข", "th"), ("ไก่", "th"), ("แมว", "th"), ("ภาษาไทย", "th"), ("แมว กิน ปลา", "th"), ("น้ำ", "th"),
        ("ខ្មែរ", "km"), ("សួស្តី", "km"), ("ភាសា ខ្មែរ", "km"), ("ក", "km"),
        ("မြန်မာ", "my"), ("ကို", "my"), ("မင်္ဂလာပါ", "my"), ("စာ", "my"),
        ("abc ກຊີ def", "en"), ("x ไก่ y", "en"), ("(ខ្មែរ)", "en"), ("1 မြန်မာ 2", "en"),
    ]

    /// Word, line and sentence boundaries with their rule statuses, in UTF-8 offsets, as ICU
    /// finds them on the flat UTF-16 text.
    func flatBoundaries(_ kind: String, _ text: String, locale: String) -> [[Int]] {
        let table = UnitTable(text)
        return ICUReference.boundariesUTF16(kind, locale: locale, Array(text.utf16))
            .map { [table.utf8[table.scalarIndex(utf16: $0.offset)!], $0.status] }
    }

    func testLaoWordIsOneWord() {
        // The case of issue 14: boundaries 0 and 3 in UTF-16, one word with a letter status.
        let flat = ICUReference.boundariesUTF16("word", Array("ກຊີ".utf16))
        XCTAssertEqual(flat.map(\.offset), [0, 3])
        let doc = TextDocument("ກຊີ")
        XCTAssertEqual(doc.segmentBoundaries("word").map(\.utf8Offset), [0, 9])
        let middle = doc.position(at: 1)!   // after ກ: the word's second cluster is ຊີ
        let word = doc.rangeEnclosing(middle, with: .word, in: .storage(.forward))
        XCTAssertEqual(word.map { [doc.offset(of: $0.start, unit: .utf16)!, doc.offset(of: $0.end, unit: .utf16)!] },
                       [0, 3])
    }

    func testShortRunsAgreeWithFlatICU() {
        for (text, locale) in Self.samples {
            for loc in [locale, ""] {
                var doc = TextDocument(text)
                doc.locale = loc
                for kind in ["word", "line", "sentence"] {
                    XCTAssertEqual(doc.segmentBoundaries(kind).map { [$0.utf8Offset, $0.status] },
                                   flatBoundaries(kind, text, locale: loc), "\(kind) \(text) \(loc)")
                }
            }
        }
    }

    /// The same runs inside a longer document, found through the public API from the middle
    /// of each word, with ICU starting from there (random access through the rope).
    func testShortRunsThroughThePublicAPI() {
        for (text, locale) in Self.samples {
            let full = "Some text before. " + text + " and after."
            var doc = TextDocument(full)
            doc.locale = locale
            let flat = flatBoundaries("word", full, locale: locale)
            for k in 1..<flat.count where flat[k][1] >= 100 {
                let start = flat[k - 1][0], end = flat[k][0]
                for x in [start, (start + end) / 2] {
                    guard let p = doc.position(at: x, unit: .utf8), doc.offset(of: p, unit: .utf8)! >= start else { continue }
                    let r = doc.rangeEnclosing(p, with: .word, in: .storage(.forward))
                    XCTAssertEqual(r.map { [doc.offset(of: $0.start, unit: .utf8)!, doc.offset(of: $0.end, unit: .utf8)!] },
                                   [start, end], "\(full) \(locale): word \(k) from \(x)")
                }
            }
            let lines = flatBoundaries("line", full, locale: locale).dropFirst().map { $0[0] }
            let range = doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!
            let got = doc.lineBreakOpportunities(in: range)!.map { doc.offset(of: $0.position, unit: .utf8)! }
            XCTAssertEqual(got, lines.filter { doc.isGraphemeBoundary($0) }, "\(full) \(locale): line breaks")
        }
    }
}
