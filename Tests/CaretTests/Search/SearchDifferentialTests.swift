import XCTest
@testable @_spi(Reference) import Caret

/// Every match of the engine over the rope against ICU on the flat text (`SearchReference`), on
/// every file of the shared corpus (a window of each large one) and of `Corpus/samples`, for
/// literal, case-insensitive, diacritic-insensitive, normalisation-insensitive, whole-word and
/// regular-expression queries taken from each text itself. Under `TinyShapes` the text lies in
/// 4-byte chunks, so matches span seams everywhere. Seeded (`SEED`).
final class SearchDifferentialTests: XCTestCase {
    #if TinyShapes
    static let defaultWindow = 1_500
    #else
    static let defaultWindow = 6_000
    #endif
    /// Tenths of the queries run on each corpus file (all on the samples).
    static let share = Int(ProcessInfo.processInfo.environment["SEARCH_SHARE"] ?? "") ?? 3
    static let window = Int(ProcessInfo.processInfo.environment["SEARCH_WINDOW"] ?? "") ?? defaultWindow

    /// The texts: every `.txt` of the samples and of the shared corpus, cut to `window` bytes
    /// (at a scalar boundary) from a seeded place (`SEARCH_WINDOW` overrides the size).
    private func texts(_ random: inout SeededGenerator) throws -> [(String, String)] {
        var roots = [SharedData.packageRoot.appendingPathComponent("Corpus/samples").path]
        if let shared = BoundaryCorpus.sharedCorpus { roots.append(shared) }
        var result: [(String, String)] = []
        for root in roots {
            let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".txt") }.sorted()
            for name in names {
                guard let data = FileManager.default.contents(atPath: root + "/" + name) else { continue }
                var bytes = [UInt8](data)
                if bytes.count > Self.window {
                    var start = Int.random(in: 0...(bytes.count - Self.window), using: &random)
                    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
                    var end = start + Self.window
                    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                    bytes = Array(bytes[start..<end])
                }
                let label = root == roots[0] ? "samples:" + name : name
                result.append((label, String(decoding: bytes, as: UTF8.self)))
            }
        }
        return result
    }

    /// Queries for `text`: pieces of it (one to four clusters, and a word), changed in case and
    /// marks, and a few regular expressions.
    private func queries(_ text: String, _ random: inout SeededGenerator) -> [TextSearchQuery] {
        let clusters = Array(text)
        guard !clusters.isEmpty else { return [] }
        var pieces: [String] = []
        for length in [1, 2, 4] {
            let at = Int.random(in: 0..<clusters.count, using: &random)
            pieces.append(String(clusters[at..<min(clusters.count, at + length)]))
        }
        let words = text.split { !$0.isLetter }
        if let word = words.randomElement(using: &random) { pieces.append(String(word)) }
        var result: [TextSearchQuery] = []
        for piece in pieces {
            result.append(TextSearchQuery(piece))
            result.append(TextSearchQuery(piece.uppercased(), ignoresCase: true))
            result.append(TextSearchQuery(piece.lowercased(), ignoresCase: true))
            result.append(TextSearchQuery(piece.decomposedStringWithCanonicalMapping, ignoresNormalization: true))
            let bare = String(String.UnicodeScalarView(piece.decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.properties.canonicalCombiningClass.rawValue == 0 }))
            result.append(TextSearchQuery(bare, ignoresDiacritics: true))
            result.append(TextSearchQuery(bare, ignoresCase: true, ignoresDiacritics: true))
            result.append(TextSearchQuery(piece, wordMatch: .whole))
            result.append(TextSearchQuery(piece, ignoresCase: true, wordMatch: .prefix))
        }
        result.append(TextSearchQuery("\\p{L}\\p{M}*\\s", syntax: .regularExpression))
        result.append(TextSearchQuery("(\\p{Lu})(\\p{Ll}+)", syntax: .regularExpression, wordMatch: .whole))
        result.append(TextSearchQuery("\\d+|\\b\\w{3}\\b", syntax: .regularExpression))
        result.append(TextSearchQuery(".\\X?", syntax: .regularExpression))
        if let first = pieces.first {
            result.append(TextSearchQuery(Self.escaped(first), syntax: .regularExpression))
            result.append(TextSearchQuery(Self.escaped(first), syntax: .regularExpression, ignoresCase: true))
        }
        return result
    }

    private static func escaped(_ s: String) -> String { "\\Q" + s.replacingOccurrences(of: "\\E", with: "") + "\\E" }

    func testEveryMatchEqualsICUOnTheFlatText() throws {
        var (random, seed) = SeededGenerator.fromEnvironment(default: 24)
        var compared = 0, matches = 0, files = 0
        for (name, text) in try texts(&random) {
            files += 1
            let document = TextDocument(text)
            let reference = SearchReference(text)
            // Each kind of query on the samples; a seeded tenth of them on each corpus file.
            var chosen = queries(text, &random)
            if !name.hasPrefix("samples:") { chosen = chosen.filter { _ in Int.random(in: 0..<10, using: &random) < Self.share } }
            for query in chosen {
                let t0 = Date()
                let expected = try reference.matches(query)
                let t1 = Date()
                let actual = try document.matches(of: query).map(\.utf8Range)
                if ProcessInfo.processInfo.environment["SEARCH_TRACE"] != nil {
                    print(name, query.pattern, query.syntax, t1.timeIntervalSince(t0), Date().timeIntervalSince(t1))
                }
                compared += 1
                matches += expected.count
                if actual != expected {
                    let firstDifference = zip(actual, expected).first { $0 != $1 }
                    XCTFail("SEED=\(seed) \(name): \(query): \(actual.count) matches, ICU \(expected.count); first difference \(String(describing: firstDifference))")
                }
                // Backward: the same matches in reverse for literal queries without overlap.
                if query.syntax == .literal && query.wordMatch == .contains && !query.ignoresCase && !query.ignoresDiacritics
                    && !query.ignoresNormalization {
                    let backward = try document.matches(of: query, direction: .backward).map(\.utf8Range)
                    if Set(backward) != Set(expected) && !Self.overlapsItself(query.pattern) {
                        XCTFail("\(name): backward \(query.pattern.debugDescription): \(backward.count) vs \(expected.count)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(files, 30)
        XCTAssertGreaterThan(matches, files)
        print("search differential: \(files) files, \(compared) queries, \(matches) matches")
    }

    /// True when the pattern can overlap a copy of itself (a backward search may then pair
    /// occurrences differently from a forward one).
    private static func overlapsItself(_ p: String) -> Bool {
        let b = Array(p.utf8)
        return (1..<max(b.count, 1)).contains { b[$0...].elementsEqual(b[..<(b.count - $0)]) }
    }
}
