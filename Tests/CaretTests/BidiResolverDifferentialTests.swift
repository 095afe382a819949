import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// `BidiResolver` against ICU's `ubidi` on random paragraphs, through the FuzzBidi harness's
/// comparison (`BidiFuzz.disagreement`): they must agree on the paragraph level, the direction
/// of every character X9 keeps, and the visual order, except where the text holds something
/// ICU 72 is known to resolve differently from UAX #9 (`BidiFuzz.knownICUDeviation`; the 30
/// cases of BidiCharacterTest.txt where ICU differs are of those kinds, as
/// `BidiConformanceTests` checks). Such paragraphs are counted by reason.
final class BidiResolverDifferentialTests: XCTestCase {
    /// A random paragraph: mostly single characters, sometimes a run of one character long
    /// enough to overflow the embedding stack (125 levels) or the bracket stack (63).
    static func paragraph(_ alphabet: [UInt32], using g: inout SeededGenerator) -> [UInt32] {
        var out: [UInt32] = []
        let length = Int.random(in: 1...40, using: &g)
        while out.count < length {
            let c = alphabet.randomElement(using: &g)!
            if Int.random(in: 0..<40, using: &g) == 0 {
                out.append(contentsOf: repeatElement(c, count: Int.random(in: 60...140, using: &g)))
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Random paragraphs over every class, half of them without the characters ICU is known
    /// to mishandle: where no known deviation applies the two agree; everywhere the harness's
    /// own checks hold (one level per character, at most 126, P2–P3, same on a second call).
    func testAgreesWithICU() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 95)
        var agreed = 0
        var deviations: [String: Int] = [:]
        let cases = 30_000
        for n in 0..<cases {
            let alphabet = n % 2 == 0 ? BidiFuzz.agreeing : BidiFuzz.agreeing + BidiFuzz.troublesome
            let scalars = Self.paragraph(alphabet, using: &g)
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let ours = BidiLevels.resolve(scalars, paragraphLevel: forced)
            XCTAssertEqual(ours.levels.count, scalars.count)
            XCTAssertTrue(ours.levels.allSatisfy { $0 <= BidiResolver.maxDepth + 1 }, "SEED=\(seed) case \(n)")
            XCTAssertEqual(ours.paragraphLevel, forced ?? BidiFuzz.referenceParagraphLevel(scalars), "SEED=\(seed) case \(n)")
            // The allocation-free shortcuts ParagraphLayout takes agree with the resolver.
            var utf8: [UInt8] = []
            for c in scalars { utf8.append(contentsOf: Array(String(Unicode.Scalar(c)!).utf8)) }
            utf8.withUnsafeBufferPointer { bytes in
                XCTAssertEqual(BidiResolver.paragraphLevel(ofUTF8: bytes), BidiFuzz.referenceParagraphLevel(scalars))
                if !BidiResolver.mayRaiseLevels(bytes) && forced != 1 {
                    XCTAssertEqual(ours.levels, [UInt8](repeating: 0, count: scalars.count), "SEED=\(seed) case \(n)")
                }
            }
            guard let bad = BidiFuzz.disagreement(scalars, ours, forced: forced) else { agreed += 1; continue }
            if let reason = BidiFuzz.knownICUDeviation(scalars) {
                deviations[reason, default: 0] += 1
                continue
            }
            XCTFail("SEED=\(seed) case \(n): \(BidiFuzz.hex(scalars)) level \(String(describing: forced)): \(bad)")
            return
        }
        print("BidiResolver vs ICU: \(agreed) of \(cases) paragraphs agree; known ICU deviations: "
              + deviations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertGreaterThan(agreed, cases * 9 / 10)
    }

    /// Right-to-left paragraphs without numbers or left-to-right letters (the resolver's
    /// shortcut: every character at level 1) against ICU, at every requested level: only at
    /// level 1 may the shortcut apply, and it must give what the rules give.
    func testUniformlyRightToLeftParagraphs() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 99)
        // R, AL, NSM, ON (brackets too), WS, S, CS, ES, ET, BN.
        let alphabet: [UInt32] = [0x05D0, 0x05D1, 0x0627, 0x0644, 0x064E, 0x0300, 0x21, 0x28, 0x29, 0x5B, 0x5D,
                                  0x20, 0x09, 0x2C, 0x2B, 0x2D, 0x23, 0x25, 0x200D, 0x00AD]
        var agreed = 0
        for n in 0..<5_000 {
            let scalars = Self.paragraph(alphabet, using: &g)
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let ours = BidiLevels.resolve(scalars, paragraphLevel: forced)
            XCTAssertEqual(ours.levels.count, scalars.count)
            XCTAssertEqual(ours.paragraphLevel, forced ?? BidiFuzz.referenceParagraphLevel(scalars), "SEED=\(seed) case \(n)")
            guard let bad = BidiFuzz.disagreement(scalars, ours, forced: forced) else { agreed += 1; continue }
            if BidiFuzz.knownICUDeviation(scalars) != nil { continue }
            XCTFail("SEED=\(seed) case \(n): \(BidiFuzz.hex(scalars)) level \(String(describing: forced)): \(bad)")
            return
        }
        XCTAssertGreaterThan(agreed, 4_000)
    }

