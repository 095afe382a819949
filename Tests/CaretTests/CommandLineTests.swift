import Caret
import Foundation
import XCTest

@testable import CaretCorpus

/// The `caret` executable as a user meets it: built next to this test bundle (`swift test`
/// builds every target of the package), run with good and bad command lines, checked by exit
/// status, standard output and standard error.
final class CommandLineTests: XCTestCase {
    /// The result of one run.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable: `CARET_EXECUTABLE`, else `caret` in the directory of the test binary
    /// (`.build/<triple>/debug/CaretPackageTests.xctest` sits beside `caret`).
    static let executable: URL? = {
        if let path = ProcessInfo.processInfo.environment["CARET_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL,
                          Bundle.main.executableURL].compactMap { $0 }
        for candidate in candidates {
            var directory = candidate.resolvingSymlinksInPath()
            for _ in 0..<3 {
                directory.deleteLastPathComponent()
                let caret = directory.appendingPathComponent("caret")
                if FileManager.default.isExecutableFile(atPath: caret.path) { return caret }
            }
        }
        return nil
    }()

    static let samples = SharedData.packageRoot.appendingPathComponent("Corpus/samples")

    /// A scratch directory for this test's files.
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("caret-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs `caret arguments` in the package root, with `input` on standard input (a file's
    /// contents, or nothing), extra `environment`; output captured through files, so that
    /// neither stream can block the other.
    func caret(_ arguments: [String], input: String? = nil, inputFile: String? = nil,
               environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let executable = try XCTUnwrap(Self.executable, "caret not found next to the test bundle (\(CommandLine.arguments[0])); "
            + "build it with `swift build --build-tests` or set CARET_EXECUTABLE", file: file, line: line)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let id = UUID().uuidString
        let out = scratch.appendingPathComponent("\(id).out"), err = scratch.appendingPathComponent("\(id).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let input {
            let path = scratch.appendingPathComponent("\(id).in")
            try Data(input.utf8).write(to: path)
            process.standardInput = try FileHandle(forReadingFrom: path)
        } else if let inputFile {
            process.standardInput = FileHandle(forReadingAtPath: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// Writes `text` to a scratch file and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let commands = ["stats", "replay", "case", "words", "lines", "wrap", "move", "session", "bench"]

    // MARK: help and version

    func testVersionComesFromVersionSwift() throws {
        let source = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("Sources/CaretCommand/Version.swift"),
                                encoding: .utf8)
        let version = try XCTUnwrap(source.firstMatch(of: /let caretVersion = "([^"]+)"/)?.1)
        for spelling in ["--version", "version"] {
            let run = try caret([spelling])
            XCTAssertEqual(run.status, 0)
            XCTAssertEqual(run.stdout, "caret \(version)\n")
            XCTAssertEqual(run.stderr, "")
        }
    }

    func testOverviewListsEveryCommand() throws {
        let run = try caret(["--help"])
        XCTAssertEqual(run.status, 0)
        for command in Self.commands { XCTAssertTrue(run.stdout.contains("\n  \(command) "), command) }
        let bare = try caret([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.stdout, "")
        XCTAssertTrue(bare.stderr.contains("no command given"), bare.stderr)
    }

    func testEveryCommandHasHelpDocumentingItsOptions() throws {
        let options = [
            "case": ["--upper", "--lower", "--title", "--locale ID"], "words": ["--locale ID"], "lines": ["--locale ID"],
            "wrap": ["--width N", "--tab-width T", "--clusters", "--ambiguous-wide", "--indent", "--json"],
            "move": ["--right N", "--left N", "--up N", "--down N", "--from OFFSET", "--logical"],
            "session": ["--field", "--view", "--read-only", "--traits-off", "--text TEXT", "--locale ID", "--keep-going",
                        "--check", "--record"],
        ]
        for command in Self.commands {
            let run = try caret([command, "--help"])
            XCTAssertEqual(run.status, 0, command)
            XCTAssertTrue(run.stdout.hasPrefix("usage: caret \(command) "), "\(command): \(run.stdout.prefix(80))")
            XCTAssertTrue(run.stdout.contains("--help, -h"), command)
            for option in options[command] ?? [] {
                XCTAssertTrue(run.stdout.contains("\n  \(option) "), "\(command) --help does not document \(option)")
            }
            XCTAssertEqual(try caret([command, "-h"]).stdout, run.stdout, command)
            if command != "bench" { XCTAssertEqual(try caret(["help", command]).stdout, run.stdout, command) }
        }
    }

    /// Every action, setting, modifier, trait and rule the script parser knows appears in
    /// `caret session --help`, as a quoted key: a new one cannot go undocumented.
    func testSessionHelpDocumentsTheWholeScriptFormat() throws {
        let help = try caret(["session", "--help"]).stdout
        let keys = SessionAction.actionKeys + SessionAction.modifiers.values.flatMap { $0 }
            + ["kind", "editable", "text", "locale", "traits", "rules"]
        for key in keys { XCTAssertTrue(help.contains("\"\(key)\""), "session --help lacks \"\(key)\"") }
        for key in SessionValues.traitKeys + SessionValues.ruleKeys {
            XCTAssertTrue(help.contains(key), "session --help lacks \(key)")
        }
        for value in TextKeyboardType.allCases.map(\.rawValue) + OverlayViewMode.allCases.map(\.rawValue) {
            XCTAssertTrue(help.contains(value), "session --help lacks \(value)")
        }
        // The example in the help runs as it is.
        let example = help.components(separatedBy: "\nexample").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  {") }.map { $0.dropFirst(2) }.joined(separator: "\n") ?? ""
        XCTAssertTrue(example.contains("\"paste\""))
        let run = try caret(["session", "-"], input: example + "\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("= \"¡Hello👩\\u{200D}👩\\u{200D}👧👍🏽\""), run.stdout)
    }

    // MARK: usage errors: exit 2 with a hint

    func testUnknownCommand() throws {
        let run = try caret(["frobnicate"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("caret: unknown command 'frobnicate'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Try 'caret --help'"), run.stderr)
    }

    func testUnknownFlagIsNeverAFileName() throws {
        let en = Self.samples.appendingPathComponent("en.txt").path
        for command in Self.commands where command != "bench" {
            let run = try caret([command, "--bogus", en])
            XCTAssertEqual(run.status, 2, command)
            XCTAssertEqual(run.stdout, "", command)
            XCTAssertEqual(run.stderr, "caret \(command): unknown option '--bogus'\nTry 'caret \(command) --help' for more information.\n")
        }
    }

    func testMissingValuesArgumentsAndChoices() throws {
        let en = Self.samples.appendingPathComponent("en.txt").path
        let cases: [([String], String)] = [
            (["words", "--locale"], "option '--locale' needs a value (ID)"),
            (["words"], "missing FILE…"),
            (["case", en], "choose a mapping: --upper, --lower or --title"),
            (["case", "--upper", "--lower", en], "choose one mapping, not --upper and --lower"),
            (["move", en], "choose a direction: --right, --left, --up or --down N"),
            (["move", en, "--right", "-3"], "option '--right' takes an integer 0 or more, not '-3'"),
            (["move", en, en, "--right", "1"], "unexpected argument '\(en)'"),
            (["move", en, "--logical=yes", "--right", "1"], "option '--logical' takes no value"),
            (["session", "--check", "-"], "--check needs script files (their .expected files sit beside them), not -"),
        ]
        for (arguments, message) in cases {
            let run = try caret(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix("caret \(arguments[0]): \(message)\n"), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("--help"), "\(arguments)")
        }
    }

    // MARK: failures: exit 1 with the reason, the other files still done

    func testMissingFileIsAFailureWithTheSystemsReason() throws {
        for arguments in [["stats"], ["words"], ["lines"], ["case", "--lower"], ["replay"], ["session"],
                          ["move", "--right", "1"]] {
            let run = try caret(arguments + ["/nonexistent"])
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertTrue(run.stderr.contains("/nonexistent: No such file or directory"), "\(arguments): \(run.stderr)")
        }
    }

    func testBadFileDoesNotStopTheOthers() throws {
        let en = Self.samples.appendingPathComponent("en.txt").path
        let stats = try caret(["stats", "/nonexistent", en])
        XCTAssertEqual(stats.status, 1)
        XCTAssertTrue(stats.stdout.contains("\nen.txt "), stats.stdout)
        let bad = scratch.appendingPathComponent("bad.txt").path
        try Data([0x61, 0xFF, 0x62]).write(to: URL(fileURLWithPath: bad))
        let words = try caret(["words", bad, en])
        XCTAssertEqual(words.status, 1)
        XCTAssertTrue(words.stderr.contains("bad.txt: invalid UTF-8 at byte offset 1: byte that never occurs in UTF-8"),
                      words.stderr)
        XCTAssertTrue(words.stdout.hasSuffix("\(en): 158 words\n"), String(words.stdout.suffix(80)))
    }

    func testDirectoryAsFileSaysSo() throws {
        for arguments in [["lines"], ["words"], ["case", "--upper"], ["move", "--left", "1"], ["replay"], ["session"]] {
            let run = try caret(arguments + ["Corpus"])
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertTrue(run.stderr.contains("Corpus: Is a directory"), "\(arguments): \(run.stderr)")
        }
    }

    func testReplayRejectsWhatIsNotATrace() throws {
        let json = try write("{\"foo\":1}\n", to: "foo.json")
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", json]
        try gzip.run()
        gzip.waitUntilExit()
        for path in [json, json + ".gz"] {
            let run = try caret(["replay", path])
            XCTAssertEqual(run.status, 1, path)
            XCTAssertEqual(run.stdout, "", path)
            XCTAssertTrue(run.stderr.contains("not an editing trace: no \"endContent\", \"startContent\", \"txns\""),
                          run.stderr)
        }
        let text = try caret(["replay", Self.samples.appendingPathComponent("en.txt").path])
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stderr.contains("trace JSON: expected '{' at byte 0"), text.stderr)
    }

    func testBadSessionSettingNamesTheLine() throws {
        let script = try write("{\"settings\": {\"rules\": {\"maximumLength\": -1}}}\n{\"insert\": \"a\"}\n", to: "bad.jsonl")
        let run = try caret(["session", script])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("bad.jsonl:1: \"rules\": \"maximumLength\" takes a number of grapheme clusters, "
                                          + "0 or more, not -1"), run.stderr)
    }

    func testUnknownLocaleIsAWarning() throws {
        let th = Self.samples.appendingPathComponent("th.txt").path
        let bogus = try caret(["words", "--locale", "xx-bogus", th])
        XCTAssertEqual(bogus.status, 0)
        XCTAssertTrue(bogus.stderr.hasPrefix("caret words: warning: unknown locale 'xx-bogus'"), bogus.stderr)
        XCTAssertTrue(bogus.stdout.hasSuffix(" words\n"))
        let known = try caret(["lines", "--locale", "th", th])
        XCTAssertEqual(known.status, 0)
        XCTAssertEqual(known.stderr, "")
        let script = try caret(["session", "-"], input: "{\"locale\": \"klingon\"}\n")
        XCTAssertEqual(script.status, 0)
        XCTAssertTrue(script.stderr.contains("-:1: unknown locale \"klingon\""), script.stderr)
    }

    // MARK: standard input, big and endless input

    func testDashIsStandardInput() throws {
        let stats = try caret(["stats", "-"], input: "héllo\n")
        XCTAssertEqual(stats.status, 0, stats.stderr)
        let row = try XCTUnwrap(stats.stdout.split(separator: "\n").dropFirst().first)
        XCTAssertEqual(row.split(separator: " ").prefix(6), ["-", "7", "6", "6", "6", "2"])
        let words = try caret(["words", "-"], input: "two words")
        XCTAssertTrue(words.stdout.hasSuffix("-: 2 words\n"), words.stdout)
        let upper = try caret(["case", "--upper", "--locale", "tr", "-"], input: "istanbul")
        XCTAssertEqual(upper.stdout, "İSTANBUL")
    }

    func testEndlessInputStopsAtTheLimit() throws {
        let device = try caret(["stats", "/dev/zero"], environment: ["CARET_INPUT_LIMIT": "100000"])
        XCTAssertEqual(device.status, 1)
        XCTAssertTrue(device.stderr.contains("/dev/zero: more than 100,000 bytes of input of unknown size"), device.stderr)
        let pipe = try caret(["lines", "-"], inputFile: "/dev/zero", environment: ["CARET_INPUT_LIMIT": "100000"])
        XCTAssertEqual(pipe.status, 1)
        XCTAssertTrue(pipe.stderr.contains("standard input: more than 100,000 bytes"), pipe.stderr)
        // The default limit is the one the help names.
        XCTAssertTrue(try caret(["stats", "--help"]).stdout.contains("up to 64 MiB"))
    }

    /// More than one window of `lines` and `case` (64 Ki clusters): the streamed output is
    /// exactly what the library gives for the whole document at once.
    func testStreamedLinesAndCaseMatchTheWholeDocument() throws {
        var text = ""
        for name in ["th.txt", "el.txt", "mixed-bidi.txt", "nl.txt", "ja.txt"] {
            text += try String(contentsOf: Self.samples.appendingPathComponent(name), encoding: .utf8)
        }
        text = String(repeating: text, count: 35)
        let path = try write(text, to: "big.txt")
        var document = TextDocument(text)
        XCTAssertGreaterThan(document.count, 1 << 16)
        document.locale = "th"
        let whole = try XCTUnwrap(document.textRange(from: document.beginningOfDocument, to: document.endOfDocument))
        let breaks = try XCTUnwrap(document.lineBreakOpportunities(in: whole))
        let lines = try caret(["lines", "--locale", "th", path])
        XCTAssertEqual(lines.status, 0, lines.stderr)
        let rows = lines.stdout.split(separator: "\n").dropLast()
        XCTAssertEqual(rows.count, breaks.count)
        let ends = rows.map { Int($0.split(separator: "<")[1].prefix(8).trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(ends, breaks.map { document.offset(of: $0.position) })
        XCTAssertEqual(rows.filter { $0.contains(" mandatory ") }.count, breaks.filter(\.isMandatory).count)
        let title = try caret(["case", "--title", "--locale", "nl", path])
        XCTAssertEqual(title.status, 0, title.stderr)
        XCTAssertEqual(title.stdout, document.capitalized(whole, locale: "nl"))
    }

    func testMoveStopsWhereTheWalkRepeats() throws {
        // From the end of a left-to-right line above a right-to-left one, → goes down to the
        // second line's reading start and back up, for ever.
        let path = try write("abc\nשלום\n", to: "loop.txt")
        let run = try caret(["move", path, "--right", "1000000"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n")
        XCTAssertLessThan(rows.count, 20)
        XCTAssertEqual(rows.last, "(press 5 is back where press 3 was: the walk repeats every 2 presses from there; "
                       + "999,995 more presses not shown)")
        let short = try caret(["move", path, "--right", "2"])
        XCTAssertEqual(short.stdout.split(separator: "\n").count, 4)
    }

    /// `caret wrap`: visual lines as text and as JSON (hard line, UTF-16 range without the
    /// terminator, width without hanging spaces), in both width models, and its usage errors.
    func testWrapPrintsVisualLines() throws {
        let file = try write("the quick brown fox\n\n日本語の文章\r\n\tx 👨\u{200D}👩 y", to: "wrap.txt")
        let plain = try caret(["wrap", "--width", "10", file])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, "the quick \nbrown fox\n\n日本語の文\n章\n\tx \n👨\u{200D}👩 y\n")
        let json = try caret(["wrap", "--width", "10", "--json", file])
        XCTAssertEqual(json.stdout.split(separator: "\n"), [
            #"{"line":0,"utf16":[0,10],"width":9}"#, #"{"line":0,"utf16":[10,19],"width":9}"#,
            #"{"line":1,"utf16":[20,20],"width":0}"#, #"{"line":2,"utf16":[21,26],"width":10}"#,
            #"{"line":2,"utf16":[26,27],"width":2}"#, #"{"line":3,"utf16":[29,32],"width":9}"#,
            #"{"line":3,"utf16":[32,39],"width":6}"#,
        ])
        // One cluster a width: the family fits with the tab narrowed to 4 columns.
        let clusters = try caret(["wrap", "--width", "10", "--json", "--clusters", "--tab-width", "4", file])
        XCTAssertEqual(clusters.stdout.split(separator: "\n").suffix(1), [#"{"line":3,"utf16":[29,39],"width":10}"#])
        for (arguments, message) in [(["wrap", file], "missing --width N"),
                                     (["wrap", "--width", "0", file], "option '--width' takes an integer"),
                                     (["wrap", "--width", "8", "--tab-width", "x", file], "option '--tab-width' takes"),
                                     (["wrap", "--width", "8"], "missing FILE")] {
            let run = try caret(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        let missing = try caret(["wrap", "--width", "8", scratch.appendingPathComponent("none.txt").path])
        XCTAssertEqual(missing.status, 1)
    }

    func testStatsColumnsLineUp() throws {
        let run = try caret(["stats", "Corpus/samples"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let table = run.stdout.components(separatedBy: "\n\n")[0].split(separator: "\n")
        XCTAssertEqual(table.count, 41)  // header, 39 samples, total
        XCTAssertEqual(Set(table.map(\.count)).count, 1, "rows of different widths:\n\(table.joined(separator: "\n"))")
        XCTAssertTrue(table.last?.hasPrefix("total") == true)
    }
}
