import XCTest
@testable import Caret

/// The search API on hand-picked cases: each option, grapheme and word rules, directions,
/// wrapping, errors, replacement templates and replace-all as one change set.
final class SearchTests: XCTestCase {
    private func found(_ document: TextDocument, _ query: TextSearchQuery, from: Int? = nil,
                       direction: TextStorageDirection = .forward, wrapping: Bool = false) throws -> [String] {
        let start = from.map { TextPosition(utf8Offset: $0) }
        return try document.matches(of: query, from: start, direction: direction, wrapping: wrapping)
            .map { document.text(in: $0.range)! }
    }

    private func ranges(_ document: TextDocument, _ query: TextSearchQuery) throws -> [Range<Int>] {
        try document.matches(of: query).map(\.utf8Range)
    }

    func testLiteralFindsEveryOccurrenceWithoutOverlap() throws {
        let document = TextDocument("abababa, aba")
        XCTAssertEqual(try ranges(document, TextSearchQuery("aba")), [0..<3, 4..<7, 9..<12])
        XCTAssertEqual(try ranges(document, TextSearchQuery("xyz")), [])
        XCTAssertEqual(try ranges(document, TextSearchQuery("")), [])
    }

    func testAMatchSplittingAClusterIsNoMatch() throws {
        let document = TextDocument("cafe\u{301} cafe 🇫🇷🇩🇪 \r\n")
        XCTAssertEqual(try ranges(document, TextSearchQuery("cafe")), [7..<11])
        XCTAssertEqual(try ranges(document, TextSearchQuery("🇷🇩")), [])
        XCTAssertEqual(try ranges(document, TextSearchQuery("🇫🇷")), [12..<20])
        XCTAssertEqual(try ranges(document, TextSearchQuery("\r")), [])
        XCTAssertEqual(try ranges(document, TextSearchQuery("\r\n")), [29..<31])
        XCTAssertEqual(try ranges(document, TextSearchQuery("e\u{301}", syntax: .regularExpression)), [3..<6])
        XCTAssertEqual(try ranges(document, TextSearchQuery("e", syntax: .regularExpression)), [10..<11])
    }

    func testCaseInsensitiveUsesFullFoldingAndTurkicByLocale() throws {
        let document = TextDocument("STRASSE straße Straße. Iı İi")
        XCTAssertEqual(try found(document, TextSearchQuery("straße", ignoresCase: true)), ["STRASSE", "straße", "Straße"])
        XCTAssertEqual(try found(document, TextSearchQuery("SS", ignoresCase: true)), ["SS", "ß", "ß"])
        XCTAssertEqual(try found(document, TextSearchQuery("s", ignoresCase: true)), ["S", "S", "S", "s", "S"])
        XCTAssertEqual(try found(document, TextSearchQuery("i", ignoresCase: true)), ["I", "i"])
        XCTAssertEqual(try found(document, TextSearchQuery("i", ignoresCase: true, locale: "tr")), ["İ", "i"])
        XCTAssertEqual(try found(document, TextSearchQuery("ı", ignoresCase: true, locale: "tr")), ["I", "ı"])
    }

    func testDiacriticAndNormalisationInsensitive() throws {
        let document = TextDocument("résumé resume re\u{301}sume\u{301} RÉSUMÉ")
        XCTAssertEqual(try found(document, TextSearchQuery("résumé")), ["résumé"])
        XCTAssertEqual(try found(document, TextSearchQuery("résumé", ignoresNormalization: true)),
                       ["résumé", "re\u{301}sume\u{301}"])
        XCTAssertEqual(try found(document, TextSearchQuery("resume", ignoresDiacritics: true)),
                       ["résumé", "resume", "re\u{301}sume\u{301}"])
        XCTAssertEqual(try found(document, TextSearchQuery("resume", ignoresCase: true, ignoresDiacritics: true)).count, 4)
        // A mark the query does not ignore keeps the cluster whole: `e` does not find `é`.
        XCTAssertEqual(try found(document, TextSearchQuery("e", ignoresNormalization: true)), ["e", "e"])
    }

    func testWordMatching() throws {
        let document = TextDocument("cat concat catalog cat's (cat)")
        XCTAssertEqual(try ranges(document, TextSearchQuery("cat")).count, 5)
        XCTAssertEqual(try ranges(document, TextSearchQuery("cat", wordMatch: .prefix)).count, 4)
        XCTAssertEqual(try ranges(document, TextSearchQuery("cat", wordMatch: .whole)), [0..<3, 26..<29])
        XCTAssertEqual(try ranges(document, TextSearchQuery("CAT", ignoresCase: true, wordMatch: .whole)), [0..<3, 26..<29])
        XCTAssertEqual(try ranges(document, TextSearchQuery("c.t", syntax: .regularExpression, wordMatch: .whole)),
                       [0..<3, 26..<29])
    }

