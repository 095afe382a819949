import XCTest
@testable @_spi(Reference) import Caret

/// The insensitive finder's prefilter (skipping to scalars that can start a match, resuming
/// segmentation at a context-free boundary): a finder with it from the first byte answers
/// exactly as one without it, from every cluster boundary and to several limits, on texts built
/// from the cases where a candidate is not where a cluster starts (after a Prepend, after CR,
/// inside emoji ZWJ sequences and flags, in Hangul and Indic conjuncts) and where keys differ
/// from scalars (Turkic I, ß and SS, ligatures, the Kelvin sign, marks). Under `TinyShapes`
/// the texts lie in 4-byte chunks, so skips end at chunk seams. The candidates themselves are
/// held to ICU over every scalar.
final class KeyPrefilterTests: XCTestCase {
    /// Fragments whose clusters start before, at and after a candidate.
    static let fragments = [
        "\u{0600}k", "\u{0600}\u{0600}K", "\r\nk", "\rK", "\r\n\r\nss", "\n\u{301}e",
        "👩\u{200D}👩\u{200D}👧", "👨\u{200D}💻k", "👍🏽", "🇩🇪🇫🇷🇩", "한국어", "\u{1112}\u{1161}\u{11AB}", "\u{1112}\u{1112}\u{1161}",
        "क्षत्रिय", "क्\u{200D}ष", "ថ្ងៃត្រង់", "İstanbul", "ISTANBUL", "ıi", "Straße", "STRASSE", "ẞ", "ﬁle", "ﬅ", "\u{212A}elvin",
        "kelvin", "e\u{301}té", "É\u{323}", "Å", "A\u{30A}", "\u{212B}", "ǅ", "ΣΑΣ", "ᾳ", "ὒ", " ", "x", ".\u{0300}\u{0316}",
        "\u{0915}\u{094D}\u{0937}\u{093F}", "ﾊﾟ", "ｋ", "\u{0130}\u{0307}",
    ]
    static let needles = [
        "k", "K", "ss", "s", "SS", "st", "fi", "f", "FILE", "e", "é", "E\u{301}", "\u{301}", "i", "I", "ı", "İ", "istanbul",
        "👩", "👩\u{200D}👧", "🇫🇷", "🇪🇫", "\u{1112}", "\u{1112}\u{1161}\u{11AB}", "한", "국어", "ष", "षत्", "ថ្ងៃ", "ថ",
        "å", "a", "ǆ", "σας", "ι", "υ\u{313}", "\r\n", "\n", "kelvin", "\u{0600}k", "ṡ",
    ]

    private func boundaries(_ document: TextDocument) -> [Int] {
        (0...document.rope.summary.utf8).filter { document.isGraphemeBoundary($0) }
    }

    /// Every first match from every boundary, to the end and to a few boundaries, with and
    /// without the prefilter: `text`, `needle` and options; returns the hits (to check some).
    @discardableResult
    private func compare(_ text: String, _ needle: String, ignoresCase: Bool, ignoresDiacritics: Bool = false,
                         ignoresNormalization: Bool = false, locale: String = "",
                         file: StaticString = #filePath, line: UInt = #line) -> Set<Range<Int>> {
        let document = TextDocument(text)
        let keys = SearchKeys(ignoresCase: ignoresCase, ignoresDiacritics: ignoresDiacritics,
                              ignoresNormalization: ignoresNormalization, locale: locale)
        let pattern = keys.key(of: needle)
        guard !pattern.isEmpty else { return [] }
        let filtered = KeyedFinder(rope: document.rope, keys: keys, pattern: pattern, prefilterAfter: 0)
        let plain = KeyedFinder(rope: document.rope, keys: keys, pattern: pattern, prefilterAfter: .max)
        let cuts = boundaries(document)
        var hits: Set<Range<Int>> = []
        for from in cuts {
            for limit in Set([cuts.last!, cuts[min(cuts.count - 1, cuts.firstIndex(of: from)! + 3)]])
            where limit > from {
                let expected = plain.first(from: from, limit: limit) { _, _ in true }
                let actual = filtered.first(from: from, limit: limit) { _, _ in true }
                if actual != expected {
                    XCTFail("\(needle.debugDescription) in \(text.debugDescription) from \(from) to \(limit): \(String(describing: actual?.range)), without the prefilter \(String(describing: expected?.range))",
                            file: file, line: line)
                    return hits
                }
                if let expected { hits.insert(expected.range) }
            }
        }
        return hits
    }

    func testEveryNeedleInShuffledFragments() {
        var random = SeededGenerator(seed: 7)
        for order in 0..<3 {
            let text = (order == 0 ? Self.fragments : Self.fragments.shuffled(using: &random)).joined()
            for needle in Self.needles {
                compare(text, needle, ignoresCase: true)
                compare(text, needle, ignoresCase: false, ignoresDiacritics: true)
                compare(text, needle, ignoresCase: order == 1, ignoresNormalization: true, locale: order == 2 ? "tr" : "")
            }
        }
    }

    func testSeededMixesWithEveryOption() {
        var random = SeededGenerator.fromEnvironment(default: 24).0
        for round in 0..<60 {
            let text = (0..<Int.random(in: 4...24, using: &random)).map { _ in Self.fragments.randomElement(using: &random)! }.joined()
            let needle = Bool.random(using: &random) ? Self.needles.randomElement(using: &random)!
                : String(Array(text).dropFirst(Int.random(in: 0..<max(1, text.count), using: &random)).prefix(Int.random(in: 1...3, using: &random)))
            guard !needle.isEmpty else { continue }
            let (c, d, n) = (round % 2 == 0, round % 3 == 0, round % 5 == 0)
            for locale in ["", "tr"] {
                _ = compare(text, needle, ignoresCase: c || !(d || n), ignoresDiacritics: d, ignoresNormalization: n, locale: locale)
            }
        }
    }

