import Foundation
import Caret

/// `caret`: the engine on real text, from the command line.
let usage = """
    caret — a Unicode text engine on real text

    usage:
      caret stats FILE|DIR…        sizes in every unit, grapheme clusters, lines
      caret replay [TRACE.json.gz…] replay real editing traces and verify the result
                                   (default: every trace in Corpus/traces)
      caret case --upper|--lower|--title [--locale ID] FILE
                                   case mapping with the locale's rules (tr, lt, el, nl…)
      caret words [--locale ID] FILE
                                   the words of a text, with grapheme offsets
      caret lines [--locale ID] FILE
                                   the line-break opportunities of a text (soft or
                                   mandatory), with grapheme offsets
      caret move FILE --from OFFSET --right|--left|--up|--down N [--logical]
                                   the places an arrow key visits (visual order in RTL text)
      caret session FILE [--field|--view] [--read-only] [--keep-going]
                                   replay input events (JSON lines) on the editing model,
                                   printing text, selection and marked text after each step;
                                   --check/--record compare with or write FILE's .expected
      caret bench [caret-bench options]
                                   the benchmark suite (build it with -c release)
      caret help                   this text

    Offsets count grapheme clusters (user-perceived characters) as ICU finds them.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
let status: Int32
switch command {
case "stats": status = StatsCommand.run(arguments)
case "replay": status = ReplayCommand.run(arguments)
case "case": status = CaseCommand.run(arguments)
case "words": status = WordsCommand.run(arguments)
case "lines": status = LinesCommand.run(arguments)
case "bench": status = BenchCommand.run(arguments)
case "move": status = MoveCommand.run(arguments)
case "session": status = SessionCommand.run(arguments)
case "help", "-h", "--help":
    print(usage)
    status = 0
default:
    FileHandle.standardError.write(Data("caret: unknown command '\(command)'\n\n\(usage)\n".utf8))
    status = 2
}
exit(status)
