import XCTest
@testable import Caret

/// Smart dashes, smart quotes and autocapitalization on typed text, one keystroke at a time
/// as a keyboard sends them, and whole strings at once.
final class TypingTransformTests: XCTestCase {
    /// Types `keys` one `insertText` at a time at the end of `start` and returns the text.
    func type(_ keys: [String], into start: String = "", traits: TextInputTraits = .init(),
              language: InputLocale = InputLocale("en")) throws -> String {
        var doc = TextDocument(start)
        let transform = TypingTransform(traits)
        for key in keys {
            let change = transform.apply(proposal(key, at: doc.string), in: doc, language: language)
            try doc.edit(change.range, in: .utf8, replacingWith: change.text)
        }
        return doc.string
    }

    func keys(_ s: String) -> [String] { s.map(String.init) }

    let plain = TextInputTraits(autocapitalization: .none)

    func testDashes() throws {
        XCTAssertEqual(try type(keys("a--b"), traits: plain), "a\u{2013}b")
        XCTAssertEqual(try type(keys("a---b"), traits: plain), "a\u{2014}b")
        XCTAssertEqual(try type(keys("a----b"), traits: plain), "a\u{2014}-b")
        XCTAssertEqual(try type(["a", "--", "-"], traits: plain), "a\u{2014}")
        XCTAssertEqual(try type(["---"], traits: plain), "\u{2014}")
        // The `-` before the caret belongs to the old text: the change widens over it.
        let doc = TextDocument("x-")
        let change = TypingTransform(plain).apply(proposal("-", at: "x-"), in: doc, language: InputLocale("en"))
        XCTAssertEqual(change.range, 1..<2)
        XCTAssertEqual(change.text, "\u{2013}")
        var off = plain
        off.smartDashes = false
        XCTAssertEqual(try type(keys("a--b"), traits: off), "a--b")
        // Pasted dashes are not typed.
        let pasted = TypingTransform(plain).apply(proposal("--", at: "a", kind: .paste), in: TextDocument("a"),
                                                  language: InputLocale("en"))
        XCTAssertEqual(pasted.text, "--")
    }

    func testQuotesInEnglish() throws {
        XCTAssertEqual(try type(keys("\"Hi,\" she said. I don't 'know'."), traits: plain),
                       "“Hi,” she said. I don’t ‘know’.")
        XCTAssertEqual(try type(keys("(\"a\") [\"b\"] -\"c\""), traits: plain), "(“a”) [“b”] -“c”")
        XCTAssertEqual(try type(keys("\"'nested'\""), traits: plain), "“‘nested’”")
        XCTAssertEqual(try type(keys("a\n\"b\""), traits: plain), "a\n“b”")
        // After a dash that smart dashes just made, a quotation opens.
        XCTAssertEqual(try type(keys("a--\"b\""), traits: plain), "a\u{2013}“b”")
    }

    func testQuotesInGermanFrenchRussianJapanese() throws {
        let de = InputLocale("de")
        XCTAssertEqual(try type(keys("Er sagt \"'ja'\"."), traits: plain, language: de), "Er sagt „‚ja‘“.")
        let fr = InputLocale("fr")
        XCTAssertEqual(try type(keys("il dit \"oui\""), traits: plain, language: fr), "il dit «oui»")
        let ru = InputLocale("ru")
        XCTAssertEqual(try type(keys("\"'да'\""), traits: plain, language: ru), "«„да“»")
        let ja = InputLocale("ja")
        XCTAssertEqual(try type(keys("\"'はい'\""), traits: plain, language: ja), "「『はい』」")
        var off = plain
        off.smartQuotes = false
        XCTAssertEqual(try type(keys("\"a'"), traits: off, language: de), "\"a'")
    }

