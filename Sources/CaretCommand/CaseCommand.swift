import Caret
import Foundation

/// `caret case --upper|--lower|--title [--locale ID] FILE…`: prints the files case-mapped with
/// ICU's rules for the locale (Turkish dotted i, Greek final sigma, Dutch IJ…).
enum CaseCommand: Subcommand {
    static let spec = CommandSpec(
        name: "case",
        brief: "case mapping with a locale's rules (tr, lt, el, nl…)",
        summary: "Prints texts case-mapped with a locale's rules (ICU): Turkish and Azeri i/İ, Greek final\n"
            + "sigma and accents, Lithuanian dots, Dutch IJ in titlecase.",
        usage: ["--upper|--lower|--title [--locale ID] FILE…"],
        options: [
            .flag("--upper", help: "uppercase"),
            .flag("--lower", help: "lowercase"),
            .flag("--title", help: "titlecase each word (ICU's word rules for the locale)"),
            .value("--locale", placeholder: "ID", help: "ICU locale id (tr, lt, el, nl, de-CH…); default: root\n"
                + "(an id ICU has no data for is a warning)"),
        ],
        positionalCount: 1...Int.max,
        positionalHelp: [("FILE…", "UTF-8 text files; - is standard input")],
        details: """
            The text is written as it is mapped, a piece of about 64 Ki characters at a time
            (cut after a line break or a space, where nothing is seen across), so memory stays
            bounded by the document. Exactly one of --upper, --lower, --title.

            example:
              caret case --upper --locale tr Corpus/samples/tr.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let chosen = ["--upper", "--lower", "--title"].filter(arguments.flag)
        guard chosen.count == 1 else {
            throw UsageError(command: spec.name, message: chosen.isEmpty
                ? "choose a mapping: --upper, --lower or --title"
                : "choose one mapping, not \(chosen.joined(separator: " and "))")
        }
        let mapping: CaseMapping = chosen[0] == "--upper" ? .upper : chosen[0] == "--lower" ? .lower : .title
        let locale = arguments.value("--locale") ?? ""
        CommandSupport.checkLocale(locale, command: spec.name, console: console)
        return CommandSupport.forEachDocument(arguments.positionals, locale: locale, command: spec.name,
                                              console: console) { path, document in
            var status = ExitStatus.success
            var progress = Progress("case \(path)", console: console, enabled: isatty(STDOUT_FILENO) == 0)
            for piece in TextWindows(document) {
                let mapped: String?
                switch mapping {
                case .upper: mapped = document.uppercased(piece, locale: locale)
                case .lower: mapped = document.lowercased(piece, locale: locale)
                case .title: mapped = document.capitalized(piece, locale: locale)
                }
                guard let mapped else {
                    console.error("\(path): ICU could not map the text for locale '\(locale)'", command: spec.name)
                    status = ExitStatus.failure
                    break
                }
                console.write(mapped)
                progress.update(document.offset(of: piece.end) ?? 0, of: document.count, unit: " characters")
            }
            progress.finish()
            return status
        }
    }
}
