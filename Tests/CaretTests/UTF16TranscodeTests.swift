@testable import Caret
import XCTest

/// `UTF8Scalars.transcodeToUTF16` (the rope's pieces for ICU, a line's UTF-16 for the wrap, a
/// field's resulting text) against the standard library's UTF-16 view, both ways it works — the
/// vector path of CaretSIMD (32 bytes or more, where the processor has it) and the loops by
/// sequence length — with room for one unit a byte and with exactly the room the UTF-16 takes
/// (a guard unit after it must stay untouched): ASCII runs of every length from 0 to 20 around
/// scalars of two, three and four bytes, at every alignment, runs of one length, and random
/// mixes short and long (many 16-byte blocks, seams inside sequences). Seeded (`SEED`).
final class UTF16TranscodeTests: XCTestCase {
    private func check(_ text: String, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let expected = Array(text.utf16)
        let guardUnit: UInt16 = 0xBEEF
        for exact in [false, true] {
            let capacity = exact ? expected.count : bytes.count
            var out = [UInt16](repeating: guardUnit, count: capacity + 1)
            let written = bytes.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { UTF8Scalars.transcodeToUTF16(p, into: $0.baseAddress!, capacity: capacity) }
            }
            XCTAssertEqual(Array(out[..<written]), expected, "\(text.debugDescription) exact \(exact) \(message())", file: file, line: line)
            XCTAssertEqual(out[capacity], guardUnit, "wrote past the room, \(text.debugDescription) \(message())", file: file, line: line)
        }
        var out = [UInt16](repeating: guardUnit, count: expected.count + 1)
        let written = bytes.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { UTF8Scalars.transcodeByLength(p, into: $0.baseAddress!) }
        }
        XCTAssertEqual(Array(out[..<written]), expected, "by length: \(text.debugDescription) \(message())", file: file, line: line)
        XCTAssertEqual(out[expected.count], guardUnit, "by length wrote past the units, \(message())", file: file, line: line)
    }

    func testVectorPathIsTakenOnX86() {
        #if arch(x86_64)
        XCTAssertTrue(UTF8Scalars.hasVectorTranscoder, "no SSSE3: the tests below check the loops by length only")
        #endif
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

    /// Long texts: every 16-byte block kind (ASCII, mixed lengths, holding a four-byte
    /// sequence) one after another, sequences across the blocks' seams, the last bytes on
    /// their own.
    func testLongRandomTexts() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2026)
        let pieces = ["a", "the quick brown fox ", "é", "шрифт ", "中文字", "👍🏽", "\u{1F1EB}\u{1F1F7}", "\t", "\r\n",
                      "شكرا ", "\u{10FFFF}", "0123456789", "ελληνικά", "\u{7FF}\u{800}", "\u{FFFF}"]
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        for round in 0..<300 {
            var text = ""
            if round % 2 == 0 {
                for _ in 0..<Int.random(in: 0...400, using: &rng) { text += pieces.randomElement(using: &rng)! }
            } else {
                let favourite = ranges.randomElement(using: &rng)!
                for _ in 0..<Int.random(in: 0...600, using: &rng) {
                    let range = Bool.random(using: &rng) ? favourite : ranges.randomElement(using: &rng)!
                    text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &rng))!)
                }
            }
            check(text, "round \(round) SEED=\(seed)")
        }
    }
}
