import XCTest
@testable import Caret

/// `LineTerminator.contains` is the one definition of the hard line terminators; every other
/// form (the chunk scanners' bytes, the summary's line count, the display width table, the
/// list of scalars) is checked against it over every scalar, each alone and between letters.
final class LineTerminatorTests: XCTestCase {
    private static let allScalars = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }

    func testTheSetIsTheSevenTerminators() {
        let set = Self.allScalars.filter(LineTerminator.contains)
        XCTAssertEqual(set.map(\.value), [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])
        XCTAssertEqual(LineTerminator.scalars, set)
    }

    func testEveryByteFormAgreesWithTheDefinitionForEveryScalar() {
        var failures: [String] = []
        var bytes: [UInt8] = []
        for scalar in Self.allScalars {
            let isTerminator = LineTerminator.contains(scalar)
            bytes.removeAll(keepingCapacity: true)
            bytes.append(0x61)                          // "a", then the scalar, then "b"
            UTF8.encode(scalar) { bytes.append($0) }
            let end = bytes.count
            bytes.append(0x62)
            bytes.withUnsafeBufferPointer { p in
                let lines = TextSummary.measure(p).lines
                var ends: [Int] = []
                LineTerminator.forEachEnd(in: p, upTo: p.count) { ends.append($0); return true }
                let length = LineTerminator.length(endingAt: end, in: p)
                let alone = LineTerminator.length(endingAt: end - 1, in: UnsafeBufferPointer(rebasing: p[1..<end]))
                if lines != (isTerminator ? 1 : 0) || ends != (isTerminator ? [end] : [])
                    || length != (isTerminator ? end - 1 : 0) || alone != length
                    || LineTerminator.length(endingAt: 1, in: p) != 0 || LineTerminator.length(endingAt: p.count, in: p) != 0 {
                    failures.append("U+\(String(scalar.value, radix: 16)): lines \(lines), ends \(ends), length \(length)/\(alone)")
                }
            }
            // The eight-byte skip may only pass over words holding no terminator.
            var word = [UInt8](repeating: 0x61, count: 8)
            var k = 8 - (end - 1)
            UTF8.encode(scalar) { word[k] = $0; k += 1 }
            let loaded = word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            if isTerminator && !LineTerminator.mayStart(in: loaded) { failures.append("U+\(String(scalar.value, radix: 16)): skipped") }
            let widthClass = DisplayWidthTable.shared[scalar.value] & 0x07
            if (widthClass == DisplayWidthClass.terminator.rawValue) != isTerminator {
                failures.append("U+\(String(scalar.value, radix: 16)): display width class \(widthClass)")
            }
            if failures.count > 20 { break }
        }
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
