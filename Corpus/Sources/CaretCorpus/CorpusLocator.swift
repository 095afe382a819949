import Foundation

/// Finds the package's own data (`Corpus/samples/`, the editing traces in `Corpus/traces/`) and
/// the optional larger shared corpus (`MANIFEST.md`, `large/`, `sentences/`, `traces/`, …), and
/// lists their files.
public struct CorpusLocator: Sendable {
    /// The corpus directory (absolute or as given).
    public let directory: String

    /// A corpus at `directory`, which is not checked (`locate()` finds one that exists).
    public init(directory: String) {
        self.directory = directory
    }

    /// The root of this package (the directory that holds `Package.swift`), derived from this
    /// source file's location at build time; nil when that tree is no longer there.
    public static var packageRoot: String? {
        // …/Corpus/Sources/CaretCorpus/CorpusLocator.swift → up four components.
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 4 else { return nil }
        parts.removeLast(4)
        let root = parts.joined(separator: "/")
        return FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
    }

    /// The package's `Corpus/samples` directory, if it can be found.
    public static var samplesDirectory: String? {
        let candidates = [packageRoot.map { $0 + "/Corpus/samples" },
                          FileManager.default.currentDirectoryPath + "/Corpus/samples"]
        return candidates.compactMap { $0 }.first { isDirectory($0) }
    }

    /// The package's `Corpus/traces` directory (the editing traces shipped with the repository),
    /// if it can be found.
    public static var bundledTracesDirectory: String? {
        let candidates = [packageRoot.map { $0 + "/Corpus/traces" },
                          FileManager.default.currentDirectoryPath + "/Corpus/traces"]
        return candidates.compactMap { $0 }.first { isDirectory($0) }
    }

    /// The editing traces to replay by default: those shipped in `Corpus/traces`, else those of
    /// the shared corpus `corpus` (the same files), sorted by name; empty when neither is there.
    public static func defaultTraceFiles(corpus: CorpusLocator?) -> [String] {
        if let directory = bundledTracesDirectory {
            let files = traceFiles(in: directory)
            if !files.isEmpty { return files }
        }
        return corpus?.traceFiles() ?? []
    }

    /// Locates the shared corpus, in this order:
    /// 1. the value after `--corpus` (or `--corpus=DIR`) in `arguments`;
    /// 2. the environment variable `CARET_CORPUS`;
    /// 3. `../shared/corpus` relative to the current directory, then relative to the package
    ///    root, whichever exists first.
    /// - Returns: nil when none of these is an existing directory (an explicit `--corpus` or
    ///   `CARET_CORPUS` that does not exist also gives nil, so typos are not silently ignored).
    public static func locate(arguments: [String] = CommandLine.arguments,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> CorpusLocator? {
        if let explicit = argumentValue("--corpus", in: arguments) {
            return isDirectory(explicit) ? CorpusLocator(directory: explicit) : nil
        }
        if let fromEnvironment = environment["CARET_CORPUS"], !fromEnvironment.isEmpty {
            return isDirectory(fromEnvironment) ? CorpusLocator(directory: fromEnvironment) : nil
        }
        var candidates = [FileManager.default.currentDirectoryPath + "/../shared/corpus"]
        if let root = packageRoot { candidates.append(root + "/../shared/corpus") }
        for candidate in candidates where isDirectory(candidate) {
            return CorpusLocator(directory: URL(fileURLWithPath: candidate).standardizedFileURL.path)
        }
        return nil
    }

    /// The value after `flag` (`--flag VALUE` or `--flag=VALUE`), if present.
    public static func argumentValue(_ flag: String, in arguments: [String]) -> String? {
        for (k, argument) in arguments.enumerated() {
            if argument == flag, k + 1 < arguments.count { return arguments[k + 1] }
            if argument.hasPrefix(flag + "=") { return String(argument.dropFirst(flag.count + 1)) }
        }
        return nil
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Every `.txt` file under the corpus directory, recursively, as full paths sorted by
    /// path. (Excludes the traces, which are `.json.gz`.)
    public func textFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".txt") { files.append(directory + "/" + relative) }
        }
        return files.sorted()
    }

    /// The size of a file in bytes (0 when it cannot be read).
    public static func fileSize(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The largest `.txt` file of the corpus (by bytes), if any.
    public func largestTextFile() -> String? {
        textFiles().max { Self.fileSize($0) < Self.fileSize($1) }
    }

    /// The editing traces `traces/*.json.gz`, sorted by name; with `asciiOnly`, the
    /// `traces/ascii_only/*.json.gz` variants instead.
    public func traceFiles(asciiOnly: Bool = false) -> [String] {
        Self.traceFiles(in: directory + (asciiOnly ? "/traces/ascii_only" : "/traces"))
    }

    /// The `*.json.gz` files of `directory` as full paths, sorted by name.
    public static func traceFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json.gz") }.sorted().map { directory + "/" + $0 }
    }
}
