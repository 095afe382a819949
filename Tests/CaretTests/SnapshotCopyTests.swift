import XCTest
@testable import Caret

/// Copies of a document edited on their own: each edit copies the leaf on its path, whose chunks
/// are copied as one block of bits with a reference added to each chunk's storage, and destroyed
/// by releasing each one's storage (`TextChunk.initialize(chunks:copying:count:)`). Many copies
/// alive at once, each edited, dropped in a random order: every one keeps its own text, and the
/// original is untouched. A reference counted wrongly shows as a wrong text or a crash (and under
/// `--sanitize=address` as a use after free).
final class SnapshotCopyTests: XCTestCase {
    static let alphabet: [String] = ["a", "b", " ", "\n", "\r\n", "é", "e\u{301}", "中", "👍🏽", "🇫🇷", "क्ष",
                                     "ש", "ع", "😀", "\u{200D}"]

    func testManyEditedCopiesKeepTheirOwnText() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 71)
        print("SnapshotCopyTests seed \(seed)")
        let text = (0..<6000).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
        let original = TextDocument(text)
        var copies: [(TextDocument, [UInt8])] = []
        for step in 0..<120 {
            // A copy of the original or of another copy, so that leaves are shared several ways.
            let (base, baseText) = copies.isEmpty || Bool.random(using: &rng)
                ? (original, Array(text.utf8)) : copies.randomElement(using: &rng)!
            var copy = base
            var model = baseText
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let offset = Int.random(in: 0...copy.count, using: &rng)
                let inserted = Self.alphabet.randomElement(using: &rng)!
                let position = try XCTUnwrap(copy.position(at: offset), "seed \(seed) step \(step)")
                let byte = try XCTUnwrap(copy.offset(of: position, unit: .utf8), "seed \(seed) step \(step)")
                try copy.insert(inserted, at: position)
                model.insert(contentsOf: Array(inserted.utf8), at: byte)
            }
            XCTAssertEqual(Array(copy.string.utf8), model, "seed \(seed) step \(step)")
            copies.append((copy, model))
            if copies.count > 40 { copies.remove(at: Int.random(in: 0..<copies.count, using: &rng)) }
        }
        XCTAssertEqual(original.string, text, "seed \(seed): the original changed")
        copies.shuffle(using: &rng)
        while let (copy, model) = copies.popLast() {
            XCTAssertEqual(Array(copy.string.utf8), model, "seed \(seed)")
            copy.checkInvariants()
        }
    }

    /// The boundary a position snaps to (`snappedUTF8`, which decides a place between two ASCII
    /// characters from its bytes and others from the scalars around it) is the one a scan of the
    /// chunk finds (`graphemeBoundary(atOrBefore:)`), at every byte of multilingual text with CR
    /// LF, CR and LF between ASCII characters, in chunks that also hold longer clusters.
    func testSnappingMatchesTheScanAtEveryByte() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 72)
        print("SnapshotCopyTests seed \(seed)")
        let pieces = ["ab", "\r\n", "\r", "\n", "x\r\ny", "é", "e\u{301}", "👍🏽", "🇫🇷", "क्ष", "ש", "ع", "\t", "中"]
        let text = (0..<3000).map { _ in pieces.randomElement(using: &rng)! }.joined()
        let doc = TextDocument(text)
        for x in 0...doc.count(in: .utf8) {
            XCTAssertEqual(doc.snappedUTF8(x), doc.graphemeBoundary(atOrBefore: x).utf8, "seed \(seed) byte \(x)")
        }
    }
}
