import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Seeded random edit sequences over an alphabet of trouble, checked after every step against
/// a flat `String` plus ICU's character break iterator: every count, every grapheme boundary,
/// sampled conversions in every unit and line/column. `SEED=n` replays a run.
final class DifferentialPropertyTests: XCTestCase {
    /// The alphabet of trouble shared with the fuzzers (FuzzHarness/FuzzSupport.swift).
    static let trouble: [String] = troubleAlphabet

    // The storage shape is the build's (standard, or tiny with `--traits TinyShapes`); the
    // runs differ in seed and in how long the text may grow before edits turn to deletes.

    /// Texts up to 3,000 bytes: up to three standard chunks, up to a thousand tiny ones.
    func testRandomEdits() throws {
        try run(steps: 1500, maxBytes: 3000, seed: 1)
    }

    func testRandomEditsSecondSeed() throws {
        try run(steps: 1500, maxBytes: 3000, seed: 2)
    }

    /// Texts up to twelve chunk limits (12 KB standard): a dozen standard chunks, so that
    /// typing, pastes and deletes meet seams, merges and splits in the standard build too.
    func testRandomEditsLongText() throws {
        try run(steps: 800, maxBytes: max(3000, 12 * ChunkLimits.maxBytes), seed: 3)
    }

    func randomText(_ rng: inout SeededGenerator, maxPieces: Int) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 1...maxPieces, using: &rng) {
            s += Self.trouble.randomElement(using: &rng)!
        }
        return s
    }

    func run(steps: Int, maxBytes: Int, seed fallback: UInt64) throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: fallback)
        print("DifferentialPropertyTests seed \(seed) (SEED=\(seed) replays), \(storageShape)")
        var doc = TextDocument("")
        var reference = FlatReference(text: "")
        for step in 0..<steps {
            let boundaries = reference.boundariesUTF16
            let table = UnitTable(reference.text)
            func randomBoundary() -> Int { Int.random(in: 0..<boundaries.count, using: &rng) }
            let op = Int.random(in: 0..<10, using: &rng)
            var a = randomBoundary(), b = randomBoundary()
            if a > b { swap(&a, &b) }
            var inserted = ""
            if reference.text.utf8.count > maxBytes || op < 2 {
                inserted = ""                                    // delete
            } else if op < 3 {
                inserted = randomText(&rng, maxPieces: 400)      // large paste
            } else if op < 7 {
                b = a                                            // typing
                inserted = randomText(&rng, maxPieces: 4)
            } else {
                inserted = randomText(&rng, maxPieces: 12)       // replace
            }
            // Apply to the reference by scalar index, and to the document by position.
            let sa = table.scalarIndex(utf16: boundaries[a])!, sb = table.scalarIndex(utf16: boundaries[b])!
            var scalars = reference.scalars
            scalars.replaceSubrange(sa..<sb, with: Array(inserted.unicodeScalars))
            var newText = ""
            newText.unicodeScalars.append(contentsOf: scalars)

            guard let pa = doc.position(at: a), let pb = doc.position(at: b),
                  let range = doc.textRange(from: pa, to: pb) else {
                XCTFail("seed \(seed) step \(step): no position for boundary \(a) or \(b)")
                return
            }
            XCTAssertEqual(doc.offset(of: pa, unit: .utf16), boundaries[a], "seed \(seed) step \(step)")
            let copy = doc
            let copyText = reference.text
            let result = try doc.replace(range, withText: inserted)
            reference.text = newText
            XCTAssertEqual(copy.string, copyText, "seed \(seed) step \(step): the copy changed")
            // The returned range is the new text widened to the nearest grapheme boundaries.
            let newTable = UnitTable(newText)
            let newBoundaries = reference.boundariesUTF16.map { newTable.scalarIndex(utf16: $0)! }
            let insertedEnd = sa + inserted.unicodeScalars.count
            XCTAssertEqual(doc.offset(of: result.start, unit: .unicodeScalar), newBoundaries.last { $0 <= sa },
                           "seed \(seed) step \(step): start of the returned range; replaced scalars \(sa)..<\(sb) with \(inserted.unicodeScalars.map { String($0.value, radix: 16) }) in \(copyText.unicodeScalars.map { String($0.value, radix: 16) }) chunks \(copy.rope.chunks.map { $0.bytes.count })")
            XCTAssertEqual(doc.offset(of: result.end, unit: .unicodeScalar),
                           inserted.isEmpty ? newBoundaries.last { $0 <= sa } : newBoundaries.first { $0 >= insertedEnd },
                           "seed \(seed) step \(step): end of the returned range")
            doc.checkInvariants()
            if !check(doc, reference, &rng, "seed \(seed) step \(step)") { return }
        }
    }

    /// Compares everything; returns false after the first failing step so the log stays short.
    func check(_ doc: TextDocument, _ reference: FlatReference, _ rng: inout SeededGenerator, _ label: String) -> Bool {
        let failuresBefore = testRun?.failureCount ?? 0
        let text = reference.text
        let boundaries = reference.boundariesUTF16
        let table = UnitTable(text)
        XCTAssertEqual(doc.string, text, label)
        XCTAssertEqual(doc.count(in: .utf8), text.utf8.count, label)
        XCTAssertEqual(doc.count(in: .utf16), text.utf16.count, label)
        XCTAssertEqual(doc.count(in: .unicodeScalar), text.unicodeScalars.count, label)
        XCTAssertEqual(doc.count, boundaries.count - 1, "\(label): graphemes")
        XCTAssertEqual(doc.lineCount, reference.lineBreakCount + 1, "\(label): lines")
        // Every grapheme boundary, in every unit.
        for (k, u) in boundaries.enumerated() {
            guard let p = doc.position(at: k) else { XCTFail("\(label): no position \(k)"); break }
            let s = table.scalarIndex(utf16: u)!
            XCTAssertEqual(doc.offset(of: p, unit: .utf16), u, "\(label): boundary \(k) utf16")
            XCTAssertEqual(doc.offset(of: p, unit: .unicodeScalar), s, "\(label): boundary \(k) scalars")
            XCTAssertEqual(doc.offset(of: p, unit: .utf8), table.utf8[s], "\(label): boundary \(k) utf8")
            XCTAssertEqual(doc.offset(of: p), k, "\(label): boundary \(k) graphemes")
        }
        // The cluster sequence walks the same boundaries.
        let walked = doc.graphemeRanges.map { doc.offset(of: $0.end, unit: .utf16) ?? -1 }
        XCTAssertEqual(walked, Array(boundaries.dropFirst()), "\(label): graphemeRanges")
        // Sampled UTF-16 offsets snap back to the boundary at or before them.
        for _ in 0..<16 {
            let u = Int.random(in: 0...text.utf16.count, using: &rng)
            let want = boundaries.last { $0 <= u }!
            XCTAssertEqual(doc.position(at: u, unit: .utf16).flatMap { doc.offset(of: $0, unit: .utf16) }, want, "\(label): utf16 \(u)")
        }
        // Relative steps agree with absolute offsets (in and across chunks).
        for _ in 0..<8 {
            let k = Int.random(in: 0..<boundaries.count, using: &rng)
            let d = Int.random(in: -4...4, using: &rng)
            let want = (0..<boundaries.count).contains(k + d) ? doc.position(at: k + d) : nil
            XCTAssertEqual(doc.position(from: doc.position(at: k)!, offset: d), want, "\(label): \(k) + \(d)")
        }
        // Sampled line/column both ways.
        let lineStarts = Self.lineStartBoundaries(reference, boundaries: boundaries, table: table)
        for _ in 0..<8 {
            let k = Int.random(in: 0..<boundaries.count, using: &rng)
            let line = lineStarts.lastIndex { $0 <= k }!
            let p = doc.position(at: k)!
            let lc = doc.lineAndColumn(of: p)
            XCTAssertEqual(lc?.line, line, "\(label): line of \(k)")
            XCTAssertEqual(lc?.column, k - lineStarts[line], "\(label): column of \(k)")
            XCTAssertEqual(doc.position(line: line, column: k - lineStarts[line]), p, "\(label): position(line:column:) of \(k)")
        }
        XCTAssertNil(doc.position(at: boundaries.count), label)
        XCTAssertNil(doc.position(at: -1), label)
        return (testRun?.failureCount ?? 0) == failuresBefore
    }

    /// The grapheme index at which each line starts (after each terminator).
    static func lineStartBoundaries(_ reference: FlatReference, boundaries: [Int], table: UnitTable) -> [Int] {
        var starts = [0]
        let scalars = reference.scalars
        var i = 0
        var utf16 = 0
        var k = 0
        while i < scalars.count {
            var length = scalars[i].value > 0xFFFF ? 2 : 1
            var isBreak = false
            switch scalars[i].value {
            case 0x0D:
                isBreak = true
                if i + 1 < scalars.count && scalars[i + 1].value == 0x0A { i += 1; length += 1 }
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: isBreak = true
            default: break
            }
            utf16 += length
            i += 1
            if isBreak {
                while boundaries[k] < utf16 { k += 1 }
                starts.append(k)
            }
        }
        return starts
    }
}
