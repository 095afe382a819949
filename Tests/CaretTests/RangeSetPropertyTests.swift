@_spi(Testing) import Caret
import XCTest

/// `TextRangeSet` against `FlatRangeSet` (FuzzHarness/RangeSetFuzz.swift, the reference model
/// and its rules): hundreds of ranges of every stickiness on multilingual text, mapped through
/// random multi-range change sets, compared after each; and FuzzRangeSet's harness on seeded
/// random inputs. `SEED=n` replays one run.
final class RangeSetPropertyTests: XCTestCase {
    static let pieces = ["hello ", "world", "مرحبا ", "بالعالم", "नमस्ते ", "दुनिया", "こんにちは", "世界", "👨‍👩‍👧", "🇯🇵", "e\u{301}",
                         "\r\n", "\n", " ", "שָׁלוֹם"]

    func testRandomChangeSetsAgainstTheReference() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetPropertyTests: SEED=\(seed)")
        for round in 0..<4 {
            var doc = TextDocument((0..<400).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
            var set = TextRangeSet<Int>()
            var model = FlatRangeSet()
            let stickinesses: [TextRangeSet<Int>.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]
            func randomRange() -> (Int, Int) {
                let g = doc.count(in: .grapheme)
                let lo = Int.random(in: 0...g, using: &rng), hi = min(g, lo + Int.random(in: 0...12, using: &rng))
                let r = doc.textRange(from: doc.position(at: lo)!, to: doc.position(at: hi)!)!
                return (r._utf8Offsets.lowerBound, r._utf8Offsets.upperBound)
            }
            for value in 0..<600 {
                let (a, b) = randomRange()
                let stickiness = stickinesses.randomElement(using: &rng)!, removes = Bool.random(using: &rng)
                let id = set.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                model.entries.append(.init(id: id, start: a, end: b, stickiness: stickiness, removeWhenEmptied: removes, value: value))
            }
            for step in 0..<150 {
                let label = "SEED=\(seed) round \(round) step \(step)"
                let edits = (0..<Int.random(in: 1...6, using: &rng)).map { _ -> (range: TextRange, text: String) in
                    let g = doc.count(in: .grapheme)
                    let lo = Int.random(in: 0...g, using: &rng), hi = min(g, lo + Int.random(in: 0...8, using: &rng))
                    let text = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
                    return (doc.textRange(from: doc.position(at: lo)!, to: doc.position(at: hi)!)!, text)
                }
                guard let changes = try? ChangeSet(edits, in: doc) else { continue }
                let removed = set.apply(changes), expected = model.apply(changes)
                XCTAssertEqual(Set(removed), Set(expected), label)
                try doc.apply(changes)
                if step % 10 == 0 {
                    for _ in 0..<40 {
                        let (a, b) = randomRange()
                        let value = 1000 + step
                        let id = set.insert(TextRange(_utf8: a, b), value: value, stickiness: .alwaysGrows)
                        model.entries.append(.init(id: id, start: a, end: b, stickiness: .alwaysGrows, removeWhenEmptied: false,
                                                   value: value))
                    }
                    let (qa, qb) = randomRange()
                    XCTAssertEqual(set.ranges(overlapping: TextRange(_utf8: qa, qb)).map(\.id), model.overlapping(qa, qb).map(\.id), label)
                }
                if let problem = set._invariantViolation() { return XCTFail("\(label): \(problem)") }
                let got = set.all.map { ($0.id, $0.range._utf8Offsets, $0.value) }
                let want = model.inOrder.map { ($0.id, $0.start..<$0.end, $0.value) }
                guard got.elementsEqual(want, by: { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }) else {
                    return XCTFail("\(label): the set and the reference differ after \(changes)")
                }
            }
        }
    }

    func testFuzzHarnessOnRandomInputs() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        for run in 0..<300 {
            let count = Int(rng.next() % 300)
            var data = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if !data.isEmpty && run % 2 == 0 { data[0] &= 127 }  // half the runs on the set alone
            do {
                try RangeSetFuzz.run(data)
            } catch {
                return XCTFail("SEED=\(seed) input \(run) [\(data.map { String($0) }.joined(separator: ","))]:\n\(error)")
            }
        }
    }
}
