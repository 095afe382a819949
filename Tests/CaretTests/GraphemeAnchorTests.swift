import XCTest
@testable import Caret

/// Anchors exist after measuring, stay correct through in-place edits, and lookups that start
/// from them agree with a scan from the chunk's start.
final class GraphemeAnchorTests: XCTestCase {
    func testAnchorsArePlacedAndKeptThroughEdits() throws {
        let text = String(repeating: "नमस्ते दुनिया, ", count: 20)          // combining marks: no fast path
        let chunk = TextChunk(Array(text.utf8))                             // 780 bytes
        let length = chunk.bytes.count
        for j in 0..<GraphemeAnchors.count {
            let anchor = try XCTUnwrap(chunk.anchors.inByteOrder(j), "anchor \(j)")
            XCTAssertGreaterThanOrEqual(anchor.byte, GraphemeAnchors.target(j, length: length))
            XCTAssertLessThan(anchor.byte, GraphemeAnchors.target(j, length: length) + 20)   // a cluster is < 20 bytes here
        }
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
        for j in 0..<GraphemeAnchors.count {
            let at = 1_000 * (j + 1) / 13                               // thirteenths of 1,000
            XCTAssertEqual(ascii.anchors.inByteOrder(j)?.byte, at)
            XCTAssertEqual(ascii.anchors.inByteOrder(j)?.graphemes, at)
        }
    }
}

/// An edit's fast path (every field compared at once) against the general one, on random
/// anchors and windows: the same anchors after it, whatever the window holds; and the anchors
/// around a cluster index against a walk over all twelve.
final class GraphemeAnchorEditTests: XCTestCase {
    func testTheFastPathAgreesWithTheGeneralOne() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xA4C4_0E)
        print("GraphemeAnchorEditTests seed \(seed)")
        for round in 0..<20_000 {
            let length = Int.random(in: 1...ChunkLimits.maxBytes, using: &rng)
            var anchors = GraphemeAnchors()
            var byte = 0, clusters = 0
            for j in 0..<GraphemeAnchors.count where Int.random(in: 0..<8, using: &rng) != 0 {
                byte = min(length, byte + Int.random(in: 0...(2 * length / GraphemeAnchors.count + 1), using: &rng))
                clusters = min(byte, clusters + Int.random(in: 0...(byte - clusters), using: &rng))
                anchors.set(j, byte: byte, graphemes: clusters)
            }
            let lower = Int.random(in: 0...length, using: &rng)
            let upper = Int.random(in: lower...min(length, lower + Int.random(in: 0...80, using: &rng)), using: &rng)
            // Within the chunk's limits after the edit, or past them (every anchor dropped).
            let byteDelta = Int.random(in: -(upper - lower)...(ChunkLimits.maxBytes + 40 - length), using: &rng)
            let graphemeDelta = Int.random(in: -(upper - lower)...max(byteDelta, -(upper - lower)), using: &rng)
            // The nearest anchors on either side of a cluster index, against a walk over all.
            let m = Int.random(in: 0...(clusters + 3), using: &rng)
            let (below, above) = anchors.around(grapheme: m)
            let all = (0..<GraphemeAnchors.count).map { anchors.inByteOrder($0) ?? (byte: 0, graphemes: 0) }
            let expectedBelow = all.last { $0.graphemes <= m } ?? (byte: 0, graphemes: 0)
            let expectedAbove = all.first { $0.graphemes > m }
            XCTAssertTrue(below == expectedBelow && above?.byte == expectedAbove?.byte
                          && above?.graphemes == expectedAbove?.graphemes, "seed \(seed) round \(round): around \(m)")
            var fast = anchors, general = anchors
            fast.edit(window: lower..<upper, byteDelta: byteDelta, graphemeDelta: graphemeDelta)
            general.editAcross(window: lower..<upper, byteDelta: byteDelta, graphemeDelta: graphemeDelta)
            XCTAssertEqual(fast, general, "seed \(seed) round \(round): window \(lower)..<\(upper) by \(byteDelta), \(graphemeDelta)")
            if fast != general { return }
        }
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
