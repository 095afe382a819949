import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Every case of WordBreakTest.txt, SentenceBreakTest.txt and LineBreakTest.txt through the rope
/// (ICU reading the chunks through a UText): whole (tiny chunks in the `TinyShapes` build), by random
/// access at every scalar offset, and built from two halves joined at every scalar seam. Cases
/// where ICU 72 tailors the Unicode 15.0 rules are compared against ICU on the flat text and
/// counted; the counts are pinned so that a change shows.
final class SegmentationConformanceTests: XCTestCase {
    struct Case {
        var text: String
        var scalars: [Unicode.Scalar]
        var boundaries: [Int]   // scalar indexes, 0 and the end included
        var line: Int
    }

    static func cases(_ file: String) throws -> [Case] {
        let data = try SharedData.unicodeFile(file)
        var result: [Case] = []
        for (n, raw) in data.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in tokens {
                if token == "÷" { boundaries.append(scalars.count) }
                else if token == "×" { continue }
                else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) { scalars.append(s) }
            }
            // LineBreakTest.txt marks the start with "×" (LB2); a boundary list starts at 0.
            if boundaries.first != 0 { boundaries.insert(0, at: 0) }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            result.append(Case(text: text, scalars: scalars, boundaries: boundaries, line: n + 1))
        }
        return result
    }

    /// ICU's boundaries on the flat text, as scalar indexes with statuses.
    static func flatICU(_ kind: String, _ c: Case) -> [(scalar: Int, status: Int)] {
        let table = UnitTable(c.text)
        return ICUReference.boundariesUTF16(kind, Array(c.text.utf16)).map { (table.scalarIndex(utf16: $0.offset)!, $0.status) }
    }

    /// The document's raw boundaries (through the rope) as scalar indexes with statuses.
    static func rope(_ kind: String, _ doc: TextDocument, _ table: UnitTable) -> [(scalar: Int, status: Int)] {
        doc.segmentBoundaries(kind).map { b in (table.utf8.firstIndex(of: b.utf8Offset) ?? -1, b.status) }
    }

    struct Tally: CustomStringConvertible {
        var cases = 0, asInFile = 0, tailored = 0, tailoredLines: [Int] = []
        /// Cases with a boundary inside a grapheme cluster, which positions cannot name: the
        /// public API is checked on the grapheme boundaries, the raw entry point on all.
        var insideClusters = 0
        var description: String {
            "\(cases) cases: \(asInFile) as in the file, \(tailored) where ICU 72 tailors the rules (checked against flat ICU), \(insideClusters) with a boundary inside a grapheme cluster"
                + (tailoredLines.isEmpty ? "" : "; lines \(tailoredLines.prefix(12).map(String.init).joined(separator: ", "))\(tailoredLines.count > 12 ? ", …" : "")")
        }
    }

    /// Runs every case of `file` for `kind`; returns the tally.
    func run(_ file: String, _ kind: String, seams: Bool, randomAccess: Bool) throws -> Tally {
        var tally = Tally()
        for c in try Self.cases(file) {
            tally.cases += 1
            let table = UnitTable(c.text)
            let flat = Self.flatICU(kind, c)
            var expected = c.boundaries
            if flat.map(\.scalar) == c.boundaries {
                tally.asInFile += 1
            } else {
                tally.tailored += 1
                tally.tailoredLines.append(c.line)
                expected = flat.map(\.scalar)
            }
            let statuses = flat.map(\.status)
            func check(_ doc: TextDocument, _ label: String) {
                let got = Self.rope(kind, doc, table)
                XCTAssertEqual(got.map(\.scalar), expected, "\(file) line \(c.line) \(label)")
                XCTAssertEqual(got.map(\.status), statuses, "\(file) line \(c.line) \(label): rule statuses")
            }
            let doc = TextDocument(c.text)
            check(doc, storageShape)
            let clusters = ICUReference.graphemeBoundariesUTF16(Array(c.text.utf16)).map { table.scalarIndex(utf16: $0)! }
            if !Set(expected).isSubset(of: clusters) { tally.insideClusters += 1 }
            checkPublicAPI(kind, doc, c, expected: expected, statuses: statuses, clusters: clusters, table: table)
            if randomAccess {
                for s in 0...c.scalars.count {
                    XCTAssertEqual(doc.isSegmentBoundary(kind, utf8Offset: table.utf8[s]), expected.contains(s),
                                   "\(file) line \(c.line): random access at scalar \(s)")
                }
            }
            if seams {
                for split in 1..<max(c.scalars.count, 1) {
                    var prefix = "", suffix = ""
                    prefix.unicodeScalars.append(contentsOf: c.scalars[..<split])
                    suffix.unicodeScalars.append(contentsOf: c.scalars[split...])
                    var appended = TextDocument(prefix)
                    try appended.insert(suffix, at: appended.endOfDocument)
                    check(appended, "append at \(split)")
                    var prepended = TextDocument(suffix)
                    try prepended.insert(prefix, at: prepended.beginningOfDocument)
                    check(prepended, "prepend at \(split)")
                }
            }
        }
        return tally
    }

    /// The public calls against a model built from the flat boundaries: pieces between the
    /// boundaries that are grapheme boundaries; a word piece holds a segment with a letter,
    /// number, kana or ideographic status.
    func checkPublicAPI(_ kind: String, _ doc: TextDocument, _ c: Case, expected: [Int], statuses: [Int],
                        clusters: [Int], table: UnitTable) {
        let accepted = expected.filter { clusters.contains($0) }
        func position(_ s: Int) -> TextPosition { doc.position(at: table.utf16[s], unit: .utf16)! }
        func scalar(_ p: TextPosition?) -> Int? { p.flatMap { doc.offset(of: $0, unit: .unicodeScalar) } }
        switch kind {
        case "line":
            let got = doc.lineBreakOpportunities(in: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)!
            XCTAssertEqual(got.map { scalar($0.position)! }, Array(accepted.dropFirst()), "line \(c.line): lineBreakOpportunities")
        case "sentence":
            for g in clusters {
                let p = position(g)
                XCTAssertEqual(doc.isPosition(p, atBoundary: .sentence, in: .storage(.forward)), g > 0 && accepted.contains(g),
                               "line \(c.line): sentence boundary at \(g)")
                let next = accepted.first { $0 > g }
                XCTAssertEqual(scalar(doc.position(from: p, toBoundary: .sentence, in: .storage(.forward))), next,
                               "line \(c.line): next sentence from \(g)")
            }
        default:
            // Pieces between accepted boundaries; a piece is a word if a raw segment in it is.
            var pieces: [(start: Int, end: Int, word: Bool)] = []
            for k in 1..<accepted.count {
                let a = accepted[k - 1], b = accepted[k]
                let word = expected.indices.contains { expected[$0] > a && expected[$0] <= b && statuses[$0] >= 100 }
                pieces.append((a, b, word))
            }
            for g in clusters {
                let p = position(g)
                let before = pieces.first { $0.end == g }, after = pieces.first { $0.start == g }
                let around = pieces.first { $0.start <= g && g < $0.end }
                XCTAssertEqual(doc.isPosition(p, atBoundary: .word, in: .storage(.forward)), before?.word ?? false,
                               "line \(c.line): word end at \(g)")
                XCTAssertEqual(doc.isPosition(p, atBoundary: .word, in: .storage(.backward)), after?.word ?? false,
                               "line \(c.line): word start at \(g)")
                XCTAssertEqual(doc.isPosition(p, withinTextUnit: .word, in: .storage(.forward)), around?.word ?? false,
                               "line \(c.line): within a word at \(g)")
                let next = pieces.first { $0.word && $0.end > g }?.end
                XCTAssertEqual(scalar(doc.position(from: p, toBoundary: .word, in: .storage(.forward))), next,
                               "line \(c.line): next word end from \(g)")
                let previous = pieces.last { $0.word && $0.start < g }?.start
                XCTAssertEqual(scalar(doc.position(from: p, toBoundary: .word, in: .storage(.backward))), previous,
                               "line \(c.line): previous word start from \(g)")
                let enclosing = doc.rangeEnclosing(p, with: .word, in: .storage(.forward))
                XCTAssertEqual(enclosing.map { [scalar($0.start)!, scalar($0.end)!] },
                               around.flatMap { $0.word ? [$0.start, $0.end] : nil }, "line \(c.line): word around \(g)")
            }
        }
    }

    func testWordBreakTest() throws {
        let tally = try run("WordBreakTest.txt", "word", seams: true, randomAccess: true)
        print("WordBreakTest.txt: \(tally)")
        XCTAssertEqual(tally.cases, 1823)
        XCTAssertEqual(tally.tailored, Self.expectedTailored["word"])
        XCTAssertEqual(tally.insideClusters, 1)
    }

    func testSentenceBreakTest() throws {
        let tally = try run("SentenceBreakTest.txt", "sentence", seams: true, randomAccess: true)
        print("SentenceBreakTest.txt: \(tally)")
        XCTAssertEqual(tally.cases, 502)
        XCTAssertEqual(tally.tailored, Self.expectedTailored["sentence"])
        XCTAssertEqual(tally.insideClusters, 0)
    }

    func testLineBreakTest() throws {
        let tally = try run("LineBreakTest.txt", "line", seams: true, randomAccess: false)
        print("LineBreakTest.txt: \(tally)")
        XCTAssertEqual(tally.cases, 7654)
        XCTAssertEqual(tally.tailored, Self.expectedTailored["line"])
        XCTAssertEqual(tally.insideClusters, 315)
    }

    /// Cases where ICU 72's rules differ from the Unicode 15.0 test file (see docs/API.md).
    static let expectedTailored: [String: Int] = ["word": 15, "sentence": 0, "line": 22]
}
