import Foundation
import Caret

/// `caret words [--locale ID] FILE…`: lists the words the tokenizer returns (ICU's word rules
/// with dictionaries for Thai, Lao, Khmer, Burmese, Chinese and Japanese): each
/// `position(from:toBoundary: .word, in: .storage(.forward))` stop and the
/// `rangeEnclosing(_:with: .word, in: .storage(.backward))` before it, with grapheme offsets.
enum WordsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let (locale, files) = CommandSupport.localeAndFiles(arguments, command: "words") else { return 2 }
        var status: Int32 = 0
        for path in files {
            guard var document = CommandSupport.load(path) else { status = 1; continue }
            document.locale = locale
            var position = document.beginningOfDocument
            var count = 0
            while let end = document.position(from: position, toBoundary: .word, in: .storage(.forward)) {
                guard let word = document.rangeEnclosing(end, with: .word, in: .storage(.backward)),
                      let text = document.text(in: word),
                      let from = document.offset(of: word.start), let to = document.offset(of: word.end) else { break }
                print("\(CommandSupport.pad(String(from), 8))..<\(String(to).padding(toLength: 8, withPad: " ", startingAt: 0)) \(text)")
                count += 1
                if end == position { break }
                position = end
            }
            print("\(path): \(count) words")
        }
        return status
    }
}
