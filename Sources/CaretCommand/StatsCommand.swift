import Caret
import Foundation

/// `caret stats FILE|DIR…`: loads each file (rejecting ill-formed UTF-8 with the byte offset)
/// and prints its length in every unit, so that the differences between them show.
enum StatsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "stats",
        brief: "sizes in every unit, grapheme clusters, lines, paragraph directions",
        summary: "Sizes of texts in every unit: UTF-8 bytes, UTF-16 units, scalars, grapheme clusters, lines.",
        usage: ["[FILE|DIR…]"],
        options: [],
        positionalCount: 0...Int.max,
        positionalHelp: [
            ("FILE|DIR…", "text files (UTF-8); a directory stands for its .txt files (recursive);\n"
                + "- is standard input; default: Corpus/samples (from the repository root)")
        ],
        details: """
            columns:
              bytes       UTF-8 size
              UTF-16      UTF-16 code units: what NSRange, UIKit and LSP count
              scalars     Unicode scalars (code points)
              graphemes   user-perceived characters (ICU's rules)
              lines       hard lines (LF, CR, CRLF, NEL, LS, PS…)
              ¶ LTR/RTL   non-empty paragraphs by base direction (UAX #9: the first strong character)
              load        reading, validating and segmenting the file into the rope (ICU is warmed
                          up first, so that the first file does not pay for ICU's start)

            A file that cannot be read or is not UTF-8 is reported (with the byte offset of the
            first bad sequence) and skipped; the others are still counted, and the exit status
            is 1. Standard input, pipes and devices are read up to 64 MiB (CARET_INPUT_LIMIT=BYTES
            to change): `caret stats /dev/zero` stops there with a message.

            example:
              caret stats Corpus/samples/ar.txt Corpus/samples/emoji.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["Corpus/samples"] : arguments.positionals
        let (files, missing) = CommandSupport.expandFiles(paths, extensions: ["txt"], command: spec.name, console: console)
        warmUp()
        var table = TextTable(header: ["file", "bytes", "UTF-16", "scalars", "graphemes", "lines", "¶ LTR/RTL", "load"])
        var failures = missing
        var totals = [0, 0, 0, 0, 0]
        var directions = (ltr: 0, rtl: 0)
        var loadTime = 0.0
        for path in files {
            let start = CommandSupport.now()
            let document: TextDocument
            do {
                document = try InputFile(path: path).document(console: console)
            } catch {
                console.error(error.message, command: spec.name)
                failures += 1
                continue
            }
            let seconds = CommandSupport.now() - start
            let counts = [document.count(in: .utf8), document.count(in: .utf16), document.count(in: .unicodeScalar),
                          document.count, document.lineCount]
            for k in counts.indices { totals[k] += counts[k] }
            let (ltr, rtl) = paragraphDirections(document)
            directions = (directions.ltr + ltr, directions.rtl + rtl)
            loadTime += seconds
            let name = path == "-" ? "-" : (path as NSString).lastPathComponent
            table.append([name] + counts.map(CommandSupport.grouped)
                + ["\(CommandSupport.grouped(ltr))/\(CommandSupport.grouped(rtl))", String(format: "%.2f ms", seconds * 1000)])
        }
        if table.rows.count > 1 {
            table.append(["total"] + totals.map(CommandSupport.grouped)
                + ["\(CommandSupport.grouped(directions.ltr))/\(CommandSupport.grouped(directions.rtl))",
                   String(format: "%.2f ms", loadTime * 1000)])
        }
        if !table.rows.isEmpty {
            for line in table.lines { console.line(line) }
            console.line()
            console.line("bytes: UTF-8 · UTF-16: NSRange/UIKit/LSP units · graphemes: user-perceived characters ·")
            console.line("¶ LTR/RTL: paragraphs by base direction · load: read + validate + segment (caret stats --help)")
        }
        return failures == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// Non-empty hard lines by resolved base direction, in one pass over the text.
    static func paragraphDirections(_ document: TextDocument) -> (ltr: Int, rtl: Int) {
        var ltr = 0, rtl = 0
        for line in document.lines where !line.range.isEmpty {
            if line.baseWritingDirection == .rightToLeft { rtl += 1 } else { ltr += 1 }
        }
        return (ltr, rtl)
    }

    /// Loads, counts and resolves the direction of a small text in several scripts, untimed:
    /// ICU opens its data and Caret fills its property tables on first use (hundreds of
    /// milliseconds), which would otherwise be billed to the first file's load time.
    static func warmUp() {
        let sample = "Hello, world! é 👩‍👩‍👧 \r\nשלום עולם مرحبا\nनमस्ते สวัสดี 日本語\n"
        guard let document = try? TextDocument(validatingUTF8: Array(sample.utf8)) else { return }
        _ = (document.count, document.lineCount, paragraphDirections(document))
    }
}
