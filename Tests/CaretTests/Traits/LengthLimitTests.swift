import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// `maximumLength` in grapheme clusters of the resulting text.
final class LengthLimitTests: XCTestCase {
    func limit(_ maximum: Int, _ old: String, insert text: String, replacing selected: Int = 0) throws -> String? {
        let doc = TextDocument(old)
        return try applied(LengthLimit(maximum).apply(proposal(text, at: old, replacing: selected, kind: .paste),
                                                      in: doc), to: doc)
    }

    let family = "👨‍👩‍👧‍👦"

    func testFamilyEmojiPasteIntoTenClusterField() throws {
        // 12 clusters of 7 scalars each (11 UTF-16 units): cut after the 10th whole cluster.
        let paste = String(repeating: family, count: 12)
        XCTAssertEqual(try limit(10, "", insert: paste), String(repeating: family, count: 10))
        XCTAssertEqual(try limit(10, "abc", insert: paste), "abc" + String(repeating: family, count: 7))
        XCTAssertEqual(TextDocument(try limit(10, "abc", insert: paste)!).count, 10)
    }

    func testCombiningMarkAtTheEndOfAFullField() throws {
        XCTAssertEqual(try limit(5, "abcde", insert: "\u{301}"), "abcde\u{301}")
        XCTAssertNil(try limit(5, "abcde", insert: "f"))
        // The mark joins; the letter after it does not fit.
        XCTAssertEqual(try limit(5, "abcde", insert: "\u{301}f"), "abcde\u{301}")
        // A ZWJ and an emoji join the family at the end.
        XCTAssertEqual(try limit(1, "👨‍👩‍👧", insert: "\u{200D}👦"), family)
    }

    func testFlagsPairAcrossTheEdit() throws {
        // The second regional indicator joins the first into one flag.
        XCTAssertEqual(try limit(3, "ab🇩", insert: "🇪🇫🇷"), "ab🇩🇪")
        XCTAssertEqual(try limit(2, "a", insert: "🇩🇪🇫🇷"), "a🇩🇪")
    }

    func testOverLongTextCanBeShortenedAndNotLengthened() throws {
        // 8 clusters set from code into a 5-cluster field.
        XCTAssertEqual(try limit(5, "abcdefgh", insert: "", replacing: 1), "abcdefg")
        XCTAssertEqual(try limit(5, "abcdefgh", insert: "xy", replacing: 3), "abcdexy")
        XCTAssertEqual(try limit(5, "abcdefgh", insert: "xyz", replacing: 2), "abcdefxy")
        XCTAssertNil(try limit(5, "abcdefgh", insert: "x"))
    }

    func testReplacingASelectionInAFullField() throws {
        XCTAssertEqual(try limit(3, "abc", insert: "xyz", replacing: 1), "abx")
        // Over-long (3 of 2): replacing one cluster by one does not make it longer.
        XCTAssertEqual(try limit(2, "abc", insert: "x", replacing: 1), "abx")
        XCTAssertEqual(try limit(2, "abc", insert: "xy", replacing: 1), "abx")
        // Nothing of the insertion fits but something is replaced: the replaced text still
        // goes. Here a letter in place of the ZWJ would split one cluster into three.
        let doc = TextDocument("👨‍👩")
        let zwj = "👨".utf8.count..<"👨‍".utf8.count
        let change = LengthLimit(1).apply(change(zwj, "x", .typing, in: doc.string), in: doc)
        XCTAssertEqual(change?.text, "")
        XCTAssertEqual(try applied(change, to: doc), "👨👩")
    }

    func testDeletionThatSplitsAClusterIsAllowed() throws {
        // Removing the virama of क्ष (one cluster) leaves two: the text gets longer, yet a
        // deletion is never refused.
        let old = "क्ष"
        let doc = TextDocument(old)
        let virama = "क".utf8.count..<"क्".utf8.count
        let change = LengthLimit(1).apply(change(virama, "", .deleteBackward, in: old), in: doc)
        XCTAssertEqual(try applied(change, to: doc), "कष")
    }

