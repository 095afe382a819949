import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The edits that hurt a chunked text: each checked against ICU on the flat text, with the
/// storage the build chose: standard chunks (seams about every kilobyte: the texts below are
/// several kilobytes long, or sized by `ChunkLimits.maxBytes`) or, in the `TinyShapes` build,
/// tiny ones (a seam at nearly every cluster).
final class ChunkSeamTests: XCTestCase {

    /// Counts and boundaries against ICU; structural invariants.
    func assertMatchesICU(_ doc: TextDocument, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        doc.checkInvariants()
        let text = doc.string
        let boundaries = ICUReference.graphemeBoundariesUTF16(Array(text.utf16))
        XCTAssertEqual(doc.count, boundaries.count - 1, "\(label): grapheme count", file: file, line: line)
        for (k, u) in boundaries.enumerated() where k % max(1, boundaries.count / 200) == 0 || k == boundaries.count - 1 {
            XCTAssertEqual(doc.position(at: k).flatMap { doc.offset(of: $0, unit: .utf16) }, u, "\(label): boundary \(k)", file: file, line: line)
        }
    }

    func testCRLFSplitAcrossChunks() throws {
        // CR as the last byte a chunk could hold, LF arriving after it.
        let n = ChunkLimits.maxBytes
        var doc = TextDocument(String(repeating: "x", count: n - 1) + "\r")
        XCTAssertEqual(doc.lineCount, 2)
        try doc.insert("\n", at: doc.endOfDocument)
        XCTAssertEqual(doc.lineCount, 2, storageShape)                 // CR LF is one terminator
        XCTAssertEqual(doc.count, n, storageShape)                     // and one cluster
        assertMatchesICU(doc, "\(storageShape) CR+LF")
        // Deleting the LF brings the CR back as a terminator of its own.
        try doc.replace(n..<(n + 1), in: .utf8, withText: "")
        XCTAssertEqual(doc.lineCount, 2, storageShape)
        try doc.insert("y", at: doc.endOfDocument)
        XCTAssertEqual(doc.lineCount, 2, storageShape)
        assertMatchesICU(doc, "\(storageShape) CR alone")
        // LF inserted before a CR keeps two terminators.
        var crlf = TextDocument("a\r\nb\r\nc")
        XCTAssertEqual(crlf.lineCount, 3)
        try crlf.replace(2..<2, in: .utf8, withText: "\n")    // between CR and LF: "a\r\n\nb..."
        XCTAssertEqual(crlf.string, "a\r\n\nb\r\nc")
        XCTAssertEqual(crlf.lineCount, 4, storageShape)
        assertMatchesICU(crlf, "\(storageShape) LF inside CRLF")
    }

    func testCombiningMarkAfterChunksLastBase() throws {
        var doc = TextDocument(String(repeating: "abcdefgh", count: 300))
        let before = doc.count
        for k in stride(from: 1, through: 2000, by: 97) {
            try doc.replace(k..<k, in: .grapheme, withText: "\u{301}")
        }
        XCTAssertEqual(doc.count, before, storageShape)              // every mark joined its base
        assertMatchesICU(doc, "\(storageShape) marks")
        // A mark at the very start has no base: its own cluster.
        try doc.insert("\u{308}", at: doc.beginningOfDocument)
        XCTAssertEqual(doc.count, before + 1, storageShape)
        assertMatchesICU(doc, "\(storageShape) leading mark")
    }

    func testZWJJoinsEmojiAcrossChunks() throws {
        let family = "👨‍👩‍👧‍👦"
        var doc = TextDocument(String(repeating: "👨", count: 400))
        XCTAssertEqual(doc.count, 400)
        // Join every pair by inserting ZWJ between them: 400 → 200 clusters.
        for k in stride(from: 199, through: 0, by: -1) {
            try doc.replace((2 * k + 1)..<(2 * k + 1), in: .unicodeScalar, withText: "\u{200D}")
        }
        XCTAssertEqual(doc.count, 200, storageShape)
        assertMatchesICU(doc, "\(storageShape) zwj")
        try doc.insert(family, at: doc.endOfDocument)
        XCTAssertEqual(doc.count, 201, storageShape)
        // A ZWJ at the end of one insert, the emoji in the next.
        try doc.insert("\u{200D}", at: doc.endOfDocument)
        try doc.insert("👩", at: doc.endOfDocument)
        XCTAssertEqual(doc.count, 201, storageShape)
        assertMatchesICU(doc, "\(storageShape) zwj tail")
    }

