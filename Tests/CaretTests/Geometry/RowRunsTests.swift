@testable import Caret
import XCTest

/// A row answered from its runs of one bidi level (`RowRuns`) against the same row laid out
/// cluster by cluster (`RowLayout`, the reference): the column of every cluster start and of
/// the content's end, and the byte at every column (before the indent and past the end
/// included), on random mixed-direction paragraphs with marks, prepended scalars, joiners,
/// tabs, isolates and embeddings, at random widths, display models and indents. Rows the runs
/// decline (a level change where a cluster may go on) are counted, so that the test shows it
/// compared most rows. Seeded (`SEED`).
final class RowRunsTests: XCTestCase {
    static let pieces = VisualLineIndexTests.pieces + [
        "שלום עולם", "مرحبا بالعالم", " ", "  ", "\t", "א\u{5B8}", "ب\u{651}", "\u{600}1", "\u{600} ", "abc ", "123 ",
        "\u{202B}x\u{202C}", "\u{202A}ש\u{202C}", "\u{2066}ع\u{2069}", "\u{200F}", "\u{200E}", "(", ")", "[ש]",
        "\u{301}", "👍🏽", "x\u{200D}", "ש1.5", "א-ב",
    ]

    func testRunsAnswerAsTheLayout() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2612)
        print("RowRunsTests: SEED=\(seed)")
        var rows = 0, declined = 0, bidiRows = 0
        for round in 0..<150 {
            var text = ""
            for _ in 0..<Int.random(in: 1...60, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            if round % 5 == 0 { text += "   " }
            var document = TextDocument(text)
            // Sometimes a paragraph's direction is set, so that rows without right-to-left text
            // resolve at level 1 (`requestedLevel`) and every row of the document needs levels.
            if round % 3 == 1, let a = document.position(at: Int.random(in: 0...document.count, using: &rng)),
               let range = document.textRange(from: a, to: a) {
                try? document.setBaseWritingDirection(Bool.random(using: &rng) ? .rightToLeft : .leftToRight, for: range)
            }
            let display = DisplayWidthOptions(model: Bool.random(using: &rng) ? .terminal : .clusters,
                                              tabWidth: Int.random(in: 1...8, using: &rng))
            let options = SoftWrapOptions(width: Int.random(in: 1...30, using: &rng), display: display,
                                          preservesIndent: Bool.random(using: &rng))
            let index = VisualLineIndex(document: document, options: options)
            index.wrapAll()
            for k in 0..<index.visualLineCount {
                let found = index.tree.row(at: k)
                guard RowLayout.needsBidi(found, document) || (!found.startsLine && options.preservesIndent) else { continue }
                rows += 1
                let layout = RowLayout(index, found, document)
                let (indent, levels) = RowLayout.indentAndLevels(of: found, index, document)
                if levels != nil { bidiRows += 1 }
                let message = "round \(round) row \(k) of \(text.debugDescription) width \(options.width) \(display.model) tab \(display.tabWidth) indent \(options.preservesIndent), SEED=\(seed)"
                document.withUTF8(found.start..<(found.start + found.length)) { row in
                    guard let runs = RowRuns(found, row: row, levels: levels, indent: indent, display: display) else {
                        declined += 1
                        return
                    }
                    XCTAssertEqual(runs.end, layout.end, "end: \(message)")
                    var starts = layout.cells.map { $0.start - found.start }
                    starts.append(layout.contentEnd - found.start)
                    for i in starts {
                        XCTAssertEqual(runs.column(ofByte: i, row: row), layout.column(ofByte: found.start + i), "column of byte \(i): \(message)")
                    }
                    for column in 0...(layout.end + 2) {
                        XCTAssertEqual(found.start + runs.byte(atColumn: column, row: row), layout.byte(atColumn: column),
                                       "byte at column \(column): \(message)")
                    }
                }
            }
        }
        print("RowRunsTests: \(rows) rows compared (\(bidiRows) with levels), \(declined) declined")
        XCTAssertGreaterThan(bidiRows, 500)
        XCTAssertLessThan(declined * 4, rows, "the runs declined most rows")
    }

    /// The scalars around a level change that may or may not start a cluster.
    func testStartsClusterOnlyWhereNoRuleJoins() {
        func starts(_ text: String, at i: Int) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { RowRuns.startsCluster($0, at: i) }
        }
        XCTAssertTrue(starts("aש", at: 1))
        XCTAssertTrue(starts("a ", at: 1))
        XCTAssertTrue(starts("a\t", at: 1))
        XCTAssertFalse(starts("a\u{301}", at: 1), "a mark goes on the cluster")
        XCTAssertFalse(starts("a\u{200D}", at: 1), "a joiner goes on the cluster")
        XCTAssertFalse(starts("\u{600}1", at: 2), "a prepended scalar takes the next one")
        XCTAssertFalse(starts("🇫🇷", at: 4), "regional indicators pair")
        XCTAssertFalse(starts("क्ष", at: 6), "a consonant after a virama")
        XCTAssertTrue(starts("\u{600}\t", at: 2), "a control is never taken")
    }
}
