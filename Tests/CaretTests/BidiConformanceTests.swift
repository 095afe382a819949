import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Unicode's bidi conformance data through the public API: the paragraph direction, and the
/// order in which a right-sweep of carets crosses the characters.
final class BidiConformanceTests: XCTestCase {
    /// Every case of BidiCharacterTest.txt: the resolved paragraph direction and every level
    /// must match, and the visual order read from caret movement must equal the file's, at
    /// grapheme granularity. No case is excused: where ICU's own `ubidi` orders a case
    /// differently from the file (30 cases with ICU 72: 22 in the order of whole clusters, 8
    /// only in where a mark after a bracket goes; counted and printed here),
    /// `BidiResolver` follows the file. Cases in which some grapheme's characters are not
    /// contiguous in the file's order (so no caret order can express it) are skipped and counted.
    func testBidiCharacterTest() throws {
        let data = try SharedData.unicodeFile("BidiCharacterTest.txt")
        var applicable = 0, passed = 0, skipped = 0, failures = 0, icuDiffers = 0, icuDiffersForCarets = 0
        for raw in data.split(separator: "\n", omittingEmptySubsequences: true) {
            if raw.hasPrefix("#") { continue }
            let fields = raw.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let levels = fields[3].split(separator: " ").map(String.init)
            let visual = fields[4].split(separator: " ").map { Int($0)! }

            var doc = TextDocument(text)
            let whole = doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!
            switch fields[1] {
            case "0": try doc.setBaseWritingDirection(.leftToRight, for: whole)
            case "1": try doc.setBaseWritingDirection(.rightToLeft, for: whole)
            default: break
            }
            let graphemeOf = GraphemeOrder.graphemeOfScalar(doc)
            guard let expected = GraphemeOrder.expected(visual: visual, graphemeOf: graphemeOf) else {
                skipped += 1
                continue
            }
            var ok = true
            let direction = doc.baseWritingDirection(for: doc.beginningOfDocument)
            if direction != (fields[2] == "1" ? .rightToLeft : .leftToRight) {
                ok = false
            }
            // Graphemes all of whose characters X9 removes have no place in the file's order.
            let shown = Set(levels.indices.filter { levels[$0] != "x" }.map { graphemeOf[$0] })
            guard let indices = VisualProbe.visualIndices(doc, line: 0) else {
                XCTFail("BidiCharacterTest (no sweep): \(raw)")
                continue
            }
            let order = indices.indices.sorted { indices[$0] < indices[$1] }.filter { shown.contains($0) }
            if order != expected { ok = false }
            // The resolved levels themselves, character by character ("x": removed by X9).
            let forced: UInt8? = fields[1] == "0" ? 0 : fields[1] == "1" ? 1 : nil
            let resolution = scalars.map(\.value).withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
            for (k, expectedLevel) in levels.enumerated() where expectedLevel != "x" {
                let level = resolution.levels.isEmpty ? resolution.paragraphLevel : resolution.levels[k]
                if String(level) != expectedLevel { ok = false }
            }
            // For the record: does ICU's flat order agree with the file here, per character and
            // collapsed to the clusters a caret crosses?
            let units = UnitTable(text)
            if let icu = ICUReference.bidiVisualOrder(Array(text.utf16), paragraphLevel: forced) {
                let icuOrder = icu.visual.compactMap { units.scalarIndex(utf16: $0) }.filter { levels[$0] != "x" }
                if icuOrder != visual {
                    icuDiffers += 1
                    // The differential test and FuzzBidi excuse ICU only for these kinds of text.
                    XCTAssertNotNil(BidiFuzz.knownICUDeviation(scalars.map(\.value)), "ICU differs on a case of no known kind: \(raw)")
                }
                if let clusters = GraphemeOrder.expected(visual: icuOrder, graphemeOf: graphemeOf), clusters != expected {
                    icuDiffersForCarets += 1
                }
            }
            applicable += 1
            if ok {
                passed += 1
            } else {
                failures += 1
                if failures <= 10 { XCTFail("BidiCharacterTest: \(raw)") }
            }
        }
        print("BidiCharacterTest: \(applicable) applicable, \(passed) passed (levels and caret order), "
              + "\(skipped) skipped (grapheme order undefined); ICU's ubidi (Unicode \(ICUReference.unicodeVersion)) orders \(icuDiffers) of them differently, "
              + "\(icuDiffersForCarets) in the order of whole clusters (the rest split a cluster: a mark after a bracket)")
        XCTAssertEqual(passed, applicable)
        XCTAssertEqual(applicable + skipped, 91_707, "every case of the file is read")
    }
}

