import Foundation

/// The `caret` command line: picks the subcommand (each declares its options in a
/// `CommandSpec`) and turns the outcome into an exit status: 0 done, 1 a failure on the way,
/// 2 a command line that cannot run.
enum CaretCommandLine {
    /// The subcommands, in the order `caret --help` lists them.
    static var subcommands: [any Subcommand.Type] {
        [
            StatsCommand.self, ReplayCommand.self, CaseCommand.self, WordsCommand.self, LinesCommand.self,
            FindCommand.self, ReplaceCommand.self,
            WrapCommand.self, EditCommand.self, MoveCommand.self, SessionCommand.self, BenchCommand.self,
            InfoCommand.self,
            ConvertCommand.self,
        ]
    }

    /// `caret --help`: the commands and where to learn more.
    static let overview: String = {
        let width = subcommands.map { $0.spec.name.count }.max() ?? 0
        let commands = subcommands.map { command in
            "  " + CommandSupport.padRight(command.spec.name, width) + "  " + command.spec.brief
        }
        return """
            caret \(caretVersion) — a Unicode text engine on real text

            usage: caret COMMAND [OPTIONS] [ARGUMENTS]
                   caret COMMAND --help      the options, arguments and output of a command
                   caret --version           the version

            commands:
            \(commands.joined(separator: "\n"))

            Offsets count grapheme clusters (user-perceived characters) as ICU finds them. Where a
            command reads a FILE, - is standard input. Exit status: 0 done, 1 a file or check failed
            (the other files are still processed), 2 a command line that cannot run.
            """
    }()

    /// Runs the command line and gives the exit status.
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.error("no command given\n\n" + overview, command: nil)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--version", "-V", "version":
            console.line("caret \(caretVersion)")
            return ExitStatus.success
        case "help", "--help", "-h":
            if let name = rest.first, let command = subcommands.first(where: { $0.spec.name == name }) {
                console.line(command.spec.help)
            } else if let name = rest.first {
                console.error(UsageError(command: nil, message: "unknown command '\(name)'").text, command: nil)
                return ExitStatus.usage
            } else {
                console.line(overview)
            }
            return ExitStatus.success
        case BenchCommand.spec.name:
            return BenchCommand.forward(rest, console: console)
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.spec.name == first }) else {
            let known = subcommands.map { $0.spec.name }.joined(separator: ", ")
            let error = UsageError(command: nil, message: "unknown command '\(first)' (commands: \(known), help, version)")
            console.error(error.text.dropFirst("caret: ".count).description, command: nil)
            return ExitStatus.usage
        }
        do {
            switch try command.spec.parse(rest) {
            case .help:
                console.line(command.spec.help)
                return ExitStatus.success
            case .run(let parsed):
                return try command.run(parsed, console: console)
            }
        } catch {
            console.error(error.text.dropFirst("caret \(command.spec.name): ".count).description, command: command.spec.name)
            return ExitStatus.usage
        }
    }
}
