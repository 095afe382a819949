import XCTest
@testable import Caret

/// `TextChunk.bytesInPlace` reads a chunk's bytes from the bits of its array (no retain of the
/// storage): checks the layout it assumes against the array's own answers, for empty, small,
/// full, edited and copied chunks, and inside a document's leaves.
final class ChunkBytesInPlaceTests: XCTestCase {
    func checkInPlace(_ chunk: TextChunk, _ what: String) {
        var copy = chunk
        withUnsafePointer(to: &copy) { address in
            let p = TextChunk.bytesInPlace(address)
            XCTAssertEqual(p.count, chunk.bytes.count, what)
            XCTAssertEqual(Array(p), chunk.bytes, what)
            if !chunk.bytes.isEmpty {
                address.pointee.bytes.withUnsafeBufferPointer { XCTAssertEqual($0.baseAddress, p.baseAddress, what) }
            }
        }
    }

    func testLayoutAssumed() {
        XCTAssertEqual(MemoryLayout<TextChunk>.offset(of: \TextChunk.bytes), TextChunk.bytesFieldOffset)
        XCTAssertEqual(MemoryLayout<[UInt8]>.size, MemoryLayout<UnsafeRawPointer>.size)
    }

    func testChunksOfEverySize() {
        for text in ["", "a", "e\u{301}", "中文字👍🏽🇫🇷", String(repeating: "abc ", count: 250), String(repeating: "नमस्ते ", count: 40)] {
            checkInPlace(TextChunk(Array(text.utf8)), "\(text.prefix(12))")
        }
        // A slice's copy, a chunk grown in place, and one with spare capacity.
        let long = Array(String(repeating: "xyz", count: 300).utf8)
        checkInPlace(TextChunk(long[10..<500]), "slice")
        var grown = TextChunk(Array("hello".utf8))
        grown.bytes.reserveCapacity(900)
        grown.bytes.append(contentsOf: Array(" world".utf8))
        grown.summary = grown.bytes.withUnsafeBufferPointer { TextSummary.measure($0) }
        checkInPlace(grown, "grown")
    }

    func testLeavesOfADocument() throws {
        var doc = TextDocument(String(repeating: "mixed текст 中文 e\u{301} 👍🏽\n", count: 2000))
        _ = try doc.replace(100..<120, in: .grapheme, withText: "inserted")
        let rope = doc.rope
        for k in 0..<rope.chunkCount {
            let c = rope.cursor(atChunk: k)
            let p = TextChunk.bytesInPlace(c.chunkAddress)
            XCTAssertEqual(Array(p), c.chunk.bytes, "chunk \(k)")
        }
    }
}
