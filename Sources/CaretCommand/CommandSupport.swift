import Foundation
import Caret

/// Helpers shared by the subcommands.
enum CommandSupport {
    /// The files named, with directories expanded to their `.txt` files (sorted, recursive).
    static func expandFiles(_ paths: [String], extensions: [String] = ["txt"]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("no such file or directory: \(path)")
                continue
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { name in extensions.contains { name.hasSuffix("." + $0) } }
                    .sorted()
                result.append(contentsOf: found.map { (path as NSString).appendingPathComponent($0) })
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// Loads a UTF-8 file, reporting ill-formed input with its byte offset. Streamed: the file
    /// is read piece by piece into the rope, never whole in memory.
    static func load(_ path: String) -> TextDocument? {
        do {
            return try TextDocument(contentsOfFile: path)
        } catch {
            if case .unreadableFile = error.kind {
                printError("cannot read \(path)")
            } else {
                printError("\(path): \(error)")
            }
            return nil
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("caret: \(message)\n".utf8))
    }

    /// Seconds since an arbitrary start, monotonic.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A right-aligned column.
    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// A number with thousands separators.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// The arguments of a command taking `[--locale ID] FILE…`: the locale (`""` when not
    /// given) and the files, or nil after printing the usage line when no file is named.
    static func localeAndFiles(_ arguments: [String], command: String) -> (locale: String, files: [String])? {
        var locale = ""
        var files: [String] = []
        var k = 0
        while k < arguments.count {
            if arguments[k] == "--locale", k + 1 < arguments.count {
                locale = arguments[k + 1]
                k += 2
            } else {
                files.append(arguments[k])
                k += 1
            }
        }
        guard !files.isEmpty else {
            printError("usage: caret \(command) [--locale ID] FILE…")
            return nil
        }
        return (locale, files)
    }
}
