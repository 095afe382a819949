import XCTest
@testable import Caret

/// The text an edit would produce as UTF-16, read from the rope's bytes (what `pattern` checks),
/// against `String`'s own UTF-16 of the edited flat text.
final class ResultingTextTests: XCTestCase {
    func testMatchesTheFlatText() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x7E57)
        let pieces = ["a", "é", "e\u{301}", "👨‍👩‍👧", "🇩🇪", "\r\n", "中", "क्षि", "𝒜", "ß", "\u{10FFFF}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}"]
        for step in 0..<500 {
            // Repeated to a few chunks' length, so that the edit's ends fall in different chunks.
            let old = spanningChunks((0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            let text = (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let doc = TextDocument(old)
            let scalars = Array(old.unicodeScalars)
            let a = Int.random(in: 0...scalars.count, using: &rng)
            let b = Int.random(in: a...scalars.count, using: &rng)
            let prefix = String(String.UnicodeScalarView(scalars[..<a]))
            let removed = String(String.UnicodeScalarView(scalars[a..<b]))
            let suffix = String(String.UnicodeScalarView(scalars[b...]))
            let range = prefix.utf8.count..<(prefix.utf8.count + removed.utf8.count)
            XCTAssertEqual(doc.utf16(replacing: range, with: text), Array((prefix + text + suffix).utf16),
                           "seed \(seed) step \(step)")
        }
    }
}