    func testSentenceCapitalization() throws {
        let t = TextInputTraits(autocapitalization: .sentences)
        XCTAssertEqual(try type(keys("hello. world! is it? yes"), traits: t), "Hello. World! Is it? Yes")
        XCTAssertEqual(try type(keys("end.x"), traits: t), "End.x")                 // no space: not a new sentence
        XCTAssertEqual(try type(keys("one\ntwo\r\nthree"), traits: t), "One\nTwo\r\nThree")
        XCTAssertEqual(try type(keys("  lead"), traits: t), "  Lead")
        // ICU's abbreviation suppressions: `Mr.` does not end a sentence.
        XCTAssertEqual(try type(keys("ask Mr. smith. then go"), traits: t), "Ask Mr. smith. Then go")
        XCTAssertEqual(try type(keys("I met Mr. smith"), traits: t), "I met Mr. smith")
        // Closing quotation marks between the full stop and the space.
        XCTAssertEqual(try type(keys("he said \"stop.\" then"), traits: t), "He said “stop.” Then")
        // Typed into the middle of an existing text: only the window before the caret counts.
        XCTAssertEqual(try type(keys("x"), into: "Done. ", traits: t), "Done. X")
        XCTAssertEqual(try type(keys("x"), into: "Done ", traits: t), "Done x")
        // The full stop further back than the first few clusters read: the window widens…
        XCTAssertEqual(try type(keys("x"), into: "Mr. Done.”)      ", traits: t), "Mr. Done.”)      X")
        // …but never past 32 clusters (the documented limit of what a trait may look at).
        XCTAssertEqual(try type(keys("x"), into: "Done." + String(repeating: " ", count: 40), traits: t),
                       "Done." + String(repeating: " ", count: 40) + "x")
        // Opening quotation marks before the letter are looked through.
        XCTAssertEqual(try type(keys("\"hi,\" she said. 'ok.' (yes)"), traits: t), "“Hi,” she said. ‘Ok.’ (Yes)")
        // Whole strings typed at once are capitalized letter by letter.
        XCTAssertEqual(try type(["yes. so"], traits: t), "Yes. So")
        // CLDR lists `Ok.` among English abbreviations, so ICU does not end a sentence there.
        XCTAssertEqual(try type(["ok. so"], traits: t), "Ok. so")
        // German suppressions: `z.B.` does not end a sentence.
        XCTAssertEqual(try type(keys("das ist z.B. gut"), traits: t, language: InputLocale("de")),
                       "Das ist z.B. gut")
    }

    func testWordsAndAllCharacters() throws {
        let words = TextInputTraits(autocapitalization: .words)
        XCTAssertEqual(try type(keys("jean-luc o'neill don't 3d élan"), traits: words),
                       "Jean-Luc O’neill Don’t 3d Élan")
        let all = TextInputTraits(autocapitalization: .allCharacters)
        XCTAssertEqual(try type(keys("straße"), traits: all), "STRASSE")
    }

    func testTurkishAndAzeri() throws {
        for locale in ["tr", "az"] {
            let language = InputLocale(locale)
            XCTAssertEqual(try type(keys("istanbul. izmir"), traits: .init(autocapitalization: .sentences), language: language),
                           "İstanbul. İzmir", locale)
            XCTAssertEqual(try type(keys("iyi ilk"), traits: .init(autocapitalization: .words), language: language),
                           "İyi İlk", locale)
            XCTAssertEqual(try type(keys("ılık"), traits: .init(autocapitalization: .allCharacters), language: language),
                           "ILIK", locale)
        }
        XCTAssertEqual(try type(keys("istanbul"), traits: .init(autocapitalization: .sentences)), "Istanbul")
    }

    func testScriptsWithoutCaseAndPastedTextPassThrough() throws {
        let t = TextInputTraits(autocapitalization: .allCharacters)
        XCTAssertEqual(try type(keys("日本語 한국어 עברית"), traits: t), "日本語 한국어 עברית")
        let pasted = TypingTransform(t).apply(proposal("abc", at: "", kind: .paste), in: TextDocument(),
                                              language: InputLocale("en"))
        XCTAssertEqual(pasted.text, "abc")
    }

