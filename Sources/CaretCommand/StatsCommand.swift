import Foundation
import Caret

/// `caret stats FILE|DIR…`: loads each file (rejecting ill-formed UTF-8 with the byte offset)
/// and prints its length in every unit, so that the differences between them show.
enum StatsCommand {
    /// Non-empty hard lines by resolved base direction, in one pass over the text.
    static func paragraphDirections(_ document: TextDocument) -> (ltr: Int, rtl: Int) {
        var ltr = 0, rtl = 0
        for line in document.lines where !line.range.isEmpty {
            if line.baseWritingDirection == .rightToLeft { rtl += 1 } else { ltr += 1 }
        }
        return (ltr, rtl)
    }

    static func run(_ arguments: [String]) -> Int32 {
        let files = CommandSupport.expandFiles(arguments.isEmpty ? ["Corpus/samples"] : arguments)
        guard !files.isEmpty else {
            CommandSupport.printError("stats: no text files found")
            return 1
        }
        let width = min(max(files.map { ($0 as NSString).lastPathComponent.count }.max() ?? 4, 4), 40)
        let header = ["file".padding(toLength: width, withPad: " ", startingAt: 0),
                      CommandSupport.pad("bytes", 11), CommandSupport.pad("UTF-16", 11),
                      CommandSupport.pad("scalars", 11), CommandSupport.pad("graphemes", 11),
                      CommandSupport.pad("lines", 8), CommandSupport.pad("¶ LTR/RTL", 11), CommandSupport.pad("load", 9)]
        print(header.joined(separator: " "))
        var failures = 0
        var totals = [0, 0, 0, 0, 0]
        for path in files {
            let start = CommandSupport.now()
            guard let document = CommandSupport.load(path) else {
                failures += 1
                continue
            }
            let seconds = CommandSupport.now() - start
            let counts = [document.count(in: .utf8), document.count(in: .utf16), document.count(in: .unicodeScalar),
                          document.count, document.lineCount]
            for k in 0..<counts.count { totals[k] += counts[k] }
            let name = String(((path as NSString).lastPathComponent).prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0)
            let (ltr, rtl) = paragraphDirections(document)
            let row = [name] + counts.enumerated().map { CommandSupport.pad(CommandSupport.grouped($1), $0 == 4 ? 8 : 11) }
                + [CommandSupport.pad("\(ltr)/\(rtl)", 11), CommandSupport.pad(String(format: "%.2f ms", seconds * 1000), 9)]
            print(row.joined(separator: " "))
        }
        if files.count > 1 {
            let row = ["total".padding(toLength: width, withPad: " ", startingAt: 0)]
                + totals.enumerated().map { CommandSupport.pad(CommandSupport.grouped($1), $0 == 4 ? 8 : 11) }
            print(row.joined(separator: " "))
        }
        print("""

            bytes: UTF-8 size · UTF-16: what NSRange/UIKit/LSP count · scalars: code points ·
            graphemes: user-perceived characters (ICU's rules) · lines: hard lines (LF, CR, CRLF, NEL, LS, PS…)
            ¶ LTR/RTL: non-empty paragraphs by base direction (UAX #9: the first strong character decides) ·
            load: reading, validating + segmenting the file into the rope
            """)
        return failures == 0 ? 0 : 1
    }
}
