// The one argument parser of `caret`: each subcommand declares its options and positional
// arguments as a `CommandSpec`, and the same declaration both parses the command line and
// writes the command's `--help`, so the help cannot forget an option the parser accepts.

/// An option a command accepts: a flag (`--logical`) or an option with a value
/// (`--locale ID`, also written `--locale=ID`).
struct OptionSpec {
    /// The spellings, long first (`["--help", "-h"]`).
    let names: [String]
    /// The value's placeholder in help (`ID`, `N`); nil for a flag.
    let value: String?
    /// One or two lines for `--help`.
    let help: String

    /// A flag: present or not.
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, value: nil, help: help)
    }

    /// An option that takes the next argument (or the text after `=`) as its value.
    static func value(_ names: String..., placeholder: String, help: String) -> OptionSpec {
        OptionSpec(names: names, value: placeholder, help: help)
    }

    /// The long spelling, the key parsed options are stored under.
    var name: String { names[0] }
}

/// A subcommand's declaration: what `parse` accepts and what `help` prints.
struct CommandSpec {
    /// The subcommand (`stats`).
    let name: String
    /// A few words for the command list of `caret --help`.
    let brief: String
    /// What the command does, at the top of its help.
    let summary: String
    /// The usage lines after `caret NAME` (`[--locale ID] FILE…`).
    let usage: [String]
    /// The options besides `--help`, in the order help lists them.
    let options: [OptionSpec]
    /// The positional arguments allowed (`0...` for any number of files).
    let positionalCount: ClosedRange<Int>
    /// What the positional arguments are, in help (`FILE…  text files; - is standard input`).
    let positionalHelp: [(name: String, help: String)]
    /// Paragraphs after the options: behaviour, limits, examples.
    let details: String

    /// `--help` and `-h`, which every command accepts.
    static let helpOption = OptionSpec.flag("--help", "-h", help: "show this help and exit")

    /// The full help text of the command.
    var help: String {
        var lines = usage.enumerated().map { k, line in (k == 0 ? "usage: " : "       ") + "caret \(name) \(line)" }
        lines += ["", summary]
        if !positionalHelp.isEmpty {
            lines += ["", "arguments:"]
            lines += positionalHelp.map { Self.entry($0.name, $0.help) }
        }
        lines += ["", "options:"]
        for option in options + [Self.helpOption] {
            let spelled = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            lines.append(Self.entry(spelled, option.help))
        }
        if !details.isEmpty { lines += ["", details] }
        return lines.joined(separator: "\n")
    }

    /// `  NAME  help`, with the help in a column (on the next line when NAME is long).
    private static func entry(_ name: String, _ help: String) -> String {
        let column = 24
        let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(repeating: " ", count: column) + $0 }
        let head = "  " + name
        guard head.count < column - 1 else { return ([head] + helpLines).joined(separator: "\n") }
        var first = helpLines[0]
        first.replaceSubrange(first.startIndex..<first.index(first.startIndex, offsetBy: head.count), with: head)
        return ([first] + helpLines.dropFirst()).joined(separator: "\n")
    }

    /// The parsed command line, or `.help` when `--help`/`-h` is among the arguments (before
    /// `--`).
    /// - Throws: `UsageError` for an unknown option, an option without its value, a value given
    ///   to a flag, or too few or too many positional arguments.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var parsed = ParsedArguments()
        var k = 0
        var onlyPositionals = false
        while k < arguments.count {
            let argument = arguments[k]
            k += 1
            // `-` is standard input, a positional argument; `--` ends the options.
            guard !onlyPositionals, argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if Self.helpOption.names.contains(argument) { return .help }
            let (spelling, attached) = Self.split(argument)
            guard let option = options.first(where: { $0.names.contains(spelling) }) else {
                throw UsageError(command: name, message: "unknown option '\(spelling)'")
            }
            guard option.value != nil else {
                guard attached == nil else {
                    throw UsageError(command: name, message: "option '\(spelling)' takes no value")
                }
                parsed.flags.insert(option.name)
                continue
            }
            if let attached {
                parsed.values[option.name, default: []].append(attached)
            } else {
                guard k < arguments.count else {
                    throw UsageError(command: name, message: "option '\(spelling)' needs a value (\(option.value!))")
                }
                parsed.values[option.name, default: []].append(arguments[k])
                k += 1
            }
        }
        guard positionalCount.contains(parsed.positionals.count) else {
            let what = positionalHelp.map(\.name).joined(separator: " ")
            let message = parsed.positionals.count < positionalCount.lowerBound
                ? "missing \(what.isEmpty ? "argument" : what)"
                : "unexpected argument '\(parsed.positionals[positionalCount.upperBound])'"
            throw UsageError(command: name, message: message)
        }
        return .run(parsed)
    }

    /// `--name=value` → (`--name`, `value`); anything else → (itself, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// What a command line asks for: the command's help, or a run with these arguments.
enum ParsedCommandLine {
    case help
    case run(ParsedArguments)
}

/// The options and positional arguments of one command line.
struct ParsedArguments {
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// The values of options given, by long name, in command-line order.
    var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    var positionals: [String] = []

    /// True when flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for option `name`, or nil.
    func value(_ name: String) -> String? { values[name]?.last }

    /// The last value of option `name` as an integer in `range`, or nil when not given.
    /// - Throws: `UsageError` when the value is not such an integer.
    func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bounds = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(command: command, message: "option '\(name)' takes an integer \(bounds), not '\(text)'")
        }
        return number
    }
}

/// A command line `caret` cannot run as written: exit status 2, the message and a hint to
/// `--help` on standard error.
struct UsageError: Error {
    /// The subcommand, or nil for `caret` itself.
    let command: String?
    /// What is wrong, in words.
    let message: String

    /// The two lines printed: the message, then where the usage is.
    var text: String {
        let prefix = command.map { "caret \($0)" } ?? "caret"
        return "\(prefix): \(message)\nTry '\(prefix) --help' for more information."
    }
}
