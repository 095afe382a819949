import Caret
import CaretCorpus
import Foundation

/// `caret find [OPTIONS] PATTERN FILE…`: the matches of a literal or an ICU regular expression
/// in files, as grep prints them (`file:line:column: line`), counted, or as JSON; exit status
/// as grep's.
enum FindCommand: Subcommand {
    static let spec = CommandSpec(
        name: "find",
        brief: "find text or an ICU regular expression (grep-like, Unicode-aware)",
        summary: "Finds a literal text or an ICU regular expression in texts, case-, diacritic- and\n"
            + "normalisation-insensitively if asked, whole words by ICU's word boundaries; matches\n"
            + "never split a grapheme cluster.",
        usage: ["[--regex] [--ignore-case] [--ignore-diacritics] [--word contains|prefix|whole] [--locale ID]\n"
            + "             [--count] [--json] PATTERN FILE…"],
        options: SearchArguments.options + [
            .flag("--count", "-c", help: "print FILE:N, the number of matches of each file"),
            .flag("--json", help: "one JSON object a match (offsets, 0-based line and UTF-16 column)"),
        ],
        positionalCount: 2...Int.max,
        positionalHelp: [("PATTERN", "the text or regular expression"), ("FILE…", "UTF-8 text files; - is standard input")],
        details: """
            output: one line a match, `FILE:LINE:COLUMN: LINE TEXT` (line and column 1-based, the column
            in grapheme clusters), the match highlighted on a terminal. --count: `FILE:N`. --json: one
            object a match, {"file", "utf8":[start,end], "utf16":[start,end], "line", "column", "text"}
            with offsets from the start of the file, 0-based line and column (UTF-16, as LSP counts).
            Exit status as grep's: 0 something matched, 1 nothing did, 2 a bad command line or
            pattern (with ICU's reason and offset), an unreadable or undecodable file, or output that
            could not be written.

            example:
              caret find --ignore-case --word whole straße Corpus/samples/de.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let pattern = arguments.positionals[0]
        let query = try SearchArguments.query(arguments, pattern: pattern, command: spec.name)
        guard SearchArguments.check(query, command: spec.name, console: console) else { return ExitStatus.usage }
        let locale = arguments.value("--locale") ?? ""
        CommandSupport.checkLocale(locale, command: spec.name, console: console)
        let counting = arguments.flag("--count"), json = arguments.flag("--json")
        let highlight = isatty(STDOUT_FILENO) != 0 && !json
        var matched = false
        let status = CommandSupport.forEachDocument(Array(arguments.positionals.dropFirst()), locale: locale,
                                                    command: spec.name, console: console,
                                                    unreadable: ExitStatus.usage) { path, document in
            var count = 0
            do {
                for match in try document.matches(of: query) {
                    // Standard output failed (a full disk, a closed pipe): the run's status is
                    // settled, so the rest of the search is not worth doing.
                    if console.outputError != nil { break }
                    count += 1
                    if counting { continue }
                    console.line(json ? jsonLine(match, path: path, document: document)
                                      : textLine(match, path: path, document: document, highlight: highlight))
                }
            } catch {
                console.error("\(path): \(error)", command: spec.name)
                return ExitStatus.usage
            }
            if counting { console.line("\(path):\(count)") }
            if count > 0 { matched = true }
            return ExitStatus.success
        }
        return SearchArguments.exitStatus(status, matched: matched, console: console)
    }

    /// `FILE:LINE:COLUMN: LINE TEXT`, 1-based, the column in grapheme clusters; the match shown
    /// in bold red on a terminal (up to the end of its first line).
    static func textLine(_ match: TextMatch, path: String, document: TextDocument, highlight: Bool) -> String {
        let start = match.range.start
        func text(_ a: TextPosition, _ b: TextPosition) -> String {
            document.textRange(from: a, to: b).flatMap { document.text(in: $0) } ?? ""
        }
        guard let (line, column) = document.lineAndColumn(of: start), let lineRange = document.lineRange(containing: start)
        else { return path }
        let matchEnd = min(match.range.end, lineRange.end)
        let before = text(lineRange.start, start), inside = text(start, matchEnd), after = text(matchEnd, lineRange.end)
        let shown = highlight ? before + "\u{1B}[1;31m" + inside + "\u{1B}[0m" + after : before + inside + after
        return "\(path):\(line + 1):\(column + 1): \(shown)"
    }

    /// `{"file":…,"utf8":[s,e],"utf16":[s,e],"line":L,"column":C,"text":…}`: 0-based line, UTF-16
    /// column.
    static func jsonLine(_ match: TextMatch, path: String, document: TextDocument) -> String {
        let start = match.range.start, end = match.range.end
        let u16Start = document.offset(of: start, unit: .utf16) ?? 0, u16End = document.offset(of: end, unit: .utf16) ?? 0
        let (line, column) = document.lineAndColumn(of: start, unit: .utf16) ?? (0, 0)
        let text = document.text(in: match.range) ?? ""
        return "{\"file\":\(JSONText.quoted(path)),\"utf8\":[\(match.utf8Range.lowerBound),\(match.utf8Range.upperBound)],"
            + "\"utf16\":[\(u16Start),\(u16End)],\"line\":\(line),\"column\":\(column),\"text\":\(JSONText.quoted(text))}"
    }
}