    func testMatchesABruteForceModel() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x11)
        let pieces = ["a", "\u{301}", "\u{200D}", "👨", "🇩", "🇪", "\r", "\n", "क", "्", "ष", "é", "👍🏽", " "]
        for step in 0..<1_500 {
            let old = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let maximum = Int.random(in: 0...12, using: &rng)
            let doc = TextDocument(old)
            let got = try applied(LengthLimit(maximum).apply(proposal(text, at: old, kind: .paste), in: doc), to: doc)
            // The model, on the flat text with ICU: the longest prefix of the inserted text
            // ending on a cluster boundary of the full result whose result fits (or is no
            // longer than the old text), trying every one.
            let oldCount = ICUReference.graphemeCount(Array(old.utf16))
            let bound = max(maximum, oldCount)
            let full = Array((old + text).utf16)
            let start = old.utf16.count
            let cuts = ICUReference.graphemeBoundariesUTF16(full).filter { $0 > start }
            var best: String?
            if ICUReference.graphemeCount(full) <= bound {
                best = old + text
            } else {
                for cut in cuts.reversed() where cut < full.count {
                    let prefix = Array(full[..<cut])
                    if ICUReference.graphemeCount(prefix) <= bound {
                        best = String(decoding: prefix, as: UTF16.self)
                        break
                    }
                }
            }
            XCTAssertEqual(got, best, "seed \(seed) step \(step): \(old.debugDescription) + \(text.debugDescription) max \(maximum)")
        }
    }

    /// The cut against a brute-force reference — every prefix ending on a cluster boundary of
    /// the resulting text tried in turn, longest first — for random pastes full of joins
    /// (marks, ZWJ, flags, CR LF, Prepend, conjuncts) into random texts and selections, with
    /// limits around the cut. `SEED=n` replays a run.
    func testCutEqualsTheLongestFittingPrefix() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2_705)
        print("LengthLimitTests seed \(seed) (SEED=\(seed) replays)")
        let pieces = ["a", "b", " ", "\u{301}", "\u{200D}", "👨", "🇩", "🇪", "\r", "\n", "\u{600}", "क", "\u{94D}", "ष",
                      "é", "👍🏽", "\u{FE0F}"]
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        for round in 0..<300 {
            let old = text(Int.random(in: 0...12, using: &rng))
            let paste = text(Int.random(in: 1...40, using: &rng))
            let document = TextDocument(old)
            let selected = Int.random(in: 0...min(3, old.unicodeScalars.count), using: &rng)
            let start = old.unicodeScalars.dropLast(selected).reduce(0) { $0 + $1.utf8.count }
            let change = ProposedChange(range: start..<old.utf8.count, text: paste, kind: .paste)
            let full = try XCTUnwrap(LengthLimit.result(change.range, paste, in: document))
            let maximum = Int.random(in: 0...full.count + 1, using: &rng)
            // The reference: the result's boundaries inside the paste, longest prefix first.
            let expected: String?   // nil: refused
            if full.count <= maximum || full.count <= document.count {
                expected = paste
            } else {
                let bound = max(maximum, document.count)
                let bytes = Array(paste.utf8)
                let cuts = (1..<bytes.count).filter {
                    (bytes[$0] & 0xC0) != 0x80 && full.graphemeBoundary(atOrBeforeUTF8: start + $0) == start + $0
                }
                let fitting = cuts.reversed().first {
                    LengthLimit.result(change.range, String(decoding: bytes[0..<$0], as: UTF8.self), in: document)!
                        .count <= bound
                }
                if let fitting {
                    expected = String(decoding: bytes[0..<fitting], as: UTF8.self)
                } else {
                    expected = change.range.isEmpty ? nil : ""
                }
            }
            let cut = LengthLimit(maximum).apply(change, in: document)
            XCTAssertEqual(cut?.text, expected,
                           "SEED=\(seed) round \(round): \(old.debugDescription) + \(paste.debugDescription), limit \(maximum)")
        }
    }
}
