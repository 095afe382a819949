/// One `caret` subcommand: its declaration (options, arguments, help) and what it does.
protocol Subcommand {
    /// What the command accepts and what its `--help` says.
    static var spec: CommandSpec { get }

    /// Runs the command on parsed arguments, writing to `console`; the exit status.
    /// - Throws: `UsageError` for a command line that parsed but does not make sense (a
    ///   missing required option, a bad number).
    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32
}