    func testBackwardAndWrapping() throws {
        let document = TextDocument("one two one two one")
        let one = TextSearchQuery("one")
        XCTAssertEqual(try ranges(document, one), [0..<3, 8..<11, 16..<19])
        XCTAssertEqual(try document.matches(of: one, direction: .backward).map(\.utf8Range), [16..<19, 8..<11, 0..<3])
        XCTAssertEqual(try document.matches(of: one, from: TextPosition(utf8Offset: 9)).map(\.utf8Range), [16..<19])
        XCTAssertEqual(try document.matches(of: one, from: TextPosition(utf8Offset: 9), wrapping: true).map(\.utf8Range),
                       [16..<19, 0..<3, 8..<11])
        XCTAssertEqual(try document.matches(of: one, from: TextPosition(utf8Offset: 10), direction: .backward).map(\.utf8Range),
                       [0..<3])
        XCTAssertEqual(try document.matches(of: one, from: TextPosition(utf8Offset: 10), direction: .backward, wrapping: true)
                        .map(\.utf8Range), [0..<3, 16..<19, 8..<11])
        let long = TextDocument(String(repeating: "x", count: 10_000) + "needle" + String(repeating: "y", count: 10_000))
        XCTAssertEqual(try long.firstMatch(of: TextSearchQuery("needle"), direction: .backward)?.utf8Range, 10_000..<10_006)
        XCTAssertEqual(try long.firstMatch(of: TextSearchQuery("ne+d", syntax: .regularExpression), direction: .backward)?.utf8Range,
                       10_000..<10_004)
    }

    func testErrors() {
        let document = TextDocument("text")
        XCTAssertThrowsError(try document.matches(of: TextSearchQuery("a(b", syntax: .regularExpression))) { error in
            guard let e = error as? TextError, case .invalidPattern(let reason) = e.kind else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "U_REGEX_MISMATCHED_PAREN")
            XCTAssertEqual(e.offset, 3)
        }
        XCTAssertThrowsError(try document.matches(of: TextSearchQuery("a", syntax: .regularExpression, ignoresDiacritics: true)))
        XCTAssertThrowsError(try document.matches(of: TextSearchQuery("a"), from: TextPosition(utf8Offset: 99)))
        XCTAssertThrowsError(try document.replacementChanges(of: TextSearchQuery("(a)", syntax: .regularExpression), with: "$2"))
        XCTAssertThrowsError(try document.replacementChanges(of: TextSearchQuery("(a)", syntax: .regularExpression), with: "${x}"))
    }

    func testReplaceAllIsOneChangeSetWithTemplates() throws {
        var document = TextDocument("2026-12-01 and 1999-01-31")
        let query = TextSearchQuery("(?<y>\\d{4})-(\\d\\d)-(\\d\\d)", syntax: .regularExpression)
        let original = document
        let changes = try document.replaceAll(of: query, with: "$3/$2/${y} \\$1")
        XCTAssertEqual(document.string, "01/12/2026 $1 and 31/01/1999 $1")
        XCTAssertEqual(changes.replacements.count, 2)
        try document.apply(changes.inverted())
        XCTAssertEqual(document, original)
        // Literal templates are plain text; empty regex matches advance by a cluster.
        var literal = TextDocument("a.b.c")
        try literal.replaceAll(of: TextSearchQuery("."), with: "$1")
        XCTAssertEqual(literal.string, "a$1b$1c")
        var lines = TextDocument("x\ny\n")
        try lines.replaceAll(of: TextSearchQuery("(?m)^", syntax: .regularExpression), with: "> ")
        XCTAssertEqual(lines.string, "> x\n> y\n")             // ICU: no `^` after a final terminator
        var groups = TextDocument("baaac")
        try groups.replaceAll(of: TextSearchQuery("a*", syntax: .regularExpression), with: "-")
        XCTAssertEqual(groups.string, "-b--c-")
    }

    func testMatchesSpanningChunkSeams() throws {
        // Long enough for many chunks in every build; the needle straddles seams at all offsets.
        var text = ""
        for i in 0..<3000 { text += i % 7 == 0 ? "néedle·" : "hay\(i % 10) " }
        let document = TextDocument(text)
        let expected = text.utf8.count
        XCTAssertGreaterThan(expected, 4 * ChunkLimits.maxBytes)
        let literal = try ranges(document, TextSearchQuery("néedle·"))
        XCTAssertEqual(literal.count, 429)
        XCTAssertEqual(try ranges(document, TextSearchQuery("NEEDLE", ignoresCase: true, ignoresDiacritics: true)).count, 429)
        XCTAssertEqual(try ranges(document, TextSearchQuery("ne\u{301}edle·", ignoresNormalization: true)), literal)
        XCTAssertEqual(try ranges(document, TextSearchQuery("n.edle·", syntax: .regularExpression)), literal)
    }
}
