import CaretCorpus
import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// `TextDocument.words` and `words(in:)` (issue 27, item 5) against the two things they must
/// agree with: the tokenizer's own calls, chained as `caret words` chained them
/// (`position(from:toBoundary: .word, in: .storage(.forward))`, then `rangeEnclosing` at that
/// stop, backward), and ICU's word iterator on the flat UTF-16 text cut into pieces with the
/// reference model (`ReferenceBoundaries`). On every sample in the root locale and its own, on
/// generated multilingual documents and on random texts built to put ICU boundaries inside
/// grapheme clusters and dictionary runs across chunk seams. Run it in the `TinyShapes` build
/// too (`swift test --traits TinyShapes --scratch-path .build/tiny-shapes --filter WordWalk`):
/// there every few bytes are a seam.
final class WordWalkTests: XCTestCase {
    /// The words the tokenizer's calls give, one lookup pair per word (the old `caret words`).
    static func wordsByLookups(_ doc: TextDocument) -> [TextRange] {
        var result: [TextRange] = []
        var position = doc.beginningOfDocument
        while let end = doc.position(from: position, toBoundary: .word, in: .storage(.forward)) {
            guard let word = doc.rangeEnclosing(end, with: .word, in: .storage(.backward)) else {
                XCTFail("no word before the stop at \(end)")
                break
            }
            result.append(word)
            if end == position { break }
            position = end
        }
        return result
    }

    /// The words of ICU's flat pass over `text` for `locale`, in UTF-16 offsets.
    static func flatWords(_ text: String, locale: String) -> [Range<Int>] {
        let reference = FlatText(text).reference(.word, locale: locale)
        return reference.offsets.indices.dropLast().filter { reference.isUnit($0) }
            .map { reference.offsets[$0]..<reference.offsets[$0 + 1] }
    }

    /// Checks the walk over `text` against both references; returns the number of words.
    @discardableResult
    func check(_ text: String, locale: String = "", label: String, lookups: Bool = true,
               file: StaticString = #filePath, line: UInt = #line) -> Int {
        var doc = TextDocument(text)
        doc.locale = locale
        let walked = Array(doc.words)
        let context = "\(label) [\(locale.isEmpty ? "root" : locale), \(storageShape)]"
        XCTAssertEqual(walked.map(\.utf16Offsets), Self.flatWords(text, locale: locale),
                       "\(context): words against ICU's flat pass", file: file, line: line)
        // The benchmark's reference (`words.walk`) cuts the flat text the same way.
        var benchmarkReference: [Range<Int>] = [], benchmarkClusters: [Range<Int>] = []
        ICUReference.forEachWordUTF16(Array(text.utf16), locale: locale) { units, clusters in
            benchmarkReference.append(units)
            benchmarkClusters.append(clusters)
        }
        XCTAssertEqual(walked.map(\.utf16Offsets), benchmarkReference, "\(context): ICUReference.forEachWordUTF16", file: file, line: line)
        XCTAssertEqual(walked.map(\.graphemeOffsets), benchmarkClusters, "\(context): its grapheme offsets", file: file, line: line)
        if lookups {
            let looked = Self.wordsByLookups(doc)
            XCTAssertEqual(walked.map(\.range), looked, "\(context): words against the lookups", file: file, line: line)
        }
        // The offsets in the other units are the document's own conversions.
        for (k, word) in walked.enumerated() {
            let graphemes = doc.offset(of: word.range.start)!..<doc.offset(of: word.range.end)!
            let utf16 = doc.offset(of: word.range.start, unit: .utf16)!..<doc.offset(of: word.range.end, unit: .utf16)!
            if word.graphemeOffsets != graphemes || word.utf16Offsets != utf16 {
                XCTFail("\(context): word \(k) \(word): grapheme offsets \(graphemes), UTF-16 \(utf16)", file: file, line: line)
                break
            }
        }
        return walked.count
    }

    /// The ICU locale a sample is written in, from its file name (`th.txt`, `zh-Hans.txt`).
    static func locale(ofSample name: String) -> String {
        String(name.split(separator: "/").last!.split(separator: ".").first!)
    }

