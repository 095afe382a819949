import XCTest
@testable import Caret

/// UTF-16 files load without ICU's converter while they are well formed
/// (`TextFile.decodeUTF16`): the transcoder must give Swift's own UTF-8 and stop exactly at the
/// first unit that does not begin a scalar, in either byte order, wherever the unit sits in its
/// eight-unit step; and a file must load as ICU's path loads it — the same text, the same error
/// offsets, the same U+FFFD and bytes kept — when a pair or a lone half meets the end of a read.
final class UTF16DirectLoadTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    func testRandomUnitsAgreeWithTheStandardLibraryInBothByteOrders() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 20_261_204)
        let pieces: [[UInt16]] = [Array("plain ASCII text".utf16), [0x20], [0x7F], [0x80], [0xE9], [0x7FF], [0x800],
                                  [0x4E2D], [0xFFFF], [0xD7FF], [0xE000], [0xFEFF], [0xD83D, 0xDE42], [0xDBFF, 0xDFFF],
                                  [0xD800, 0xDC00], [0xD800], [0xDC00], [0xDFFF]]
        for round in 0..<4_000 {
            let lone = round % 3 == 0
            var units: [UInt16] = []
            for _ in 0..<Int(rng.next() % 40) {
                let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
                if !lone && piece.count == 1 && UTF16.isSurrogate(piece[0]) { continue }
                units += piece
            }
            check(units, bigEndian: round % 2 == 0, "seed \(seed), round \(round)")
        }
    }

    func testEveryBMPUnitInEveryLaneOfAStep() {
        // Each unit at each of the eight lanes, among ASCII and among ideographs (the vector
        // step's two paths), and as the last unit of the input.
        for u in 0...0xFFFF {
            for lane in [0, 3, 7] {
                check(Array(repeating: 0x61, count: lane) + [UInt16(u)] + Array(repeating: 0x62, count: 12 - lane),
                      bigEndian: u % 2 == 0)
                check(Array(repeating: 0x4E2D, count: lane) + [UInt16(u)] + Array(repeating: 0x4E2E, count: 12 - lane),
                      bigEndian: u % 2 == 1)
            }
            check(Array(repeating: 0x61, count: 7) + [UInt16(u)], bigEndian: false)
        }
    }

    /// A file of one read and a line (in units), with `units` placed so that its first unit is the
    /// last of the first read.
    private func fileAcrossTheFirstRead(_ units: [UInt16], bigEndian: Bool) -> (path: String, all: [UInt16]) {
        let readUnits = TextFile.readSize / 2
        // The mark is one unit: the first read holds readUnits units after it.
        let before = (0..<(readUnits - 1)).map { i -> UInt16 in i % 61 == 60 ? 0x0A : i % 7 == 0 ? 0x4E2D : 0x61 }
        let all = before + units + Array("after the seam, in the second read\n".utf16)
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        bytes.reserveCapacity(2 * all.count + 2)
        for u in all {
            bytes += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)]
        }
        let path = "\(directory)/seam-\(bigEndian ? "be" : "le").txt"
        FileTestSupport.write(bytes, to: path)
        return (path, all)
    }

    func testAPairAcrossAReadLoadsWhole() throws {
        for bigEndian in [false, true] {
            let (path, all) = fileAcrossTheFirstRead([0xD83D, 0xDE42], bigEndian: bigEndian)
            let file = try TextFile(contentsOfFile: path)
            XCTAssertEqual(file.format.encoding, bigEndian ? "UTF-16BE" : "UTF-16LE")
            XCTAssertEqual(file.document.string, String(decoding: all, as: UTF16.self))
            let out = "\(directory)/out.txt"
            try file.write(toFile: out)
            XCTAssertEqual(FileTestSupport.read(out), FileTestSupport.read(path))
        }
    }

    func testLoneHalvesAtAndAfterAReadNameTheirOffsetAndLoadLosslessly() throws {
        let readUnits = TextFile.readSize / 2
        // (units placed from the last unit of the first read, the file offset of the bad unit)
        let cases: [([UInt16], Int)] = [
            ([0xD83D, 0x61], 2 * readUnits),  // a lead whose read ends, then no trail
            ([0x61, 0xDE42], 2 * readUnits + 2),  // a trail first in the second read
            ([0xDE42], 2 * readUnits),  // a trail that ends the first read
            ([0xD83D, 0xD83D, 0xDE42], 2 * readUnits),  // a lead, then a whole pair
        ]
        for bigEndian in [false, true] {
            let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
            for (units, offset) in cases {
                let (path, all) = fileAcrossTheFirstRead(units, bigEndian: bigEndian)
                XCTAssertThrowsError(try TextFile(contentsOfFile: path), "\(units)") { error in
                    XCTAssertEqual((error as? TextError)?.kind, .undecodable(encoding: name), "\(error)")
                    XCTAssertEqual((error as? TextError)?.offset, offset, "\(units)")
                }
                let file = try TextFile(contentsOfFile: path, options: .init(keepsUndecodableBytes: true))
                XCTAssertEqual(file.undecodableSequenceCount, 1, "\(units)")
                XCTAssertEqual(file.document.string, String(decoding: all, as: UTF16.self), "\(units)")
                let out = "\(directory)/out.txt"
                try file.write(toFile: out)
                XCTAssertEqual(FileTestSupport.read(out), FileTestSupport.read(path), "\(units): byte-identical")
            }
        }
    }

    func testALeadThatEndsTheFileIsReportedAtItsOffset() throws {
        // "ab" then a lead surrogate, little-endian with a mark.
        let path = "\(directory)/lead.txt"
        FileTestSupport.write([0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00, 0x3D, 0xD8], to: path)
        XCTAssertThrowsError(try TextFile(contentsOfFile: path)) { error in
            XCTAssertEqual((error as? TextError)?.offset, 6, "\(error)")
        }
        let file = try TextFile(contentsOfFile: path, options: .init(keepsUndecodableBytes: true))
        XCTAssertEqual(file.document.string, "ab\u{FFFD}")
    }

    /// The transcoder against Swift's UTF-16 decoding: the units it takes are those before the
    /// first that does not begin a well-formed scalar within the input, and their UTF-8 is the
    /// standard library's.
    private func check(_ units: [UInt16], bigEndian: Bool, _ message: String = "",
                       file: StaticString = #filePath, line: UInt = #line) {
        var wellFormed = 0
        while wellFormed < units.count {
            let u = units[wellFormed]
            if !UTF16.isSurrogate(u) {
                wellFormed += 1
            } else if UTF16.isLeadSurrogate(u), wellFormed + 1 < units.count, UTF16.isTrailSurrogate(units[wellFormed + 1]) {
                wellFormed += 2
            } else {
                break
            }
        }
        let expected = Array(String(decoding: units[..<wellFormed], as: UTF16.self).utf8)
        let bytes = units.flatMap { u in bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
        var out = [UInt8](repeating: 0, count: 3 * units.count + 16)
        let (written, read) = bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { TextFile.transcodeUTF16(source, bigEndian: bigEndian, into: $0.baseAddress!) }
        }
        XCTAssertEqual(read, wellFormed, "\(message) \(units.map { String($0, radix: 16) })", file: file, line: line)
        XCTAssertEqual(Array(out.prefix(written)), expected, "\(message) \(units.map { String($0, radix: 16) })",
                       file: file, line: line)
    }
}
