@testable import Caret
import XCTest

/// The bidi levels of a window around a row (`ParagraphLevels` with a row) against those of the
/// whole paragraph resolved at once, byte by byte over the row: random paragraphs of every
/// bidi class (strong letters, numbers, separators, terminators, marks, boundary neutrals,
/// brackets, explicit formatting), every requested direction, random rows; and the samples'
/// lines joined into long mixed paragraphs. The windows actually used are counted, so that the
/// test shows it compared them. Seeded (`SEED`).
final class ParagraphLevelsTests: XCTestCase {
    /// One or a few scalars of each class; brackets and explicit formatting rarer (a window
    /// holding a bracket, or a paragraph holding formatting, is resolved whole).
    static let pieces = [
        "a", "b", "é", "z", "Ω", "ש", "א", "ع", "ب", "1", "2", "۱", "\u{661}", "\u{662}", "+", "-", "$", "%", "#", "°",
        ",", ".", ":", "/", "\u{301}", "\u{64E}", "\u{5B8}", "\u{200B}", "\u{AD}", "\u{200D}", " ", "  ", "\t", "!", "\"",
        "&", "*", "\u{200E}", "\u{200F}", "\u{61C}", "\u{600}", "12", "3.5", "1,000", "$5", "٣٤", "abc", "שלום", "مرحبا",
    ]
    static let rare = ["(", ")", "[", "]", "\u{202B}", "\u{202C}", "\u{2067}", "\u{2069}", "\u{1C}", "\u{1E}"]

    func testWindowsResolveAsTheWholeParagraph() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 4077)
        print("ParagraphLevelsTests: SEED=\(seed)")
        var compared = 0, windowed = 0
        for round in 0..<300 {
            var text = ""
            let rareChance = round % 3 == 0 ? 0.02 : 0
            for _ in 0..<Int.random(in: 150...900, using: &rng) {
                text += Double.random(in: 0..<1, using: &rng) < rareChance
                    ? Self.rare.randomElement(using: &rng)! : Self.pieces.randomElement(using: &rng)!
            }
            let document = TextDocument(text)
            let paragraph = try XCTUnwrap(document.paragraph(line: 0))
            for requested in [nil, 0, 1] as [UInt8?] {
                let whole = ParagraphLevels(document, paragraph, requested: requested)
                XCTAssertEqual(whole.covered, paragraph.start..<paragraph.end)
                let starts = Array(text.unicodeScalars.indices).map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count]
                XCTAssertEqual(paragraph.end, text.utf8.count)
                var known: ParagraphLevels?
                for _ in 0..<12 {
                    let a = starts.randomElement(using: &rng)!
                    let b = starts.filter { $0 >= a && $0 <= a + 300 }.randomElement(using: &rng)!
                    let levels = ParagraphLevels(document, paragraph, requested: requested, row: a..<b,
                                                 known: Bool.random(using: &rng) ? known : nil)
                    XCTAssertEqual(levels.paragraphLevel, whole.paragraphLevel, "SEED=\(seed) round \(round)")
                    XCTAssertTrue(levels.covers(a..<b))
                    if levels.covered != whole.covered { windowed += 1 }
                    for x in a..<b where levels.level(atByte: x) != whole.level(atByte: x) {
                        XCTFail("SEED=\(seed) round \(round) requested \(String(describing: requested)) row \(a)..<\(b) window \(levels.covered): byte \(x) at \(levels.level(atByte: x)), whole \(whole.level(atByte: x)) in \(text.debugDescription)")
                        return
                    }
                    compared += 1
                    if levels.windowable { known = levels }
                }
            }
        }
        print("ParagraphLevelsTests: \(compared) rows compared, \(windowed) through a window")
        XCTAssertGreaterThan(windowed, compared / 3)
    }

    /// The samples' lines joined by spaces into one paragraph a few lines long (Latin, Arabic,
    /// Hebrew, CJK, Devanagari, ... side by side), rows of 80 bytes cut at scalar boundaries.
    func testWindowsOfJoinedSamples() throws {
        let directory = SharedData.packageRoot.appendingPathComponent("Corpus/samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        var lines: [String] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            lines += text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }.prefix(8)
        }
        var compared = 0, windowed = 0
        for k in stride(from: 0, to: lines.count, by: 5) {
            let text = lines[k..<min(lines.count, k + 5)].joined(separator: " ")
            let document = TextDocument(text)
            let paragraph = try XCTUnwrap(document.paragraph(line: 0))
            let whole = ParagraphLevels(document, paragraph, requested: nil)
            let bytes = Array(text.utf8)
            var a = 0
            var known: ParagraphLevels?
            while a < bytes.count {
                var b = min(bytes.count, a + 80)
                while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
                let levels = ParagraphLevels(document, paragraph, requested: nil, row: a..<b, known: known)
                if levels.covered != whole.covered { windowed += 1 }
                for x in a..<b where levels.level(atByte: x) != whole.level(atByte: x) {
                    XCTFail("row \(a)..<\(b) window \(levels.covered): byte \(x) at \(levels.level(atByte: x)), whole \(whole.level(atByte: x)) in \(text.debugDescription)")
                    return
                }
                compared += 1
                known = levels.windowable ? levels : nil
                a = b
            }
        }
        print("ParagraphLevelsTests (samples): \(compared) rows compared, \(windowed) through a window")
        XCTAssertGreaterThan(windowed, compared / 3)
    }

    /// Every character that makes a paragraph resolve whole (explicit formatting, class B) is
    /// found by the byte scan, wherever it stands against the scan's 16-byte blocks; none of the
    /// other characters sharing its lead bytes is.
    func testTheScanFindsEveryExplicitFormattingCharacter() {
        let table = BidiClassTable.shared
        let wanted = BidiClassSet.explicitFormatting | BidiClass.b.bit
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isWanted = table.bidiClass(value).bit & wanted != 0
            let utf8 = Array(String(scalar).utf8)
            guard isWanted || utf8[0] == 0xC2 || utf8[0] == 0xE2 else { continue }
            for offset in [0, 7, 14, 15, 16, 30] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: offset) + utf8 + Array(repeating: UInt8(ascii: "b"), count: 3)
                let result = bytes.withUnsafeBufferPointer { ParagraphLevels.hasExplicitFormattingOrSeparator($0) }
                XCTAssertEqual(result, isWanted, "U+\(String(value, radix: 16, uppercase: true)) at \(offset)")
            }
            if isWanted { found += 1 }
        }
        // U+000A, U+000D, U+001C–U+001E, U+0085, U+2029, U+202A–U+202E, U+2066–U+2069.
        XCTAssertEqual(found, 16)
    }
}