    func testSamplesInTheRootLocaleAndTheirOwn() throws {
        let samples = try CorpusSamples.loadDefault()
        XCTAssertGreaterThan(samples.count, 30)
        var total = 0
        for sample in samples {
            total += check(sample.text, label: sample.name)
            check(sample.text, locale: Self.locale(ofSample: sample.name), label: sample.name)
            // Repeated past several chunks, so that words meet seams in the standard build.
            check(spanningChunks(sample.text), label: "\(sample.name) repeated", lookups: false)
        }
        XCTAssertGreaterThan(total, 1000)
    }

    func testGeneratedMultilingualDocuments() throws {
        let samples = try CorpusSamples.loadDefault().map(\.text)
        for seed in [1, 2, 3] as [UInt64] {
            let text = DocumentGenerator.generate(byteCount: 24_000, seed: seed, samples: samples)
            XCTAssertGreaterThan(check(text, label: "generated seed \(seed)"), 1000)
        }
        check(DocumentGenerator.generate(byteCount: 6_000, seed: 9, samples: samples), locale: "th", label: "generated, Thai locale")
        check(DocumentGenerator.generate(byteCount: 6_000, seed: 10, samples: samples), locale: "ja", label: "generated, Japanese locale")
    }

    /// Pieces that matter at the edges of the model: ICU boundaries inside clusters (a Prepend
    /// or format character after a space, an emoji with a skin tone, combining marks on
    /// digits), words of one cluster, CR LF, surrogates, dictionary runs of one or two letters.
    static let alphabet = [
        "a", "Z", "7", " ", ".", ",", "'", "-", "\n", "\r\n", "\r", "\t", "\u{0600}", "\u{0601}1", "\u{00AD}",
        "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "👍🏽", "🇫🇷", "👨‍👩‍👧", "क्ष", "ि", "ภาษา", "ไทย", "ก", "ຂ", "ខ្មែរ",
        "မြန်", "日本", "語", "の", "カ", "中", "한국", "ש", "عربي", "٣", "𝐀", "𠀀", "½", "12.5", "$", "@", "'s",
    ]

    func testRandomTexts() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 27)
        print("WordWalkTests seed \(seed) (SEED=\(seed) replays)")
        for round in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                text += Self.alphabet.randomElement(using: &rng)!
            }
            if round % 3 == 2 { text = spanningChunks(text) }
            let locale = ["", "th", "ja", "zh", "km", "my"].randomElement(using: &rng)!
            check(text, locale: locale, label: "round \(round) (SEED=\(seed))")
        }
    }

    func testEdgeCases() {
        XCTAssertTrue(Array(TextDocument().words).isEmpty)
        XCTAssertTrue(Array(TextDocument(" .,\n\r\n ").words).isEmpty)
        let doc = TextDocument("Hello, wörld 42!\r\nภาษาไทย 👍🏽x")
        XCTAssertEqual(doc.words.map { doc.text(in: $0.range)! }, ["Hello", "wörld", "42", "ภาษา", "ไทย", "x"])
        XCTAssertEqual(doc.words.map(\.graphemeOffsets), [0..<5, 7..<12, 13..<15, 17..<21, 21..<24, 26..<27])
        check("word", label: "one word")
        check("e\u{301}", label: "one cluster")
        check(" \u{0600}b", label: "a word that starts inside a cluster")
    }

    /// `words(in:)` is the whole walk's words that share a cluster with the range.
    func testWordsInRanges() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 28)
        let samples = try CorpusSamples.loadDefault().map(\.text)
        for round in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &rng) { text += Self.alphabet.randomElement(using: &rng)! }
            if round % 2 == 1 { text = DocumentGenerator.generate(byteCount: 3_000, seed: UInt64(round), samples: samples) }
            let doc = TextDocument(text)
            let all = Array(doc.words)
            for _ in 0..<20 {
                let a = Int.random(in: 0...doc.count, using: &rng), b = Int.random(in: 0...doc.count, using: &rng)
                let range = doc.textRange(from: doc.position(at: min(a, b))!, to: doc.position(at: max(a, b))!)!
                let expected = all.filter { $0.graphemeOffsets.overlaps(min(a, b)..<max(a, b)) }
                XCTAssertEqual(doc.words(in: range).map(Array.init), expected,
                               "round \(round) range \(min(a, b))..<\(max(a, b)) (SEED=\(seed), \(storageShape))")
            }
        }
        let doc = TextDocument("one two")
        XCTAssertNil(doc.words(in: TextRange(start: TextPosition(utf8Offset: 0), end: TextPosition(utf8Offset: 99))))
        XCTAssertEqual(doc.words(in: doc.textRange(from: doc.position(at: 2)!, to: doc.position(at: 2)!)!).map(Array.init), [])
        XCTAssertEqual(doc.words(in: doc.textRange(from: doc.position(at: 2)!, to: doc.position(at: 5)!)!)?.map(\.graphemeOffsets),
                       [0..<3, 4..<7])
    }

    /// One pass: ICU is handed each chunk once for the whole walk (exactly once in the standard
    /// build), where the lookups read a window around every word (several times the text).
    func testTheWalkReadsTheTextOnce() throws {
        let samples = try CorpusSamples.loadDefault().map(\.text)
        let text = DocumentGenerator.generate(byteCount: 200_000, seed: 5, samples: samples)
        let doc = TextDocument(text)
        let meter = ICUReadMeter()
        let count = ICUReadMeter.$current.withValue(meter) { doc.words.reduce(0) { n, _ in n + 1 } }
        XCTAssertGreaterThan(count, 10_000)
        print("bytes handed to ICU for the walk: \(meter.bytes) of \(text.utf8.count)")
        XCTAssertGreaterThanOrEqual(meter.bytes, text.utf8.count)
        // Pieces of a few bytes (`TinyShapes`) are shorter than ICU's look-ahead, which then
        // reaches back over more than the one piece the text keeps.
        let slack = ChunkLimits.maxBytes < 64 ? text.utf8.count : text.utf8.count / 4
        XCTAssertLessThanOrEqual(meter.bytes, text.utf8.count + slack)
    }

    /// The sequence is a snapshot: editing the document while walking changes nothing.
    func testTheWalkIsASnapshot() throws {
        var doc = TextDocument("alpha beta gamma")
        var iterator = doc.words.makeIterator()
        XCTAssertEqual(iterator.next()?.graphemeOffsets, 0..<5)
        try doc.replace(doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!, withText: "x")
        XCTAssertEqual(iterator.next()?.graphemeOffsets, 6..<10)
        XCTAssertEqual(iterator.next()?.graphemeOffsets, 11..<16)
        XCTAssertNil(iterator.next())
        XCTAssertNil(iterator.next())
    }
}