    /// The cases the fragments are for find what they should (so the comparison is not of two
    /// empty answers).
    func testEdgeCasesFindTheirMatches() {
        // The Kelvin sign and K are k ignoring case; a k after a Prepend is not a cluster start.
        XCTAssertEqual(compare("\u{212A}\u{0600}kK", "k", ignoresCase: true), [0..<3, 6..<7])
        // ß is ss, ẞ too; an s alone is half of ß's key.
        XCTAssertEqual(compare("xßSSẞ", "ss", ignoresCase: true), [1..<3, 3..<5, 5..<8])
        XCTAssertEqual(compare("xßS", "s", ignoresCase: true), [3..<4])
        // ﬁ is fi; f alone is half of it.
        XCTAssertEqual(compare("ﬁFI", "fi", ignoresCase: true), [0..<3, 3..<5])
        XCTAssertEqual(compare("ﬁ", "f", ignoresCase: true), [])
        // Turkic: I is ı and İ is i; elsewhere I is i.
        XCTAssertEqual(compare("Iİi", "i", ignoresCase: true, locale: "tr"), [1..<3, 3..<4])
        XCTAssertEqual(compare("Iİi", "ı", ignoresCase: true, locale: "tr"), [0..<1])
        XCTAssertEqual(compare("Iİi", "i", ignoresCase: true), [0..<1, 3..<4])
        // A woman inside a family (ZWJ sequence) is not a match; one alone is.
        XCTAssertEqual(compare("👩\u{200D}👧👩", "👩", ignoresCase: true), [11..<15])
        // After CR: a cluster of its own; CR LF one cluster.
        XCTAssertEqual(compare("\rk\r\n", "\n", ignoresCase: true), [])
        XCTAssertEqual(compare("\rk\r\n", "K", ignoresCase: true), [1..<2])
        // Flags pair from the start of the run: 🇪🇫 here straddles two flags.
        XCTAssertEqual(compare("🇩🇪🇫🇷", "🇪🇫", ignoresCase: true), [])
        XCTAssertEqual(compare("🇩🇪🇫🇷", "🇫🇷", ignoresCase: true), [8..<16])
        // Precomposed, decomposed and the Ångström sign; é in the pattern, e in the text.
        XCTAssertEqual(compare("Åa\u{30A}\u{212B}", "å", ignoresCase: true), [0..<2, 5..<8])
        XCTAssertEqual(compare("Åa\u{30A}\u{212B}", "å", ignoresCase: true, ignoresNormalization: true), [0..<2, 2..<5, 5..<8])
        XCTAssertEqual(compare("e\u{301}eé", "e", ignoresCase: false, ignoresDiacritics: true), [0..<3, 3..<4, 4..<6])
        XCTAssertEqual(compare("e\u{301}eé", "é", ignoresCase: false, ignoresNormalization: true), [0..<3, 4..<6])
        // A Hangul syllable is its jamo ignoring normalisation; a leading jamo alone is not it.
        XCTAssertEqual(compare("한\u{1112}\u{1161}\u{11AB}", "\u{1112}\u{1161}\u{11AB}", ignoresCase: false, ignoresNormalization: true),
                       [0..<3, 3..<12])
        XCTAssertEqual(compare("한", "\u{1112}", ignoresCase: false, ignoresNormalization: true), [])
        // A consonant after a virama is inside the conjunct.
        XCTAssertEqual(compare("क्ष ष", "ष", ignoresCase: true), [10..<13])
    }

    /// ICU's sources of a scalar are exactly the scalars other than it whose key holds it: over
    /// every scalar of planes 0 to 3 and 14 (the others are unassigned or private use), for
    /// each kind of key and a few targets.
    func testSourcesAreEveryScalarWhoseKeyHoldsTheTarget() {
        let kinds: [(Bool, Bool, Bool, String)] = [(true, false, false, ""), (true, false, false, "tr"),
                                                   (false, false, true, ""), (true, true, false, "")]
        let targets: [UInt32] = [0x61, 0x65, 0x69, 0x6B, 0x73, 0x131, 0x3B9, 0x3C3, 0x1100, 0x1161, 0x11AB, 0x1790, 0x0915, 0x1F469, 0x301]
        for (c, d, n, locale) in kinds {
            let keys = SearchKeys(ignoresCase: c, ignoresDiacritics: d, ignoresNormalization: n, locale: locale)
            var holders: [UInt32: Set<UInt32>] = [:]
            for v in Array(UInt32(0)...0x3FFFF) + Array(UInt32(0xE0000)...0xEFFFF) {
                guard let scalar = Unicode.Scalar(v) else { continue }
                let key = String(decoding: SearchKeys.icuKey(keys.flags, Array(String(scalar).utf8)), as: UTF8.self)
                if key.unicodeScalars.count == 1 && key.unicodeScalars.first!.value == v { continue }
                for k in Set(key.unicodeScalars.map(\.value)) where targets.contains(k) { holders[k, default: []].insert(v) }
            }
            for t in targets {
                let sources = KeyPrefilter.sources(flags: keys.flags, target: t)
                XCTAssertEqual(sources.map(Set.init), holders[t, default: []], "U+\(String(t, radix: 16)) flags \(keys.flags)")
            }
        }
    }
}