extension ParagraphLevelsTests {
    /// Through the wrap index: the visual lines of long mixed paragraphs (each row's levels from
    /// a window) give every cluster the direction of its first byte in the whole paragraph's
    /// levels, but the spaces and tabs ending a row (L1 puts them at the paragraph level); rows
    /// queried in a random order, so that each resolves its own window.
    func testVisualLinesOfLongParagraphsTakeTheWholeParagraphsDirections() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 515)
        print("ParagraphLevelsTests (index): SEED=\(seed)")
        let pieces = Self.pieces.filter { !$0.contains("\t") } + ["hello world", "שלום עולם", "مرحبا بالعالم", "12 34"]
        for round in 0..<12 {
            var lines: [String] = []
            for _ in 0..<4 {
                var line = ""
                for _ in 0..<Int.random(in: 100...400, using: &rng) { line += pieces.randomElement(using: &rng)! }
                lines.append(line)
            }
            let document = TextDocument(lines.joined(separator: "\n"))
            let index = VisualLineIndex(document: document, options: SoftWrapOptions(width: Int.random(in: 20...90, using: &rng)))
            let count = index.visualLineCount
            for line in (0..<count).shuffled(using: &rng) {
                let clusters = try XCTUnwrap(index.clusters(ofVisualLine: line))
                guard let first = clusters.min(by: { $0.range.start.utf8Offset < $1.range.start.utf8Offset }) else { continue }
                let hard = try XCTUnwrap(document.paragraph(line: try XCTUnwrap(document.lineAndColumn(of: first.range.start)).line))
                let whole = ParagraphLevels(document, hard, requested: nil)
                let ordered = clusters.sorted { $0.range.start.utf8Offset < $1.range.start.utf8Offset }
                var hang = ordered.count
                while hang > 0, let text = document.text(in: ordered[hang - 1].range), text == " " || text == "\t" { hang -= 1 }
                for cluster in ordered[..<hang] {
                    let level = whole.level(atByte: cluster.range.start.utf8Offset)
                    XCTAssertEqual(cluster.isRightToLeft, level & 1 == 1,
                                   "SEED=\(seed) round \(round) visual line \(line) cluster at \(cluster.range.start.utf8Offset)")
                }
            }
        }
    }
}
