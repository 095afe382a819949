@testable import Caret
import XCTest

/// The scalar fast path of the wrap (`ScalarLineWrap`) against the cluster walk it stands in
/// for: the same visual lines, UTF-16 length and bidi flag for every line of the shared corpus
/// and for random lines built to probe where the two could differ (Prepend before a space,
/// marks and joiners after spaces, tabs, controls, ambiguous and emoji-presentation scalars,
/// Hangul syllables and jamo).
final class ScalarLineWrapTests: XCTestCase {
    struct Wrapped: Equatable {
        var pieces: [LineWrapper.Piece]
        var utf16Count: Int
        var mayRaiseLevels: Bool
    }

    /// `text` wrapped alone at `options`, through the scalar path or the cluster walk.
    func wrap(_ bytes: [UInt8], _ options: SoftWrapOptions, scalarPath: Bool, iterator: ICUBreakIterator?) -> Wrapped {
        var wrapper = LineWrapper()
        var pieces: [LineWrapper.Piece] = []
        bytes.withUnsafeBufferPointer { p in
            wrapper.wrapLine(p, options: options, rootRules: true, scalarPath: scalarPath, preceding: { iterator?.precedingUTF16($0) },
                             emit: { pieces.append($0) })
        }
        return Wrapped(pieces: pieces, utf16Count: wrapper.utf16Count, mayRaiseLevels: wrapper.mayRaiseLevels)
    }

    func check(line: String, _ options: SoftWrapOptions, _ context: @autoclosure () -> String) {
        let bytes = Array(line.utf8)
        let iterator = ICUBreakIterator(.line, utf16: Array(line.utf16))
        let fast = wrap(bytes, options, scalarPath: true, iterator: iterator)
        let slow = wrap(bytes, options, scalarPath: false, iterator: iterator)
        XCTAssertEqual(fast, slow, "\(line.debugDescription) at \(options), \(context())")
        XCTAssertEqual(fast.utf16Count, line.utf16.count, context())
        let flag = bytes.withUnsafeBufferPointer { BidiResolver.mayRaiseLevels($0) }
        XCTAssertEqual(fast.mayRaiseLevels, flag, "\(line.debugDescription), \(context())")
    }

    static func randomOptions(_ rng: inout SeededGenerator) -> SoftWrapOptions {
        let display = DisplayWidthOptions(model: Bool.random(using: &rng) ? .terminal : .clusters,
                                          tabWidth: Int.random(in: 1...8, using: &rng), ambiguousIsWide: Bool.random(using: &rng))
        let width = Bool.random(using: &rng) ? Int.random(in: 1...12, using: &rng) : Int.random(in: 13...100, using: &rng)
        return SoftWrapOptions(width: width, display: display, preservesIndent: Bool.random(using: &rng))
    }

    func testEveryCorpusLineWrapsAsTheClusterWalk() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2626)
        print("ScalarLineWrapTests seed \(seed) (SEED=\(seed) replays)")
        let (_, files) = try BoundaryCorpus.files()
        var lines = 0
        for file in files {
            // The first lines of each file (the large ones are books of the same text).
            var budget = 24_000
            for line in file.text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }) {
                guard budget > 0 else { break }
                budget -= line.utf8.count + 1
                lines += 1
                check(line: String(line), Self.randomOptions(&rng), "\(file.name), seed \(seed)")
            }
        }
        XCTAssertGreaterThan(lines, 1000)
    }

    /// Pieces whose scalars stand alone (the scalar wrap and its word breaks take lines of them)…
    static let alone = ["a", "word", "supercalifragilistic", " ", "  ", "\t", "\u{200B}", "\u{1}", "\u{7F}", "\u{85}", "\u{AD}",
                        "\u{A7}", "\u{2460}", "⌚", "❤", "🙂", "가", "각", "日本", "、", "مرحبا", "\u{661}", "٣", "\u{5D0}",
                        "\u{202E}", "\u{2067}", "-", "(", "( ", "[", "{ ", ")", "¡", "¿ ", "«", "»", "\"", "'", ".", ", ", "%", "$",
                        "/", "1,000", "1", "x", "Z", "\u{A0}", "ж", "ა", "ሀ", "\u{10000}", "𝔸", "\u{E0061}"]
    /// …and pieces that join scalars into clusters (Prepend, marks and joiners after spaces…).
    static let joining = ["\u{600}", "\u{600} ", "\u{600}\t", " \u{301}", " \u{93F}", " \u{200D}", "❤\u{FE0F}", "1\u{FE0F}\u{20E3}",
                          "🇫🇷", "👍🏽", "👨\u{200D}👩", "\u{1100}\u{1161}", "\u{11A8}", "e\u{301}", "दि", "क्ष", "שָׁלוֹם", "สวัสดี",
                          "ລາວ", "\u{1F3FB}"]

    func testRandomLinesWrapAsTheClusterWalk() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 26)
        for _ in 0..<6000 {
            var line = ""
            let pieces = Int.random(in: 0..<3, using: &rng) == 0 ? Self.alone + Self.joining : Self.alone
            for _ in 0..<Int.random(in: 0...40, using: &rng) { line += pieces.randomElement(using: &rng)! }
            check(line: line, Self.randomOptions(&rng), "seed \(seed)")
        }
    }

    /// The scalar sums of `.terminal` (a column reached, the cluster at a column) against the
    /// cluster walk, from every cluster start of random lines.
    func testTerminalColumnsMatchTheClusterWalk() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 27)
        for _ in 0..<1500 {
            var line = ""
            let pieces = Bool.random(using: &rng) ? Self.alone + Self.joining : Self.alone
            for _ in 0..<Int.random(in: 0...30, using: &rng) { line += pieces.randomElement(using: &rng)! }
            let options = DisplayWidthOptions(tabWidth: Int.random(in: 1...8, using: &rng), ambiguousIsWide: Bool.random(using: &rng))
            Array(line.utf8).withUnsafeBufferPointer { p in
                var starts: [Int] = [], widths: [Int] = []
                ClusterWidths.forEachCluster(p, options: options) { s, _, w, _ in
                    starts.append(s)
                    widths.append(w)
                }
                var x = 0, columns: [Int] = [], resolved: [Int] = []
                for w in widths {
                    columns.append(x)
                    resolved.append(ClusterWidths.resolve(w, at: x, options: options))
                    x += resolved[resolved.count - 1]
                }
                XCTAssertEqual(ScalarLineWrap.advance(p, from: 0, options: options), x, "\(line.debugDescription), seed \(seed)")
                for (k, s) in starts.enumerated() {
                    let head = UnsafeBufferPointer(rebasing: p[..<s])
                    XCTAssertEqual(ScalarLineWrap.advance(head, from: 0, options: options), columns[k], "seed \(seed)")
                }
                for column in 0...(x + 2) {
                    guard let (covering, last) = ScalarLineWrap.clusterStart(atColumn: column, in: p, options: options) else { continue }
                    let expected = starts.indices.first { column >= columns[$0] && column < columns[$0] + resolved[$0] }.map { starts[$0] }
                    XCTAssertEqual(covering, expected, "column \(column) of \(line.debugDescription), seed \(seed)")
                    if covering == nil, let lastStart = starts.last { XCTAssertEqual(last, lastStart, "seed \(seed)") }
                }
            }
        }
    }
}
