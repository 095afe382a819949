@_spi(Testing) @testable import Caret
import XCTest

/// Ranges put in one by one in each order that grows the leaves differently — in document
/// order (every split at the last leaf, where the tree is rebuilt from that leaf only and the
/// leaf positions grow in place), in reverse, at random — then most of them removed (leaves
/// merged away, the tree's slots past the last leaf emptied) and added again: after each
/// phase the set keeps its invariants (the tree's every slot and node, the leaf positions) and
/// holds what a plain list holds. Run with `--traits TinyShapes` too (leaves of 4, so that a
/// few hundred ranges make a tree of many levels). Seeded (`SEED`).
final class RangeSetInsertOrderTests: XCTestCase {
    private struct Held {
        var id: TextRangeSetID
        var range: Range<Int>
    }

    private func check(_ set: TextRangeSet<Int>, _ plain: [Held], _ phase: String, seed: UInt64,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(set._invariantViolation(), "\(phase), SEED=\(seed)", file: file, line: line)
        XCTAssertEqual(set.count, plain.count, "\(phase), SEED=\(seed)", file: file, line: line)
        let sorted = plain.sorted { ($0.range.lowerBound, $0.id.slot) < ($1.range.lowerBound, $1.id.slot) }
        XCTAssertEqual(set.all.map(\.range._utf8Offsets), sorted.map(\.range), "\(phase), SEED=\(seed)", file: file, line: line)
        for h in plain.prefix(200) {
            XCTAssertEqual(set.range(of: h.id)?._utf8Offsets, h.range, "\(phase): lookup, SEED=\(seed)", file: file, line: line)
        }
        // A window's overlapping ranges (found through the tree's summaries), as documented:
        // those sharing a character with it and the empty ones within it, edges included.
        let window = 1_000..<1_400
        let expected = plain.filter { h in
            h.range.isEmpty ? window.lowerBound <= h.range.lowerBound && h.range.lowerBound <= window.upperBound
                : h.range.lowerBound < window.upperBound && h.range.upperBound > window.lowerBound
        }.map(\.id.slot).sorted()
        let found = set.ranges(overlapping: TextRange(_utf8: window.lowerBound, window.upperBound)).map(\.id.slot).sorted()
        XCTAssertEqual(found, expected, "\(phase): overlapping, SEED=\(seed)", file: file, line: line)
    }

    func testInsertionOrdersThenRemovalsKeepTheTree() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetInsertOrderTests: SEED=\(seed)")
        let n = 3_000
        for order in ["document", "reverse", "random"] {
            var starts = (0..<n).map { $0 * 7 }
            if order == "reverse" { starts.reverse() }
            if order == "random" { starts.shuffle(using: &rng) }
            var set = TextRangeSet<Int>()
            var plain: [Held] = []
            for (k, a) in starts.enumerated() {
                let b = a + Int.random(in: 0...16, using: &rng)
                plain.append(Held(id: set.insert(TextRange(_utf8: a, b), value: k), range: a..<b))
                if k % 499 == 0 { check(set, plain, "\(order): inserting, \(k + 1) in", seed: seed) }
            }
            check(set, plain, "\(order): all in", seed: seed)
            // Most removed (from the end first in half the cases, so that the last leaves go).
            plain.shuffle(using: &rng)
            if order != "random" { plain.sort { $0.range.lowerBound < $1.range.lowerBound } }
            while plain.count > n / 10 {
                set.remove(plain.removeLast().id)
            }
            check(set, plain, "\(order): after removals", seed: seed)
            // And added again past the rest, so that leaves are split where slots were emptied.
            for k in 0..<n / 2 {
                let a = n * 7 + k * 3, b = a + Int.random(in: 0...5, using: &rng)
                plain.append(Held(id: set.insert(TextRange(_utf8: a, b), value: k), range: a..<b))
            }
            check(set, plain, "\(order): added again", seed: seed)
        }
    }
}
