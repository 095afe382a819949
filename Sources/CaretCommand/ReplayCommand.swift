import Foundation
import Caret
import CaretCorpus

/// `caret replay TRACE…`: replays real keystroke-level editing traces into a document, checks
/// the result against the trace's final text, and reports the time per patch.
enum ReplayCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var paths = arguments
        if paths.isEmpty {
            // The traces shipped in Corpus/traces; the shared corpus's copies only if those are gone.
            paths = CorpusLocator.defaultTraceFiles(corpus: CorpusLocator.locate(arguments: []))
            if paths.isEmpty {
                CommandSupport.printError("replay: no traces in Corpus/traces; name trace files, or set CARET_CORPUS to the shared corpus")
                return 2
            }
        }
        var failures = 0
        print("trace                        patches    final graphemes   lines     time   per patch  result")
        for path in paths {
            let trace: EditingTrace
            do {
                trace = try EditingTrace.load(path: path)
            } catch {
                CommandSupport.printError("\(path): \(error)")
                failures += 1
                continue
            }
            var document = TextDocument(trace.startContent)
            let start = CommandSupport.now()
            do {
                try trace.replay(into: &document)
            } catch {
                CommandSupport.printError("\(trace.name): \(error)")
                failures += 1
                continue
            }
            let seconds = CommandSupport.now() - start
            let matches = document.string == trace.endContent
            if !matches { failures += 1 }
            let row = [
                trace.name.padding(toLength: 26, withPad: " ", startingAt: 0),
                CommandSupport.pad(CommandSupport.grouped(trace.patches.count), 9),
                CommandSupport.pad(CommandSupport.grouped(document.count), 18),
                CommandSupport.pad(CommandSupport.grouped(document.lineCount), 7),
                CommandSupport.pad(String(format: "%.1f ms", seconds * 1000), 8),
                CommandSupport.pad(String(format: "%.0f ns", seconds * 1e9 / Double(max(trace.patches.count, 1))), 11),
                matches ? "  = final text" : "  DIFFERS from the final text",
            ]
            print(row.joined(separator: " "))
        }
        return failures == 0 ? 0 : 1
    }
}