    func testRegionalIndicatorRepairsThousandFlags() throws {
        var doc = TextDocument(String(repeating: "🇫🇷", count: 1000))
        XCTAssertEqual(doc.count, 1000)
        try doc.insert("🇯", at: doc.beginningOfDocument)     // every pair shifts by one
        XCTAssertEqual(doc.count, 1001, storageShape)
        XCTAssertEqual(doc.position(at: 1).flatMap { doc.offset(of: $0, unit: .unicodeScalar) }, 2, storageShape)
        assertMatchesICU(doc, "\(storageShape) flags shifted")
        try doc.replace(0..<1, in: .unicodeScalar, withText: "")
        XCTAssertEqual(doc.count, 1000, storageShape)
        assertMatchesICU(doc, "\(storageShape) flags restored")
        // One indicator deleted from the middle re-pairs everything after it.
        try doc.replace(1001..<1002, in: .unicodeScalar, withText: "")
        assertMatchesICU(doc, "\(storageShape) flags middle")
    }

    func testPathologicalClusterLongerThanAChunk() throws {
        let zalgo = "a" + String(repeating: "\u{301}", count: 5000) + "b"
        var doc = TextDocument(zalgo)
        XCTAssertEqual(doc.count, 2, storageShape)
        try doc.replace(2500..<2500, in: .unicodeScalar, withText: "\u{308}\u{308}")
        XCTAssertEqual(doc.count, 2, storageShape)
        try doc.replace(2500..<2500, in: .unicodeScalar, withText: "\n")   // splits the cluster
        XCTAssertEqual(doc.count, 4, storageShape)
        assertMatchesICU(doc, "\(storageShape) zalgo")
        XCTAssertEqual(doc.string.unicodeScalars.count, 5005)
    }

    func testEditThatMergesTwoClusters() throws {
        // Deleting the control between a base and a mark merges them into one cluster.
        var doc = TextDocument(String(repeating: "e\u{7}\u{301}", count: 500))
        XCTAssertEqual(doc.count, 1500)
        for k in stride(from: 499, through: 0, by: -1) {
            try doc.replace((3 * k + 1)..<(3 * k + 2), in: .unicodeScalar, withText: "")
        }
        XCTAssertEqual(doc.count, 500, storageShape)
        assertMatchesICU(doc, "\(storageShape) merged")
        // Hangul: L + V typed separately compose into one syllable cluster.
        var hangul = TextDocument("\u{1100}")
        try hangul.insert("\u{1161}", at: hangul.endOfDocument)
        try hangul.insert("\u{11A8}", at: hangul.endOfDocument)
        XCTAssertEqual(hangul.count, 1, storageShape)
    }

    func testReplaceReturnsEnclosingRange() throws {
        var doc = TextDocument("e")
        let range = try doc.insert("\u{301}x", at: doc.endOfDocument)
        // The mark joined "e": the new text's range starts at the cluster "é".
        XCTAssertEqual(doc.offset(of: range.start), 0)
        XCTAssertEqual(doc.offset(of: range.end), 2)
        XCTAssertEqual(doc.text(in: range), "e\u{301}x")
    }

    func testLargeInsertAndDeleteKeepTreeBalanced() throws {
        let piece = String(repeating: "Grüße, мир! 😀 שָׁלוֹם\r\n", count: 2000)
        var doc = TextDocument(piece)
        try doc.insert(piece, at: doc.position(at: 1234)!)
        assertMatchesICU(doc, "paste")
        XCTAssertEqual(doc.lineCount, 4001)
        try doc.replace(100..<60000, in: .grapheme, withText: "")
        assertMatchesICU(doc, "cut")
        XCTAssertEqual(doc.string, String((piece + piece).prefix(100)) + String(Array(doc.string).suffix(doc.count - 100)))
    }
}
