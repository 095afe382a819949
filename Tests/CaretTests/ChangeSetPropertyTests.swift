import XCTest
@testable import Caret

/// The laws of `ChangeSet` (shared/docs/CHANGES.md) on seeded random multi-range change sets of
/// multilingual texts, checked by the FuzzChangeSet harness's checks against its flat
/// reference (`FuzzHarness/ChangeSetFuzz.swift`). `SEED=n` replays another seed; each law runs
/// `ChangeSetPropertyTests.cases` cases. Run under `--traits TinyShapes` too (4-byte chunks).
final class ChangeSetPropertyTests: XCTestCase {
    static let cases = 300

    /// Arabic with harakat, Hindi (a conjunct, a virama), emoji ZWJ sequences, flags, skin
    /// tones, CR LF and lone CR and LF, Thai, combining marks, Hebrew, astral letters, NEL and LS
    /// (hard lines that LSP does not count).
    static let pieces = [
        "مَرحبا", "ع", "َ", "नमस्ते", "क्षि", "्", "👨‍👩‍👧", "\u{200D}", "👍🏽", "🇫🇷", "🇯", "\r\n", "\r", "\n",
        "สวัสดี", "่", "e\u{301}", "\u{301}", "a", "b", " ", "שָׁלוֹם", "𝒜", "中文", "\u{85}", "\u{2028}",
    ]

    func randomText(_ rng: inout SeededGenerator, pieces: ClosedRange<Int>) -> String {
        (0..<Int.random(in: pieces, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
    }

    func randomEdits(_ rng: inout SeededGenerator, flat: Bool) -> [EditSpec] {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            EditSpec(start: Int.random(in: 0...10_000, using: &rng), length: Int.random(in: 0...5, using: &rng),
                     inScalars: flat || Bool.random(using: &rng), flat: flat,
                     text: randomText(&rng, pieces: 0...2))
        }
    }

    func randomCase(_ rng: inout SeededGenerator) -> ChangeSetCase {
        // A quarter of the change sets come from flat scalar offsets (ends inside clusters).
        ChangeSetCase(text: randomText(&rng, pieces: 0...24),
                      a: randomEdits(&rng, flat: Int.random(in: 0..<4, using: &rng) == 0),
                      b: randomEdits(&rng, flat: Int.random(in: 0..<4, using: &rng) == 0),
                      next: randomEdits(&rng, flat: Int.random(in: 0..<4, using: &rng) == 0))
    }

    /// Runs `law` on `cases` random cases; reports the seed and case of a failure.
    func forEachCase(seed fallback: UInt64, _ law: (ChangeSetCase, TextDocument, ChangeSet) throws(FuzzFailure) -> Void) {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: fallback)
        var built = 0
        for n in 0..<Self.cases {
            let c = randomCase(&rng)
            let doc = TextDocument(c.text)
            do {
                guard let a = try ChangeSetFuzz.build(c.a, in: doc, model: FuzzModel(Array(c.text.unicodeScalars)), label: "a")
                else { continue }
                built += 1
                try law(c, doc, a)
            } catch {
                return XCTFail("seed \(seed) case \(n) (text \(String(reflecting: c.text))): \(error)")
            }
        }
        // Overlapping edits are refused (and that is checked); most cases must build.
        XCTAssertGreaterThan(built, Self.cases / 2, "seed \(seed): too few change sets built")
    }

    func testApplyThenInverseIsIdentityAndInverseTwiceIsSelf() {
        forEachCase(seed: 0xC5_0001) { _, doc, a throws(FuzzFailure) in
            try ChangeSetFuzz.checkApplyAndInverse(a, doc, label: "a")
        }
    }

    func testComposedAppliesAsBothInARowAndMapsAsBoth() {
        forEachCase(seed: 0xC5_0002) { c, doc, a throws(FuzzFailure) in
            var after = doc
            _ = try? after.apply(a)
            let model = FuzzModel(Array(after.string.unicodeScalars))
            if let next = try ChangeSetFuzz.build(c.next, in: after, model: model, label: "next") {
                try ChangeSetFuzz.checkComposition(a, next, doc, label: "a, next")
            }
        }
    }

    func testRebasedChangeSetsConvergeOnTheReferenceText() {
        forEachCase(seed: 0xC5_0003) { c, doc, a throws(FuzzFailure) in
            let model = FuzzModel(Array(c.text.unicodeScalars))
            if let b = try ChangeSetFuzz.build(c.b, in: doc, model: model, label: "b") {
                try ChangeSetFuzz.checkRebase(a, b, doc, label: "a, b")
            }
        }
    }

    func testMapMatchesTheDefinitionsAndIsMonotone() {
        forEachCase(seed: 0xC5_0004) { _, _, a throws(FuzzFailure) in
            try ChangeSetFuzz.checkMap(a, label: "a")
        }
    }

    func testLSPChangesRebuildTheNewText() {
        forEachCase(seed: 0xC5_0005) { _, doc, a throws(FuzzFailure) in
            try ChangeSetFuzz.checkLSP(a, doc, label: "a")
        }
    }

    func testCodableRoundTrip() {
        forEachCase(seed: 0xC5_0006) { _, _, a throws(FuzzFailure) in
            try ChangeSetFuzz.checkCodable(a, label: "a")
        }
    }

    func testChangeSetForAnotherTextIsRefused() {
        forEachCase(seed: 0xC5_0007) { c, doc, a throws(FuzzFailure) in
            var after = doc
            _ = try? after.apply(a)
            let model = FuzzModel(Array(c.text.unicodeScalars))
            if let b = try ChangeSetFuzz.build(c.b, in: doc, model: model, label: "b") {
                try ChangeSetFuzz.checkMismatch(b, applyingTo: after, label: "b on a's result")
            }
        }
    }

    /// Everything the fuzzer checks, on cases of its own.
    func testWholeHarness() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xC5_0008)
        for n in 0..<Self.cases {
            let c = randomCase(&rng)
            do { try ChangeSetFuzz.check(c) } catch { return XCTFail("seed \(seed) case \(n): \(error)") }
        }
    }
}
