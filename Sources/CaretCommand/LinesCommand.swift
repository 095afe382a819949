import Foundation
import Caret

/// `caret lines [--locale ID] FILE…`: lists the line-break opportunities that
/// `lineBreakOpportunities(in:)` returns for the whole text (UAX #14 as ICU finds it, with
/// dictionaries for Thai, Lao, Khmer, Burmese, Chinese and Japanese), one line per piece of
/// text between two opportunities, with grapheme offsets and whether the break is mandatory.
enum LinesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let (locale, files) = CommandSupport.localeAndFiles(arguments, command: "lines") else { return 2 }
        var status: Int32 = 0
        for path in files {
            guard var document = CommandSupport.load(path) else { status = 1; continue }
            document.locale = locale
            guard let whole = document.textRange(from: document.beginningOfDocument, to: document.endOfDocument),
                  let breaks = document.lineBreakOpportunities(in: whole) else {
                CommandSupport.printError("\(path): no line-break opportunities")
                status = 1
                continue
            }
            var start = document.beginningOfDocument
            var mandatory = 0
            for opportunity in breaks {
                guard let from = document.offset(of: start), let to = document.offset(of: opportunity.position),
                      let range = document.textRange(from: start, to: opportunity.position),
                      let text = document.text(in: range) else { break }
                let kind = opportunity.isMandatory ? "mandatory" : "soft     "
                print("\(CommandSupport.pad(String(from), 8))..<\(String(to).padding(toLength: 8, withPad: " ", startingAt: 0)) \(kind) \(visible(text))")
                if opportunity.isMandatory { mandatory += 1 }
                start = opportunity.position
            }
            print("\(path): \(breaks.count) line-break opportunities (\(mandatory) mandatory)")
        }
        return status
    }

    /// The piece on one output line: line terminators and tabs spelled as escapes.
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
