import Foundation
import XCTest

@testable import Caret

/// `caret find` and `caret replace` as a user meets them: the built executable on small files,
/// checked by exit status (grep's), output format and messages.
final class FindCommandTests: XCTestCase {
    var scratch = ""

    override func setUp() { scratch = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(scratch) }

    /// Runs `caret arguments` in the package root (output through files).
    func caret(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineTests.Run {
        try CommandLineTests.run(arguments, scratch: scratch, file: file, line: line)
    }

    func file(_ text: String) -> String {
        let path = "\(scratch)/\(UUID().uuidString).txt"
        FileTestSupport.write(Array(text.utf8), to: path)
        return path
    }

    func testFindPrintsFileLineColumnAndTheLine() throws {
        let path = file("Straße und STRASSE\n🇫🇷 café Café\r\nend")
        let run = try caret(["find", "--ignore-case", "straße", path])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "\(path):1:1: Straße und STRASSE\n\(path):1:12: Straße und STRASSE\n")
        let accents = try caret(["find", "--ignore-case", "--ignore-diacritics", "--word", "whole", "cafe", path])
        XCTAssertEqual(accents.stdout, "\(path):2:3: 🇫🇷 café Café\n\(path):2:8: 🇫🇷 café Café\n")
    }

    func testFindJSONAndCount() throws {
        let path = file("ab\n🇫🇷 x\u{301} ab")
        let json = try caret(["find", "--json", "ab", path])
        XCTAssertEqual(json.status, 0)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[1], "{\"file\":\"\(path)\",\"utf8\":[16,18],\"utf16\":[11,13],\"line\":1,\"column\":8,\"text\":\"ab\"}")
        let count = try caret(["find", "--count", "ab", path, path])
        XCTAssertEqual(count.stdout, "\(path):2\n\(path):2\n")
        let regex = try caret(["find", "--regex", "--count", "x\\p{M}", path])
        XCTAssertEqual(regex.stdout, "\(path):1\n")
    }

    func testExitStatusesAreGreps() throws {
        let path = file("hello")
        XCTAssertEqual(try caret(["find", "absent", path]).status, 1)
        let bad = try caret(["find", "--regex", "a(b", path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("U_REGEX_MISMATCHED_PAREN"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("offset 3"), bad.stderr)
        XCTAssertEqual(try caret(["find", "hello", "\(scratch)/missing.txt"]).status, 2)
        XCTAssertEqual(try caret(["find", "hello", path, "\(scratch)/missing.txt"]).status, 2)
        XCTAssertEqual(try caret(["find", "--word", "sometimes", "hello", path]).status, 2)
        let undecodable = "\(scratch)/bad.txt"
        FileTestSupport.write([0x68, 0xFF, 0x69], to: undecodable)
        XCTAssertEqual(try caret(["find", "h", undecodable]).status, 2)
    }

    /// Output that cannot be written is an error (2), not "nothing matched" (1), for both.
    func testAWriteErrorOnStandardOutputIsStatus2() throws {
        try XCTSkipUnless(FileManager.default.isWritableFile(atPath: "/dev/full"), "no /dev/full")
        let path = file("hello\n")
        let find = try CommandLineTests.run(["find", "hello", path], scratch: scratch, standardOutput: "/dev/full")
        XCTAssertEqual(find.status, 2)
        XCTAssertTrue(find.stderr.contains("cannot write to standard output"), find.stderr)
        let replace = try CommandLineTests.run(["replace", "hello", "--with", "bye", path], scratch: scratch,
                                               standardOutput: "/dev/full")
        XCTAssertEqual(replace.status, 2)
        // Nothing matched and nothing written: the status is still grep's 1.
        XCTAssertEqual(try CommandLineTests.run(["find", "absent", path], scratch: scratch, standardOutput: "/dev/full").status, 1)
    }

    func testReplaceWritesTheResult() throws {
        let path = file("2026-12-01, 1999-01-31\n")
        let run = try caret(["replace", "--regex", "(?<y>\\d{4})-(\\d\\d)-(\\d\\d)", "--with", "$3.$2.${y}", path])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "01.12.2026, 31.01.1999\n")
        let none = try caret(["replace", "zzz", "--with", "y", path])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "2026-12-01, 1999-01-31\n")
        XCTAssertEqual(try caret(["replace", "--regex", "(a)", "--with", "$2", path]).status, 2)
        XCTAssertEqual(try caret(["replace", "a", path]).status, 2)
    }

    func testFindOnTheSamples() throws {
        let run = try caret(["find", "--ignore-case", "--word", "whole", "straße", "Corpus/samples/de.txt"])
        XCTAssertTrue(run.status == 0 || run.status == 1)
        let count = try caret(["find", "--count", "e", "Corpus/samples/de.txt"])
        XCTAssertEqual(count.status, 0)
    }
}
