import XCTest
@testable import Caret

/// Smart insert (spaces around a pasted word) and smart delete (a doubled space removed).
final class SmartInsertDeleteTests: XCTestCase {
    func paste(_ text: String, into old: String, at offset: Int) throws -> String? {
        let doc = TextDocument(old)
        let paste = change(offset..<offset, text, .paste, in: old)
        return try applied(SmartInsertDelete.apply(paste, in: doc, deletesSelection: false), to: doc)
    }

    func delete(_ range: Range<Int>, in old: String, kind: ProposedChange.Kind = .deleteBackward,
                selection: Bool = true) throws -> (String?, Range<Int>) {
        let doc = TextDocument(old)
        let result = SmartInsertDelete.apply(change(range, "", kind, in: old), in: doc, deletesSelection: selection)
        return (try applied(result, to: doc), result.range)
    }

    func testPasteAddsSpacesBetweenWords() throws {
        XCTAssertEqual(try paste("brown", into: "the fox", at: 3), "the brown fox")      // after "the"
        XCTAssertEqual(try paste("brown", into: "thefox", at: 3), "the brown fox")
        XCTAssertEqual(try paste("brown", into: "the  fox", at: 4), "the brown fox")    // spaces already there
        XCTAssertEqual(try paste("brown", into: "(fox)", at: 1), "(brown fox)")
        XCTAssertEqual(try paste(" brown", into: "thefox", at: 3), "the brown fox")
        XCTAssertEqual(try paste("日本", into: "東京都", at: 3), "東日本京都")           // no spaces in Han
        XCTAssertEqual(try paste("x", into: "", at: 0), "x")
    }

    func testDeletingASelectionRemovesADoubledSpace() throws {
        let (one, range) = try delete(4..<10, in: "the brown fox")
        XCTAssertEqual(one, "the fox")
        XCTAssertEqual(range, 4..<10)   // "brown " already included the space: nothing to widen
        let (two, widened) = try delete(4..<9, in: "the brown fox")
        XCTAssertEqual(two, "the fox")
        XCTAssertEqual(widened, 4..<10) // the space after was added to the change
        let (three, back) = try delete(4..<7, in: "see you.", kind: .cut)
        XCTAssertEqual(three, "see.")
        XCTAssertEqual(back, 3..<7)
        // A deletion at a caret (one cluster) is not smart.
        let (four, _) = try delete(4..<5, in: "a b c", selection: false)
        XCTAssertEqual(four, "a b ")
        let (five, _) = try delete(2..<3, in: "a b c", selection: false)
        XCTAssertEqual(five, "a  c")
    }
}