/// `RopeText`'s translations between UTF-8 and UTF-16 offsets count from the last one in the
/// same chunk (forwards or backwards) or from the chunk's start: in any order of queries they
/// agree with the flat text's.
final class RopeTextTranslationTests: XCTestCase {
    func testTranslationsInAnyOrderAgreeWithTheFlatText() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 29)
        for round in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 1...80, using: &rng) { text += WordWalkTests.alphabet.randomElement(using: &rng)! }
            if round % 2 == 1 { text = spanningChunks(text) }
            let doc = TextDocument(text)
            let table = UnitTable(text)
            guard let ropeText = RopeText(doc.rope) else { return XCTFail("no RopeText") }
            let bytes = Array(text.utf8)
            // Each byte's scalar: its start and end in UTF-8 and UTF-16.
            var scalarOf = [Int](repeating: 0, count: bytes.count + 1)
            for k in 0..<(table.utf8.count - 1) {
                for b in table.utf8[k]..<table.utf8[k + 1] { scalarOf[b] = k }
            }
            scalarOf[bytes.count] = table.utf8.count - 1
            for _ in 0..<300 {
                let context = "round \(round) (SEED=\(seed), \(storageShape))"
                let x = Int.random(in: 0...bytes.count, using: &rng)
                let k = scalarOf[x]
                let inside = x < bytes.count && x != table.utf8[k]
                XCTAssertEqual(ropeText.utf16Offset(ofUTF8: x), table.utf16[k], "\(context): byte \(x)")
                XCTAssertEqual(ropeText.utf16Offset(ofUTF8: x, roundingUp: true), table.utf16[inside ? k + 1 : k],
                               "\(context): byte \(x) rounded up")
                XCTAssertEqual(ropeText.isScalarBoundary(utf8: x), !inside, "\(context): byte \(x) a scalar start")
                let s = Int.random(in: 0..<table.utf16.count, using: &rng)
                XCTAssertEqual(ropeText.utf8Offset(ofUTF16: table.utf16[s]), table.utf8[s], "\(context): unit \(table.utf16[s])")
            }
        }
    }
}
