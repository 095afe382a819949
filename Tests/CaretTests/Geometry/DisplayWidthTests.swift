import Caret
import XCTest

/// Display widths in both models, against hand-checked values and the document's range API.
final class DisplayWidthTests: XCTestCase {
    let terminal = DisplayWidthOptions()
    let clusters = DisplayWidthOptions(model: .clusters)

    func testTerminalWidthsScalarByScalar() {
        let cases: [(String, Int)] = [
            ("a", 1), ("日本", 4), ("e\u{301}", 1), ("दि", 2), ("\u{200D}", 0), ("\u{FE0F}", 0),
            ("👍", 2), ("👍🏽", 4), ("👨\u{200D}👩", 4), ("❤\u{FE0F}", 1), ("🇫🇷", 2), ("\u{1}", 2), ("\u{7F}", 2),
            ("\u{85}", 0), ("\u{9B}", 2), ("한", 2), ("\u{1100}\u{1161}", 2), ("±", 1), ("\u{AD}", 1), ("\u{600}", 1),
            ("ｱ", 1), ("Ａ", 2),
        ]
        for (text, width) in cases {
            XCTAssertEqual(terminal.width(of: text), width, text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    func testClusterWidths() {
        let cases: [(String, Int)] = [
            ("a", 1), ("e\u{301}", 1), ("दि", 1), ("👍🏽", 2), ("👨\u{200D}👩\u{200D}👧", 2), ("❤\u{FE0F}", 2),
            ("❤", 1), ("1\u{FE0F}\u{20E3}", 2), ("#\u{FE0F}", 2), ("#", 1), ("🇫🇷", 2), ("\u{301}", 1), ("\u{200B}", 0), ("日", 2), ("\u{1}", 2),
        ]
        for (text, width) in cases {
            XCTAssertEqual(clusters.width(of: text), width, text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    func testAmbiguousAndTabs() {
        XCTAssertEqual(DisplayWidthOptions(ambiguousIsWide: true).width(of: "±α"), 4)
        XCTAssertEqual(DisplayWidthOptions(model: .clusters, ambiguousIsWide: true).width(of: "±"), 2)
        XCTAssertEqual(terminal.width(of: "\t"), 8)
        XCTAssertEqual(terminal.width(of: "\t", startingColumn: 3), 5)
        XCTAssertEqual(terminal.width(of: "ab\tc"), 9)
        XCTAssertEqual(DisplayWidthOptions(tabWidth: 4).width(of: "ab\tc"), 5)
        XCTAssertEqual(DisplayWidthOptions(tabWidth: 0).width(of: "\t\t"), 2)
        XCTAssertEqual(terminal.width(of: "日\t"), 8)
    }

    func testDocumentRangesColumnsAndBadInput() throws {
        let document = try TextDocument(validatingUTF8: Array("ab\t日本\ne\u{301}x".utf8))
        let whole = try XCTUnwrap(document.textRange(from: document.beginningOfDocument, to: document.endOfDocument))
        XCTAssertEqual(document.displayWidth(of: whole), 12 + 2)
        XCTAssertEqual(document.displayWidth(of: whole, startingColumn: 1), 12 + 2 - 1)
        XCTAssertNil(document.displayWidth(of: whole, startingColumn: -1))
        let x = try XCTUnwrap(document.position(line: 1, column: 1))
        XCTAssertEqual(document.displayColumn(of: x), 1)
        let end = try XCTUnwrap(document.position(line: 0, column: 5))
        XCTAssertEqual(document.displayColumn(of: end), 12)
        XCTAssertEqual(document.displayColumn(of: end, options: DisplayWidthOptions(tabWidth: 4)), 8)
        let han = try XCTUnwrap(document.position(line: 0, column: 3))
        XCTAssertEqual(document.displayWidth(ofClusterAt: han), 2)
        let tab = try XCTUnwrap(document.position(line: 0, column: 2))
        XCTAssertEqual(document.displayWidth(ofClusterAt: tab, column: 2), 6)
        XCTAssertNil(document.displayWidth(ofClusterAt: document.endOfDocument))
        let other = try TextDocument(validatingUTF8: Array(String(repeating: "x", count: 100).utf8))
        let far = other.endOfDocument
        XCTAssertNil(document.displayColumn(of: far))
        XCTAssertNil(document.displayWidth(ofClusterAt: far))
        let long = try XCTUnwrap(other.textRange(from: other.beginningOfDocument, to: other.endOfDocument))
        XCTAssertNil(document.displayWidth(of: long))
    }
}
