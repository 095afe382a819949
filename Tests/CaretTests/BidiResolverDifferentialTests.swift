import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// `BidiResolver` against ICU's `ubidi` on random paragraphs. They must agree on the paragraph
/// level and on the level of every character X9 keeps, except where ICU 72 is known to leave
/// UAX #9 (overrides, and boundary neutrals between brackets and marks — the 22 cases of
/// BidiCharacterTest.txt): those characters are generated only by the second test, which
/// counts the disagreements and checks the resolver's own invariants.
final class BidiResolverDifferentialTests: XCTestCase {
    /// Every bidi class, several brackets (one pair canonically equivalent to another), a
    /// supplementary character of each direction, isolates and embeddings.
    static let agreeing: [Unicode.Scalar] = [
        "a", "Z", "\u{05D0}", "\u{0627}", "1", "9", "\u{0660}", "\u{06F1}", "+", "-", "$", "%", ",", ".", ":",
        "\u{0300}", "\u{064B}", " ", "\t", "\u{000B}", "!", "\"", "(", ")", "[", "]", "\u{2329}", "\u{3009}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{202A}", "\u{202B}", "\u{202C}",
        "\u{10900}", "\u{1F600}",
    ]
    /// What ICU 72 resolves differently in some contexts. U+001C is a paragraph separator
    /// (class B) that is not a line break: ICU gives a following paragraph with no strong
    /// character the level of the paragraph before it, UAX #9 P3 gives it 0.
    static let troublesome: [Unicode.Scalar] = ["\u{202D}", "\u{202E}", "\u{200B}", "\u{200D}", "\u{00AD}", "\u{001C}"]

    /// A random paragraph: mostly single characters, sometimes a run of one character long
    /// enough to overflow the embedding stack (125 levels) or the bracket stack (63).
    static func paragraph(_ alphabet: [Unicode.Scalar], using g: inout SeededGenerator) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
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

    /// The characters on which the two disagree (indices), or nil when they agree: on the
    /// paragraph level, the direction (level parity) of each character X9 keeps, and the
    /// visual order (L2) of those characters. Levels themselves may differ where that changes
    /// nothing: ICU leaves text with no right-to-left character at the paragraph level, where
    /// UAX #9 raises the content of an LRI or LRE to 2.
    static func disagreement(_ scalars: [Unicode.Scalar], forced: UInt8?) -> [Int]? {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        let utf16 = Array(text.utf16)
        guard let icu = ICUReference.bidiLevels(utf16, paragraphLevel: forced) else { return [-1] }
        let ours = scalars.map(\.value).withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
        if ours.paragraphLevel != icu.paragraphLevel { return [-1] }
        var bad: [Int] = []
        var unit = 0
        var kept: [Int] = [], ourLevels: [UInt8] = [], icuLevels: [UInt8] = []
        let table = BidiClassTable.shared
        for (k, s) in scalars.enumerated() {
            let level = ours.levels.isEmpty ? ours.paragraphLevel : ours.levels[k]
            if !table.bidiClass(s.value).isRemovedByX9 {
                if level & 1 != icu.levels[unit] & 1 { bad.append(k) }
                kept.append(k)
                ourLevels.append(level)
                icuLevels.append(icu.levels[unit])
            }
            unit += s.value > 0xFFFF ? 2 : 1
        }
        if bad.isEmpty && ICUBidi.visualOrder(of: ourLevels) != ICUBidi.visualOrder(of: icuLevels) { bad = kept }
        return bad.isEmpty ? nil : bad
    }

    /// Why ICU 72 may resolve `scalars` differently from UAX #9, or nil when it must agree.
    /// Each reason is a rule ICU is seen to break (the first four in BidiCharacterTest.txt):
    /// X5a–X5c and BD16 under an override, boundary neutrals next to brackets and marks, the
    /// bracket stack (63), and N0's last sentence (marks after a bracket that N0 changed follow
    /// it) when anything comes after the marks; plus ICU's own P3 for a paragraph after U+001C.
    static func knownICUDeviation(_ scalars: [Unicode.Scalar]) -> String? {
        let table = BidiClassTable.shared
        let classes = scalars.map { table.bidiClass($0.value) }
        if classes.contains(.lro) || classes.contains(.rlo) { return "override" }
        if classes.contains(.bn) { return "boundary neutral" }
        if classes.contains(.b) { return "paragraph separator inside the line" }
        if scalars.filter({ table.bracketType($0.value) == .open }).count >= BidiResolver.maxBracketDepth {
            return "bracket stack overflow"
        }
        for k in 1..<max(1, scalars.count) where classes[k] == .nsm && table.bracketType(scalars[k - 1].value) == .close {
            return "mark after a closing bracket"
        }
        return nil
    }

    /// Random paragraphs over every class: where no known deviation applies, the resolver and
    /// ICU must agree; everywhere, the levels are in range, one per character, and the same
    /// on a second call.
    func testAgreesWithICU() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 95)
        var agreed = 0
        var deviations: [String: Int] = [:]
        let cases = 30_000
        for n in 0..<cases {
            let alphabet = n % 2 == 0 ? Self.agreeing : Self.agreeing + Self.troublesome
            let scalars = Self.paragraph(alphabet, using: &g)
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let values = scalars.map(\.value)
            let first = values.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
            let again = values.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
            XCTAssertEqual(first.levels, again.levels, "SEED=\(seed) case \(n)")
            XCTAssertTrue(first.levels.isEmpty || first.levels.count == scalars.count)
            XCTAssertTrue(first.levels.allSatisfy { $0 <= BidiResolver.maxDepth + 1 }, "SEED=\(seed) case \(n)")
            guard let bad = Self.disagreement(scalars, forced: forced) else { agreed += 1; continue }
            if let reason = Self.knownICUDeviation(scalars) {
                deviations[reason, default: 0] += 1
                continue
            }
            let hex = scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            XCTFail("SEED=\(seed) case \(n): \(hex) level \(String(describing: forced)) differs from ICU at \(bad)")
            return
        }
        print("BidiResolver vs ICU: \(agreed) of \(cases) paragraphs agree; known ICU deviations: "
              + deviations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertGreaterThan(agreed, cases * 9 / 10)
    }

    /// Paragraph separators inside a line (class B, such as U+001C) end a paragraph: each part
    /// resolves as it would alone, its own P2–P3 included, and the separator takes the level
    /// of the paragraph it ends.
    func testParagraphSeparatorsSplitTheLine() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 97)
        for n in 0..<3_000 {
            let parts = (0..<Int.random(in: 2...4, using: &g)).map { _ in
                Self.paragraph(Self.agreeing + Self.troublesome.filter { $0 != "\u{001C}" }, using: &g).map(\.value)
            }
            let forced: UInt8? = [nil, 0, 1][n % 3]
            let joined = Array(parts.joined(separator: [0x1C]))
            let whole = joined.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
            var expected: [UInt8] = []
            for (k, part) in parts.enumerated() {
                let text = k + 1 < parts.count ? part + [0x1C] : part
                let alone = text.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
                expected += alone.levels.isEmpty ? Array(repeating: alone.paragraphLevel, count: text.count) : alone.levels
                if k == 0 { XCTAssertEqual(whole.paragraphLevel, alone.paragraphLevel, "SEED=\(seed) case \(n)") }
            }
            let levels = whole.levels.isEmpty ? Array(repeating: whole.paragraphLevel, count: joined.count) : whole.levels
            XCTAssertEqual(levels, expected, "SEED=\(seed) case \(n)")
            XCTAssertEqual(whole.paragraphStarts.count, parts.count)
        }
    }
}
