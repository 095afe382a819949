import Caret
import CaretCorpus
import Foundation

/// `caret session FILE…`: replays scripts of input events (JSON lines, see `SessionScript`) on
/// the editing model and prints the text, selection and marked range after each step.
/// `--check` compares each script's transcript with its `.expected` file beside it (what CI
/// runs over `Corpus/sessions`), `--record` writes that file.
enum SessionCommand: Subcommand {
    static let spec = CommandSpec(
        name: "session",
        brief: "replay input events (JSON lines) on the editing model",
        summary: "Replays scripts of input events (JSON lines) on the editing model (TextInput), printing\n"
            + "the text, selection and marked text after each step; or checks them against kept transcripts.",
        usage: ["[--field|--view] [--read-only] [--traits-off] [--text TEXT] [--locale ID] [--keep-going] SCRIPT…",
                "--check|--record [--keep-going] SCRIPT|DIR…"],
        options: [
            .flag("--field", help: "a single-line field, whatever the script's settings say"),
            .flag("--view", help: "a multi-line view"),
            .flag("--read-only", help: "not editable: every input call is refused"),
            .flag("--traits-off", help: "plain traits: no autocapitalization, smart quotes, dashes, insert, delete"),
            .value("--text", placeholder: "TEXT", help: "the initial text"),
            .value("--locale", placeholder: "ID", help: "the input's ICU locale id (one ICU has no data for is a warning)"),
            .flag("--keep-going", help: "skip bad script lines instead of stopping at the first"),
            .flag("--check", help: "compare each transcript with SCRIPT's .expected file (name.jsonl →\n"
                + "name.expected); a directory stands for its .jsonl files"),
            .flag("--record", help: "write each transcript to SCRIPT's .expected file"),
        ],
        positionalCount: 1...Int.max,
        positionalHelp: [("SCRIPT…", "session scripts (.jsonl); - is standard input")],
        details: SessionFormatHelp.text)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        var override = Override()
        if arguments.flag("--field") && arguments.flag("--view") {
            throw UsageError(command: spec.name, message: "choose --field or --view, not both")
        }
        if arguments.flag("--check") && arguments.flag("--record") {
            throw UsageError(command: spec.name, message: "choose --check or --record, not both")
        }
        if arguments.flag("--field") { override.isField = true }
        if arguments.flag("--view") { override.isField = false }
        if arguments.flag("--read-only") { override.isEditable = false }
        if arguments.flag("--traits-off") { override.traitsOff = true }
        override.text = arguments.value("--text")
        override.locale = arguments.value("--locale")
        if let locale = override.locale { CommandSupport.checkLocale(locale, command: spec.name, console: console) }
        let keepGoing = arguments.flag("--keep-going")
        let mode = arguments.flag("--check") ? "check" : arguments.flag("--record") ? "record" : "print"
        var files = arguments.positionals
        var status = ExitStatus.success
        if mode != "print" {
            if files.contains("-") {
                throw UsageError(command: spec.name, message: "--\(mode) needs script files (their .expected files sit beside them), not -")
            }
            let (found, missing) = CommandSupport.expandFiles(files, extensions: ["jsonl"], command: spec.name,
                                                              console: console)
            files = found
            if missing > 0 { status = ExitStatus.failure }
        }
        for file in files {
            let bytes: [UInt8]
            do { bytes = try InputFile(path: file).bytes(console: console) } catch {
                console.error(error.message, command: spec.name)
                status = ExitStatus.failure
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                console.error("\(file): not UTF-8 text", command: spec.name)
                status = ExitStatus.failure
                continue
            }
            let script = SessionScript(text)
            for w in script.warnings { console.warning("\(file):\(w.line): \(w.message)", command: spec.name) }
            let transcript = SessionRunner.run(script, settings: override.applied(to: script.settings), keepGoing: keepGoing)
            switch mode {
            case "check": if !check(file, transcript, console: console) { status = ExitStatus.failure }
            case "record":
                do {
                    try transcript.text.write(toFile: expectedPath(file), atomically: true, encoding: .utf8)
                    console.line("recorded \(expectedPath(file)) (\(transcript.lines.count) lines)")
                } catch {
                    console.error("cannot write \(expectedPath(file)): \(error.localizedDescription)", command: spec.name)
                    status = ExitStatus.failure
                }
            default:
                if files.count > 1 { console.line("== \(file)") }
                console.write(transcript.text)
                for e in transcript.errors { console.error("\(file):\(e.line): \(e.message)", command: spec.name) }
                if !transcript.errors.isEmpty { status = ExitStatus.failure }
            }
        }
        return status
    }

    /// Command-line settings laid over the script's own.
    struct Override {
        var isField: Bool?, isEditable: Bool?, text: String?, locale: String?, traitsOff: Bool?
        func applied(to s: SessionSettings) -> SessionSettings {
            SessionSettings(isField: isField ?? s.isField, isEditable: isEditable ?? s.isEditable,
                            text: text ?? s.text, locale: locale ?? s.locale,
                            traits: traitsOff == true ? .plain : s.traits, rules: s.rules)
        }
    }

    /// `name.jsonl` → `name.expected`.
    static func expectedPath(_ file: String) -> String {
        (file.hasSuffix(".jsonl") ? String(file.dropLast(6)) : file) + ".expected"
    }

    /// Compares a transcript with the kept one; prints the first difference.
    static func check(_ file: String, _ transcript: SessionRunner.Transcript, console: Console) -> Bool {
        let path = expectedPath(file)
        guard let data = FileManager.default.contents(atPath: path), let expected = String(data: data, encoding: .utf8) else {
            console.error("\(path) is missing (write it with: caret session --record \(file))", command: spec.name)
            return false
        }
        guard let d = transcript.firstDifference(from: expected) else {
            console.line("ok \(file) (\(transcript.lines.count) lines)")
            return true
        }
        console.line("FAILED \(file): transcript line \(d.line) differs from \(path)")
        console.line("  expected: \(d.expected)")
        console.line("  got:      \(d.got)")
        return false
    }
}
