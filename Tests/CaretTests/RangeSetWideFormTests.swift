@_spi(Testing) @testable import Caret
import XCTest

/// The range set's two forms (RangeSetStorage.swift): 16-byte entries while every offset fits
/// 31 bits (`RangeSetEntry.maxOffset`), 24-byte entries once the set reaches past it (a document
/// over 2 GiB). Sets with offsets and lengths past 2³¹ (raw offsets: no document is needed to
/// hold them) against a flat reference mapped by the contract's rules, one replacement at a
/// time; the switch from the compact form to the wide one in the middle of typing (the
/// one-leaf path's pending state converted); and a set whose bound on its offsets rises past
/// the limit and is made exact instead of converting. With `--traits TinyShapes` the limit is
/// 2¹², so that the other range-set tests (documents of a few KB) cross it too. Seeded (`SEED`).
final class RangeSetWideFormTests: XCTestCase {
    /// A range of the reference: absolute offsets, options, id.
    struct Flat {
        var id: TextRangeSetID
        var start: Int
        var end: Int
        var stickiness: TextRangeSet<Int>.Stickiness
        var removeWhenEmptied: Bool
    }

    /// Maps `ranges` through the replacement of `lo..<hi` by `inserted` bytes by the contract's
    /// rules (the rules of `FlatRangeSet`, for one replacement); returns the ids removed.
    static func map(_ ranges: inout [Flat], _ lo: Int, _ hi: Int, _ inserted: Int) -> [TextRangeSetID] {
        func map(_ x: Int, _ bias: TextEdit.Bias) -> Int {
            if x < lo { return x }
            if x > hi { return x + inserted - (hi - lo) }
            if lo < hi && x == lo { return lo }
            if lo < hi && x == hi { return lo + inserted }
            return bias == .before ? lo : lo + inserted
        }
        var removed: [TextRangeSetID] = [], kept: [Flat] = []
        for var e in ranges {
            if (e.start < e.end && lo <= e.start && e.end <= hi && lo < hi) || (e.start == e.end && lo < e.start && e.start < hi) {
                if e.removeWhenEmptied {
                    removed.append(e.id)
                    continue
                }
                (e.start, e.end) = (lo, lo)
            } else {
                let (bs, be) = FlatRangeSet.biases(e.stickiness)
                let a = map(e.start, bs), b = map(e.end, be)
                (e.start, e.end) = b < a ? (b, b) : (a, b)
            }
            kept.append(e)
        }
        ranges = kept
        return removed
    }

    /// Checks `set` against `flat`: every range in order, by id, and the storage's invariants.
    func check(_ set: TextRangeSet<Int>, _ flat: [Flat], _ label: String) -> Bool {
        if let problem = set._invariantViolation() {
            XCTFail("\(label): \(problem)")
            return false
        }
        let expected = flat.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        let got = set.all
        guard got.count == expected.count,
              zip(got, expected).allSatisfy({ $0.id == $1.id && $0.range._utf8Offsets == $1.start..<$1.end }) else {
            XCTFail("\(label): \(got.prefix(8).map { ($0.id, $0.range._utf8Offsets) }) against \(expected.prefix(8).map { ($0.id, $0.start..<$0.end) })")
            return false
        }
        for e in flat where set.range(of: e.id)?._utf8Offsets != e.start..<e.end {
            XCTFail("\(label): range(of: \(e.id))")
            return false
        }
        return true
    }

