import XCTest
@testable import Caret

/// Anchors exist after measuring, stay correct through in-place edits, and lookups that start
/// from them agree with a scan from the chunk's start.
final class GraphemeAnchorTests: XCTestCase {
    func testAnchorsArePlacedAndKeptThroughEdits() throws {
        let text = String(repeating: "नमस्ते दुनिया, ", count: 20)          // combining marks: no fast path
        let chunk = TextChunk(Array(text.utf8.prefix(900)))
        XCTAssertNotNil(chunk.anchors.anchor(0))
        XCTAssertNotNil(chunk.anchors.anchor(1))
        XCTAssertNotNil(chunk.anchors.anchor(2))
        XCTAssertGreaterThanOrEqual(chunk.anchors.anchor(1)!.byte, chunk.bytes.count / 2)
        var doc = TextDocument(String(text.prefix(200)))
        doc.checkInvariants()
        for k in stride(from: 150, to: 10, by: -13) {
            try doc.insert("क्ष", at: doc.position(at: k)!)         // in place: anchors shift or drop
            doc.checkInvariants()
        }
        var reference = String(text.prefix(200))
        for k in stride(from: 150, to: 10, by: -13) {
            reference.insert(contentsOf: "क्ष", at: reference.index(reference.startIndex, offsetBy: k))
        }
        XCTAssertEqual(doc.string, reference)
        // ASCII runs record anchors inside eight-byte blocks too.
        let ascii = TextChunk(Array(String(repeating: "abcdefghij", count: 100).utf8))
        XCTAssertEqual(ascii.anchors.anchor(0)?.byte, 285)           // two sevenths of 1,000
        XCTAssertEqual(ascii.anchors.anchor(0)?.graphemes, 285)
        XCTAssertEqual(ascii.anchors.inByteOrder(5)?.byte, 857)      // six sevenths
    }
}

/// The cluster sequence agrees with positions, across chunk seams (12 KB: a dozen standard
/// chunks, or thousands in the `TinyShapes` build).
final class GraphemeRangesTests: XCTestCase {
    func testRangesMatchPositions() {
        let text = String(repeating: "ab\r\né🇫🇷👨‍👩‍👧 क्षि ", count: 300)
        let doc = TextDocument(text)
        var k = 0
        var previousEnd = doc.beginningOfDocument
        for range in doc.graphemeRanges {
            XCTAssertEqual(range.start, previousEnd)
            XCTAssertEqual(range.start, doc.position(at: k))
            k += 1
            previousEnd = range.end
        }
        XCTAssertEqual(k, doc.count)
        XCTAssertEqual(previousEnd, doc.endOfDocument)
        XCTAssertEqual(Array(TextDocument("").graphemeRanges).count, 0)
    }
}
