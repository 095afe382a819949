import Caret
import Foundation

/// Helpers shared by the subcommands.
enum CommandSupport {
    /// The files named, with directories expanded to their files ending in one of
    /// `extensions` (sorted, recursive); `-` (standard input) kept as it is. A path that does
    /// not exist is reported on `console` and counted in `missing`, so that the command goes
    /// on with the others and exits 1 at the end.
    static func expandFiles(_ paths: [String], extensions: [String], command: String,
                            console: Console) -> (files: [String], missing: Int) {
        var result: [String] = []
        var missing = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path == "-" || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                console.error(InputError(path: path, errno: ENOENT).message, command: command)
                missing += 1
                continue
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { name in extensions.contains { name.hasSuffix("." + $0) } }
                .sorted()
            if found.isEmpty {
                console.error("\(path): no \(extensions.map { "." + $0 }.joined(separator: " or ")) files in this directory",
                              command: command)
                missing += 1
            }
            result.append(contentsOf: found.map { (path as NSString).appendingPathComponent($0) })
        }
        return (result, missing)
    }

    /// Runs `body` on the document of each input named (`-` is standard input), with `locale`
    /// set: an input that cannot be read is reported with the library's reason and makes the
    /// result a failure, and the others still run. Returns the worst status (`body`'s included).
    /// `unreadable` is the status an unreadable input gives (`find` and `replace` answer 2, as
    /// grep does).
    static func forEachDocument(_ paths: [String], locale: String, command: String, console: Console,
                                unreadable: Int32 = ExitStatus.failure,
                                _ body: (_ path: String, _ document: TextDocument) -> Int32) -> Int32 {
        var status = ExitStatus.success
        for path in paths {
            var document: TextDocument
            do { document = try InputFile(path: path).document(console: console) } catch {
                console.error(error.message, command: command)
                status = max(status, unreadable)
                continue
            }
            document.locale = locale
            status = max(status, body(path, document))
        }
        return status
    }

    /// Warns on `console` when ICU has no data for `locale` (it would silently use its
    /// default locale's rules); says nothing for `""`, the root locale.
    static func checkLocale(_ locale: String, command: String, console: Console) {
        guard !TextDocument.isKnownLocale(locale) else { return }
        console.warning("unknown locale '\(locale)': ICU has no data for it, so its default locale's rules apply",
                        command: command)
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

    /// A left-aligned column.
    static func padRight(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
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

    /// Line terminators and tabs spelled as escapes, so that a piece of text fits on one
    /// output line.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\u{85}": out += "\\u{85}"
            case "\u{2028}": out += "\\u{2028}"
            case "\u{2029}": out += "\\u{2029}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