    /// Ranges around offsets past 2³¹ (and lengths past it), replacements there and insertions of
    /// more than 2³¹ bytes, against the reference; the set takes the wide form and stays right.
    func testOffsetsPastTheCompactLimitAgainstTheReference() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetWideFormTests: SEED=\(seed)")
        let limit = RangeSetEntry.maxOffset
        let stickinesses: [TextRangeSet<Int>.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]
        for round in 0..<6 {
            var set = TextRangeSet<Int>(), flat: [Flat] = []
            // Places: near 0, near the limit, past it (up to twice and a half of it).
            let anchors = [0, limit / 2, limit - 50, limit + 1, 2 * limit, 5 * limit / 2]
            func place() -> Int { max(0, anchors.randomElement(using: &rng)! + Int.random(in: -40...40, using: &rng)) }
            func add() {
                let a = place()
                // Short ranges, and some reaching across (a length past the limit).
                let b = Bool.random(using: &rng) ? a + Int.random(in: 0...30, using: &rng) : max(a, place())
                let stickiness = stickinesses.randomElement(using: &rng)!, removes = Int.random(in: 0..<3, using: &rng) == 0
                let id = set.insert(TextRange(_utf8: a, b), value: flat.count, stickiness: stickiness, removeWhenEmptied: removes)
                flat.append(Flat(id: id, start: a, end: b, stickiness: stickiness, removeWhenEmptied: removes))
            }
            // Round 0 starts with compact ranges only, so the first replacement past the limit
            // converts the set.
            for _ in 0..<(round == 0 ? 0 : 60) { add() }
            if round == 0 {
                for _ in 0..<60 {
                    let a = Int.random(in: 0...200, using: &rng), b = a + Int.random(in: 0...10, using: &rng)
                    let id = set.insert(TextRange(_utf8: a, b), value: 0, stickiness: .alwaysGrows)
                    flat.append(Flat(id: id, start: a, end: b, stickiness: .alwaysGrows, removeWhenEmptied: false))
                }
                XCTAssertNil(set.wide, "SEED=\(seed)")
            }
            var caret = 0
            for step in 0..<300 {
                let label = "SEED=\(seed) round \(round) step \(step)"
                var p = Bool.random(using: &rng) ? caret : place()
                if let e = flat.randomElement(using: &rng), Bool.random(using: &rng) { p = Bool.random(using: &rng) ? e.start : e.end }
                let (range, inserted): (Range<Int>, Int)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<4: (range, inserted) = (p..<p, Int.random(in: 1...3, using: &rng))  // typing
                case 4, 5: (range, inserted) = (max(0, p - 2)..<p, 0)  // backspacing
                case 6: (range, inserted) = (p..<p, limit + Int.random(in: 1...1_000, using: &rng))  // a huge insertion
                case 7: (range, inserted) = (p..<(p + Int.random(in: 0...limit, using: &rng)), 0)  // a huge deletion
                case 8: (range, inserted) = (max(0, p - 5)..<(p + 5), Int.random(in: 0...9, using: &rng))
                default:
                    if Bool.random(using: &rng) { add() }
                    if let victim = flat.indices.randomElement(using: &rng), Bool.random(using: &rng) {
                        set.remove(flat[victim].id)
                        flat.remove(at: victim)
                    }
                    continue
                }
                let removed = set.replace(range, insertedCount: inserted)
                let expectedRemoved = Self.map(&flat, range.lowerBound, range.upperBound, inserted)
                XCTAssertEqual(Set(removed), Set(expectedRemoved), label)
                caret = range.lowerBound + inserted
                guard check(set, flat, label) else { return }
                // Keep the offsets within a few times the limit.
                if let far = flat.map(\.end).max(), far > 8 * limit {
                    let cut = far - 4 * limit
                    _ = set.replace(cut..<far, insertedCount: 0)
                    _ = Self.map(&flat, cut, far, 0)
                    guard check(set, flat, label + " (cut)") else { return }
                }
            }
            XCTAssertNotNil(set.wide, "SEED=\(seed) round \(round): the set should have taken the wide form")
        }
    }

    /// A compact set whose bound on its offsets rises past the limit while its ranges do not (a
    /// huge insertion after them, then its deletion): the bound is made exact and the set stays
    /// compact; a range really past the limit converts it.
    func testBoundMadeExactBeforeConverting() {
        let limit = RangeSetEntry.maxOffset
        var set = TextRangeSet<Int>()
        let a = set.insert(TextRange(_utf8: 10, 20), value: 0, stickiness: .alwaysGrows)
        let b = set.insert(TextRange(_utf8: 30, 30), value: 1)
        // Inserted inside the first range: its end moves to just below the limit.
        set.replace(15..<15, insertedCount: limit - 100)
        XCTAssertNil(set.wide)
        XCTAssertEqual(set.range(of: a)?._utf8Offsets, 10..<(limit - 80))
        // Deleted again: the bound stays high until made exact.
        set.replace(15..<(15 + limit - 100), insertedCount: 0)
        XCTAssertEqual(set.range(of: a)?._utf8Offsets, 10..<20)
        set.replace(25..<25, insertedCount: 100)
        XCTAssertNil(set.wide, "the exact bound fits: compact")
        XCTAssertEqual(set.range(of: b)?._utf8Offsets, 130..<130)
        XCTAssertNil(set._invariantViolation())
        // Past the limit for real: wide, the ranges and ids kept.
        set.replace(12..<12, insertedCount: limit)
        XCTAssertNotNil(set.wide)
        XCTAssertEqual(set.range(of: a)?._utf8Offsets, 10..<(20 + limit))
        XCTAssertEqual(set.range(of: b)?._utf8Offsets, (130 + limit)..<(130 + limit))
        XCTAssertNil(set._invariantViolation())
        // An insertion of a range past the limit converts a compact set too.
        var other = TextRangeSet<Int>()
        other.insert(TextRange(_utf8: 1, 2), value: 0)
        let far = other.insert(TextRange(_utf8: 3 * limit, 3 * limit + 5), value: 1)
        XCTAssertNotNil(other.wide)
        XCTAssertEqual(other.all.map(\.range._utf8Offsets), [1..<2, (3 * limit)..<(3 * limit + 5)])
        XCTAssertEqual(other.range(of: far)?._utf8Offsets, (3 * limit)..<(3 * limit + 5))
        // And a set built at once from sorted ranges.
        let built = TextRangeSet<Int>(sorted: [0..<1, (2 * limit)..<(2 * limit + 1)], value: 0)
        XCTAssertNotNil(built.wide)
        XCTAssertEqual(built.utf8Ranges, [0..<1, (2 * limit)..<(2 * limit + 1)])
        XCTAssertNil(built._invariantViolation())
    }

    /// The compact entry is 16 bytes, the wide one 24.
    func testEntrySizes() {
        XCTAssertEqual(MemoryLayout<RangeSetEntry>.stride, 16)
        XCTAssertEqual(MemoryLayout<RangeSetWideEntry>.stride, 24)
    }
}
