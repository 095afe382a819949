import XCTest
@testable import Caret

/// The finger (where the last lookup or edit was) must never change an answer: every lookup
/// and edit through a document with a warm finger is checked against a copy whose finger is
/// forgotten before each call, and copies must never see each other's finger.
final class FingerTests: XCTestCase {
    static let alphabet: [String] = ["a", "b", " ", "\n", "\r\n", "é", "e\u{301}", "中", "👍🏽", "🇫🇷", "क्ष", "\t", "ש", "\u{2028}", "😀"]

    func testLookupsAndEditsNearTheFingerMatchColdAnswers() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 21)
        print("FingerTests seed \(seed)")
        let text = (0..<3000).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
        var doc = TextDocument(text)
        var model = text
        var anchor = 0
        for step in 0..<1500 {
            let units: [TextUnit] = [.grapheme, .unicodeScalar, .utf16, .utf8]
            let unit = units.randomElement(using: &rng)!
            let count = doc.count(in: unit)
            // Mostly near the last place, sometimes anywhere.
            anchor = Bool.random(using: &rng) && step % 7 != 0
                ? min(max(anchor + Int.random(in: -40...40, using: &rng), 0), count)
                : Int.random(in: 0...count, using: &rng)
            let reference = cold(doc)
            XCTAssertEqual(doc.position(at: anchor, unit: unit), reference.position(at: anchor, unit: unit),
                           "seed \(seed) step \(step)")
            if let p = reference.position(at: anchor, unit: unit) {
                XCTAssertEqual(doc.offset(of: p, unit: unit), cold(doc).offset(of: p, unit: unit))
                XCTAssertEqual(doc.lineAndColumn(of: p, unit: unit)?.line, cold(doc).lineAndColumn(of: p, unit: unit)?.line)
                XCTAssertEqual(doc.position(from: p, offset: 3), cold(doc).position(from: p, offset: 3))
            }
            if step % 3 == 0 {
                // An edit in the unit at the finger, applied to the document and to a cold copy.
                let length = Int.random(in: 0...3, using: &rng)
                let range = anchor..<min(anchor + length, count)
                let insert = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
                var expected = cold(doc)
                let snapshot = doc
                let got = try doc.replace(range, in: unit, withText: insert)
                let want = try expected.replace(range, in: unit, withText: insert)
                XCTAssertEqual(got, want, "seed \(seed) step \(step): \(range) in \(unit)")
                XCTAssertEqual(doc.string, expected.string, "seed \(seed) step \(step)")
                XCTAssertEqual(snapshot.string, model, "a copy saw the edit")
                model = doc.string
                doc.checkInvariants()
            }
        }
    }

    /// Copies of one document read concurrently (each moving the shared finger) and agree with
    /// cold answers; run under `swift test --sanitize=thread` to check that moving the finger
    /// does not race.
    func testConcurrentReadsOfCopies() async throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 22)
        print("FingerTests seed \(seed)")
        let text = (0..<20_000).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
        let doc = TextDocument(text)
        let reference = cold(doc)
        let count = doc.count
        let offsets = (0..<2000).map { _ in Int.random(in: 0...count, using: &rng) }
        let expected = offsets.map { reference.position(at: $0)!.utf8Offset }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                let copy = doc
                group.addTask {
                    var bad = 0
                    var k = task * 37
                    for i in 0..<offsets.count {
                        // Walk near each target, then jump: the finger moves both ways.
                        k = (k + 1 + task) % offsets.count
                        if copy.position(at: offsets[k])?.utf8Offset != expected[k] { bad += 1 }
                        if copy.position(at: max(offsets[k] - 1, 0), unit: .unicodeScalar) == nil { bad += 1 }
                        _ = i
                    }
                    return bad
                }
            }
            var total = 0
            for await bad in group { total += bad }
            return total
        }
        XCTAssertEqual(mismatches, 0, "seed \(seed)")
    }
}
