import XCTest
@testable @_spi(Reference) import Caret

/// Regular expressions searched in UTF-16 windows of the text (`RegexWindows`) against ICU on
/// the whole flat text (`SearchReference`): a text of many windows (the shipped samples over
/// and over, one line longer than the context a window keeps), patterns whose attempts read
/// past a window's end or look before a start (lookahead, `$`, `\b`, lazy and greedy loops over
/// line terminators, lookbehind, which never uses windows), and searches from places
/// inside the text. Under `TinyShapes` the windows are a few dozen bytes.
final class RegexWindowTests: XCTestCase {
    private func longText() throws -> String {
        let root = SharedData.packageRoot.appendingPathComponent("Corpus/samples").path
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".txt") }.sorted()
        var pieces: [String] = []
        for name in names {
            pieces.append(try String(contentsOfFile: root + "/" + name, encoding: .utf8))
        }
        #if TinyShapes
        let repeats = 1
        let longLine = String(repeating: "word Wörter 12 ", count: 20)
        #else
        let repeats = 4
        let longLine = String(repeating: "word Wörter 12 ", count: 6_000)      // 90 KB, no terminator
        #endif
        var text = ""
        for round in 0..<repeats {
            text += pieces.joined(separator: round.isMultiple(of: 2) ? "\n" : "\r\n")
            text += "\n" + longLine + "\n"
        }
        return text
    }

    private let patterns = [
        "\\p{Lu}\\w+ \\d+",
        "(?s)W.{0,40}?d",
        "(?s)Q.*?Z",
        "\\w+(?=\\s\\d)",
        "\\w+(?!\\w)",
        "(?m)^\\p{L}+",
        "(?m)\\p{L}+$",
        "\\b\\w{5}\\b",
        "\\p{L}\\p{M}*\\s",
        ".\\X?",
        "(?<=r)\\w",
        "[^\\n]{200}",
        "\\d+",
    ]

    func testWindowedMatchesEqualICUOnTheFlatText() throws {
        let text = try longText()
        let document = TextDocument(text)
        let reference = SearchReference(text)
        for pattern in patterns {
            for ignoresCase in [false, true] {
                let query = TextSearchQuery(pattern, syntax: .regularExpression, ignoresCase: ignoresCase)
                let expected = try reference.matches(query)
                let actual = try document.matches(of: query).map(\.utf8Range)
                XCTAssertEqual(actual.count, expected.count, "\(pattern) ignoresCase \(ignoresCase)")
                if actual != expected {
                    let first = zip(actual, expected).first { $0 != $1 }
                    XCTFail("\(pattern): first difference \(String(describing: first))")
                }
            }
        }
    }

    func testSearchesFromPlacesInsideTheText() throws {
        let text = try longText()
        let document = TextDocument(text)
        let reference = SearchReference(text)
        let utf8 = Array(text.utf8)
        var random = SeededGenerator(seed: 7)
        for pattern in ["\\p{Lu}\\w+ \\d+", "(?m)^\\p{L}+", "\\w+(?=\\s\\d)", "(?s)W.{0,40}?d"] {
            let query = TextSearchQuery(pattern, syntax: .regularExpression)
            for _ in 0..<12 {
                var start = Int.random(in: 0..<utf8.count, using: &random)
                while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
                guard let position = document.position(at: start, unit: .utf8) else { continue }
                let snapped = position.utf8Offset
                let expected = try reference.matches(query, from: snapped).first
                let actual = try document.firstMatch(of: query, from: position)?.utf8Range
                XCTAssertEqual(actual, expected, "\(pattern) from byte \(snapped)")
            }
        }
    }
}
