import Foundation
import Caret

/// `caret case --upper|--lower|--title [--locale ID] FILE`: prints the file case-mapped with
/// ICU's rules for the locale (Turkish dotted i, Greek final sigma, Dutch IJ…).
enum CaseCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var mapping: CaseMapping?
        var locale = ""
        var files: [String] = []
        var k = 0
        while k < arguments.count {
            switch arguments[k] {
            case "--upper": mapping = .upper
            case "--lower": mapping = .lower
            case "--title": mapping = .title
            case "--locale":
                k += 1
                guard k < arguments.count else { CommandSupport.printError("case: --locale needs a value"); return 2 }
                locale = arguments[k]
            default: files.append(arguments[k])
            }
            k += 1
        }
        guard let mapping, !files.isEmpty else {
            CommandSupport.printError("usage: caret case --upper|--lower|--title [--locale ID] FILE…")
            return 2
        }
        var status: Int32 = 0
        for path in files {
            guard let document = CommandSupport.load(path) else { status = 1; continue }
            guard let all = document.textRange(from: document.beginningOfDocument, to: document.endOfDocument) else { continue }
            let mapped: String?
            switch mapping {
            case .upper: mapped = document.uppercased(all, locale: locale)
            case .lower: mapped = document.lowercased(all, locale: locale)
            case .title: mapped = document.capitalized(all, locale: locale)
            }
            guard let mapped else {
                CommandSupport.printError("\(path): ICU could not map the text for locale '\(locale)'")
                status = 1
                continue
            }
            print(mapped, terminator: "")
        }
        return status
    }
}
