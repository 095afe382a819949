import XCTest
@testable import Caret

/// Case mapping through ICU: SpecialCasing.txt's unconditional entries, its conditions (final
/// sigma, Turkish/Azeri i, Lithuanian dots), Dutch IJ, and `applyCase` as an edit.
final class CaseMappingTests: XCTestCase {
    func whole(_ doc: TextDocument) -> TextRange { doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)! }

    func map(_ text: String, _ mapping: CaseMapping, _ locale: String = "") -> String? {
        let doc = TextDocument(text)
        switch mapping {
        case .upper: return doc.uppercased(whole(doc), locale: locale)
        case .lower: return doc.lowercased(whole(doc), locale: locale)
        case .title: return doc.capitalized(whole(doc), locale: locale)
        }
    }

    /// Every unconditional entry of SpecialCasing.txt: the code point alone maps as listed.
    func testUnconditionalSpecialCasing() throws {
        let file = try SharedData.unicodeFile("SpecialCasing.txt")
        var checked = 0
        for raw in file.split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5, fields[4].isEmpty else { continue }   // conditions in field 5
            func string(_ f: String) -> String {
                var s = ""
                s.unicodeScalars.append(contentsOf: f.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) })
                return s
            }
            let c = string(fields[0])
            XCTAssertEqual(map(c, .lower), string(fields[1]), "lower \(fields[0])")
            XCTAssertEqual(map(c, .title), string(fields[2]), "title \(fields[0])")
            XCTAssertEqual(map(c, .upper), string(fields[3]), "upper \(fields[0])")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testFinalSigma() {
        XCTAssertEqual(map("ΟΔΟΣ ΟΔΟΣ.", .lower), "\u{3BF}\u{3B4}\u{3BF}\u{3C2} \u{3BF}\u{3B4}\u{3BF}\u{3C2}.")
        XCTAssertEqual(map("ΣΑΣ", .lower), "σας")
        XCTAssertEqual(map("Σ", .lower), "σ")                       // not preceded by a cased letter
        XCTAssertEqual(map("ΑΣ\u{301}Α", .lower), "ασ\u{301}α")     // followed (past a mark) by a cased letter
        XCTAssertEqual(map("όδος", .upper, "el"), "ΟΔΟΣ")           // Greek uppercasing drops accents
    }

    func testTurkishAndAzeri() {
        for locale in ["tr", "az", "tr-TR"] {
            XCTAssertEqual(map("istanbul", .upper, locale), "İSTANBUL")
            XCTAssertEqual(map("ISPARTA", .lower, locale), "ısparta")
            XCTAssertEqual(map("İ", .lower, locale), "i")
            XCTAssertEqual(map("I\u{307}", .lower, locale), "i")        // After_I: the dot goes
            XCTAssertEqual(map("ilk ırmak", .title, locale), "İlk Irmak")
        }
        XCTAssertEqual(map("istanbul", .upper), "ISTANBUL")
        XCTAssertEqual(map("İ", .lower), "i\u{307}")
        XCTAssertEqual(map("I", .lower), "i")
    }

    func testLithuanianDots() {
        XCTAssertEqual(map("Ì", .lower, "lt"), "i\u{307}\u{300}")              // explicit dot before the accent
        XCTAssertEqual(map("I\u{300}", .lower, "lt"), "i\u{307}\u{300}")       // More_Above
        XCTAssertEqual(map("Į\u{301}", .lower, "lt"), "į\u{307}\u{301}")
        XCTAssertEqual(map("i\u{307}", .upper, "lt"), "I")                      // After_Soft_Dotted: dot removed
        XCTAssertEqual(map("Ì", .lower), "ì")
        XCTAssertEqual(map("i\u{307}", .upper), "I\u{307}")
    }

    func testDutchIJ() {
        XCTAssertEqual(map("ijsselmeer", .title, "nl"), "IJsselmeer")
        XCTAssertEqual(map("het ijsselmeer en de ijzeren brug", .title, "nl"), "Het IJsselmeer En De IJzeren Brug")
        XCTAssertEqual(map("ijsselmeer", .title), "Ijsselmeer")
    }

    func testApplyCaseEditsOnlyTheRange() throws {
        var doc = TextDocument("straße und ijssel, café")
        let before = doc.position(at: 2)!
        let start = doc.position(at: 0)!, end = doc.position(at: 6)!
        let r = try doc.applyCase(.upper, to: doc.textRange(from: start, to: end)!, locale: "de")
        XCTAssertEqual(doc.string, "STRASSE und ijssel, café")
        XCTAssertEqual(doc.text(in: r), "STRASSE")
        XCTAssertEqual(doc.offset(of: before), 2)
        let tail = doc.position(at: 8)!                       // "und…" starts at the returned end + 1
        XCTAssertEqual(doc.offset(of: r.end)! + 1, doc.offset(of: tail))
        doc.checkInvariants()
        let title = try doc.applyCase(.title, to: doc.textRange(from: doc.position(at: 12)!, to: doc.position(at: 18)!)!, locale: "nl")
        XCTAssertEqual(doc.text(in: title), "IJssel")
        XCTAssertEqual(doc.string, "STRASSE und IJssel, café")
        let same = doc
        let unchanged = try doc.applyCase(.lower, to: doc.textRange(from: doc.position(at: 8)!, to: doc.position(at: 11)!)!, locale: "")
        XCTAssertEqual(doc.text(in: unchanged), "und")
        XCTAssertTrue(doc.rope.root === same.rope.root, "a mapping that changes nothing does not edit")
        doc.checkInvariants()
    }

    func testOutOfBounds() {
        var doc = TextDocument("abc")
        let longer = TextDocument("abcdef")
        let bad = longer.textRange(from: longer.position(at: 1)!, to: longer.endOfDocument)!
        XCTAssertNil(doc.uppercased(bad, locale: "tr"))
        XCTAssertNil(doc.lowercased(bad, locale: ""))
        XCTAssertNil(doc.capitalized(bad, locale: "nl"))
        XCTAssertThrowsError(try doc.applyCase(.upper, to: bad, locale: "")) { error in
            guard case .outOfBounds = (error as? TextError)?.kind else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(doc.string, "abc")
    }
}
