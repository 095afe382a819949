@_spi(Testing) @testable import Caret
import XCTest

/// The range set's buffers stay close to their counts (most of a set's memory is its leaves'
/// entries and the arrays by id slot): ranges added in random order leave no leaf buffer with
/// more free entries than `RangeSetLeaf.makeRoom` asks for (a sixteenth of `leafCapacity`, plus
/// the allocator's rounding), and the id index and the values no more than an eighth beyond
/// their count. The ranges are checked against a plain list too, so that the growth policy
/// cannot lose one. Run with
/// `--traits TinyShapes` too (leaves of 4). Seeded (`SEED`).
final class RangeSetCapacityTests: XCTestCase {
    func testBuffersStayCloseToTheirCounts() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetCapacityTests: SEED=\(seed)")
        let length = 50_000
        var set = TextRangeSet<UInt8>()
        var plain: [(id: TextRangeSetID, range: Range<Int>)] = []
        for k in 0..<5_000 {
            let a = Int.random(in: 0...length, using: &rng), b = min(length, a + Int.random(in: 0...16, using: &rng))
            plain.append((set.insert(TextRange(_utf8: a, b), value: UInt8(k % 7)), a..<b))
        }
        func slack() -> (leaf: Int, slots: Int, values: Int) {
            var leaf = 0
            if let wide = set.wide {
                for l in wide.leaves { leaf = max(leaf, l.entries.capacity - l.entries.count) }
                return (leaf, wide.slots.capacity - wide.slots.count, set.values.capacity - set.values.count)
            }
            for l in set.storage.leaves { leaf = max(leaf, l.entries.capacity - l.entries.count) }
            return (leaf, set.storage.slots.capacity - set.storage.slots.count, set.values.capacity - set.values.count)
        }
        // A buffer of n entries of 16 or 24 bytes: the allocator rounds its size up to 16 bytes,
        // one entry at most.
        let leafSlack = RangeSetLeaf<RangeSetEntry>.growth + 1
        let s = slack()
        XCTAssertLessThanOrEqual(s.leaf, leafSlack, "SEED=\(seed)")
        XCTAssertLessThanOrEqual(s.slots, set.slots.count / 8 + 16 + 2, "SEED=\(seed)")
        XCTAssertLessThanOrEqual(s.values, set.values.count / 8 + 16 + 16, "SEED=\(seed)")
        XCTAssertNil(set._invariantViolation(), "SEED=\(seed)")
        plain.sort { ($0.range.lowerBound, $0.id.slot) < ($1.range.lowerBound, $1.id.slot) }
        XCTAssertEqual(set.all.map(\.range._utf8Offsets), plain.map(\.range), "SEED=\(seed)")
        for (id, range) in plain { XCTAssertEqual(set.range(of: id)?._utf8Offsets, range, "SEED=\(seed)") }
    }
}
