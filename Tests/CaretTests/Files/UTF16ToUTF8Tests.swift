import XCTest
@testable import Caret

/// `ICUTranscode.utf8(from:into:)`, which the loads of UTF-16, UTF-32 and legacy encodings write
/// their text through (well-formed UTF-16, from ICU's converters): its bytes must be what Swift's
/// own encoding gives; ill-formed input it refuses (no bytes).
final class UTF16ToUTF8Tests: XCTestCase {
    func testRandomUnitsOfEveryLengthAgreeWithTheStandardLibrary() {
        var (rng, _) = SeededGenerator.fromEnvironment(default: 20_261_204)
        // ASCII runs, two- and three-byte units, pairs, and lone halves.
        let pieces: [[UInt16]] = [Array("plain ASCII text".utf16), [0x61], [0x7F], [0x80], [0x7FF], [0x800], [0xFFFF],
                                  [0xE9], [0x4E2D], [0xD83D, 0xDE42], [0xDBFF, 0xDFFF], [0xD800], [0xDC00], [0xD7FF], [0xE000]]
        for round in 0..<3_000 {
            let lone = round % 4 == 0
            var units: [UInt16] = []
            for _ in 0..<Int(rng.next() % 60) {
                let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
                if !lone && piece.count == 1 && UTF16.isSurrogate(piece[0]) { continue }
                units += piece
            }
            check(units)
        }
    }

    func testEveryBMPUnitAloneAndAfterASCII() {
        for u in 0...0xFFFF {
            check([UInt16(u)])
            check(Array("eight ascii units ".utf16) + [UInt16(u), 0x41])
        }
    }

    private func check(_ units: [UInt16], file: StaticString = #filePath, line: UInt = #line) {
        let wellFormed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true, into: { _ in }) == false
        let expected = wellFormed ? Array(String(decoding: units, as: UTF16.self).utf8) : []
        var out = [UInt8](repeating: 0, count: 3 * units.count)
        let n = units.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { ICUTranscode.utf8(from: source, into: $0.baseAddress!) }
        }
        XCTAssertEqual(Array(out.prefix(n)), expected, "\(units.map { String($0, radix: 16) })", file: file, line: line)
    }
}
