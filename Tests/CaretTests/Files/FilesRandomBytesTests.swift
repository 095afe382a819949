import XCTest
@testable import Caret

/// Random bytes in random encodings: a lossless load and an unedited save give back exactly the
/// bytes, whatever they are; a strict load fails exactly when the lossless one found undecodable
/// sequences. `SEED=n` replays a run.
final class FilesRandomBytesTests: XCTestCase {
    static let encodings = ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "windows-1252", "ISO-8859-1",
                            "KOI8-R", "ISO-8859-5", "windows-1251", nil]

    func testLosslessRoundTripOfAnyBytes() throws {
        var (generator, seed) = SeededGenerator.fromEnvironment(default: 25)
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        let path = directory + "/in.bin"
        let out = directory + "/out.bin"
        // Mostly text-like bytes (ASCII, line breaks, UTF-8 lead and continuation bytes, NUL).
        let alphabet: [UInt8] = [0x61, 0x20, 0x0A, 0x0D, 0xC3, 0xA9, 0xE2, 0x80, 0xF0, 0x9F, 0xFF, 0x00, 0xD8, 0xDC]
        for round in 0..<400 {
            let length = Int.random(in: 0...64, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            FileTestSupport.write(bytes, to: path)
            let encoding = Self.encodings.randomElement(using: &generator)!
            let context = "seed \(seed) round \(round) \(encoding ?? "detected") \(bytes)"
            let lossless: TextFile
            do {
                lossless = try TextFile(contentsOfFile: path,
                                        options: .init(encoding: encoding, keepsUndecodableBytes: true))
            } catch {
                XCTFail("\(context): lossless load threw \(error)")
                continue
            }
            try lossless.write(toFile: out)
            XCTAssertEqual(FileTestSupport.read(out), bytes, "\(context) as \(lossless.format)")
            do {
                let strict = try TextFile(contentsOfFile: path, options: .init(encoding: encoding))
                if encoding != nil {
                    XCTAssertEqual(lossless.undecodableSequenceCount, 0, context)
                    XCTAssertEqual(strict.document, lossless.document, context)
                }
            } catch {
                guard case .undecodable = error.kind else {
                    if case .binaryFile = error.kind, encoding == nil { continue }
                    XCTFail("\(context): \(error)")
                    continue
                }
                XCTAssertGreaterThan(lossless.undecodableSequenceCount, 0, context)
                XCTAssertTrue((0..<max(bytes.count, 1)).contains(error.offset), "\(context): \(error)")
            }
        }
    }
}
