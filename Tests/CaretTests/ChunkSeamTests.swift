import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The edits that hurt a chunked text: each checked against ICU on the flat text, with tiny
/// chunks (a seam at nearly every cluster) and standard chunks (seams at about 1 KB).
final class ChunkSeamTests: XCTestCase {
    static let configurations: [(String, TextDocument.Configuration)] = [
        ("tiny", .tiny), ("standard", .standard),
    ]

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
        for (name, config) in Self.configurations {
            // CR as the last byte a chunk could hold, LF arriving after it.
            var doc = TextDocument(String(repeating: "x", count: 1023) + "\r", configuration: config)
            XCTAssertEqual(doc.lineCount, 2)
            try doc.insert("\n", at: doc.endOfDocument)
            XCTAssertEqual(doc.lineCount, 2, name)                 // CR LF is one terminator
            XCTAssertEqual(doc.count, 1024, name)                  // and one cluster
            assertMatchesICU(doc, "\(name) CR+LF")
            // Deleting the LF brings the CR back as a terminator of its own.
            try doc.replace(1024..<1025, in: .utf8, withText: "")
            XCTAssertEqual(doc.lineCount, 2, name)
            try doc.insert("y", at: doc.endOfDocument)
            XCTAssertEqual(doc.lineCount, 2, name)
            assertMatchesICU(doc, "\(name) CR alone")
            // LF inserted before a CR keeps two terminators.
            var crlf = TextDocument("a\r\nb\r\nc", configuration: config)
            XCTAssertEqual(crlf.lineCount, 3)
            try crlf.replace(2..<2, in: .utf8, withText: "\n")    // between CR and LF: "a\r\n\nb..."
            XCTAssertEqual(crlf.string, "a\r\n\nb\r\nc")
            XCTAssertEqual(crlf.lineCount, 4, name)
            assertMatchesICU(crlf, "\(name) LF inside CRLF")
        }
    }

    func testCombiningMarkAfterChunksLastBase() throws {
        for (name, config) in Self.configurations {
            var doc = TextDocument(String(repeating: "abcdefgh", count: 300), configuration: config)
            let before = doc.count
            for k in stride(from: 1, through: 2000, by: 97) {
                try doc.replace(k..<k, in: .grapheme, withText: "\u{301}")
            }
            XCTAssertEqual(doc.count, before, name)              // every mark joined its base
            assertMatchesICU(doc, "\(name) marks")
            // A mark at the very start has no base: its own cluster.
            try doc.insert("\u{308}", at: doc.beginningOfDocument)
            XCTAssertEqual(doc.count, before + 1, name)
            assertMatchesICU(doc, "\(name) leading mark")
        }
    }

    func testZWJJoinsEmojiAcrossChunks() throws {
        for (name, config) in Self.configurations {
            let family = "👨‍👩‍👧‍👦"
            var doc = TextDocument(String(repeating: "👨", count: 400), configuration: config)
            XCTAssertEqual(doc.count, 400)
            // Join every pair by inserting ZWJ between them: 400 → 200 clusters.
            for k in stride(from: 199, through: 0, by: -1) {
                try doc.replace((2 * k + 1)..<(2 * k + 1), in: .unicodeScalar, withText: "\u{200D}")
            }
            XCTAssertEqual(doc.count, 200, name)
            assertMatchesICU(doc, "\(name) zwj")
            try doc.insert(family, at: doc.endOfDocument)
            XCTAssertEqual(doc.count, 201, name)
            // A ZWJ at the end of one insert, the emoji in the next.
            try doc.insert("\u{200D}", at: doc.endOfDocument)
            try doc.insert("👩", at: doc.endOfDocument)
            XCTAssertEqual(doc.count, 201, name)
            assertMatchesICU(doc, "\(name) zwj tail")
        }
    }

    func testRegionalIndicatorRepairsThousandFlags() throws {
        for (name, config) in Self.configurations {
            var doc = TextDocument(String(repeating: "🇫🇷", count: 1000), configuration: config)
            XCTAssertEqual(doc.count, 1000)
            try doc.insert("🇯", at: doc.beginningOfDocument)     // every pair shifts by one
            XCTAssertEqual(doc.count, 1001, name)
            XCTAssertEqual(doc.position(at: 1).flatMap { doc.offset(of: $0, unit: .unicodeScalar) }, 2, name)
            assertMatchesICU(doc, "\(name) flags shifted")
            try doc.replace(0..<1, in: .unicodeScalar, withText: "")
            XCTAssertEqual(doc.count, 1000, name)
            assertMatchesICU(doc, "\(name) flags restored")
            // One indicator deleted from the middle re-pairs everything after it.
            try doc.replace(1001..<1002, in: .unicodeScalar, withText: "")
            assertMatchesICU(doc, "\(name) flags middle")
        }
    }

    func testPathologicalClusterLongerThanAChunk() throws {
        for (name, config) in Self.configurations {
            let zalgo = "a" + String(repeating: "\u{301}", count: 5000) + "b"
            var doc = TextDocument(zalgo, configuration: config)
            XCTAssertEqual(doc.count, 2, name)
            try doc.replace(2500..<2500, in: .unicodeScalar, withText: "\u{308}\u{308}")
            XCTAssertEqual(doc.count, 2, name)
            try doc.replace(2500..<2500, in: .unicodeScalar, withText: "\n")   // splits the cluster
            XCTAssertEqual(doc.count, 4, name)
            assertMatchesICU(doc, "\(name) zalgo")
            XCTAssertEqual(doc.string.unicodeScalars.count, 5005)
        }
    }

    func testEditThatMergesTwoClusters() throws {
        for (name, config) in Self.configurations {
            // Deleting the control between a base and a mark merges them into one cluster.
            var doc = TextDocument(String(repeating: "e\u{7}\u{301}", count: 500), configuration: config)
            XCTAssertEqual(doc.count, 1500)
            for k in stride(from: 499, through: 0, by: -1) {
                try doc.replace((3 * k + 1)..<(3 * k + 2), in: .unicodeScalar, withText: "")
            }
            XCTAssertEqual(doc.count, 500, name)
            assertMatchesICU(doc, "\(name) merged")
            // Hangul: L + V typed separately compose into one syllable cluster.
            var hangul = TextDocument("\u{1100}", configuration: config)
            try hangul.insert("\u{1161}", at: hangul.endOfDocument)
            try hangul.insert("\u{11A8}", at: hangul.endOfDocument)
            XCTAssertEqual(hangul.count, 1, name)
        }
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
        var doc = TextDocument(piece, configuration: .init(chunk: .init(maxBytes: 64, minBytes: 16), shape: .tiny))
        try doc.insert(piece, at: doc.position(at: 1234)!)
        assertMatchesICU(doc, "paste")
        XCTAssertEqual(doc.lineCount, 4001)
        try doc.replace(100..<60000, in: .grapheme, withText: "")
        assertMatchesICU(doc, "cut")
        XCTAssertEqual(doc.string, String((piece + piece).prefix(100)) + String(Array(doc.string).suffix(doc.count - 100)))
    }
}
