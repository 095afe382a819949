import XCTest
@testable import Caret

/// ASCII edits at scalar offsets beside every kind of neighbour that can join an ASCII
/// character or not (marks, spacing marks, ZWJ, Prepend, CR LF, flags, Hangul, emoji): the
/// in-place ASCII plan (`planASCII`) must leave exactly the document a fresh load of the same
/// text gives — every count, every cluster boundary, the anchors — and return the range of the
/// new text widened to cluster boundaries. `SEED=n` replays a run.
final class ASCIIEditPlanTests: XCTestCase {
    static let neighbours = ["a", "b", " ", "\u{301}", "\u{600}", "\u{200D}", "\u{93E}", "\r", "\n", "\r\n",
                             "🇫🇷", "🇩🇪", "👨‍👩‍👧", "각", "é", "\u{B}", "\u{C}", "ا", "\u{1F3FB}", "\u{FE0F}"]
    static let typed: [UInt8] = Array("ab z\n\u{B}\u{C}\t.".utf8)

    func testASCIIEditsAtScalarOffsets() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 11)
        print("ASCIIEditPlanTests seed \(seed) (SEED=\(seed) replays), \(storageShape)")
        var scalars: [Unicode.Scalar] = []
        // At least two and a half chunk limits: edits meet chunk ends and the seam to the next
        // chunk (every few bytes in the `TinyShapes` build).
        let size = max(ChunkLimits.maxBytes * 5 / 2, 300)
        while String(String.UnicodeScalarView(scalars)).utf8.count < size {
            scalars += Self.neighbours.randomElement(using: &rng)!.unicodeScalars
        }
        var doc = TextDocument(String(String.UnicodeScalarView(scalars)))
        for step in 0..<1500 {
            let a = Int.random(in: 0...scalars.count, using: &rng)
            // Past the size, deletions only (of up to three scalars), so that the text stays near it.
            let shrinking = scalars.count > 0 && doc.count(in: .utf8) > size * 6 / 5
            let deletes = shrinking || Int.random(in: 0..<4, using: &rng) == 0
            let b = min(scalars.count, a + (deletes ? Int.random(in: 1...3, using: &rng) : 0))
            let length = shrinking ? 0 : Int.random(in: 0...3, using: &rng)
            var inserted = String(decoding: (0..<length).map { _ in Self.typed.randomElement(using: &rng)! }, as: UTF8.self)
            if step % 50 == 0 && !shrinking { inserted += Self.neighbours.randomElement(using: &rng)! }   // the general path now and then
            if a == b && inserted.isEmpty { continue }
            let startUTF8 = String(String.UnicodeScalarView(scalars[..<a])).utf8.count
            let result = try doc.replace(a..<b, in: .unicodeScalar, withText: inserted)
            scalars.replaceSubrange(a..<b, with: inserted.unicodeScalars)
            let text = String(String.UnicodeScalarView(scalars))
            let fresh = TextDocument(text)
            let context = "step \(step), seed \(seed): \(a)..<\(b) <- \(inserted.debugDescription)"
            XCTAssertEqual(doc.string, text, context)
            for unit in [TextUnit.grapheme, .unicodeScalar, .utf16, .utf8] {
                XCTAssertEqual(doc.count(in: unit), fresh.count(in: unit), "\(unit), \(context)")
            }
            XCTAssertEqual(doc.lineCount, fresh.lineCount, context)
            let boundaries = fresh.graphemeRanges.map(\.start.utf8Offset) + [text.utf8.count]
            XCTAssertEqual(doc.graphemeRanges.map(\.start.utf8Offset) + [doc.endOfDocument.utf8Offset], boundaries, context)
            doc.checkInvariants()
            if !inserted.isEmpty {
                let endUTF8 = startUTF8 + inserted.utf8.count
                XCTAssertEqual(result.start.utf8Offset, boundaries.last { $0 <= startUTF8 }, context)
                XCTAssertEqual(result.end.utf8Offset, boundaries.first { $0 >= endUTF8 }, context)
            }
            // Once it has failed, the rest of a random run would only repeat the report.
            if (testRun?.failureCount ?? 0) > 0 { return }
        }
    }
}
