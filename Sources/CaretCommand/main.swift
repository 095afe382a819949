import Foundation

// `caret`: the engine on real text, from the command line (see `CaretCommandLine`).
let console = Console()
exit(console.finish(CaretCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: console)))
