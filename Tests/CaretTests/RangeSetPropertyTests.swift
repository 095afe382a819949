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
            // The last round's text is longer: past the compact entries' limit under `--traits
            // TinyShapes` (2¹²), so that the set takes the wide form there.
            var doc = TextDocument((0..<(round == 3 ? 700 : 400)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
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

    /// Piles of ranges collapsed at one place (kept as groups in the storage): deletions collapse
    /// hundreds of ranges of every kind at a few carets, then typing, backspacing, replacing and
    /// deleting across the piles, removing members one by one, adding ranges onto the piles, and
    /// a copy taken along, against the reference after every step.
    func testCollapsedPilesAgainstTheReference() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetPropertyTests piles: SEED=\(seed)")
        let stickinesses: [TextRangeSet<Int>.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]
        for round in 0..<3 {
            var doc = TextDocument((0..<(round == 2 ? 600 : 300)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
            var set = TextRangeSet<Int>()
            var model = FlatRangeSet()
            var value = 0
            func add(_ a: Int, _ b: Int) {
                let stickiness = stickinesses.randomElement(using: &rng)!, removes = Int.random(in: 0..<4, using: &rng) == 0
                let id = set.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                model.entries.append(.init(id: id, start: a, end: b, stickiness: stickiness, removeWhenEmptied: removes, value: value))
                value += 1
            }
            func utf8(_ g: Int) -> Int { doc.offset(of: doc.position(at: g)!, unit: .utf8)! }
            for _ in 0..<500 {
                let g = doc.count(in: .grapheme)
                let lo = Int.random(in: 0...g, using: &rng), hi = min(g, lo + Int.random(in: 0...6, using: &rng))
                add(utf8(lo), utf8(hi))
            }
            // A few carets, each in a stretch of text that the first steps delete.
            var carets = (0..<3).map { k in doc.count(in: .grapheme) * (2 * k + 1) / 7 }
            var copy = set
            var copyModel = model
            for step in 0..<120 {
                let label = "SEED=\(seed) round \(round) step \(step)"
                let g = doc.count(in: .grapheme)
                carets = carets.map { min($0, g) }
                var edits: [(range: TextRange, text: String)] = []
                for (k, c) in carets.enumerated() {
                    let (lo, hi, text): (Int, Int, String)
                    switch step < 4 ? 0 : Int.random(in: 0..<10, using: &rng) {
                    case 0: (lo, hi, text) = (max(0, c - 25), c, "")  // a long deletion: the pile forms
                    case 1, 2: (lo, hi, text) = (max(0, c - 1), c, "")  // backspace
                    case 3: (lo, hi, text) = (c, min(g, c + 1), "")  // delete forward
                    case 4: (lo, hi, text) = (max(0, c - 2), min(g, c + 1), Self.pieces.randomElement(using: &rng)!)  // across the pile
                    default: (lo, hi, text) = (c, c, Self.pieces.randomElement(using: &rng)!)  // typing at the pile
                    }
                    // Carets that came together: one edit for them.
                    guard k == 0 || lo > doc.offset(of: edits.last!.range.end)! else { continue }
                    edits.append((doc.textRange(from: doc.position(at: lo)!, to: doc.position(at: hi)!)!, text))
                }
                guard let changes = try? ChangeSet(edits, in: doc) else { continue }
                // Where the carets go: after the inserted text.
                let mapped = carets.map { c in FlatRangeSet.map(utf8(c), .after, through: changes) }
                let removed = set.apply(changes), expected = model.apply(changes)
                XCTAssertEqual(Set(removed), Set(expected), label)
                XCTAssertEqual(Set(copy.apply(changes)), Set(copyModel.apply(changes)), label)
                try doc.apply(changes)
                carets = mapped.map { doc.offset(of: doc.position(at: $0, unit: .utf8) ?? doc.endOfDocument)! }
                if step % 3 == 0, let victim = model.entries.randomElement(using: &rng) {
                    set.remove(victim.id)
                    model.entries.removeAll { $0.id == victim.id }
                    XCTAssertNil(set.range(of: victim.id), label)
                }
                if step % 5 == 0 {
                    for c in carets { add(utf8(c), utf8(c)) }  // onto the pile
                }
                if step % 40 == 39 {
                    copy = set
                    copyModel = model
                }
                if let problem = set._invariantViolation() { return XCTFail("\(label): \(problem)") }
                if let problem = copy._invariantViolation() { return XCTFail("\(label) (copy): \(problem)") }
                for (s, m, name) in [(set, model, "set"), (copy, copyModel, "copy")] {
                    let got = s.all.map { ($0.id, $0.range._utf8Offsets, $0.value) }
                    let want = m.inOrder.map { ($0.id, $0.start..<$0.end, $0.value) }
                    guard got.elementsEqual(want, by: { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }) else {
                        return XCTFail("\(label): the \(name) and the reference differ after \(changes)")
                    }
                    for e in m.entries where s.range(of: e.id)?._utf8Offsets != e.start..<e.end {
                        return XCTFail("\(label): range(of:) in the \(name) differs for \(e.id)")
                    }
                }
                for c in carets {
                    let q = utf8(c)
                    XCTAssertEqual(set.ranges(overlapping: TextRange(_utf8: q, q)).map(\.id), model.overlapping(q, q).map(\.id), label)
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
