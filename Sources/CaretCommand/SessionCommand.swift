import Caret
import CaretCorpus
import Foundation

/// `caret session FILE…`: replays scripts of input events (JSON lines, see `SessionScript`) on
/// the editing model and prints the text, selection and marked range after each step.
/// `--check` compares each script's transcript with its `.expected` file beside it (what CI
/// runs over `Corpus/sessions`), `--record` writes that file.
enum SessionCommand {
    static let usageText = """
        usage: caret session FILE… [--field|--view] [--read-only] [--traits-off] [--text TEXT] [--locale ID] [--keep-going]
               caret session --check|--record FILE|DIR… [--keep-going]
        """

    static func run(_ arguments: [String]) -> Int32 {
        var files: [String] = []
        var override = Override()
        var keepGoing = false
        var mode = "print"
        var k = 0
        while k < arguments.count {
            let a = arguments[k]
            switch a {
            case "--field": override.isField = true
            case "--view": override.isField = false
            case "--read-only": override.isEditable = false
            case "--traits-off": override.traitsOff = true
            case "--keep-going": keepGoing = true
            case "--check", "--record": mode = String(a.dropFirst(2))
            case "--text", "--locale":
                k += 1
                guard k < arguments.count else { return usage("\(a) needs a value") }
                if a == "--text" { override.text = arguments[k] } else { override.locale = arguments[k] }
            case "-h", "--help": print(usageText); return 0
            default:
                if a.hasPrefix("--") { return usage("unknown option \(a)") }
                files.append(a)
            }
            k += 1
        }
        if mode != "print" { files = CommandSupport.expandFiles(files, extensions: ["jsonl"]) }
        guard !files.isEmpty else { return usage("name a script file") }
        var status: Int32 = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                CommandSupport.printError("session: cannot read \(file) as UTF-8")
                status = 1
                continue
            }
            let script = SessionScript(text)
            let transcript = SessionRunner.run(script, settings: override.applied(to: script.settings), keepGoing: keepGoing)
            switch mode {
            case "check": if !check(file, transcript) { status = 1 }
            case "record":
                do {
                    try transcript.text.write(toFile: expectedPath(file), atomically: true, encoding: .utf8)
                    print("recorded \(expectedPath(file)) (\(transcript.lines.count) lines)")
                } catch {
                    CommandSupport.printError("session: cannot write \(expectedPath(file)): \(error)")
                    status = 1
                }
            default:
                if files.count > 1 { print("== \(file)") }
                print(transcript.text, terminator: "")
                for e in transcript.errors { CommandSupport.printError("session: \(file):\(e.line): \(e.message)") }
                if !transcript.errors.isEmpty { status = 1 }
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
    static func check(_ file: String, _ transcript: SessionRunner.Transcript) -> Bool {
        let path = expectedPath(file)
        guard let data = FileManager.default.contents(atPath: path), let expected = String(data: data, encoding: .utf8) else {
            CommandSupport.printError("session: \(path) is missing (write it with: caret session --record \(file))")
            return false
        }
        guard let d = transcript.firstDifference(from: expected) else {
            print("ok \(file) (\(transcript.lines.count) lines)")
            return true
        }
        print("FAILED \(file): transcript line \(d.line) differs from \(path)")
        print("  expected: \(d.expected)")
        print("  got:      \(d.got)")
        return false
    }

    static func usage(_ message: String) -> Int32 {
        CommandSupport.printError("session: \(message)\n\(usageText)")
        return 2
    }
}
