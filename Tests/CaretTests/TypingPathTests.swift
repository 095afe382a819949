import XCTest
@testable import Caret

/// The typing path (`replaceAtEditPlace`) must give exactly what the general path gives. Every
/// edit of a session is made twice: on a document whose boxes and tree are its own (the typing
/// path may take it) and on a twin whose value is shared at that moment (a pinned copy), which
/// can only take the general path. Returned ranges, text and counts in every unit must agree,
/// for typing, backspacing and replacements in every unit near the caret, beside CR, combining
/// marks, ZWJ and non-ASCII text (which the typing path must refuse or handle the same way).
final class TypingPathTests: XCTestCase {
    static let alphabet: [String] = ["a", "b", "c", " ", "x", "y", "\n", "a", "b", " ", "\r", "\r\n", "\u{301}", "é",
                                     "中", "\u{200D}", "👍🏽", "\u{0B}", "q"]

    func testTypingPathMatchesGeneralPath() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 131)
        print("TypingPathTests seed \(seed)")
        for round in 0..<6 {
            let length = [0, 1, 40, 700, 3000, 9000][round]
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
            try session(text, &rng, context: "seed \(seed) round \(round)")
        }
    }

    func session(_ text: String, _ rng: inout SeededGenerator, context: String) throws {
        var doc = TextDocument(text)
        var twin = TextDocument(text)
        var caret = doc.position(at: doc.count / 2)!
        var fast = 0
        for step in 0..<1500 {
            let label = "\(context) step \(step)"
            let typed = (0..<(Int.random(in: 0..<8, using: &rng) == 0 ? 2 : 1))
                .map { _ in Int.random(in: 0..<4, using: &rng) > 0 ? "e" : Self.alphabet.randomElement(using: &rng)! }.joined()
            let pin = twin                                    // shares the twin's boxes and tree
            let result: TextRange, twinResult: TextRange
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let at = doc.offset(of: caret, unit: .utf8)!
                let twinCaret = twin.position(at: at, unit: .utf8)!
                if doc.utf8RangeNearEditPlace(at..<at, in: .utf8) != nil { fast += 1 }
                result = try doc.insert(typed, at: caret)
                twinResult = try twin.insert(typed, at: twinCaret)
            case 4..<6:
                guard let before = doc.position(from: caret, offset: -1) else { continue }
                let range = doc.textRange(from: before, to: caret)!
                let bytes = doc.offset(of: before, unit: .utf8)!..<doc.offset(of: caret, unit: .utf8)!
                if doc.utf8RangeNearEditPlace(bytes, in: .utf8) != nil { fast += 1 }
                result = try doc.delete(range)
                twinResult = try twin.delete(twin.textRange(from: twin.position(at: bytes.lowerBound, unit: .utf8)!,
                                                            to: twin.position(at: bytes.upperBound, unit: .utf8)!)!)
            case 6..<9:
                let unit = [TextUnit.unicodeScalar, .utf16, .utf8].randomElement(using: &rng)!
                let at = doc.offset(of: caret, unit: unit)!
                let from = max(at - Int.random(in: 0...3, using: &rng), 0)
                let to = min(at + Int.random(in: 0...2, using: &rng), doc.count(in: unit))
                let text = Bool.random(using: &rng) ? typed : ""
                if doc.utf8RangeNearEditPlace(from..<to, in: unit) != nil { fast += 1 }
                result = try doc.replace(from..<to, in: unit, withText: text)
                twinResult = try twin.replace(from..<to, in: unit, withText: text)
            default:
                let target = Int.random(in: 0...doc.count, using: &rng)
                caret = doc.position(at: target)!
                continue
            }
            withExtendedLifetime(pin) {}
            XCTAssertEqual(doc.offset(of: result.start, unit: .utf8), twin.offset(of: twinResult.start, unit: .utf8), label)
            XCTAssertEqual(doc.offset(of: result.end, unit: .utf8), twin.offset(of: twinResult.end, unit: .utf8), label)
            for unit in [TextUnit.grapheme, .unicodeScalar, .utf16, .utf8] {
                XCTAssertEqual(doc.count(in: unit), twin.count(in: unit), "\(label) \(unit)")
            }
            caret = result.end
            if step % 50 == 0 || doc.count < 200 {
                XCTAssertEqual(doc.string, twin.string, label)
                if doc.count(in: .utf8) <= 1 << 14 { doc.checkInvariants() }
            }
        }
        XCTAssertEqual(doc.string, twin.string, context)
        // Most edits start next to the point the last one left (else the typing path, which
        // needs that conversion first, would hardly ever run and this test would prove little).
        // With the TinyShapes trait's few-byte chunks an edit often leaves its chunk, so fewer do.
        if text.count > 100 { XCTAssertGreaterThan(fast, ChunkLimits.maxBytes >= 256 ? 500 : 200, context) }
        let twinCopy = twin
        withExtendedLifetime(twinCopy) {}
    }
}
