import Caret
import Foundation

/// `caret words [--locale ID] FILE…`: lists the words the tokenizer returns (ICU's word rules
/// with dictionaries for Thai, Lao, Khmer, Burmese, Chinese and Japanese), with grapheme
/// offsets: every `position(from:toBoundary: .word, in: .storage(.forward))` stop and the
/// `rangeEnclosing(_:with: .word, in: .storage(.backward))` before it, found in one pass by
/// `TextDocument.words` (two lookups a word cost ~8 µs: Benchmarks/experiments/
/// 2026-12-01-inserts-words-files-wrap.md).
enum WordsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "words",
        brief: "the words of a text, with grapheme offsets",
        summary: "Lists the words of texts as the tokenizer finds them (ICU's word rules, with dictionaries\n"
            + "for Thai, Lao, Khmer, Burmese, Chinese and Japanese), with grapheme offsets.",
        usage: ["[--locale ID] FILE…"],
        options: [
            .value("--locale", placeholder: "ID", help: "ICU locale id for the word rules (default: root;\n"
                + "an id ICU has no data for is a warning)")
        ],
        positionalCount: 1...Int.max,
        positionalHelp: [("FILE…", "UTF-8 text files; - is standard input")],
        details: """
            output: one line per word, `START..<END TEXT` in grapheme clusters from the start of the
            file, then `FILE: N words`. Written as the words are found (bounded memory).

            example:
              caret words --locale th Corpus/samples/th.txt
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let locale = arguments.value("--locale") ?? ""
        CommandSupport.checkLocale(locale, command: spec.name, console: console)
        return CommandSupport.forEachDocument(arguments.positionals, locale: locale, command: spec.name,
                                              console: console) { path, document in
            var progress = Progress("words \(path)", console: console, enabled: isatty(STDOUT_FILENO) == 0)
            var count = 0
            for word in document.words {
                guard let text = document.text(in: word.range) else { break }
                let from = String(word.graphemeOffsets.lowerBound), to = String(word.graphemeOffsets.upperBound)
                console.line("\(CommandSupport.pad(from, 8))..<\(CommandSupport.padRight(to, 8)) \(text)")
                count += 1
                if count % 4096 == 0 { progress.update(word.graphemeOffsets.upperBound, of: document.count, unit: " characters") }
            }
            progress.finish()
            console.line("\(path): \(count) words")
            return ExitStatus.success
        }
    }
}
