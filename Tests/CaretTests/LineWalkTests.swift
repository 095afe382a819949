import XCTest
@testable import Caret
@_spi(Testing) import Caret

/// `TextDocument.lines` (one pass) against the per-line API it replaces for whole-document
/// walks: `position(line:column:)`, `lineRange(containing:)` and `baseWritingDirection(for:)`.
/// `SEED=n` replays the random part.
final class LineWalkTests: XCTestCase {
    /// Every line terminator, bidi controls (isolates open and unmatched, embeddings), strong
    /// letters of both directions, numbers, neutrals and a paragraph separator inside a line.
    static let alphabet: [String] = troubleAlphabet + [
        "\r\n", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{200E}", "\u{200F}", "\u{61C}", "1", "\u{660}", "\u{6F1}", "(", " ", "\u{1C}", "\u{1E}", "ا", "א", "x",
    ]

    /// Compares the walk with the per-line API on `document`.
    func check(_ document: TextDocument, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = Array(document.lines)
        XCTAssertEqual(lines.count, document.lineCount, "\(label): line count", file: file, line: line)
        XCTAssertEqual(document.lines.underestimatedCount, document.lineCount, file: file, line: line)
        let terminators: Set<String> = ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"]
        for (k, walked) in lines.enumerated() {
            let context = "\(label): line \(k)"
            XCTAssertEqual(walked.index, k, context, file: file, line: line)
            guard let start = document.position(line: k, column: 0) else {
                XCTFail("\(context): no position", file: file, line: line)
                return
            }
            XCTAssertEqual(walked.range.start, start, "\(context): start", file: file, line: line)
            XCTAssertEqual(walked.range, document.lineRange(containing: start), "\(context): range", file: file, line: line)
            XCTAssertEqual(walked.range, document.lineRange(containing: walked.range.end), "\(context): range at its end", file: file, line: line)
            XCTAssertEqual(walked.baseWritingDirection, document.baseWritingDirection(for: start),
                           "\(context): direction of \(document.text(in: walked.range) ?? "")", file: file, line: line)
            XCTAssertEqual(walked.rangeIncludingTerminator.start, start, context, file: file, line: line)
            let next = k + 1 < lines.count ? document.position(line: k + 1, column: 0) : document.endOfDocument
            XCTAssertEqual(walked.rangeIncludingTerminator.end, next, "\(context): next line", file: file, line: line)
            let terminator = document.textRange(from: walked.range.end, to: walked.rangeIncludingTerminator.end)
                .flatMap { document.text(in: $0) } ?? "?"
            if k + 1 < lines.count {
                XCTAssertTrue(terminators.contains(terminator), "\(context): terminator \(Array(terminator.unicodeScalars))", file: file, line: line)
            } else {
                XCTAssertEqual(terminator, "", "\(context): the last line has no terminator", file: file, line: line)
            }
        }
    }

    func testSamples() throws {
        let root = BoundaryCorpus.repositorySamples
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".txt") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let document = try TextDocument(contentsOfFile: root + "/" + name)
            check(document, name)
            // Every other line forced the other way round than its own direction.
            var forced = document
            for walked in document.lines where walked.index % 2 == 0 {
                let flipped: WritingDirection = walked.baseWritingDirection == .rightToLeft ? .leftToRight : .rightToLeft
                try forced.setBaseWritingDirection(flipped, for: walked.range)
            }
            check(forced, "\(name) with overrides")
            XCTAssertEqual(zip(forced.lines, document.lines).filter { $0.baseWritingDirection != $1.baseWritingDirection }.count,
                           (document.lineCount + 1) / 2, name)
        }
    }

    func testEdgeCases() throws {
        for text in ["", "\n", "\r\n", "a", "a\n", "\n\n\r\r\n", "\u{2029}ا", "\u{2067}ا\u{2069}b\nא", "\u{2067}ا\nb",
                     "1 \u{1C}א", "\u{2069}א", "\u{202E}b", "\u{2068}\u{2068}א\u{2069}\u{2069}a\u{2028}\u{85}"] {
            check(TextDocument(text), "\(Array(text.unicodeScalars)) (\(storageShape))")
        }
        let walked = Array(TextDocument("ab\r\nא\u{2029}").lines)
        XCTAssertEqual(walked.map(\.baseWritingDirection), [.leftToRight, .rightToLeft, .leftToRight])
    }

    func testRandomTextsEveryTerminatorAndOverrides() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 13)
        print("LineWalkTests seed \(seed) (SEED=\(seed) replays)")
        for round in 0..<150 {
            var text = ""
            for _ in 0..<Int.random(in: 0...200, using: &rng) {
                text += Self.alphabet.randomElement(using: &rng)!
            }
            // Odd rounds: repeated to several chunk limits, so that lines cross chunk seams in the
            // standard build too (with `--traits TinyShapes` every text has seams).
            if round % 2 == 1 { text = spanningChunks(text) }
            var document = TextDocument(text)
            check(document, "round \(round) (SEED=\(seed))")
            // Overrides on a few lines, then an edit that moves them.
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let a = Int.random(in: 0...document.count, using: &rng), b = Int.random(in: 0...document.count, using: &rng)
                guard let p = document.position(at: a), let q = document.position(at: b),
                      let range = document.textRange(from: p, to: q) else { continue }
                let direction: WritingDirection = [.leftToRight, .rightToLeft, .natural].randomElement(using: &rng)!
                try document.setBaseWritingDirection(direction, for: range)
            }
            check(document, "round \(round) with overrides (SEED=\(seed))")
            if let p = document.position(at: Int.random(in: 0...document.count, using: &rng)), let range = document.textRange(from: p, to: p) {
                _ = try document.replace(range, withText: Self.alphabet.randomElement(using: &rng)! + "\n")
                check(document, "round \(round) after an edit (SEED=\(seed))")
            }
        }
    }
}
