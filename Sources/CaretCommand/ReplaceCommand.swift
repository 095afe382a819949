import Caret
import Foundation

/// `caret replace [OPTIONS] PATTERN --with TEMPLATE FILE…`: each file with every match replaced
/// (one change set), written to standard output; exit status as grep's.
enum ReplaceCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replace",
        brief: "replace every match of a text or regular expression, to standard output",
        summary: "Replaces every match of a literal text or an ICU regular expression (options as for\n"
            + "`caret find`) and writes the result to standard output. With --regex, the template's\n"
            + "$1, ${name} and \\$ are ICU's (capture groups, a literal $).",
        usage: ["[--regex] [--ignore-case] [--ignore-diacritics] [--word contains|prefix|whole] [--locale ID]\n"
            + "                PATTERN --with TEMPLATE FILE…"],
        options: SearchArguments.options + [
            .value("--with", placeholder: "TEMPLATE", help: "the replacement (required)")
        ],
        positionalCount: 2...Int.max,
        positionalHelp: [("PATTERN", "the text or regular expression"), ("FILE…", "UTF-8 text files; - is standard input")],
        details: """
            Each file is replaced as one change set and written whole, in order. Exit status as grep's:
            0 something was replaced, 1 nothing matched (the text is written unchanged), 2 a bad command
            line, pattern or template (with ICU's reason and offset), an unreadable or undecodable file, or
            output that could not be written.

            example:
              caret replace --regex '(\\p{Lu})\\p{Ll}+' --with '$1.' Corpus/samples/en.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard let template = arguments.value("--with") else {
            throw UsageError(command: spec.name, message: "--with TEMPLATE is required")
        }
        let query = try SearchArguments.query(arguments, pattern: arguments.positionals[0], command: spec.name)
        guard SearchArguments.check(query, template: template, command: spec.name, console: console) else {
            return ExitStatus.usage
        }
        let locale = arguments.value("--locale") ?? ""
        CommandSupport.checkLocale(locale, command: spec.name, console: console)
        var replaced = false
        let status = CommandSupport.forEachDocument(Array(arguments.positionals.dropFirst()), locale: locale,
                                                    command: spec.name, console: console,
                                                    unreadable: ExitStatus.usage) { path, document in
            var result = document
            do {
                let changes = try result.replaceAll(of: query, with: template)
                if !changes.replacements.isEmpty { replaced = true }
            } catch {
                console.error("\(path): \(error)", command: spec.name)
                return ExitStatus.usage
            }
            for chunk in result.utf8Chunks where console.outputError == nil { console.write(String(decoding: chunk, as: UTF8.self)) }
            return ExitStatus.success
        }
        return SearchArguments.exitStatus(status, matched: replaced, console: console)
    }
}
