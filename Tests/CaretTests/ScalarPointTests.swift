import XCTest
@testable import Caret

/// `TextChunk.point(of:utf16:near:)` for scalars steps from the nearest of the chunk's start,
/// its end and the given point: every target, from every kind of starting point, must give the
/// byte and the counts a walk over the chunk's scalars gives.
final class ScalarPointTests: XCTestCase {
    func testEveryScalarFromStartEndAndNearPointsMatchesAWalk() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 5)
        print("ScalarPointTests seed \(seed)")
        // Mixed widths, four-byte scalars (two UTF-16 units) included, and a run of ASCII.
        let alphabet = ["a", " ", "é", "中", "😀", "👍🏽", "ש", "\u{301}", "क्ष", "🇫🇷", "xxxxxxxxxxx"]
        for round in 0..<40 {
            let text = (0..<Int.random(in: 1...180, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            let chunk = TextChunk(bytes)
            // The reference: byte and UTF-16 offset of every scalar start, and the end.
            var starts: [(utf8: Int, utf16: Int)] = []
            var utf8 = 0, utf16 = 0
            for scalar in text.unicodeScalars {
                starts.append((utf8, utf16))
                utf8 += scalar.utf8.count
                utf16 += scalar.utf16.count
            }
            let total = starts.count
            var nears: [ChunkPoint] = [.start, ChunkPoint(utf8: 0, utf16: -1, scalars: -1)]
            for _ in 0..<4 {
                let k = Int.random(in: 0..<total, using: &rng)
                nears.append(ChunkPoint(utf8: starts[k].utf8, utf16: starts[k].utf16, scalars: k))
                nears.append(ChunkPoint(utf8: starts[k].utf8, utf16: -1, scalars: -1))   // counts unknown
            }
            for near in nears {
                for m in 0...(total + 1) {
                    let point = chunk.point(of: m, utf16: false, near: near)
                    let what = "round \(round) near \(near) m \(m)"
                    if m >= total {
                        XCTAssertEqual(point.utf8, bytes.count, what)
                        XCTAssertEqual(point.scalars, total, what)
                        XCTAssertEqual(point.utf16, utf16, what)
                    } else {
                        XCTAssertEqual(point.utf8, starts[m].utf8, what)
                        XCTAssertEqual(point.scalars, m, what)
                        XCTAssertEqual(point.utf16, starts[m].utf16, what)
                    }
                }
            }
        }
    }
}
