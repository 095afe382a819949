import Foundation

/// `caret bench …`: runs the benchmark suite, `caret-bench`, built next to this tool.
enum BenchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "bench",
        brief: "the benchmark suite (build it with -c release)",
        summary: "Runs the benchmark suite, caret-bench, with these arguments (build it in release:\n"
            + "swift run -c release caret bench --quick).",
        usage: ["[caret-bench options…]"],
        options: [],
        positionalCount: 0...Int.max,
        positionalHelp: [("options…", "passed to caret-bench as they are (--quick, --only NAME, --json FILE…)")],
        details: "caret-bench's own options follow, when it is built:")

    /// The arguments go to caret-bench untouched (its options are its own), so this command
    /// does not parse them; only `--help` shows this help first and then caret-bench's.
    static func forward(_ arguments: [String], console: Console) -> Int32 {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [here.appendingPathComponent("caret-bench").path,
                          here.deletingLastPathComponent().appendingPathComponent("release/caret-bench").path]
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        if wantsHelp {
            console.line(spec.help)
            console.flush()
        }
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            console.error("caret-bench not found next to caret; build it with `swift build -c release --product caret-bench`",
                          command: spec.name)
            return wantsHelp ? ExitStatus.success : ExitStatus.failure
        }
        if !executable.contains("/release/") && !wantsHelp {
            console.warning("\(executable) is not a release build; figures will be slow", command: spec.name)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = wantsHelp ? ["--help"] : arguments
        do {
            try process.run()
        } catch {
            console.error("cannot run \(executable): \(error.localizedDescription)", command: spec.name)
            return ExitStatus.failure
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        forward(arguments.positionals, console: console)
    }
}
