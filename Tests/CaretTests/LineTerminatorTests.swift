import XCTest
@testable import Caret

/// `LineTerminator.contains` is the one definition of the hard line terminators; every other
/// form (the chunk scanners' bytes, the summary's line count, the display width table, the
/// list of scalars) is checked against it over every scalar, between letters.
final class LineTerminatorTests: XCTestCase {
    private static let allScalars = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }

    func testTheSetIsTheSevenTerminators() {
        let set = Self.allScalars.filter(LineTerminator.contains)
        XCTAssertEqual(set.map(\.value), [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])
        XCTAssertEqual(LineTerminator.scalars, set)
    }

    func testAKeystrokesLineBreaksAgreeWithTheDefinition() {
        // `TextInput.lineBreaks(in:)` (Return and "holds a break" from the bytes) against the
        // definition: every text of up to three pieces from terminators, their neighbours in
        // UTF-8 (C2 84, E2 80 A7, E2 81 A8) and letters, and a long text with a break at its end.
        let pieces = LineTerminator.scalars.map { String($0) } + ["\r\n", "a", "\u{84}", "\u{2027}", "\u{2068}", "é", "🙂"]
        var texts = [""] + pieces
        for a in pieces { for b in pieces { texts.append(a + b); for c in pieces.prefix(9) { texts.append(a + b + c) } } }
        texts.append(String(repeating: "word ", count: 40) + "\n")
        for text in texts {
            let scalars = Array(text.unicodeScalars)
            let isOne = text == "\r\n" || (scalars.count == 1 && LineTerminator.contains(scalars[0]))
            let any = scalars.contains(where: LineTerminator.contains)
            let found = TextInput.lineBreaks(in: text)
            XCTAssertEqual(found.isOne, isOne, "isOne of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertEqual(found.any, any, "any of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testEveryByteFormAgreesWithTheDefinitionForEveryScalar() {
        // Every scalar between letters ("a", scalar, "a", next scalar…), cut into blocks of
        // about 256 bytes at letters: each block's summary, scanner ends and terminator lengths
        // must be the definition's.
        var failures: [String] = []
        var block: [UInt8] = []
        var expectedEnds: [Int] = []
        var scalarsInBlock: [(Unicode.Scalar, end: Int)] = []
        func check() {
            block.withUnsafeBufferPointer { p in
                let lines = TextSummary.measure(p).lines
                var ends: [Int] = []
                LineTerminator.forEachEnd(in: p, upTo: p.count) { ends.append($0); return true }
                if lines != expectedEnds.count || ends != expectedEnds {
                    failures.append("block of U+\(String(scalarsInBlock[0].0.value, radix: 16)): lines \(lines), ends \(ends), expected \(expectedEnds)")
                }
                for (scalar, end) in scalarsInBlock {
                    let length = LineTerminator.length(endingAt: end, in: p)
                    let expected = LineTerminator.contains(scalar) ? scalar.utf8.count : 0
                    if length != expected || LineTerminator.length(endingAt: end + 1, in: p) != 0 {
                        failures.append("U+\(String(scalar.value, radix: 16)): length \(length)")
                    }
                }
            }
            block.removeAll(keepingCapacity: true)
            expectedEnds.removeAll(keepingCapacity: true)
            scalarsInBlock.removeAll(keepingCapacity: true)
        }
        for scalar in Self.allScalars {
            block.append(0x61)
            block.append(contentsOf: scalar.utf8)
            scalarsInBlock.append((scalar, block.count))
            if LineTerminator.contains(scalar) { expectedEnds.append(block.count) }
            block.append(0x61)
            if block.count >= 256 { check() }
            // The eight-byte skip may only pass over words holding no terminator.
            if LineTerminator.contains(scalar) {
                var word = [UInt8](repeating: 0x61, count: 8)
                word.replaceSubrange((8 - scalar.utf8.count)..., with: scalar.utf8)
                if !LineTerminator.mayStart(in: word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }) {
                    failures.append("U+\(String(scalar.value, radix: 16)): skipped")
                }
            }
            let widthClass = DisplayWidthTable.shared[scalar.value] & 0x07
            if (widthClass == DisplayWidthClass.terminator.rawValue) != LineTerminator.contains(scalar) {
                failures.append("U+\(String(scalar.value, radix: 16)): display width class \(widthClass)")
            }
            if failures.count > 20 { break }
        }
        if !block.isEmpty { check() }
        XCTAssertEqual(failures, [])
    }

    func testCRLFIsOneTerminator() {
        for (text, lines, ends) in [("\r\n", 1, [2]), ("\r", 1, [1]), ("\r\r\n", 2, [1, 3]), ("\n\r", 2, [1, 2]),
                                    ("a\r\nb\u{2028}c", 2, [3, 7])] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                XCTAssertEqual(TextSummary.measure(p).lines, lines, text.debugDescription)
                var found: [Int] = []
                LineTerminator.forEachEnd(in: p, upTo: p.count) { found.append($0); return true }
                XCTAssertEqual(found, ends, text.debugDescription)
            }
            XCTAssertEqual(TextDocument(text).lineCount, lines + 1, text.debugDescription)
        }
        Array("\r\n".utf8).withUnsafeBufferPointer {
            XCTAssertEqual(LineTerminator.length(endingAt: 2, in: $0), 2)
            XCTAssertEqual(LineTerminator.length(endingAt: 1, in: $0), 1)
        }
    }
}
