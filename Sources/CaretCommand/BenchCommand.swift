import Foundation

/// `caret bench …`: runs the benchmark suite, `caret-bench`, built next to this tool.
enum BenchCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [here.appendingPathComponent("caret-bench").path,
                          here.deletingLastPathComponent().appendingPathComponent("release/caret-bench").path]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            CommandSupport.printError("bench: caret-bench not found; build it with `swift build -c release --product caret-bench`")
            return 2
        }
        if !executable.contains("/release/") {
            CommandSupport.printError("bench: note: \(executable) is not a release build; figures will be slow")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            CommandSupport.printError("bench: cannot run \(executable): \(error)")
            return 2
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