extension BidiConformanceTests {
    /// A character of each bidi class, for BidiTest.txt (no brackets, no marks that join).
    static let representative: [String: Unicode.Scalar] = [
        "L": "a", "R": "\u{05D0}", "AL": "\u{0627}", "EN": "1", "ES": "+", "ET": "$", "AN": "\u{0660}",
        "CS": ",", "NSM": "\u{0300}", "BN": "\u{00AD}", "B": "\u{2029}", "S": "\t", "WS": " ", "ON": "!",
        "LRE": "\u{202A}", "LRO": "\u{202D}", "RLE": "\u{202B}", "RLO": "\u{202E}", "PDF": "\u{202C}",
        "LRI": "\u{2066}", "RLI": "\u{2067}", "FSI": "\u{2068}", "PDI": "\u{2069}",
    ]

    /// BidiTest.txt: every case's levels in every paragraph mode it lists, every
    /// auto-direction case's paragraph direction through `baseWritingDirection(for:)`, and for every case and paragraph mode the caret order of
    /// the first line against the file's `@Reorder` (the paragraph separator, a line
    /// terminator here, left out). The caret orders of every eighth case are checked unless
    /// `CARET_FULL_BIDI=1` asks for all (about 770,000; two and a half minutes in debug).
    func testBidiTest() throws {
        let data = try SharedData.unicodeFile("BidiTest.txt")
        let full = ProcessInfo.processInfo.environment["CARET_FULL_BIDI"] == "1"
        var caseNumber = 0
        var reorder: [Int] = []
        var expectedLevels: [Substring] = []
        var directions = 0, orders = 0, levelCases = 0, skipped = 0, failures = 0
        for raw in data.split(separator: "\n", omittingEmptySubsequences: true) {
            if raw.hasPrefix("#") { continue }
            if raw.hasPrefix("@Reorder:") {
                reorder = raw.dropFirst("@Reorder:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Int($0)! }
                continue
            }
            if raw.hasPrefix("@Levels:") {
                expectedLevels = raw.dropFirst("@Levels:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
                continue
            }
            if raw.hasPrefix("@") { continue }
            let parts = raw.split(separator: ";")
            guard parts.count == 2, let bits = Int(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) else { continue }
            let classes = parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            var text = ""
            for c in classes { text.unicodeScalars.append(Self.representative[String(c)]!) }
            let base = TextDocument(text)
            caseNumber += 1
            let checkOrder = full || caseNumber % 8 == 0
            let scalars = text.unicodeScalars.map(\.value)
            for (bit, mode) in [(1, WritingDirection.natural), (2, .leftToRight), (4, .rightToLeft)] where bits & bit != 0 {
                // Every case's levels, straight from the resolver.
                let forced: UInt8? = mode == .natural ? nil : mode == .leftToRight ? 0 : 1
                let resolution = scalars.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
                levelCases += 1
                for (k, expectedLevel) in expectedLevels.enumerated() where expectedLevel != "x" {
                    let level = resolution.levels.isEmpty ? resolution.paragraphLevel : resolution.levels[k]
                    if String(level) != expectedLevel {
                        failures += 1
                        if failures <= 10 { XCTFail("BidiTest levels (\(mode)): \(raw) expected \(expectedLevels)") }
                        break
                    }
                }
                var doc = base
                try doc.setBaseWritingDirection(mode, for: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)
                if mode == .natural {
                    directions += 1
                    let expected: WritingDirection = BidiFuzz.referenceParagraphLevel(scalars) == 1 ? .rightToLeft : .leftToRight
                    if doc.baseWritingDirection(for: doc.beginningOfDocument) != expected {
                        failures += 1
                        if failures <= 10 { XCTFail("BidiTest direction: \(raw)") }
                    }
                }
                guard checkOrder else { continue }
                let graphemeOf = GraphemeOrder.graphemeOfScalar(doc)
                let firstLine = Set(graphemeOf.indices.filter { classes[$0] != "B" }.map { graphemeOf[$0] })
                guard let expected = GraphemeOrder.expected(visual: reorder.filter { classes[$0] != "B" }, graphemeOf: graphemeOf) else {
                    skipped += 1
                    continue
                }
                let shown = Set(expected)
                guard let indices = VisualProbe.visualIndices(doc, line: 0) else { failures += 1; continue }
                let order = indices.indices.sorted { indices[$0] < indices[$1] }.filter { shown.contains($0) && firstLine.contains($0) }
                orders += 1
                if order != expected {
                    failures += 1
                    if failures <= 10 { XCTFail("BidiTest order (\(mode)): \(raw) expected \(expected) got \(order)") }
                }
            }
        }
        print("BidiTest: \(levelCases) cases' levels, \(directions) auto-direction cases, \(orders) caret orders checked, "
              + "\(skipped) skipped (grapheme order undefined), \(failures) failures")
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(directions, 100_000)
        XCTAssertGreaterThan(levelCases, 750_000)
    }
}
