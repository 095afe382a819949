@testable import Caret
import XCTest

/// Soft wrap: hand-checked cases, then a property test over random documents and widths.
final class SoftWrapTests: XCTestCase {
    /// The visual lines of every hard line of `text` at `width`, as strings.
    func wrapped(_ text: String, _ options: SoftWrapOptions) throws -> [String] {
        let document = try TextDocument(validatingUTF8: Array(text.utf8))
        return document.visualLines(options: options).map { document.text(in: $0.range) ?? "?" }
    }

    func testGreedyBreaksWithHangingSpaces() throws {
        XCTAssertEqual(try wrapped("the quick brown fox", SoftWrapOptions(width: 10)), ["the quick ", "brown fox"])
        XCTAssertEqual(try wrapped("abc   def", SoftWrapOptions(width: 3)), ["abc   ", "def"])
        XCTAssertEqual(try wrapped("", SoftWrapOptions(width: 5)), [""])
        XCTAssertEqual(try wrapped("a\n\nb", SoftWrapOptions(width: 5)), ["a", "", "b"])
        XCTAssertEqual(try wrapped("abcdefgh ij", SoftWrapOptions(width: 3)), ["abc", "def", "gh ", "ij"])
        // CJK breaks between ideographs; a wide cluster never straddles the edge.
        XCTAssertEqual(try wrapped("日本語の文章", SoftWrapOptions(width: 5)), ["日本", "語の", "文章"])
        // One cluster wider than the line still makes progress.
        XCTAssertEqual(try wrapped("日日", SoftWrapOptions(width: 1)), ["日", "日"])
        XCTAssertEqual(try wrapped("e\u{301}e\u{301}e\u{301}", SoftWrapOptions(width: 2)), ["e\u{301}e\u{301}", "e\u{301}"])
    }

    func testWidthsOffsetsAndIndent() throws {
        let document = try TextDocument(validatingUTF8: Array("x\r\n  aaa bbb ccc   \n🙂".utf8))
        // "  aaa " fits 8 (its space hangs); continuations start at column 2: "bbb " then "ccc   ".
        let options = SoftWrapOptions(width: 8, preservesIndent: true)
        let lines = Array(document.visualLines(options: options))
        XCTAssertEqual(lines.map(\.line), [0, 1, 1, 1, 2])
        XCTAssertEqual(lines.map(\.utf16Offsets), [0..<1, 3..<9, 9..<13, 13..<19, 20..<22])
        XCTAssertEqual(lines.map(\.width), [1, 5, 3, 3, 2])
        XCTAssertEqual(lines.map(\.indent), [0, 0, 2, 2, 0])
        XCTAssertEqual(document.visualLines(ofLine: 1, options: options), Array(lines[1...3]))
        XCTAssertNil(document.visualLines(ofLine: 3, options: options))
        XCTAssertNil(document.visualLines(ofLine: -1, options: options))
        let tabs = try TextDocument(validatingUTF8: Array("a\tb\tc".utf8))
        XCTAssertEqual(tabs.visualLines(ofLine: 0, options: SoftWrapOptions(width: 10))?.map(\.width), [9, 1])
    }

    static let pieces = ["a", "word", "longerword", " ", " ", "  ", "\t", "\n", "\r\n", "日本", "語", "、", "。", "🙂",
                         "👨\u{200D}👩\u{200D}👧", "🇫🇷", "e\u{301}", "दि", "क्ष", "مرحبا", "-", "(", ")", "1,000", "สวัสดี",
                         "\u{200B}", "\u{1}", "supercalifragilistic"]

