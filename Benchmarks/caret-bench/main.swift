// caret-bench: Caret's benchmark suite. Run in release:
//   swift run -c release caret-bench [--quick] [--json FILE] [--baseline FILE] [--tolerance 0.25]
//                                    [--corpus DIR] [--size-mb N] [--only NAME] [--reps N]
//                                    [--update-baseline FILE] [--markdown] [--text FILE]
// See Benchmarks/README.md.

import Caret
@_spi(Reference) import Caret
import CaretCorpus
import Foundation

let usage = """
usage: caret-bench [--quick] [--json FILE] [--baseline FILE] [--tolerance 0.25] [--corpus DIR]
                   [--size-mb N] [--only NAME] [--reps N] [--update-baseline FILE] [--markdown]
                   [--text FILE]
  --quick              smaller documents and fewer repetitions (whole run < 60 s in release)
  --json FILE          write {"config", "workloads": [{name, unit, median, min, max, baseline, ratio}]}
  --baseline FILE      compare medians by name with FILE; exit 1 listing regressions
  --tolerance X        relative tolerance for --baseline (default 0.25 = 25%)
  --corpus DIR         the optional shared corpus, for load.largest-file and load.corpus-all
                       (default: $CARET_CORPUS, then ../shared/corpus); traces come from Corpus/traces
  --size-mb N          size of the generated document in MB (10^6 bytes; default 50, quick 4)
  --only NAME          run only workloads whose name contains NAME (comma-separated list allowed)
  --reps N             repetitions of every workload (default 5, quick 3; traces 10 / 3)
  --update-baseline F  store this run in F (full runs at the top level, --quick runs under "quick")
  --markdown           also print the table as Markdown
  --write-generated F  write the generated document (--size-mb, seed of the benchmarks) to F and exit
  --text FILE          use FILE's UTF-8 as the document instead of the generated one (every workload
                       that runs on the generated document; e.g. the peers' big.txt); not with
                       --update-baseline or --baseline
"""

struct Options {
    var quick = false
    var json: String?
    var baseline: String?
    var tolerance = 0.25
    var sizeMB: Int?
    var only: [String] = []
    var reps: Int?
    var updateBaseline: String?
    var markdown = false
    var writeGenerated: String?
    /// A file whose text replaces the generated document (`--text`).
    var textFile: String?

    init(_ arguments: [String]) {
        var k = 1
        func value() -> String {
            k += 1
            guard k < arguments.count else { fail("missing value after \(arguments[k - 1])\n\(usage)") }
            return arguments[k]
        }
        while k < arguments.count {
            switch arguments[k] {
            case "--quick": quick = true
            case "--json": json = value()
            case "--baseline": baseline = value()
            case "--tolerance": tolerance = Double(value()) ?? { fail("bad --tolerance") }()
            case "--corpus": _ = value() // read by CorpusLocator
            case "--size-mb": sizeMB = Int(value()) ?? { fail("bad --size-mb") }()
            case "--only": only = value().split(separator: ",").map(String.init)
            case "--reps": reps = Int(value()) ?? { fail("bad --reps") }()
            case "--update-baseline": updateBaseline = value()
            case "--markdown": markdown = true
            case "--write-generated": writeGenerated = value()
            case "--text": textFile = value()
            case "-h", "--help": print(usage); exit(0)
            default: fail("unknown argument \(arguments[k])\n\(usage)")
            }
            k += 1
        }
        if textFile != nil && (baseline != nil || updateBaseline != nil) {
            fail("--text measures another document: not with --baseline or --update-baseline")
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("caret-bench: " + message + "\n").utf8))
    exit(2)
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let options = Options(CommandLine.arguments)
var bench = Bench(options: options)
bench.run()
exit(bench.finish())
