import XCTest
@testable import Caret

/// Bad input and text an encoding cannot hold: clear errors at the right place, nothing lost.
final class FilesErrorTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    /// `bytes` written to a fresh file; its path.
    func file(_ bytes: [UInt8], _ name: String = "in.txt") -> String {
        let path = "\(directory)/\(name)"
        FileTestSupport.write(bytes, to: path)
        return path
    }

    func assertThrows(_ kind: TextError.Kind, at offset: Int, _ body: () throws -> Void,
                      file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch let error as TextError {
            XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
            XCTAssertEqual(error.offset, offset, "\(error)", file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    func testInvalidUTF8ForcedNamesTheByteOffset() {
        let path = file(Array("héllo ".utf8) + [0xFF] + Array(" world".utf8))
        assertThrows(.undecodable(encoding: "UTF-8"), at: 7) {
            _ = try TextFile(contentsOfFile: path, options: .init(encoding: "UTF-8"))
        }
        // Through ICU's converter too (a normalisation on load takes that path).
        assertThrows(.undecodable(encoding: "UTF-8"), at: 7) {
            _ = try TextFile(contentsOfFile: path, options: .init(encoding: "utf8", lineEndings: .lf))
        }
    }

    func testInvalidBytesFarIntoAFileInALegacyEncoding() {
        // Shift_JIS: 0x82 0xA0 is a valid pair (あ); 0x85 0x40 is unassigned; after 1.5 MiB of
        // ASCII (more than one read) and a line break.
        let prefix = [UInt8](repeating: 0x61, count: 3 << 19) + [0x0A, 0x82, 0xA0]
        let path = file(prefix + [0x85, 0x40] + Array("tail".utf8))
        assertThrows(.undecodable(encoding: "Shift_JIS"), at: prefix.count) {
            _ = try TextFile(contentsOfFile: path, options: .init(encoding: "Shift_JIS"))
        }
    }

    func testTruncatedUTF16NamesTheCutSequence() {
        // "ab" in UTF-16LE with a mark, then one odd byte.
        let path = file([0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00, 0x63])
        assertThrows(.undecodable(encoding: "UTF-16LE"), at: 6) { _ = try TextFile(contentsOfFile: path) }
        // An unpaired surrogate (0xD800 then "a").
        let lone = file([0xFF, 0xFE, 0x61, 0x00, 0x00, 0xD8, 0x61, 0x00], "lone.txt")
        assertThrows(.undecodable(encoding: "UTF-16LE"), at: 4) { _ = try TextFile(contentsOfFile: lone) }
    }

    func testDamagedUTF8IsReportedAsUTF8NotGuessedAway() {
        // Mostly well-formed UTF-8 with one bad byte: not taken for Latin-1.
        let text = Array("Größe: fünf Äpfel, drei Birnen — schön. ".utf8)
        let path = file(text + text + [0xC3, 0x28] + text)
        assertThrows(.undecodable(encoding: "UTF-8"), at: 2 * text.count) { _ = try TextFile(contentsOfFile: path) }
    }

    func testBinaryFile() {
        let path = file([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                         0xFF, 0xD8, 0x00, 0x10, 0x7F, 0x80, 0x81])
        assertThrows(.binaryFile, at: 8) { _ = try TextFile(contentsOfFile: path) }
    }

    func testUnknownEncodingAndMissingFile() {
        let path = file(Array("abc".utf8))
        assertThrows(.unknownEncoding("no-such-charset"), at: 0) {
            _ = try TextFile(contentsOfFile: path, options: .init(encoding: "no-such-charset"))
        }
        assertThrows(.unreadableFile(errno: ENOENT), at: 0) { _ = try TextFile(contentsOfFile: "\(self.directory)/none") }
        assertThrows(.unknownEncoding("no-such-charset"), at: 0) {
            try TextFile(document: "x").write(toFile: path, options: .init(encoding: "no-such-charset"))
        }
        assertThrows(.noByteOrderMark(encoding: "Shift_JIS"), at: 0) {
            try TextFile(document: "x").write(toFile: path, options: .init(encoding: "Shift_JIS", byteOrderMark: true))
        }
    }

    func testUnrepresentableCharacterNamesLineAndColumn() throws {
        let path = file(Array("old".utf8), "target.txt")
        // Line 3 (after a CRLF and a CR), column 4 in clusters: "a", "é", "b", then €.
        let document = TextDocument("first\r\nsecond\ra\u{E9}b€c\n")
        assertThrows(.unrepresentable(encoding: "ISO-8859-1", scalar: "€", line: 3, column: 4), at: 18) {
            try TextFile(document: document).write(toFile: path, options: .init(encoding: "latin1"))
        }
        // The combining accent alone is what ISO-8859-1 lacks: its cluster is column 2.
        assertThrows(.unrepresentable(encoding: "ISO-8859-1", scalar: "\u{301}", line: 1, column: 2), at: 2) {
            try TextFile(document: "a\u{65}\u{301}").write(toFile: path, options: .init(encoding: "ISO-8859-1"))
        }
        // Rewriting line endings does not move the place (CRLF → CR shortens the text before it).
        assertThrows(.unrepresentable(encoding: "ISO-8859-1", scalar: "€", line: 3, column: 4), at: 18) {
            try TextFile(document: document).write(toFile: path, options: .init(encoding: "ISO-8859-1", lineEndings: .cr))
        }
        // Far into a document (many chunks): line 5001, column 3.
        let long = TextDocument(String(repeating: "ab\n", count: 5000) + "xyé")
        assertThrows(.unrepresentable(encoding: "windows-1251", scalar: "é", line: 5001, column: 3), at: 15002) {
            try TextFile(document: long).write(toFile: path, options: .init(encoding: "windows-1251"))
        }
        // The target is untouched, no temporary file is left.
        XCTAssertEqual(FileTestSupport.read(path), Array("old".utf8))
        XCTAssertEqual(FileTestSupport.listing(directory), ["target.txt"])
        // Asked for, the substitute is written instead.
        try TextFile(document: "a€b").write(toFile: path, options: .init(encoding: "ISO-8859-1",
                                                                          substitutesUnrepresentable: true))
        XCTAssertEqual(FileTestSupport.read(path), [0x61, 0x1A, 0x62])
    }

    func testErrorDescriptionsNameThePlace() {
        let error = TextError(.unrepresentable(encoding: "KOI8-R", scalar: "€", line: 2, column: 5), byteOffset: 9)
        XCTAssertEqual(error.description, "KOI8-R cannot represent U+20AC at line 2, column 5")
        XCTAssertEqual(TextError(.undecodable(encoding: "UTF-8"), byteOffset: 7).description,
                       "invalid UTF-8 at byte offset 7")
    }
}
