import Foundation
import Caret

/// `caret words [--locale ID] FILE…`: lists the words the tokenizer returns (ICU's word rules
/// with dictionaries for Thai, Lao, Khmer, Burmese, Chinese and Japanese), with grapheme
/// offsets: every `position(from:toBoundary: .word, in: .storage(.forward))` stop and the
/// `rangeEnclosing(_:with: .word, in: .storage(.backward))` before it, found in one pass by
/// `TextDocument.words` (the two calls per word took ~8 µs a word: see Benchmarks/README.md).
enum WordsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let (locale, files) = CommandSupport.localeAndFiles(arguments, command: "words") else { return 2 }
        var status: Int32 = 0
        for path in files {
            guard var document = CommandSupport.load(path) else { status = 1; continue }
            document.locale = locale
            var count = 0
            for word in document.words {
                guard let text = document.text(in: word.range) else { break }
                let from = String(word.graphemeOffsets.lowerBound), to = String(word.graphemeOffsets.upperBound)
                print("\(CommandSupport.pad(from, 8))..<\(to)\(String(repeating: " ", count: max(0, 8 - to.count))) \(text)")
                count += 1
            }
            print("\(path): \(count) words")
        }
        return status
    }
}
