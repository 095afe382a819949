import XCTest
import Caret

/// The README's example, so that what it claims stays true.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() throws {
        var doc = TextDocument("Grüße 👋🏽 from שָׁלוֹם\r\n")
        print("README figures:", doc.count, doc.count(in: .utf16))
        XCTAssertEqual(doc.count, 18)
        XCTAssertEqual(doc.count(in: .utf16), 25)
        let p = doc.position(at: 6)!
        XCTAssertEqual(doc.offset(of: p, unit: .utf16), 6)
        try doc.insert("🌍 ", at: p)
        XCTAssertEqual(doc.lineAndColumn(of: doc.endOfDocument)?.line, 1)
        XCTAssertEqual(doc.lineAndColumn(of: doc.endOfDocument)?.column, 0)
        XCTAssertEqual(doc.string, "Grüße 🌍 👋🏽 from שָׁלוֹם\r\n")
    }
}
