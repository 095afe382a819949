import Caret
import CaretCorpus
import Foundation

/// `caret replay TRACE…`: replays real keystroke-level editing traces into a document, checks
/// the result against the trace's final text, and reports the time per patch.
enum ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        brief: "replay real editing traces and verify the final text",
        summary: "Replays real editing traces (every keystroke of a writing session) into a document,\n"
            + "checks the result against the trace's final text and times each patch.",
        usage: ["[TRACE…]"],
        options: [],
        positionalCount: 0...Int.max,
        positionalHelp: [
            ("TRACE…", "trace files, gzip-compressed (.json.gz) or plain JSON; - is standard input;\n"
                + "default: every trace in Corpus/traces (or the shared corpus's, CARET_CORPUS)")
        ],
        details: """
            A trace is the JSON of josephg/editing-traces:
              {"startContent": "…", "endContent": "…", "txns": [{"patches": [[position, deleted, "inserted"], …]}, …]}
            with positions and counts in Unicode scalars. A file without those three keys, or
            that is not JSON (or gzip'd JSON), is not a trace: it is reported and skipped, and
            the exit status is 1, as it is when a replay does not end with the final text.

            example:
              caret replay Corpus/traces/sveltecomponent.json.gz
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        var paths = arguments.positionals
        if paths.isEmpty {
            // The traces shipped in Corpus/traces; the shared corpus's copies only if those are gone.
            paths = CorpusLocator.defaultTraceFiles(corpus: CorpusLocator.locate(arguments: []))
            if paths.isEmpty {
                console.error("no traces in Corpus/traces; name trace files, or set CARET_CORPUS to the shared corpus",
                              command: spec.name)
                return ExitStatus.failure
            }
        }
        var failures = 0
        // Rows are printed as each replay ends (seconds each in a debug build): the widths are
        // set beforehand, from the names and room for big numbers.
        let header = ["trace", "patches", "final graphemes", "lines", "time", "per patch", "result"]
        let nameWidth = paths.map { $0 == "-" ? 1 : EditingTrace.name(forPath: $0).count }.max() ?? 0
        let widths = [max(nameWidth, 5), 11, 15, 9, 11, 11, 12]
        var printedHeader = false
        for path in paths {
            let trace: EditingTrace
            do {
                let bytes = try InputFile(path: path).bytes(console: console)
                trace = try EditingTrace.load(bytes: bytes, name: path == "-" ? "-" : EditingTrace.name(forPath: path))
            } catch let error as InputError {
                console.error(error.message, command: spec.name)
                failures += 1
                continue
            } catch {
                console.error("\(path): \(error)", command: spec.name)
                failures += 1
                continue
            }
            var document = TextDocument(trace.startContent)
            let start = CommandSupport.now()
            do {
                try trace.replay(into: &document)
            } catch {
                console.error("\(path): patch out of range: \(error)", command: spec.name)
                failures += 1
                continue
            }
            let seconds = CommandSupport.now() - start
            let matches = document.string == trace.endContent
            if !matches { failures += 1 }
            if !printedHeader {
                console.line(TextTable.line(header, widths: widths))
                printedHeader = true
            }
            console.line(TextTable.line([
                trace.name, CommandSupport.grouped(trace.patches.count), CommandSupport.grouped(document.count),
                CommandSupport.grouped(document.lineCount), String(format: "%.1f ms", seconds * 1000),
                String(format: "%.0f ns", seconds * 1e9 / Double(max(trace.patches.count, 1))),
                matches ? "= final text" : "DIFFERS from the final text",
            ], widths: widths))
            console.flush()
        }
        return failures == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
