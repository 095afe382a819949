@testable import Caret
import XCTest

/// `UTF8Scalars.transcodeToUTF16` (the rope's pieces for ICU, a line's UTF-16 for the wrap, a
/// field's resulting text) against the standard library's UTF-16 view: ASCII runs of every
/// length from 0 to 20 around scalars of two, three and four bytes, at every alignment, runs of
/// one length, and random mixes. Seeded (`SEED`).
final class UTF16TranscodeTests: XCTestCase {
    private func check(_ text: String, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let units = bytes.withUnsafeBufferPointer { p in
            [UInt16](unsafeUninitializedCapacity: max(p.count, 1)) { out, count in
                count = UTF8Scalars.transcodeToUTF16(p, into: out.baseAddress!)
            }
        }
        XCTAssertEqual(units, Array(text.utf16), "\(text.debugDescription) \(message())", file: file, line: line)
    }

    func testASCIIRunsAroundEveryLengthOfScalar() {
        check("")
        for other in ["é", "中", "👍", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}"] {
            for before in 0...20 {
                for after in 0...20 {
                    check(String(repeating: "a", count: before) + other + String(repeating: "z", count: after))
                }
            }
        }
    }

    /// Runs of one length (the loops that take two sequences at a time) of every length from 0
    /// to 12, at every alignment, ending in each other length.
    func testRunsOfOneLengthAtEveryAlignment() {
        for run in ["é", "\u{7FF}", "ш", "中", "\u{800}", "\u{FFFF}", "👍"] {
            for count in 0...12 {
                for before in 0...9 {
                    for end in ["", "a", "é", "中", "👍", "ab"] {
                        check(String(repeating: "x", count: before) + String(repeating: run, count: count) + end)
                    }
                }
            }
        }
    }

    func testRandomMixes() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 1608)
        let pieces = ["a", "hello world ", "é", "ш", "中文", "👍🏽", "\u{1F1EB}\u{1F1F7}", "\t", "\r\n", "ش", "\u{10FFFF}", "0123456789"]
        for round in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &rng) { text += pieces.randomElement(using: &rng)! }
            check(text, "round \(round) SEED=\(seed)")
        }
    }
}
