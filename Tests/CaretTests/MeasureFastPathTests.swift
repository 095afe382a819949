import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The measure loop takes scalars with lead bytes E4–E9 (U+4000–U+9FFF, CJK ideographs) and
/// D0–D1 (U+0400–U+047F, Cyrillic) as plain, as it takes printable ASCII: without decoding them
/// or looking their class up. That holds only while ICU's data gives every one of them class
/// Other with no conjunct role and none of them is a line terminator; and the counts must stay
/// ICU's next to the scalars that do join them (marks, joiners, selectors, a Prepend before
/// them, CR LF, flags).
final class MeasureFastPathTests: XCTestCase {
    func testEveryScalarOfTheFastRangesIsPlain() {
        let table = GraphemeClassTable.shared
        for c in Array(0x4000...0x9FFF) + Array(0x0400...0x047F) as [UInt32] {
            XCTAssertEqual(table(c).raw, 0, "U+\(String(c, radix: 16, uppercase: true))")
            XCTAssertFalse(LineTerminator.contains(c))
        }
    }

    func testCountsAgreeWithICUAroundTheFastRanges() {
        var (rng, _) = SeededGenerator.fromEnvironment(default: 20_261_204)
        let pieces = ["中", "文", "䀀", "鿿", "\u{9FFF}", "\u{4DC0}", "\u{0301}", "\u{3099}", "\u{200D}", "\u{FE0F}", "\u{E0100}",
                      "\u{0600}", "\u{0915}\u{094D}", "\r\n", "\n", "a", " ", "🇯🇵", "👍🏽", "\u{1100}", "\u{AC00}", "ー", "。", "Ж", "я", "\u{0400}", "\u{047F}", "\u{0483}", "ё"]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 24) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let bytes = Array(text.utf8)
            let summary = bytes.withUnsafeBufferPointer { TextSummary.measure($0) }
            let utf16 = Array(text.utf16)
            let hex = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            XCTAssertEqual(summary.graphemes, ICUReference.graphemeCount(utf16), hex)
            XCTAssertEqual(summary.scalars, text.unicodeScalars.count, hex)
            XCTAssertEqual(summary.utf16, utf16.count, hex)
            XCTAssertEqual(summary.lines, text.filter { $0 == "\n" || $0 == "\r\n" }.count, hex)
        }
    }
}
