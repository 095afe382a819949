@_spi(Testing) @testable import Caret
import XCTest

/// The range set's internal helpers for find sessions: a set built at once from sorted ranges
/// (RangeSetStorage+Build.swift) holds what inserting them one by one holds and keeps its
/// invariants through later changes; the first range at or after a point and the last before
/// it (TextRangeSet+Neighbours.swift) agree with a walk over every range, through random
/// changes that move, shrink and remove ranges across many leaves. Seeded (`SEED`).
final class RangeSetNeighbourTests: XCTestCase {
    func testBuiltSetsAndNeighboursAgainstAWalk() {
        var (random, seed) = SeededGenerator.fromEnvironment(default: 0xBEE)
        print("RangeSetNeighbourTests seed \(seed)")
        for round in 0..<6 {
            var length = 20_000
            var ranges: [Range<Int>] = []
            var at = Int.random(in: 0...20, using: &random)
            while at < length - 10 && ranges.count < [0, 1, 40, 700, 2_000, 3_000][round] {
                let n = Int.random(in: 1...5, using: &random)
                ranges.append(at..<(at + n))
                at += n + Int.random(in: 0...6, using: &random)
            }
            var set = TextRangeSet(sorted: ranges, value: true, stickiness: .neverGrows, removeWhenEmptied: true)
            var oneByOne = TextRangeSet<Bool>()
            for r in ranges {
                oneByOne.insert(TextRange(utf8: r.lowerBound, r.upperBound), value: true, stickiness: .neverGrows, removeWhenEmptied: true)
            }
            XCTAssertEqual(set.utf8Ranges, ranges, "seed \(seed) round \(round)")
            XCTAssertEqual(oneByOne.utf8Ranges, ranges, "seed \(seed) round \(round)")
            XCTAssertNil(set._invariantViolation(), "seed \(seed) round \(round)")
            for step in 0..<120 {
                let label = "seed \(seed) round \(round) step \(step)"
                let all = set.utf8Ranges
                for _ in 0..<8 {
                    let x = Int.random(in: -2...(length + 2), using: &random)
                    XCTAssertEqual(set.firstUTF8Range(startingAtOrAfter: x), all.first { $0.lowerBound >= x }, "\(label) x \(x)")
                    XCTAssertEqual(set.lastUTF8Range(startingBefore: x), all.last { $0.lowerBound < x }, "\(label) x \(x)")
                }
                // A change: a replacement anywhere, sometimes a long deletion that empties leaves.
                let lo = Int.random(in: 0...length, using: &random)
                let hi = min(length, lo + (Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 0...3_000, using: &random)
                                                                                        : Int.random(in: 0...8, using: &random)))
                let inserted = Int.random(in: 0...6, using: &random)
                set.replace(lo..<hi, insertedCount: inserted)
                length += inserted - (hi - lo)
                if Int.random(in: 0..<4, using: &random) == 0, let r = set.utf8Ranges.randomElement(using: &random) {
                    set.insert(TextRange(utf8: r.upperBound, min(length, r.upperBound + 1)), value: true)
                }
                XCTAssertNil(set._invariantViolation(), label)
                if set._invariantViolation() != nil { return }
            }
        }
    }
}
