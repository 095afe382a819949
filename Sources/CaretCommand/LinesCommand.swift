import Caret
import Foundation

/// `caret lines [--locale ID] FILE…`: lists the line-break opportunities that
/// `lineBreakOpportunities(in:)` returns (UAX #14 as ICU finds it, with dictionaries for Thai,
/// Lao, Khmer, Burmese, Chinese and Japanese), one output line per piece of text between two
/// opportunities, with grapheme offsets and whether the break is mandatory.
enum LinesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lines",
        brief: "the line-break opportunities of a text (soft or mandatory)",
        summary: "Lists the line-break opportunities of texts (UAX #14 as ICU finds it, with dictionaries for\n"
            + "Thai, Lao, Khmer, Burmese, Chinese and Japanese): where soft wrapping may break.",
        usage: ["[--locale ID] FILE…"],
        options: [
            .value("--locale", placeholder: "ID", help: "ICU locale id for the line-break rules (default: root;\n"
                + "an id ICU has no data for is a warning)")
        ],
        positionalCount: 1...Int.max,
        positionalHelp: [("FILE…", "UTF-8 text files; - is standard input")],
        details: """
            output: one line per piece of text between two opportunities,
            `START..<END mandatory|soft TEXT` in grapheme clusters, line breaks and tabs in TEXT
            written as \\n, \\r, \\t…; then `FILE: N line-break opportunities (M mandatory)`.
            Written as the text is read, 64 Ki characters at a time (bounded memory).

            example:
              caret lines Corpus/samples/ja.txt
            """)

    /// Clusters asked for at once: enough to amortise a break iterator, small enough to keep
    /// the opportunities of one window (not of the document) in memory.
    static let windowSize = 1 << 16

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let locale = arguments.value("--locale") ?? ""
        CommandSupport.checkLocale(locale, command: spec.name, console: console)
        return CommandSupport.forEachDocument(arguments.positionals, locale: locale, command: spec.name,
                                              console: console) { path, document in
            let (found, mandatory) = list(document, path: path, console: console)
            console.line("\(path): \(found) line-break opportunities (\(mandatory) mandatory)")
            return ExitStatus.success
        }
    }

    /// Prints the opportunities window by window; their count and how many are mandatory.
    ///
    /// Each window starts at the last opportunity printed: the library's iterator reads the
    /// text around a range through the whole document and steps from break to break, so the
    /// breaks of consecutive windows are those of the whole text. A window with no break in it
    /// (one very long word) grows until it has one or reaches the end.
    static func list(_ document: TextDocument, path: String, console: Console) -> (found: Int, mandatory: Int) {
        var progress = Progress("lines \(path)", console: console, enabled: isatty(STDOUT_FILENO) == 0)
        defer { progress.finish() }
        var start = document.beginningOfDocument
        var startOffset = 0
        var size = windowSize
        var found = 0, mandatory = 0
        while startOffset < document.count {
            let end = document.position(from: start, offset: size) ?? document.endOfDocument
            guard let window = document.textRange(from: start, to: end),
                  let breaks = document.lineBreakOpportunities(in: window) else { break }
            let reachesEnd = document.offset(of: end) == document.count
            guard !breaks.isEmpty else {
                if reachesEnd { break }
                size *= 2
                continue
            }
            size = windowSize
            for opportunity in breaks {
                guard let to = document.offset(of: opportunity.position),
                      let range = document.textRange(from: start, to: opportunity.position),
                      let text = document.text(in: range) else { break }
                let kind = opportunity.isMandatory ? "mandatory" : "soft     "
                console.line("\(CommandSupport.pad(String(startOffset), 8))..<\(CommandSupport.padRight(String(to), 8)) "
                    + "\(kind) \(CommandSupport.visible(text))")
                found += 1
                if opportunity.isMandatory { mandatory += 1 }
                start = opportunity.position
                startOffset = to
            }
            progress.update(startOffset, of: document.count, unit: " characters")
            if reachesEnd { break }
        }
        return (found, mandatory)
    }
}
