import XCTest
@testable import Caret

/// Grapheme offset -> position at random offsets in random order (each lookup far from the
/// last, so the descent and the scan from an anchor or a chunk's end run, not the finger's
/// cluster-start cache), against a simple model: the cluster starts of one `GraphemeBreaker`
/// pass over the whole text, no chunks, no anchors. Then the same after random in-place edits,
/// which shift and replace the chunks' anchors. Run in the `TinyShapes` build too, where a
/// text is thousands of chunks and lookups land on every seam.
final class RandomLookupTests: XCTestCase {
    /// The pieces of `GraphemePointTests` (CR LF, combining marks, emoji ZWJ sequences, flags,
    /// Hangul, Indic conjuncts, Prepend, controls) and whole words of several scripts.
    static let pieces = GraphemePointTests.pieces + [
        "Ünïcödé ", "Привет, мир. ", "שלום עולם ", "مرحبا بالعالم ", "नमस्ते दुनिया ", "क्षत्रिय ",
        "สวัสดีชาวโลก ", "こんにちは世界 ", "안녕하세요 ", "👩🏽‍💻🏳️‍🌈 ", "🇯🇵🇰🇷🇨🇳", "line\r\n", "tab\there ",
    ]

    static func randomText(pieces count: Int, using rng: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<count {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                text += String(repeating: "plain ascii words ", count: Int.random(in: 1...20, using: &rng))
            } else {
                text += pieces.randomElement(using: &rng)!
            }
        }
        return text
    }

    /// The byte offset of every cluster start of `bytes`, then its length.
    static func clusterStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { p in forEachGraphemeStart(in: p) { starts.append($0); return true } }
        return starts + [bytes.count]
    }

    func checkRandomLookups(_ doc: TextDocument, _ text: [UInt8], count: Int, using rng: inout SeededGenerator,
                            _ what: String) {
        let starts = Self.clusterStarts(text)
        XCTAssertEqual(doc.count, starts.count - 1, what)
        for _ in 0..<count {
            let k = Int.random(in: 0..<starts.count, using: &rng)
            guard let p = doc.position(at: k) else { return XCTFail("\(what): no position at \(k)") }
            XCTAssertEqual(doc.offset(of: p, unit: .utf8), starts[k], "\(what): cluster \(k)")
            XCTAssertEqual(doc.offset(of: p), k, "\(what): offset of cluster \(k)")
        }
    }

    func testRandomOffsetsMatchTheBreaker() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x5EED_13)
        print("RandomLookupTests seed \(seed)")
        for round in 0..<3 {
            let text = Self.randomText(pieces: 2_000, using: &rng)
            let doc = TextDocument(text)
            checkRandomLookups(doc, Array(text.utf8), count: 3_000, using: &rng, "seed \(seed) round \(round)")
        }
    }

    func testRandomOffsetsAfterInPlaceEdits() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xED17_13)
        print("RandomLookupTests edits seed \(seed)")
        var text = Array(Self.randomText(pieces: 600, using: &rng).utf8)
        var doc = TextDocument(String(decoding: text, as: UTF8.self))
        for step in 0..<300 {
            // Small inserts and deletes, most of them in place: the anchors after them move, the
            // ones inside their windows are replaced.
            let n = doc.count
            let k = Int.random(in: 0...n, using: &rng)
            let starts = Self.clusterStarts(text)
            if Bool.random(using: &rng) || n < 2 {
                let piece = Self.pieces.randomElement(using: &rng)!
                try doc.insert(piece, at: doc.position(at: k)!)
                text.insert(contentsOf: Array(piece.utf8), at: starts[k])
            } else {
                let lower = min(k, n - 1), upper = min(n, lower + Int.random(in: 1...3, using: &rng))
                try doc.delete(TextRange(start: doc.position(at: lower)!, end: doc.position(at: upper)!))
                text.removeSubrange(starts[lower]..<starts[upper])
            }
            XCTAssertEqual(Array(doc.string.utf8), text, "seed \(seed) step \(step)")
            if step % 25 == 0 {
                doc.checkInvariants()
                checkRandomLookups(doc, text, count: 300, using: &rng, "seed \(seed) step \(step)")
            }
        }
        doc.checkInvariants()
        checkRandomLookups(doc, text, count: 2_000, using: &rng, "seed \(seed) after the edits")
    }
}
