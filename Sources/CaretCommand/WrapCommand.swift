import Caret
import Foundation

/// `caret wrap --width N [--tab-width T] [--clusters] [--ambiguous-wide] [--indent] [--json]
/// FILE`: soft-wraps a text at a width in display columns (`TextDocument.visualLines(options:)`)
/// and prints its visual lines, as text or as JSON lines for tools and tests.
enum WrapCommand: Subcommand {
    static let spec = CommandSpec(
        name: "wrap",
        brief: "soft-wrap a text at a width in display columns",
        summary: "Soft-wraps a text at a width in display columns and prints its visual lines: breaks at\n"
            + "UAX #14 line-break opportunities (ICU), a word wider than the line broken between clusters,\n"
            + "spaces at the end of a visual line hanging (not counted against the width).",
        usage: ["--width N [--tab-width T] [--clusters] [--ambiguous-wide] [--indent] [--json] FILE"],
        options: [
            .value("--width", placeholder: "N", help: "columns of a visual line (N ≥ 1; required)"),
            .value("--tab-width", placeholder: "T", help: "columns between tab stops (default 8)"),
            .flag("--clusters", help: "one width per grapheme cluster (terminals with grapheme support)\n"
                + "instead of scalar by scalar as wcwidth (xterm, tmux)"),
            .flag("--ambiguous-wide", help: "East Asian Ambiguous characters take 2 columns (CJK locales)"),
            .flag("--indent", help: "continuation lines keep the hard line's indentation"),
            .flag("--json", help: "one JSON object per visual line instead of its text"),
        ],
        positionalCount: 1...1,
        positionalHelp: [("FILE", "a UTF-8 text file; - is standard input")],
        details: """
            output: each visual line's text on a line of its own (hanging spaces kept, so the lines
            joined give the file without its line terminators); with --json, one object a visual line:
            {"line":L,"utf16":[S,E],"width":W} — L the 0-based hard line, S..<E the visual line in UTF-16
            code units from the start of the file (without the line terminator), W its display width
            without hanging spaces (tabs measured from its start, or from the indent with --indent).

            example:
              caret wrap --width 40 --json Corpus/samples/ja.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard let width = try arguments.integer("--width", in: 1...Int(Int32.max), command: spec.name) else {
            throw UsageError(command: spec.name, message: "missing --width N")
        }
        let tabWidth = try arguments.integer("--tab-width", in: 1...1024, command: spec.name) ?? 8
        let display = DisplayWidthOptions(model: arguments.flag("--clusters") ? .clusters : .terminal, tabWidth: tabWidth,
                                          ambiguousIsWide: arguments.flag("--ambiguous-wide"))
        let options = SoftWrapOptions(width: width, display: display, preservesIndent: arguments.flag("--indent"))
        let path = arguments.positionals[0]
        let document: TextDocument
        do { document = try InputFile(path: path).document(console: console) } catch {
            console.error(error.message, command: spec.name)
            return ExitStatus.failure
        }
        let json = arguments.flag("--json")
        for visual in document.visualLines(options: options) {
            if json {
                console.line("{\"line\":\(visual.line),\"utf16\":[\(visual.utf16Offsets.lowerBound),"
                    + "\(visual.utf16Offsets.upperBound)],\"width\":\(visual.width)}")
            } else {
                console.line(String(repeating: " ", count: visual.indent) + (document.text(in: visual.range) ?? ""))
            }
        }
        return ExitStatus.success
    }
}