    /// The shortcut inside words (`continuesWord`) answers exactly as the rules do: wherever it
    /// skips them, running them leaves the typed letters as they are; random texts of words,
    /// digits, punctuation, spaces and line breaks, letters typed at random places, with word
    /// and sentence capitals.
    func testInsideWordShortcutAgreesWithTheRules() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2203)
        let pieces = ["word", "Mr.", "e.g.", "x", "3", "42", ",", ".", "!", "?", ";", " ", " ", "  ", "\n", "\"", "'", "(", "é", "-", ":"]
        let language = InputLocale("en")
        var skipped = 0
        for mode in [TextAutocapitalization.sentences, .words] {
            let transform = TypingTransform(TextInputTraits(autocapitalization: mode))
            for round in 0..<400 {
                let text = (0..<Int.random(in: 0..<12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
                let doc = TextDocument(text)
                let at = doc.position(at: Int.random(in: 0...doc.count, using: &rng))!.utf8Offset
                let key = ["a", "Q", "z", "ab", "M"].randomElement(using: &rng)!
                let change = ProposedChange(range: at..<at, text: key, kind: .typing)
                guard transform.continuesWord(change, in: doc) else { continue }
                skipped += 1
                let ruled = transform.applyRules(change, in: doc, language: language)
                XCTAssertEqual(ruled.text, key, "seed \(seed) round \(round) \(mode): \(text.debugDescription) at \(at)")
                XCTAssertEqual(ruled.range, change.range, "seed \(seed) round \(round)")
            }
        }
        XCTAssertGreaterThan(skipped, 100, "the shortcut was taken")
    }

    /// A letter's sentence start, decided from the clusters the typed text holds before the
    /// rest of the window is read (`Autocapitalization.isSentenceStart`), agrees with the
    /// rules run on the whole window read first: texts with abbreviations, full stops, closing
    /// and opening marks, spaces and line breaks, longer than the window, letters typed after
    /// a space, a line break or an opening mark.
    func testSentenceStartFromTheHeldClustersAgreesWithTheWholeWindow() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2204)
        let pieces = ["word", "Mr.", "e.g.", "x", "42", ",", ".", "!", "?", " ", " ", "  ", "\n", "\"", "'", "(", ")",
                      "é", "“", "”", "‘", "’", "¿", "。", "中文", "\u{3000}", "fin.", "de la"]
        let language = InputLocale("en")
        let transform = TypingTransform(TextInputTraits(autocapitalization: .sentences, smartQuotes: false, smartDashes: false))
        var asked = 0
        for round in 0..<600 {
            let text = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let doc = TextDocument(text)
            let at = doc.position(at: Int.random(in: 0...doc.count, using: &rng))!.utf8Offset
            let key = ["a", "q", "z", "é", " a", "(a", "\"b", "ab"].randomElement(using: &rng)!
            let change = ProposedChange(range: at..<at, text: key, kind: .typing)
            let ruled = transform.applyRules(change, in: doc, language: language)
            let (before, reachesStart) = doc.text(before: at, clusters: TypingTransform.window)
            var whole = TypedText(before: before, reachesStart: reachesStart)
            for scalar in key.unicodeScalars {
                Autocapitalization.type(scalar, mode: .sentences, language: language, into: &whole)
            }
            XCTAssertEqual(ruled.text, whole.output, "seed \(seed) round \(round): \(text.debugDescription) at \(at), \(key.debugDescription)")
            asked += ruled.text != key ? 1 : 0
        }
        XCTAssertGreaterThan(asked, 50, "some letters were capitalized")
    }

    /// The text before an offset, `clusters` clusters back, found in the offset's chunk by one
    /// scan, is what the general walk (`position(from:offset:)`) gives: multilingual texts over
    /// several chunks, every kind of cluster, offsets at boundaries and inside clusters.
    func testTextBeforeAnOffsetMatchesTheGeneralWalk() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2205)
        for round in 0..<60 {
            let text = (0..<Int.random(in: 1...800, using: &rng)).map { _ in GraphemePointTests.pieces.randomElement(using: &rng)! }.joined()
            let doc = TextDocument(text)
            var scalarEnds: [Int] = []
            var offset = 0
            for scalar in text.unicodeScalars { offset += scalar.utf8.count; scalarEnds.append(offset) }
            for _ in 0..<40 {
                let x = scalarEnds.randomElement(using: &rng)!
                let n = [1, 2, 4, 28, 32, Int.random(in: 1...70, using: &rng)].randomElement(using: &rng)!
                let start = doc.position(from: TextPosition(utf8Offset: x), offset: -n)?.utf8Offset ?? 0
                let got = doc.text(before: x, clusters: n)
                XCTAssertEqual(got.text, doc.string(utf8Range: start..<x), "seed \(seed) round \(round) \(n) before \(x)")
                XCTAssertEqual(got.reachesStart, start == 0, "seed \(seed) round \(round)")
            }
        }
    }
}
