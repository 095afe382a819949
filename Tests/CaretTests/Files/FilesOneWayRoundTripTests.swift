import XCTest
@testable import Caret

/// Legacy files holding the characters that ICU decodes one way only (every such sequence of one
/// or two bytes, found by trying them all): loaded (detected and forced) and saved, byte-identical
/// in every line-ending style; an edit keeps the original bytes of the lines it does not touch.
final class FilesOneWayRoundTripTests: XCTestCase {
    /// The legacy encodings of the round-trip matrix: (ICU's name, iconv's name, own sample).
    static let encodings = [("windows-1252", "WINDOWS-1252", "fr"), ("ISO-8859-1", "ISO-8859-1", "de"),
                            ("Shift_JIS", "SHIFT_JIS", "ja"), ("EUC-JP", "EUC-JP", "ja"),
                            ("GB18030", "GB18030", "zh-Hans"), ("Big5", "BIG5", "zh-Hant"), ("EUC-KR", "EUC-KR", "ko"),
                            ("KOI8-R", "KOI8-R", "ru"), ("ISO-8859-5", "ISO-8859-5", "ru"),
                            ("windows-1251", "WINDOWS-1251", "uk")]

    /// The sample's lines that `iconv` holds, as bytes, with a line of one-way sequences after
    /// each (while they last).
    static func lines(_ icu: String, _ iconv: String, _ sample: String, _ oneWay: [[UInt8]]) throws -> [[UInt8]] {
        let text = try XCTUnwrap(FileTestSupport.samples.first { $0.name == sample }?.text)
        let held = try XCTUnwrap(FileTestSupport.holdableLines(text, in: iconv))
        var special = FileTestSupport.oneWayLines(oneWay)[...]
        var result: [[UInt8]] = []
        for line in held.split(separator: "\n", omittingEmptySubsequences: false) {
            result.append(try XCTUnwrap(FileTestSupport.iconvEncode(String(line), to: iconv)))
            if let next = special.popFirst() { result.append(next) }
        }
        result += special
        return result
    }

    func testOneWayCharactersRoundTrip() throws {
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        var counts: [String: Int] = [:]
        var files = 0
        for (icu, iconv, sample) in Self.encodings {
            let oneWay = FileTestSupport.oneWaySequences(in: icu)
            counts[icu] = oneWay.count
            let lines = try Self.lines(icu, iconv, sample, oneWay)
            for ending in ["lf", "crlf", "cr", "mixed"] {
                for mark in icu == "GB18030" ? [false, true] : [false] {
                    let bytes = (mark ? [0x84, 0x31, 0x95, 0x33] : []) + FileTestSupport.joined(lines, ending)
                    let path = "\(directory)/\(icu)-\(ending)\(mark ? "-bom" : "").txt"
                    FileTestSupport.write(bytes, to: path)
                    let forced = try TextFile(contentsOfFile: path, options: .init(encoding: icu))
                    XCTAssertEqual(forced.oneWayCharacterCount, oneWay.count, path)
                    XCTAssertEqual(forced.undecodableSequenceCount, 0, path)
                    try forced.write(toFile: path + ".forced")
                    XCTAssertEqual(FileTestSupport.read(path + ".forced"), bytes, "forced round trip of \(path)")
                    let detected = try TextFile(contentsOfFile: path)
                    try detected.write(toFile: path + ".saved")
                    XCTAssertEqual(FileTestSupport.read(path + ".saved"), bytes,
                                   "round trip of \(path) as \(detected.format)")
                    files += 1
                }
            }
        }
        print("one-way sequences by encoding: \(counts.sorted { $0.key < $1.key }); \(files) files byte-identical")
        XCTAssertGreaterThan(counts["Shift_JIS"] ?? 0, 0)
        XCTAssertGreaterThan(counts["Big5"] ?? 0, 0)
    }

    /// Each one-way sequence in a line of its own between ASCII lines; lines edited at the start,
    /// the middle and the end: the saved file is the original with those lines changed only.
    func testEditKeepsOneWayBytesOfOtherLines() throws {
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        for icu in ["Shift_JIS", "Big5"] {
            let oneWay = FileTestSupport.oneWaySequences(in: icu)
            var lines: [[UInt8]] = []
            for (i, bytes) in oneWay.prefix(60).enumerated() { lines += [Array("line \(i)".utf8), bytes] }
            for ending in ["lf", "crlf"] {
                let path = "\(directory)/\(icu)-\(ending).txt"
                FileTestSupport.write(FileTestSupport.joined(lines, ending), to: path)
                var file = try TextFile(contentsOfFile: path, options: .init(encoding: icu))
                var expected = lines
                for line in [0, lines.count / 2, lines.count - 2] {
                    // Replace an ASCII line's text: the one-way lines around it keep their bytes.
                    let start = try XCTUnwrap(file.document.position(line: line, column: 0))
                    let end = try XCTUnwrap(file.document.position(line: line, column: lines[line].count))
                    _ = try file.document.replace(TextRange(start: start, end: end), withText: "edited \(line)")
                    expected[line] = Array("edited \(line)".utf8)
                }
                try file.write(toFile: path)
                XCTAssertEqual(FileTestSupport.read(path), FileTestSupport.joined(expected, ending), "\(icu) \(ending)")
            }
        }
    }

    /// Kept bytes whose text spans chunks (a sequence decoding to several characters; longer
    /// than a chunk here, so that every build has a seam inside it, and the TinyShapes build has
    /// several): the save writes the bytes back, not the text, and each entry after them too.
    func testKeptBytesWhoseTextRunsOverChunkEndsAreWrittenBack() throws {
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        let long = Array(String(repeating: "e\u{301}", count: ChunkLimits.maxBytes).utf8)
        let short = Array("e\u{301}\u{302}".utf8)
        for prefix in ["", "x", "xy", "xyz"] {
            let text = Array(prefix.utf8) + long + Array("-".utf8) + short + Array("\n".utf8) + short
            let document = TextDocument(String(decoding: text, as: UTF8.self))
            var file = TextFile(document: document, format: TextFileFormat(encoding: "windows-1252"))
            let first = prefix.utf8.count, second = first + long.count + 1, third = second + short.count + 1
            file.undecodable = UndecodableBytes(
                entries: [
                    .init(offset: first, bytes: [0x81], text: long), .init(offset: second, bytes: [0x8D], text: short),
                    .init(offset: third, bytes: [0x8F, 0x90], text: short),
                ], loadedDocument: document, encoding: "windows-1252")
            let path = "\(directory)/spans.txt"
            try file.write(toFile: path)
            XCTAssertEqual(FileTestSupport.read(path), Array(prefix.utf8) + [0x81, 0x2D, 0x8D, 0x0A, 0x8F, 0x90],
                           "prefix \(prefix.debugDescription)")
        }
    }
}
