import Caret

/// The options `caret find` and `caret replace` share, and the query they make.
enum SearchArguments {
    static let options: [OptionSpec] = [
        .flag("--regex", "-E", help: "PATTERN is an ICU regular expression (default: literal text)"),
        .flag("--ignore-case", "-i", help: "full case folding (ß finds SS; Turkish I with --locale tr)"),
        .flag("--ignore-diacritics", help: "ignore marks (é finds e; literal patterns only)"),
        .flag("--ignore-normalization", help: "canonically equivalent text matches (literal patterns only)"),
        .value("--word", placeholder: "contains|prefix|whole", help: "word matching by ICU's word boundaries (default: contains)"),
        .value("--locale", placeholder: "ID", help: "ICU locale id for case folding and word boundaries (default: root)"),
    ]

    /// The query the arguments describe.
    static func query(_ arguments: ParsedArguments, pattern: String, command: String) throws(UsageError) -> TextSearchQuery {
        let word: TextSearchQuery.WordMatch
        switch arguments.value("--word") ?? "contains" {
        case "contains": word = .contains
        case "prefix": word = .prefix
        case "whole": word = .whole
        case let other:
            throw UsageError(command: command, message: "--word takes contains, prefix or whole, not '\(other)'")
        }
        return TextSearchQuery(pattern, syntax: arguments.flag("--regex") ? .regularExpression : .literal,
                               ignoresCase: arguments.flag("--ignore-case"),
                               ignoresDiacritics: arguments.flag("--ignore-diacritics"),
                               ignoresNormalization: arguments.flag("--ignore-normalization"),
                               wordMatch: word, locale: arguments.value("--locale"))
    }

    /// Checks the query once before any file is read (a bad pattern is a usage error: status
    /// 2 with ICU's reason and offset). Returns false after reporting it.
    static func check(_ query: TextSearchQuery, template: String? = nil, command: String, console: Console) -> Bool {
        do {
            let empty = TextDocument("")
            if let template {
                _ = try empty.replacementChanges(of: query, with: template)
            } else {
                _ = try empty.matches(of: query)
            }
            return true
        } catch {
            console.error("\(error)", command: command)
            return false
        }
    }

    /// The exit status of `find` and `replace`, as grep's: 2 when any input failed (`status`
    /// from `forEachDocument`) or standard output could not be written (flushed here, so a
    /// failure of the last write counts), else 0 when something matched and 1 when nothing did.
    static func exitStatus(_ status: Int32, matched: Bool, console: Console) -> Int32 {
        console.flush()
        if status != ExitStatus.success || console.outputError != nil { return ExitStatus.usage }
        return matched ? ExitStatus.success : ExitStatus.failure
    }
}
