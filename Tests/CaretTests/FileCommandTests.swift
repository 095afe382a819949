import Foundation
import XCTest

@testable import Caret
@testable import CaretCorpus

/// `caret info` and `caret convert` (issue 25) as a user meets them: the built executable run on
/// files made by glibc's iconv (not by the code under test), checked by exit status, output,
/// messages and the bytes written.
final class FileCommandTests: XCTestCase {
    /// A scratch directory for this test's files.
    var scratch = ""

    override func setUp() {
        scratch = FileTestSupport.makeDirectory()
    }

    override func tearDown() {
        FileTestSupport.cleanUp(scratch)
    }

    /// Runs `caret arguments` in the package root (output through files, so neither stream can
    /// block the other).
    func caret(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineTests.Run {
        try CommandLineTests.run(arguments, scratch: scratch, file: file, line: line)
    }

    /// `text` written to `name` in the scratch directory through iconv's `encoding`.
    func file(_ name: String, _ text: String, _ encoding: String = "UTF-8") throws -> String {
        let path = "\(scratch)/\(name)"
        FileTestSupport.write(try XCTUnwrap(FileTestSupport.iconvEncode(text, to: encoding)), to: path)
        return path
    }

    // MARK: info

    func testInfoReportsEncodingMarkEndingsAndSizes() throws {
        // Every kind of ending once, an astral character (2 UTF-16 units) and a cluster of two scalars.
        let text = "a\nb\r\nc\rd\u{2028}e😀 e\u{301}"
        let utf16 = try file("mixed16.txt", "\u{FEFF}" + text, "UTF-16LE")
        let sjis = try file("sjis.txt", "日本語のテキスト。\r\nこんにちは\r\n", "SHIFT_JIS")
        let json = try caret(["info", "--json", utf16, sjis])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stderr, "")
        XCTAssertEqual(json.stdout.split(separator: "\n").map(String.init), [
            "{\"file\":\"\(utf16)\",\"encoding\":\"UTF-16LE\",\"bom\":true,"
                + "\"lineEndings\":{\"lf\":1,\"crlf\":1,\"cr\":1,\"other\":1},\"lines\":5,\"clusters\":12,\"utf16\":15}",
            "{\"file\":\"\(sjis)\",\"encoding\":\"Shift_JIS\",\"bom\":false,"
                + "\"lineEndings\":{\"lf\":0,\"crlf\":2,\"cr\":0,\"other\":0},\"lines\":3,\"clusters\":16,\"utf16\":18}",
        ])
        // Each line is a JSON object Foundation reads back.
        for line in json.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["file", "encoding", "bom", "lineEndings", "lines", "clusters", "utf16"])
        }
        let table = try caret(["info", utf16, sjis, "Corpus/samples/crlf.txt"])
        XCTAssertEqual(table.status, 0, table.stderr)
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(rows.count, 4, table.stdout)
        XCTAssertEqual(rows[0], ["file", "encoding", "BOM", "LF", "CRLF", "CR", "other", "lines", "clusters", "UTF-16",
                                 "found", "by"])
        XCTAssertEqual(rows[1], [utf16, "UTF-16LE", "yes", "1", "1", "1", "1", "5", "12", "15", "byte-order", "mark"])
        XCTAssertEqual(Array(rows[2].prefix(10)), [sjis, "Shift_JIS", "no", "0", "2", "0", "0", "3", "16", "18"])
        XCTAssertEqual(rows[2][10], "ICU", table.stdout)
        XCTAssertEqual(rows[3], ["Corpus/samples/crlf.txt", "UTF-8", "no", "0", "8", "0", "0", "9", "488", "496", "valid",
                                 "UTF-8"])
        // A forced encoding decodes as asked (these bytes are valid Latin-1 too).
        let forced = try caret(["info", "--json", "--encoding", "latin1", sjis])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("\"encoding\":\"ISO-8859-1\""), forced.stdout)
        // A file name that needs escaping stays one JSON string.
        let odd = try file("quote\"back\\slash\ttab.txt", "x")
        let escaped = try caret(["info", "--json", odd])
        XCTAssertTrue(escaped.stdout.hasPrefix("{\"file\":\"\(scratch)/quote\\\"back\\\\slash\\ttab.txt\","), escaped.stdout)
    }

    func testInfoFailuresAndUsage() throws {
        let good = try file("good.txt", "fine\n")
        let binary = "\(scratch)/binary.bin"
        FileTestSupport.write([0x61, 0x62, 0x00, 0xFF, 0xFE, 0x00, 0x01], to: binary)
        let latin = try file("latin.txt", "café\n", "ISO-8859-1")
        let run = try caret(["info", "/nonexistent", binary, good, "Corpus"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "caret info: /nonexistent: cannot read the file after byte offset 0: No such file or directory (errno 2)",
            "caret info: \(binary): binary file (NUL byte at byte offset 2, not UTF-16 or UTF-32)",
            "caret info: Corpus: cannot read the file after byte offset 0: Is a directory (errno 21)",
        ])
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 2, run.stdout)  // header and good.txt
        let strict = try caret(["info", "--encoding", "UTF-8", latin])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, "caret info: \(latin): invalid UTF-8 at byte offset 3\n")
        XCTAssertEqual(strict.stdout, "")
        let usages: [([String], String)] = [
            (["info"], "missing FILE…"),
            (["info", "--encoding", "klingon", good], "unknown encoding \"klingon\""),
            (["info", "-"], "FILE must be a file, not - (detection may read it more than once)"),
            (["info", "--json=yes", good], "option '--json' takes no value"),
            (["info", "--bogus", good], "unknown option '--bogus'"),
        ]
        for (arguments, message) in usages {
            let usage = try caret(arguments)
            XCTAssertEqual(usage.status, 2, "\(arguments)")
            XCTAssertEqual(usage.stdout, "", "\(arguments)")
            XCTAssertEqual(usage.stderr, "caret info: \(message)\nTry 'caret info --help' for more information.\n",
                           "\(arguments)")
        }
    }

    /// Output that cannot be written (a full disk) is a failure with the system's reason, never
    /// success — and for `find` and `replace`, whose status 1 says "nothing matched", status 2.
    func testOutputThatCannotBeWrittenFails() throws {
        try XCTSkipUnless(FileManager.default.isWritableFile(atPath: "/dev/full"), "no /dev/full")
        let good = try file("good.txt", "fine\n")
        let runs: [([String], Int32)] = [
            (["info", good], 1), (["info", "--json", good], 1), (["lines", good], 1), (["stats", good], 1),
            (["convert", good, "\(scratch)/copy.txt"], 1), (["find", "fine", good], 2),
            (["replace", "fine", "--with", "good", good], 2),
        ]
        for (arguments, status) in runs {
            let run = try CommandLineTests.run(arguments, scratch: scratch, standardOutput: "/dev/full")
            XCTAssertEqual(run.status, status, "\(arguments)")
            XCTAssertEqual(run.stderr, "caret: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
    }

    // MARK: convert

    /// `caret convert IN OUT` with no options writes IN's bytes, for files in 13 encodings ×
    /// {LF, CRLF, CR, mixed} × {mark, none}, from the shipped samples each encoding holds.
    func testConvertWithoutOptionsWritesTheSameBytes() throws {
        let encodings = ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "WINDOWS-1252", "SHIFT_JIS", "EUC-JP",
                         "GB18030", "BIG5", "EUC-KR", "KOI8-R", "WINDOWS-1251"]
        let marks: Set = ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "GB18030"]
        let picks = ["UTF-8": "ar", "UTF-16LE": "emoji", "UTF-16BE": "hi", "UTF-32LE": "th", "UTF-32BE": "combining",
                     "WINDOWS-1252": "fr", "SHIFT_JIS": "ja", "EUC-JP": "ja", "GB18030": "zh-Hans", "BIG5": "zh-Hant",
                     "EUC-KR": "ko", "KOI8-R": "ru", "WINDOWS-1251": "uk"]
        let samples = Dictionary(uniqueKeysWithValues: FileTestSupport.samples.map { ($0.name, $0.text) })
        var converted = 0
        var skipped: [String] = []
        for (k, encoding) in encodings.enumerated() {
            let sample = try XCTUnwrap(samples[picks[encoding]!])
            // The ASCII-rich variant for every other legacy encoding: the detector's hard case.
            let text = k % 2 == 0 ? sample : FileTestSupport.mostlyASCII(sample)
            let lines = try XCTUnwrap(FileTestSupport.holdableLines(text, in: encoding), encoding)
            for ending in ["lf", "crlf", "cr", "mixed"] {
                for mark in marks.contains(encoding) ? [false, true] : [false] {
                    let name = "\(encoding)-\(ending)\(mark ? "-bom" : "")"
                    let input = try file(name + ".txt", (mark ? "\u{FEFF}" : "") + FileTestSupport.withEndings(lines, ending),
                                         encoding)
                    let output = "\(scratch)/\(name).out"
                    let run = try caret(["convert", input, output])
                    guard run.status == 0 else {
                        // Only a file the library cannot load may be skipped, and it says so.
                        XCTAssertEqual(run.status, 1, "\(name): \(run.stderr)")
                        XCTAssertFalse(FileManager.default.fileExists(atPath: output), name)
                        skipped.append("\(name): \(run.stderr)")
                        continue
                    }
                    XCTAssertEqual(FileTestSupport.read(output), FileTestSupport.read(input), "\(name) did not round-trip")
                    XCTAssertTrue(run.stdout.hasPrefix("\(input) ("), run.stdout)
                    converted += 1
                }
            }
        }
        print("caret convert round trip: \(converted) files byte-identical, \(skipped.count) not loaded")
        for line in skipped { print("  not loaded: \(line)") }
        XCTAssertEqual(skipped, [])
        XCTAssertEqual(converted, 13 * 4 + 6 * 4)
        XCTAssertEqual(FileTestSupport.listing(scratch).filter { $0.contains(".caret-") }, [])
    }

    /// `caret convert IN OUT` keeps the bytes of characters ICU decodes one way only (every such
    /// sequence of Shift_JIS, EUC-JP and Big5 among Japanese or Chinese lines), detected or forced.
    func testConvertKeepsOneWayCharacters() throws {
        for (icu, iconv, sample) in [("Shift_JIS", "SHIFT_JIS", "ja"), ("EUC-JP", "EUC-JP", "ja"), ("Big5", "BIG5", "zh-Hant")] {
            let oneWay = FileTestSupport.oneWaySequences(in: icu)
            XCTAssertFalse(oneWay.isEmpty, icu)
            let lines = try FilesOneWayRoundTripTests.lines(icu, iconv, sample, oneWay)
            for ending in ["lf", "crlf", "cr", "mixed"] {
                let input = "\(scratch)/\(icu)-\(ending).txt"
                let bytes = FileTestSupport.joined(lines, ending)
                FileTestSupport.write(bytes, to: input)
                for options in [[], ["--from", icu]] {
                    let output = "\(scratch)/\(icu)-\(ending).out"
                    let run = try caret(["convert"] + options + [input, output])
                    XCTAssertEqual(run.status, 0, run.stderr)
                    XCTAssertEqual(FileTestSupport.read(output), bytes, "\(icu) \(ending) \(options)")
                }
            }
        }
    }

    func testConvertOptionsChangeEncodingMarkAndEndings() throws {
        let text = "Grüße\r\nnaïve\rcafé\nend"
        let input = try file("in.txt", text)
        let output = "\(scratch)/out.txt"
        let cases: [([String], String, String)] = [
            (["--encoding", "UTF-16LE", "--bom", "yes", "--line-endings", "lf"], "UTF-16LE", "\u{FEFF}Grüße\nnaïve\ncafé\nend"),
            (["--encoding", "utf-16be", "--line-endings", "crlf"], "UTF-16BE", "Grüße\r\nnaïve\r\ncafé\r\nend"),
            (["--encoding", "latin1", "--line-endings", "cr"], "ISO-8859-1", "Grüße\rnaïve\rcafé\rend"),
            (["--encoding", "UTF-8", "--bom", "yes", "--line-endings", "keep"], "UTF-8", "\u{FEFF}" + text),
            (["--line-endings=lf"], "UTF-8", "Grüße\nnaïve\ncafé\nend"),
        ]
        for (options, encoding, expected) in cases {
            let run = try caret(["convert"] + options + [input, output])
            XCTAssertEqual(run.status, 0, "\(options): \(run.stderr)")
            XCTAssertEqual(FileTestSupport.read(output), FileTestSupport.iconvEncode(expected, to: encoding), "\(options)")
        }
        // From a file with a mark, --bom no drops it; the summary says what was written.
        let marked = try file("marked.txt", "\u{FEFF}a\r\nb", "UTF-16LE")
        let run = try caret(["convert", "--bom", "no", "--encoding", "UTF-8", marked, output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(FileTestSupport.read(output), Array("a\r\nb".utf8))
        XCTAssertEqual(run.stdout, "\(marked) (UTF-16LE, BOM, CRLF 1) -> \(output) (UTF-8, no BOM, CRLF 1): 4 bytes\n")
        // --from decodes as told: these UTF-8 bytes read as Latin-1 become four characters each.
        let from = try caret(["convert", "--from", "ISO-8859-1", "--encoding", "UTF-8", try file("u.txt", "é"), output])
        XCTAssertEqual(from.status, 0, from.stderr)
        XCTAssertEqual(FileTestSupport.read(output), Array("Ã©".utf8))
        // Converting a file onto itself (atomically) is allowed.
        let same = try caret(["convert", "--encoding", "UTF-32LE", input, input])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(FileTestSupport.read(input), FileTestSupport.iconvEncode(text, to: "UTF-32LE"))
    }

    func testConvertFailuresLeaveTheTargetUntouched() throws {
        let input = try file("in.txt", "abc\ndé日本\n")
        let output = "\(scratch)/existing.txt"
        FileTestSupport.write(Array("old contents\n".utf8), to: output)
        let run = try caret(["convert", "--encoding", "ISO-8859-1", input, output])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "caret convert: \(output): ISO-8859-1 cannot represent U+65E5 at line 2, column 3\n")
        XCTAssertEqual(FileTestSupport.read(output), Array("old contents\n".utf8))
        // A default-ignorable character (ZWJ) is refused too: ICU's own stop callback let it
        // vanish from the file (FuzzFiles found it).
        let joiner = try file("joiner.txt", "ab\nc\u{200D}d\n")
        let dropped = try caret(["convert", "--encoding", "windows-1252", joiner, output])
        XCTAssertEqual(dropped.status, 1)
        XCTAssertEqual(dropped.stderr, "caret convert: \(output): windows-1252 cannot represent U+200D at line 2, column 1\n")
        XCTAssertEqual(FileTestSupport.read(output), Array("old contents\n".utf8))
        // With --substitute the save goes through, lossily.
        let lossy = try caret(["convert", "--encoding", "ISO-8859-1", "--substitute", input, output])
        XCTAssertEqual(lossy.status, 0, lossy.stderr)
        XCTAssertEqual(FileTestSupport.read(output), [0x61, 0x62, 0x63, 0x0A, 0x64, 0xE9, 0x1A, 0x1A, 0x0A])
        // Undecodable input: refused with its offset, or kept byte for byte on request.
        let bad = "\(scratch)/bad.txt"
        let badBytes: [UInt8] = Array("valid text, then ".utf8) + [0xC3, 0x28] + Array(" and more ééééé\n".utf8)
        FileTestSupport.write(badBytes, to: bad)
        let refused = try caret(["convert", bad, output])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "caret convert: \(bad): invalid UTF-8 at byte offset 17\n")
        let kept = try caret(["convert", "--keep-undecodable", bad, output])
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(FileTestSupport.read(output), badBytes)
        XCTAssertTrue(kept.stderr.contains("1 undecodable byte sequences kept as U+FFFD"), kept.stderr)
        // A mark the encoding does not have; a directory that does not exist.
        let noMark = try caret(["convert", "--encoding", "KOI8-R", "--bom", "yes", input, output])
        XCTAssertEqual(noMark.status, 1)
        XCTAssertEqual(noMark.stderr, "caret convert: \(output): KOI8-R has no byte-order mark\n")
        let nowhere = try caret(["convert", input, "/nonexistent/dir/out.txt"])
        XCTAssertEqual(nowhere.status, 1)
        XCTAssertTrue(nowhere.stderr.hasPrefix("caret convert: /nonexistent/dir/out.txt: cannot write the file (create)"),
                      nowhere.stderr)
        XCTAssertEqual(FileTestSupport.listing(scratch).filter { $0.contains(".caret-") }, [])
    }

    func testConvertUsageErrors() throws {
        let input = try file("in.txt", "x")
        let usages: [([String], String)] = [
            ([input], "missing IN OUT"),
            ([input, "a", "b"], "unexpected argument 'b'"),
            (["--line-endings", "unix", input, "out"], "option '--line-endings' takes lf, crlf, cr or keep, not 'unix'"),
            (["--bom", "maybe", input, "out"], "option '--bom' takes yes or no, not 'maybe'"),
            (["--encoding", "klingon", input, "\(scratch)/out"], "unknown encoding \"klingon\""),
            (["--from", "klingon", input, "\(scratch)/out"], "unknown encoding \"klingon\""),
            (["-", "\(scratch)/out"], "IN and OUT must be files, not - (standard input or output)"),
            (["--encoding"], "option '--encoding' needs a value (E)"),
        ]
        for (arguments, message) in usages {
            let run = try caret(["convert"] + arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(run.stderr, "caret convert: \(message)\nTry 'caret convert --help' for more information.\n",
                           "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(scratch)/out"))
    }

    // MARK: help

    func testHelpDocumentsEveryOptionWithAnExample() throws {
        let options = [
            "info": ["--json", "--encoding E"],
            "convert": ["--encoding E", "--line-endings STYLE", "--bom yes|no", "--from E", "--keep-undecodable",
                        "--substitute"],
        ]
        for (command, names) in options {
            let help = try caret([command, "--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.hasPrefix("usage: caret \(command) "), help.stdout)
            for name in names + ["--help, -h"] {
                XCTAssertTrue(help.stdout.contains("\n  \(name) "), "\(command) --help does not document \(name)")
            }
            XCTAssertTrue(help.stdout.contains("\nexample:\n  caret \(command) "), help.stdout)
            XCTAssertEqual(try caret(["help", command]).stdout, help.stdout)
            XCTAssertTrue(try caret(["--help"]).stdout.contains("\n  \(command) "), command)
        }
        // The examples of `info` run as written, from the repository root.
        let info = try caret(["info", "Corpus/samples/crlf.txt", "Corpus/samples/ja.txt"])
        XCTAssertEqual(info.status, 0, info.stderr)
    }
}