    /// The whole-document walk in blocks cut into parts (wrapped on several threads) equals the
    /// per-line wrap, with blocks and parts small enough to be cut after every kind of line
    /// terminator, empty lines, long lines and a last line with or without a terminator; and
    /// the wrap index's per-line walk (`appendRows(ofNextHardLine:)`) gives the same rows.
    func testBlockWalkEqualsTheWrapOfEachLine() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 261)
        print("SoftWrapTests block seed \(seed) (SEED=\(seed) replays)")
        let terminators = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\n\n"]
        for round in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 0...400, using: &rng) {
                text += Bool.random(using: &rng) && Int.random(in: 0..<4, using: &rng) == 0
                    ? terminators.randomElement(using: &rng)! : Self.pieces.randomElement(using: &rng)!
            }
            let document = try TextDocument(validatingUTF8: Array(text.utf8))
            let options = SoftWrapOptions(width: Int.random(in: 1...20, using: &rng),
                                          preservesIndent: Bool.random(using: &rng))
            var expected: [VisualLine] = []
            for line in 0..<document.lineCount { expected += try XCTUnwrap(document.visualLines(ofLine: line, options: options)) }
            let (first, most, part) = (Int.random(in: 1...64, using: &rng), Int.random(in: 64...512, using: &rng),
                                       Int.random(in: 1...48, using: &rng))
            var walk = TextDocument.VisualLines.Iterator(document: document, options: options, firstBlockBytes: first,
                                                         maxBlockBytes: most, partBytes: part)
            var walked: [VisualLine] = []
            while let line = walk.next() { walked.append(line) }
            XCTAssertEqual(walked, expected, "round \(round), blocks \(first)...\(most), parts \(part), seed \(seed)")
            XCTAssertEqual(Array(document.visualLines(options: options)), expected, "round \(round), seed \(seed)")
            // Row lengths per hard line, as the wrap index takes them: every byte once, terminators included.
            var rows = TextDocument.VisualLines.Iterator(document: document, options: options, firstBlockBytes: first,
                                                         maxBlockBytes: most, partBytes: part)
            var lengths: [Int] = []
            var hardLines = 0
            var batch: [VisualRowTree.Row] = []
            while rows.appendRows(ofNextHardLine: &batch) {
                XCTAssertEqual(batch.filter(VisualRowTree.endsLine).count, 1, "round \(round), seed \(seed)")
                XCTAssertTrue(VisualRowTree.endsLine(batch[batch.count - 1]), "round \(round), seed \(seed)")
                lengths += batch.map(VisualRowTree.length)
                batch.removeAll()
                hardLines += 1
            }
            XCTAssertEqual(hardLines, document.lineCount, "round \(round), seed \(seed)")
            XCTAssertEqual(lengths.count, expected.count, "round \(round), seed \(seed)")
            XCTAssertEqual(lengths.reduce(0, +), document.utf8Count, "round \(round), seed \(seed)")
        }
    }

    func testRandomDocumentsWrapWithinTheWidthAtOpportunities() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        print("SoftWrapTests seed \(seed) (SEED=\(seed) replays)")
        for _ in 0..<150 {
            var text = ""
            for _ in 0..<Int.random(in: 0...120, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            let document = try TextDocument(validatingUTF8: Array(text.utf8))
            let display = DisplayWidthOptions(model: Bool.random(using: &rng) ? .terminal : .clusters,
                                              tabWidth: Int.random(in: 1...8, using: &rng))
            let options = SoftWrapOptions(width: Int.random(in: 1...30, using: &rng), display: display,
                                          preservesIndent: Bool.random(using: &rng))
            let all = Array(document.visualLines(options: options))
            var k = 0
            for line in document.lines {
                let visual = try XCTUnwrap(document.visualLines(ofLine: line.index, options: options))
                XCTAssertEqual(Array(all[k..<(k + visual.count)]), visual, "walk and per-line differ, seed \(seed)")
                k += visual.count
                // Joined back byte for byte.
                let joined = visual.flatMap { document.utf8(in: $0.range)! }
                XCTAssertEqual(joined, document.utf8(in: line.range)!, "seed \(seed)")
                let opportunities = Set(document.lineBreakOpportunities(in: line.range)!.map(\.position.utf8Offset))
                for (i, v) in visual.enumerated() {
                    let text = document.text(in: v.range)!
                    let clusters = Array(document.graphemeRanges).filter {
                        $0.start.utf8Offset >= v.range.start.utf8Offset && $0.end.utf8Offset <= v.range.end.utf8Offset
                    }
                    if v.indent + v.width > options.width {
                        let nonHanging = clusters.filter { !["\t", " "].contains(document.text(in: $0)!) }
                        XCTAssertEqual(nonHanging.count, 1, "\(text) overflows \(options), seed \(seed)")
                    }
                    // The width is the text's without what hangs at its end.
                    var content = v.range
                    if let last = clusters.lastIndex(where: { !["\t", " "].contains(document.text(in: $0)!) }) {
                        content = document.textRange(from: v.range.start, to: clusters[last].end)!
                    } else {
                        content = document.textRange(from: v.range.start, to: v.range.start)!
                    }
                    XCTAssertEqual(document.displayWidth(of: content, startingColumn: v.indent, options: display), v.width,
                                   "\(text), seed \(seed)")
                    // Greedy: the line could not have taken the next piece (up to the next
                    // opportunity, or one more cluster of an over-wide word).
                    if i + 1 < visual.count {
                        let next = opportunities.contains(v.range.end.utf8Offset)
                            ? (opportunities.filter { $0 > v.range.end.utf8Offset }.min() ?? line.range.end.utf8Offset)
                            : document.graphemeRanges.first { $0.start.utf8Offset == v.range.end.utf8Offset }!.end.utf8Offset
                        let longer = document.graphemeRanges.filter {
                            $0.start.utf8Offset >= v.range.start.utf8Offset && $0.end.utf8Offset <= next
                        }
                        guard let last = longer.lastIndex(where: { !["\t", " "].contains(document.text(in: $0)!) }) else {
                            XCTFail("only hanging spaces follow \(text), seed \(seed)")
                            continue
                        }
                        let text = document.textRange(from: v.range.start, to: longer[last].end)!
                        let wider = document.displayWidth(of: text, startingColumn: v.indent, options: display)!
                        XCTAssertGreaterThan(v.indent + wider, options.width, "\(document.text(in: text)!) fits \(options), seed \(seed)")
                    }
                    guard i > 0 else { continue }
                    // A break is an opportunity, or falls inside a word wider than the line:
                    // the visual line before it then holds no opportunity.
                    let before = visual[i - 1].range
                    if !opportunities.contains(v.range.start.utf8Offset) {
                        let inside = opportunities.filter { $0 > before.start.utf8Offset && $0 < before.end.utf8Offset }
                        XCTAssertTrue(inside.isEmpty, "break inside \(document.text(in: before)!)|\(text), seed \(seed)")
                    }
                }
            }
            XCTAssertEqual(k, all.count)
        }
    }
}
