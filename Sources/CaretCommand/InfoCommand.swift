import Caret
import CaretCorpus
import Foundation

/// `caret info [--json] [--encoding E] FILE…`: what `TextFile` finds in each file — encoding,
/// byte-order mark, line endings by kind — and the text's size in lines, grapheme clusters and
/// UTF-16 units, as a table or as one JSON object a file.
enum InfoCommand: Subcommand {
    static let spec = CommandSpec(
        name: "info",
        brief: "encoding, byte-order mark, line endings and sizes of text files",
        summary: "Loads text files as an editor would (encoding detected, every line's ending kept) and tells\n"
            + "what was found: encoding, byte-order mark, line endings by kind, lines, clusters, UTF-16 units.",
        usage: ["[--json] [--encoding E] FILE…"],
        options: [
            .flag("--json", help: "one JSON object a line for each file (keys below), instead of a table"),
            .value("--encoding", placeholder: "E", help: "decode with this encoding (any ICU name or alias:\n"
                + "UTF-16LE, latin1, cp1252, sjis…) instead of detecting it"),
        ],
        positionalCount: 1...Int.max,
        positionalHelp: [("FILE…", "text files in any encoding ICU converts (not standard input: detection\n"
            + "may read a file more than once)")],
        details: """
            columns:
              encoding    ICU's canonical name (UTF-8, UTF-16LE, windows-1252, Shift_JIS, KOI8-R…)
              BOM         whether the file starts with a byte-order mark
              LF CRLF CR  lines ending in each way (as the file has them)
              other       lines ending in VT, FF, NEL, U+2028 or U+2029
              lines       lines (terminators + 1)
              clusters    grapheme clusters (user-perceived characters)
              UTF-16      UTF-16 code units: what NSRange, UIKit and LSP count
              found by    how the encoding was decided: byte-order mark, valid UTF-8, NUL pattern
                          (UTF-16/32 without a mark), ICU's detector (its confidence), or given

            --json writes, for each file that loaded, one line:
              {"file":"a.txt","encoding":"UTF-16LE","bom":true,
               "lineEndings":{"lf":2,"crlf":0,"cr":0,"other":0},"lines":3,"clusters":12,"utf16":12}

            A file that cannot be read or decoded (invalid bytes, a binary file) is reported with
            the library's reason and byte offset and skipped; the others are still done, and the
            exit status is 1. An encoding ICU does not know is a usage error (exit status 2).

            example:
              caret info Corpus/samples/crlf.txt Corpus/samples/ja.txt
              caret info --json --encoding UTF-16LE notes.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        if arguments.positionals.contains("-") {
            throw UsageError(command: spec.name, message: "FILE must be a file, not - (detection may read it more than once)")
        }
        let json = arguments.flag("--json")
        let options = TextFile.ReadOptions(encoding: arguments.value("--encoding"))
        var table = TextTable(header: ["file", "encoding", "BOM", "LF", "CRLF", "CR", "other", "lines", "clusters",
                                       "UTF-16", "found by"])
        var status = ExitStatus.success
        for path in arguments.positionals {
            let file: TextFile
            do { file = try TextFile(contentsOfFile: path, options: options) } catch {
                if case .unknownEncoding = error.kind { throw UsageError(command: spec.name, message: "\(error)") }
                console.error("\(path): \(error)", command: spec.name)
                status = ExitStatus.failure
                continue
            }
            let format = file.format, endings = format.lineEndings, document = file.document
            let lines = document.lineCount, clusters = document.count, utf16 = document.count(in: .utf16)
            if json {
                console.line(
                    "{\"file\":\(JSONText.quoted(path)),\"encoding\":\(JSONText.quoted(format.encoding)),"
                        + "\"bom\":\(format.hasByteOrderMark),\"lineEndings\":{\"lf\":\(endings.lf),\"crlf\":\(endings.crlf),"
                        + "\"cr\":\(endings.cr),\"other\":\(endings.other)},\"lines\":\(lines),\"clusters\":\(clusters),"
                        + "\"utf16\":\(utf16)}")
            } else {
                table.append([path, format.encoding, format.hasByteOrderMark ? "yes" : "no"]
                    + [endings.lf, endings.crlf, endings.cr, endings.other, lines, clusters, utf16].map(CommandSupport.grouped)
                    + [describe(format.detection)])
            }
        }
        if !table.rows.isEmpty {
            for line in table.lines { console.line(line) }
        }
        return status
    }


    /// How the encoding was decided, in a few words.
    static func describe(_ detection: TextFileFormat.Detection) -> String {
        switch detection {
        case .given: return "given"
        case .byteOrderMark: return "byte-order mark"
        case .validUTF8: return "valid UTF-8"
        case .nulPattern: return "NUL pattern"
        case .detector(let confidence): return "ICU detector (\(confidence)%)"
        case .plausibleText: return "most plausible text"
        case .bestGuess: return "best guess"
        }
    }
}
