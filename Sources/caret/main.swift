import Foundation
import Caret

/// `caret`: the engine on real text, from the command line.
let usage = """
    caret — a Unicode text engine on real text

    usage:
      caret stats FILE|DIR…        sizes in every unit, grapheme clusters, lines
      caret replay TRACE.json.gz…  replay real editing traces and verify the result
      caret help                   this text

    Offsets count grapheme clusters (user-perceived characters) as ICU finds them.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
let status: Int32
switch command {
case "stats": status = StatsCommand.run(arguments)
case "replay": status = ReplayCommand.run(arguments)
case "help", "-h", "--help":
    print(usage)
    status = 0
default:
    FileHandle.standardError.write(Data("caret: unknown command '\(command)'\n\n\(usage)\n".utf8))
    status = 2
}
exit(status)
