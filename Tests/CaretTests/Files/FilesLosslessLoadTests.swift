import XCTest
@testable import Caret

/// A lossless load: undecodable bytes become U+FFFD, are remembered, and are written back
/// unchanged where their U+FFFD is untouched.
final class FilesLosslessLoadTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    /// The UTF-8 offsets of the first `needle` in `document`.
    func utf8Range(of needle: String, in document: TextDocument) -> Range<Int>? {
        let hay = Array(document.string.utf8)
        let n = Array(needle.utf8)
        guard let i = (0...(hay.count - n.count)).first(where: { Array(hay[$0..<($0 + n.count)]) == n }) else { return nil }
        return i..<(i + n.count)
    }

    /// A run of undecodable bytes with some deleted from its middle: the U+FFFD text repeats, so
    /// an entry of a chunk the edit left shared and one of the common prefix can find their text
    /// at the same place; the kept entries never overlap, and the save is the run made shorter.
    func testEntriesOfARepeatedTextNeverOverlap() throws {
        let path = "\(directory)/run.txt"
        let run = (0..<16).map { UInt8(0xF0 + $0 % 8) | 0x08 }  // F8…FF: never valid UTF-8
        FileTestSupport.write(run + [0x0A], to: path)
        for deleted in [0..<3, 5..<8, 6..<7, 13..<16] {
            var file = try TextFile(contentsOfFile: path, options: .init(encoding: "UTF-8", keepsUndecodableBytes: true))
            XCTAssertEqual(file.undecodableSequenceCount, 16)
            _ = try file.document.replace(deleted, in: .grapheme, withText: "")
            let kept = file.undecodable.entries(in: file.document)
            for (a, b) in zip(kept, kept.dropFirst()) {
                XCTAssertLessThanOrEqual(a.offset + a.text.count, b.offset, "deleted \(deleted): \(kept.map(\.offset))")
            }
            let out = "\(directory)/out.txt"
            try file.write(toFile: out)
            let saved = FileTestSupport.read(out)
            XCTAssertEqual(saved.count, 16 - deleted.count + 1, "deleted \(deleted)")
            XCTAssertEqual(try TextFile(contentsOfFile: out, options: .init(encoding: "UTF-8", keepsUndecodableBytes: true))
                .document.string, String(repeating: "\u{FFFD}", count: 16 - deleted.count) + "\n")
        }
    }

    func testBadBytesRoundTripAndSurviveEditsElsewhere() throws {
        let path = "\(directory)/bad.txt"
        let bytes = Array("héllo ".utf8) + [0xFF, 0xFE] + Array(" middle\n".utf8) + [0xC3] + Array("end\n".utf8)
        FileTestSupport.write(bytes, to: path)
        XCTAssertThrowsError(try TextFile(contentsOfFile: path, options: .init(encoding: "UTF-8")))
        // (Detected, so few well-formed sequences would make this Latin-1: UTF-8 is named.)
        var file = try TextFile(contentsOfFile: path, options: .init(encoding: "UTF-8", keepsUndecodableBytes: true))
        XCTAssertEqual(file.format.encoding, "UTF-8")
        XCTAssertEqual(file.undecodableSequenceCount, 3)
        XCTAssertEqual(file.document.string, "héllo \u{FFFD}\u{FFFD} middle\n\u{FFFD}end\n")

        let out = "\(directory)/out.txt"
        try file.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out), bytes, "unedited: byte-identical")

        // An edit between the sequences: those before it and after it are still written raw.
        let middle = try XCTUnwrap(utf8Range(of: "middle", in: file.document))
        _ = try file.document.replace(middle, in: .utf8, withText: "centre, longer")
        try file.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out),
                       Array("héllo ".utf8) + [0xFF, 0xFE] + Array(" centre, longer\n".utf8) + [0xC3] + Array("end\n".utf8))

        // Replacing a U+FFFD itself: that one is the edit's text now. The next one now lies
        // between two edits, where nothing tells whether it is the original U+FFFD: it is
        // written as U+FFFD (the documented limit of this design). The last is still raw.
        let first = try XCTUnwrap(utf8Range(of: "\u{FFFD}", in: file.document))
        _ = try file.document.replace(first, in: .utf8, withText: "X")
        try file.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out),
                       Array("héllo X\u{FFFD} centre, longer\n".utf8) + [0xC3] + Array("end\n".utf8))

        // Another encoding: the U+FFFD are text like any other.
        try file.write(toFile: out, options: .init(encoding: "UTF-16LE"))
        XCTAssertEqual(try TextFile(contentsOfFile: out).document.string, file.document.string)
    }

    func testLosslessLegacyEncodingAndBinary() throws {
        // Shift_JIS with an unassigned pair: forced, lossless, written back.
        let path = "\(directory)/sjis.txt"
        let bytes: [UInt8] = [0x82, 0xA0, 0x85, 0x40, 0x82, 0xA2, 0x0D, 0x0A]
        FileTestSupport.write(bytes, to: path)
        let file = try TextFile(contentsOfFile: path, options: .init(encoding: "Shift_JIS", keepsUndecodableBytes: true))
        XCTAssertEqual(file.undecodableSequenceCount, 1)
        XCTAssertTrue(file.document.string.hasPrefix("あ\u{FFFD}"))
        let out = "\(directory)/out.txt"
        try file.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out), bytes)

        // A binary file loads losslessly as UTF-8 with its bad bytes kept.
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0x00, 0xFF, 0x10, 0x80, 0x0A]
        FileTestSupport.write(binary, to: path)
        let loaded = try TextFile(contentsOfFile: path, options: .init(keepsUndecodableBytes: true))
        XCTAssertEqual(loaded.format.detection, .bestGuess)
        try loaded.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out), binary)
    }
}
