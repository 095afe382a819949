@_spi(Testing) @testable import Caret
import XCTest

/// A range set taking typing as a run (`TextRangeSet.pending`, RangeSetPendingRun.swift) against
/// one moving its ranges for every replacement through the storage's general path: the same
/// ranges (every stickiness, `removeWhenEmptied` or not, many at the carets) and the same
/// keystrokes — runs of typing, Backspaces inside and past the typed text, forward deletions,
/// replacements, jumps — must give the same removed ids, and every reader must see the same
/// ranges after every keystroke while a run is pending: `range(of:)`, `ranges(overlapping:)`,
/// `all`, `==`, the neighbours; a copy taken during a run must not change. Run with `--traits
/// TinyShapes` too (leaves of 4, the wide form in the last round). Seeded (`SEED`).
final class RangeSetTypingRunTests: XCTestCase {
    func testRunsReadAndSettleAsEveryKeystrokeMovedTheRanges() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetTypingRunTests: SEED=\(seed)")
        let stickinesses: [TextRangeSet<Int>.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]
        var pendingSteps = 0, steps = 0
        for round in 0..<4 {
            var length = round == 3 ? 6_000 : 2_000
            var run = TextRangeSet<Int>(), general = TextRangeSet<Int>()
            var value = 0
            func add(_ a: Int, _ b: Int) {
                let stickiness = stickinesses.randomElement(using: &rng)!, removes = Bool.random(using: &rng)
                let x = run.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                let y = general.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                XCTAssertEqual(x, y)
                value += 1
            }
            for _ in 0..<[30, 200, 500, 800][round] {
                let a = Int.random(in: 0...length, using: &rng)
                add(a, min(length, a + [0, 0, 1, 2, 5, 30].randomElement(using: &rng)!))
            }
            var caret = Int.random(in: 0...length, using: &rng)
            var copy: (set: TextRangeSet<Int>, ranges: [(TextRangeSet<Int>.ID, Range<Int>)])?
            for step in 0..<1_500 {
                let label = "SEED=\(seed) round \(round) step \(step)"
                // Mostly typing at the caret; sometimes somewhere else: at a range's end (a pile
                // travels with the caret) or anywhere.
                if Int.random(in: 0..<30, using: &rng) == 0 {
                    let ends = run.all.randomElement(using: &rng).map { [$0.range._utf8Offsets.lowerBound, $0.range._utf8Offsets.upperBound] }
                    caret = ends?.randomElement(using: &rng) ?? Int.random(in: 0...length, using: &rng)
                }
                let k = Int.random(in: 1...3, using: &rng)
                let (range, inserted): (Range<Int>, Int)
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<12: (range, inserted) = (caret..<caret, k)  // typing
                case 12..<17: (range, inserted) = (max(0, caret - k)..<caret, 0)  // backspace
                case 17: (range, inserted) = (caret..<min(length, caret + k), 0)  // delete forward
                case 18: (range, inserted) = (max(0, caret - 1)..<min(length, caret + 1), k)  // a short replacement
                default: (range, inserted) = (max(0, caret - 20)..<caret, 0)  // a long deletion: a pile forms
                }
                if range.isEmpty && inserted == 0 { continue }
                let removedRun = run.replace(range, insertedCount: inserted)
                let removedGeneral = general.replace(range, insertedCount: inserted, oneLeafFirst: false)
                length += inserted - range.count
                caret = range.lowerBound + inserted
                steps += 1
                if run.pending != nil { pendingSteps += 1 }
                XCTAssertEqual(removedRun, removedGeneral, label)
                if let problem = run._invariantViolation() { return XCTFail("\(label): \(problem)") }
                // Every reader, with the run pending or not.
                let all = run.all, expected = general.all
                guard all.elementsEqual(expected, by: { $0.id == $1.id && $0.range == $1.range && $0.value == $1.value }) else {
                    return XCTFail("\(label): replacing \(range) by \(inserted) bytes: the ranges differ")
                }
                XCTAssertEqual(run, general, label)
                XCTAssertEqual(run.count, general.count, label)
                for r in expected.shuffled(using: &rng).prefix(8) {
                    XCTAssertEqual(run.range(of: r.id), r.range, label)
                    XCTAssertEqual(run.value(of: r.id), r.value, label)
                }
                for id in removedGeneral { XCTAssertNil(run.range(of: id), label) }
                let q = Int.random(in: 0...length, using: &rng), qe = min(length, q + [0, 1, 4, 40].randomElement(using: &rng)!)
                for query in [TextRange(_utf8: q, qe), TextRange(_utf8: caret, caret), TextRange(_utf8: max(0, caret - 3), caret)] {
                    let got = run.ranges(overlapping: query), want = general.ranges(overlapping: query)
                    XCTAssertEqual(got.map(\.id), want.map(\.id), "\(label): overlapping \(query)")
                    XCTAssertEqual(got.map(\.range), want.map(\.range), "\(label): overlapping \(query)")
                }
                XCTAssertEqual(run.firstUTF8Range(startingAtOrAfter: q), general.firstUTF8Range(startingAtOrAfter: q), label)
                XCTAssertEqual(run.lastUTF8Range(startingBefore: q), general.lastUTF8Range(startingBefore: q), label)
                if step % 50 == 0 {
                    if let (set, ranges) = copy {
                        XCTAssert(set.all.map { ($0.id, $0.range._utf8Offsets) }.elementsEqual(ranges) { $0.0 == $1.0 && $0.1 == $1.1 },
                                  "\(label): a copy changed with the set")
                    }
                    copy = (run, all.map { ($0.id, $0.range._utf8Offsets) })
                    // Ranges added and removed between keystrokes (each settles a run first).
                    add(caret, caret)
                    if let victim = all.randomElement(using: &rng)?.id {
                        run.remove(victim)
                        general.remove(victim)
                    }
                }
            }
        }
        // The test is about runs: most keystrokes must have been taken by one.
        print("RangeSetTypingRunTests: a run pending after \(pendingSteps) of \(steps) replacements")
        XCTAssertGreaterThan(pendingSteps, steps / 3, "SEED=\(seed)")
    }

    /// The worked case: ranges of each stickiness at the caret and around it, three characters
    /// typed and one taken back, read while the run is pending and after it settles.
    func testARunAtRangesOfEveryStickiness() {
        var set = TextRangeSet<String>()
        let at = { (a: Int, b: Int) in TextRange(_utf8: a, b) }
        let always = set.insert(at(5, 5), value: "always", stickiness: .alwaysGrows)
        let never = set.insert(at(5, 5), value: "never", stickiness: .neverGrows)
        let before = set.insert(at(2, 5), value: "before", stickiness: .growsBefore)
        let after = set.insert(at(5, 8), value: "after", stickiness: .growsAfter)
        let later = set.insert(at(9, 12), value: "later", stickiness: .neverGrows)
        for _ in 0..<3 {
            let caret = set.pending.map { $0.start + $0.inserted } ?? 5
            set.replace(caret..<caret, insertedCount: 1)
        }
        XCTAssertEqual(set.pending, RangeSetPendingRun(typingAt: 5, inserted: 3))
        set.replace(7..<8, insertedCount: 0)  // Backspace over the last one typed
        XCTAssertEqual(set.pending, RangeSetPendingRun(typingAt: 5, inserted: 2))
        // Grows at its start only: the end stays before the text; grows at its end only: the
        // start follows the text too.
        let expected: [(TextRangeSet<String>.ID, Range<Int>)] = [(before, 2..<5), (always, 5..<7), (never, 5..<5), (after, 7..<10), (later, 11..<14)]
        for (id, range) in expected { XCTAssertEqual(set.range(of: id)?._utf8Offsets, range, "\(set.value(of: id)!)") }
        XCTAssertEqual(set.ranges(overlapping: at(6, 6)).map(\.id), [always])
        XCTAssertEqual(set.ranges(overlapping: at(4, 6)).map(\.id), [before, never, always])
        XCTAssertEqual(set.ranges(overlapping: at(9, 12)).map(\.id), [after, later])
        set.settlePending()
        XCTAssertNil(set.pending)
        for (id, range) in expected { XCTAssertEqual(set.range(of: id)?._utf8Offsets, range, "\(set.value(of: id)!)") }
        XCTAssertNil(set._invariantViolation())
    }

    /// A deleting run: Backspaces towards a range added with `removeWhenEmptied` go on as one
    /// run, read through, until the one that reaches it; that one removes it at once.
    func testADeletingRunStopsAtARangeThatMayBeRemoved() {
        var set = TextRangeSet<String>()
        let at = { (a: Int, b: Int) in TextRange(_utf8: a, b) }
        let word = set.insert(at(10, 14), value: "word", stickiness: .neverGrows, removeWhenEmptied: true)
        let mark = set.insert(at(16, 16), value: "mark", stickiness: .neverGrows)
        let span = set.insert(at(12, 30), value: "span", stickiness: .alwaysGrows)
        // Backspace from 20 down to 15: one run (no range that may be removed starts in 11...20).
        for caret in stride(from: 20, to: 15, by: -1) { XCTAssertEqual(set.replace((caret - 1)..<caret, insertedCount: 0), []) }
        XCTAssertEqual(set.pending.map { [$0.start, $0.end, $0.inserted] }, [15, 20, 0])
        XCTAssertEqual(set.range(of: mark)?._utf8Offsets, 15..<15)
        XCTAssertEqual(set.range(of: span)?._utf8Offsets, 12..<25)
        XCTAssertEqual(set.ranges(overlapping: at(15, 15)).map(\.id), [span, mark])
        // Into the word: the run goes on while its last character is left (only its end moves);
        // the Backspace that takes that character removes the word, at once.
        var removed: [TextRangeSet<String>.ID] = []
        for caret in stride(from: 15, to: 10, by: -1) { removed += set.replace((caret - 1)..<caret, insertedCount: 0) }
        XCTAssertEqual(removed, [word])
        XCTAssertNil(set.range(of: word))
        XCTAssertEqual(set.range(of: mark)?._utf8Offsets, 10..<10)
        XCTAssertEqual(set.range(of: span)?._utf8Offsets, 10..<20)
        XCTAssertEqual(set.count, 2)
        XCTAssertNil(set._invariantViolation())
    }
}