    /// Bracket pairs with long interiors (N0 counts those from prefix sums instead of
    /// scanning them): random nests of pairs, each holding up to 200 characters, against ICU.
    func testLongBracketInteriors() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 98)
        // Interiors of one direction only, neutral only, or mixed, so that N0 takes each of
        // its branches on long pairs.
        let fills: [[UInt32]] = [[0x61, 0x31, 0x20, 0x21, 0x2B], [0x5D0, 0x627, 0x660, 0x20, 0x21, 0x2C],
                                 [0x20, 0x21, 0x2C, 0x24, 0x300], [0x61, 0x5D0, 0x627, 0x31, 0x660, 0x20, 0x21, 0x2C, 0x2B, 0x24, 0x300]]
        let pairs: [(UInt32, UInt32)] = [(0x28, 0x29), (0x5B, 0x5D), (0x7B, 0x7D), (0x2329, 0x232A)]
        func nest(_ depth: Int) -> [UInt32] {
            var out: [UInt32] = []
            let fill = fills.randomElement(using: &g)!
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                out += (0..<Int.random(in: 0...200, using: &g)).map { _ in fill.randomElement(using: &g)! }
                if depth > 0 && Bool.random(using: &g) {
                    let (open, close) = pairs.randomElement(using: &g)!
                    out += [open] + nest(depth - 1) + [close]
                }
            }
            return out
        }
        var agreed = 0, long = 0
        for n in 0..<600 {
            let scalars = nest(8)
            guard !scalars.isEmpty else { continue }
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let ours = BidiLevels.resolve(scalars, paragraphLevel: forced)
            if scalars.count > 70 { long += 1 }
            guard let bad = BidiFuzz.disagreement(scalars, ours, forced: forced) else { agreed += 1; continue }
            if BidiFuzz.knownICUDeviation(scalars) != nil { continue }
            XCTFail("SEED=\(seed) case \(n): \(BidiFuzz.hex(scalars)) level \(String(describing: forced)): \(bad)")
            return
        }
        XCTAssertGreaterThan(agreed, 300)
        XCTAssertGreaterThan(long, 300)
    }

    /// Paragraph separators inside a line (class B, such as U+001C) end a paragraph: each part
    /// resolves as it would alone, its own P2–P3 included, and the separator takes the level
    /// of the paragraph it ends.
    func testParagraphSeparatorsSplitTheLine() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 97)
        for n in 0..<3_000 {
            let parts = (0..<Int.random(in: 2...4, using: &g)).map { _ in
                Self.paragraph(BidiFuzz.agreeing + BidiFuzz.troublesome.filter { $0 != 0x1C }, using: &g)
            }
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let joined = Array(parts.joined(separator: [0x1C]))
            let whole = joined.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
            var expected: [UInt8] = []
            for (k, part) in parts.enumerated() {
                let text = k + 1 < parts.count ? part + [0x1C] : part
                let alone = BidiLevels.resolve(text, paragraphLevel: forced)
                expected += alone.levels
                if k == 0 { XCTAssertEqual(whole.paragraphLevel, alone.paragraphLevel, "SEED=\(seed) case \(n)") }
            }
            let levels = whole.levels.isEmpty ? Array(repeating: whole.paragraphLevel, count: joined.count) : whole.levels
            XCTAssertEqual(levels, expected, "SEED=\(seed) case \(n)")
            XCTAssertEqual(whole.paragraphStarts.count, parts.count)
        }
    }

    /// The character data: a few classes and brackets as UAX #9 and BidiBrackets.txt give them.
    func testCharacterData() {
        let expected: [(UInt32, String)] = [(0x61, "L"), (0x5D0, "R"), (0x627, "AL"), (0x31, "EN"), (0x660, "AN"),
                                            (0x2B, "ES"), (0x24, "ET"), (0x2C, "CS"), (0x300, "NSM"), (0x200D, "BN"),
                                            (0x2029, "B"), (0x09, "S"), (0x20, "WS"), (0x21, "ON"), (0x202A, "LRE"),
                                            (0x202D, "LRO"), (0x202B, "RLE"), (0x202E, "RLO"), (0x202C, "PDF"),
                                            (0x2066, "LRI"), (0x2067, "RLI"), (0x2068, "FSI"), (0x2069, "PDI"),
                                            (0x05FF, "R"), (0x074B, "AL"), (0xFFFF, "BN")]
        for (c, name) in expected { XCTAssertEqual(BidiLevels.bidiClass(of: c), name, String(c, radix: 16)) }
        XCTAssertEqual(BidiLevels.bracketType(of: 0x28), "o")
        XCTAssertEqual(BidiLevels.bracketType(of: 0x29), "c")
        XCTAssertEqual(BidiLevels.bracketType(of: 0x2329), "o")
        XCTAssertEqual(BidiLevels.bracketType(of: 0xFD3E), "n")
        XCTAssertEqual(BidiClassTable.shared.pairedBracket(0x2329), 0x3009, "U+232A folds to U+3009")
    }
}
