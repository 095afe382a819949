@_spi(Reference) import Caret

/// The FuzzBidi harness: the input picks one paragraph over an alphabet of every bidi class
/// (brackets, isolates, embeddings, overrides, boundary neutrals, separators, astral
/// characters), with runs long enough to overflow the embedding stack (125) and the bracket
/// stack (63), and a paragraph mode (P2–P3, forced LTR, forced RTL). The resolver
/// (`BidiLevels`) must give one level per character, each at most 126, the same on a second
/// call; the paragraph level P2–P3 gives; and, unless the text holds something ICU 72 is known
/// to resolve differently (`knownICUDeviation`), the same direction for every character X9
/// keeps and the same visual order as ICU's `ubidi`.
public enum BidiFuzz {
    /// Every bidi class, several brackets (U+2329 canonically equivalent to U+3008), a
    /// supplementary character of each direction, isolates and embeddings.
    public static let agreeing: [UInt32] = [
        0x61, 0x5A, 0x5D0, 0x627, 0x31, 0x39, 0x660, 0x6F1, 0x2B, 0x2D, 0x24, 0x25, 0x2C, 0x2E, 0x3A,
        0x300, 0x64B, 0x20, 0x09, 0x0B, 0x21, 0x22, 0x28, 0x29, 0x5B, 0x5D, 0x2329, 0x3009, 0x3008, 0x232A,
        0x2066, 0x2067, 0x2068, 0x2069, 0x202A, 0x202B, 0x202C, 0x10900, 0x1F600, 0x600, 0xA0, 0x2028,
    ]
    /// What ICU 72 resolves differently in some contexts: the overrides, boundary neutrals
    /// (ZWSP, ZWJ, soft hyphen, BOM) and a paragraph separator that is not a line break.
    public static let troublesome: [UInt32] = [0x202D, 0x202E, 0x200B, 0x200D, 0xAD, 0xFEFF, 0x1C]

    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(data)
        let forced: UInt8? = [nil, 0, 1][Int(input.byte() % 3)]
        let alphabet = agreeing + troublesome
        var scalars: [UInt32] = []
        while !input.isAtEnd && scalars.count < 4_000 {
            let b = input.byte()
            if b >= 0xF0, let last = scalars.last {
                // A run: the last character 8 to 128 more times.
                scalars.append(contentsOf: repeatElement(last, count: 8 * Int(b - 0xEF)))
            } else {
                scalars.append(alphabet[Int(b) % alphabet.count])
            }
        }
        guard !scalars.isEmpty else { return }
        let label = "FuzzBidi (\(forced.map { "level \($0)" } ?? "P2–P3"), \(hex(scalars)))"
        let ours = BidiLevels.resolve(scalars, paragraphLevel: forced)
        try expect(ours.levels.count == scalars.count, "\(label): \(ours.levels.count) levels")
        try expect(ours.levels.allSatisfy { $0 <= 126 }, "\(label): a level above 126: \(ours.levels.max()!)")
        try expect(BidiLevels.resolve(scalars, paragraphLevel: forced) == ours, "\(label): a second call differs")
        try expect(ours.paragraphLevel == (forced ?? referenceParagraphLevel(scalars)),
                   "\(label): paragraph level \(ours.paragraphLevel)")
        if knownICUDeviation(scalars) == nil, let bad = disagreement(scalars, ours, forced: forced) {
            throw FuzzFailure(message: "\(label): differs from ICU: \(bad)")
        }
    }

    /// P2–P3 by the book: the first L, R or AL outside isolates (R and AL give 1), stopping at
    /// a paragraph separator; none gives 0.
    static func referenceParagraphLevel(_ scalars: [UInt32]) -> UInt8 {
        var depth = 0
        for c in scalars {
            switch BidiLevels.bidiClass(of: c) {
            case "LRI", "RLI", "FSI": depth += 1
            case "PDI": if depth > 0 { depth -= 1 }
            case "B": return 0
            case "L": if depth == 0 { return 0 }
            case "R", "AL": if depth == 0 { return 1 }
            default: break
            }
        }
        return 0
    }

    /// Why ICU 72 may resolve `scalars` differently from UAX #9, or nil when it must agree.
    /// Each reason is a rule ICU is seen to break (the first four in BidiCharacterTest.txt):
    /// X5a–X5c and BD16 under an override; boundary neutrals next to brackets and marks; the
    /// bracket stack (63); N0's last sentence (marks after a bracket that N0 changed follow it)
    /// when anything comes after the marks; BD16 with canonically equivalent brackets (after
    /// U+2329 closes with U+232A, ICU still pairs it with a later U+3009); and ICU's own P3 for
    /// a paragraph after U+001C, which takes the level of the paragraph before it where UAX #9
    /// gives 0.
    public static func knownICUDeviation(_ scalars: [UInt32]) -> String? {
        let classes = scalars.map(BidiLevels.bidiClass(of:))
        if classes.contains("LRO") || classes.contains("RLO") { return "override" }
        if classes.contains("BN") { return "boundary neutral" }
        if classes.contains("B") { return "paragraph separator inside the line" }
        if scalars.filter({ BidiLevels.bracketType(of: $0) == "o" }).count >= 63 { return "bracket stack overflow" }
        if (scalars.contains(0x2329) || scalars.contains(0x3008)) && scalars.contains(0x232A) && scalars.contains(0x3009) {
            return "canonically equivalent brackets"
        }
        // A mark after a closing bracket, with only characters X9 removes between them.
        let removed: Set<String> = ["LRE", "RLE", "LRO", "RLO", "PDF", "BN"]
        for k in scalars.indices where classes[k] == "NSM" {
            var j = k - 1
            while j >= 0 && removed.contains(classes[j]) { j -= 1 }
            if j >= 0 && BidiLevels.bracketType(of: scalars[j]) == "c" { return "mark after a closing bracket" }
        }
        return nil
    }

    /// Where `ours` and ICU disagree, or nil: the paragraph level, the direction (level
    /// parity) of each character X9 keeps, and the visual order (L2) of those characters.
    /// Levels themselves may differ where that changes nothing: ICU leaves text with no
    /// right-to-left character at the paragraph level, where UAX #9 raises the content of an
    /// LRI or LRE to 2.
    public static func disagreement(_ scalars: [UInt32], _ ours: (paragraphLevel: UInt8, levels: [UInt8]),
                                    forced: UInt8?) -> String? {
        var utf16: [UInt16] = []
        for c in scalars { utf16.append(contentsOf: Unicode.Scalar(c).map { Array(String($0).utf16) } ?? [0xFFFD]) }
        guard let icu = ICUReference.bidiLevels(utf16, paragraphLevel: forced) else { return "ICU failed" }
        if ours.paragraphLevel != icu.paragraphLevel { return "paragraph level \(ours.paragraphLevel), ICU \(icu.paragraphLevel)" }
        var unit = 0
        var kept: [Int] = [], ourLevels: [UInt8] = [], icuLevels: [UInt8] = []
        let removed: Set<String> = ["LRE", "RLE", "LRO", "RLO", "PDF", "BN"]
        for (k, c) in scalars.enumerated() {
            if !removed.contains(BidiLevels.bidiClass(of: c)) {
                if ours.levels[k] & 1 != icu.levels[unit] & 1 {
                    return "direction of character \(k): level \(ours.levels[k]), ICU \(icu.levels[unit])"
                }
                kept.append(k)
                ourLevels.append(ours.levels[k])
                icuLevels.append(icu.levels[unit])
            }
            unit += c > 0xFFFF ? 2 : 1
        }
        let ourOrder = BidiLevels.visualOrder(of: ourLevels).map { kept[$0] }
        let icuOrder = BidiLevels.visualOrder(of: icuLevels).map { kept[$0] }
        return ourOrder == icuOrder ? nil : "visual order \(ourOrder), ICU \(icuOrder)"
    }

    static func hex(_ scalars: [UInt32]) -> String {
        scalars.prefix(200).map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") + (scalars.count > 200 ? " …" : "")
    }
}
