import XCTest
@testable import Caret

/// An edit changes only the bytes of the lines it touches: the saved file, diffed line by line
/// against the original, differs in those lines alone — in every encoding and line-ending
/// style, mixed included.
final class FilesEditDiffTests: XCTestCase {
    /// `bytes` cut after each LF or CR (a CR LF kept whole: the encodings here are ASCII-based).
    func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            current.append(b)
            let crBeforeLF = b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A
            if (b == 0x0A || b == 0x0D) && !crBeforeLF {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    func testEditTouchesOnlyItsLines() throws {
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        let cases = [("Shift_JIS", "SHIFT_JIS", "ja"), ("KOI8-R", "KOI8-R", "ru"), ("windows-1252", "WINDOWS-1252", "de"),
                     ("Big5", "BIG5", "zh-Hant"), ("EUC-KR", "EUC-KR", "ko"), ("UTF-8", "UTF-8", "hi")]
        for (icu, iconv, name) in cases {
            let sample = try XCTUnwrap(FileTestSupport.samples.first { $0.name == name })
            let held = try XCTUnwrap(FileTestSupport.holdableLines(sample.text, in: iconv))
            for ending in ["lf", "crlf", "cr", "mixed"] {
                let text = FileTestSupport.withEndings(held, ending)
                let bytes = try XCTUnwrap(FileTestSupport.iconvEncode(text, to: iconv))
                let path = "\(directory)/\(icu)-\(ending).txt"
                FileTestSupport.write(bytes, to: path)
                var file = try TextFile(contentsOfFile: path)
                XCTAssertEqual(file.format.encoding, icu)
                // Replace the second line's first cluster, and insert a line after the third.
                let second = try XCTUnwrap(file.document.position(line: 1, column: 0))
                let secondEnd = try XCTUnwrap(file.document.position(line: 1, column: 1))
                _ = try file.document.replace(TextRange(start: second, end: secondEnd), withText: "Z")
                let thirdEnd = try XCTUnwrap(file.document.lineRange(containing: file.document.position(line: 2, column: 0)!))
                _ = try file.document.insert("\ninserted", at: thirdEnd.end)
                try file.write(toFile: path)
                let old = lines(bytes)
                let new = lines(FileTestSupport.read(path))
                XCTAssertEqual(new.count, old.count + 1, "\(icu) \(ending)")
                XCTAssertEqual(new[0], old[0])
                XCTAssertNotEqual(new[1], old[1])
                XCTAssertEqual(new[1].dropFirst(), old[1].dropFirst(old[1].count - new[1].count + 1),
                               "\(icu) \(ending): only the first character of line 2 changed")
                XCTAssertEqual(new[2].dropLast(), old[2].prefix { $0 != 0x0D && $0 != 0x0A },
                               "\(icu) \(ending): line 3 keeps its text, and an LF after it")
                XCTAssertEqual(new[3], Array("inserted".utf8) + old[2].drop { $0 != 0x0D && $0 != 0x0A },
                               "\(icu) \(ending): the new line ends as line 3 did")
                XCTAssertEqual(Array(new[4...]), Array(old[3...]), "\(icu) \(ending): the rest is byte-identical")
            }
        }
    }
}
