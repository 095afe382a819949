/// Smart dashes and smart quotes: what a typed `-`, `"` or `'` becomes, given the text before it.
enum SmartPunctuation {
    /// A typed `-` right after `-` turns the pair into `–`; right after `–`, the two make `—`.
    /// Anything else is appended as typed.
    static func typeDash(into text: inout TypedText) {
        switch text.last {
        case "-":
            text.removeLast()
            text.append("\u{2013}")
        case "\u{2013}":
            text.removeLast()
            text.append("\u{2014}")
        default:
            text.append("-")
        }
    }

    /// A typed `"` or `'` as the locale's opening mark where a quotation opens, else closing.
    static func typeQuote(_ typed: Unicode.Scalar, marks: QuotationMarks, into text: inout TypedText) {
        let opening = opens(after: text.isAtStart ? nil : text.last, marks: marks)
        text.append(marks.mark(for: typed, opening: opening) ?? String(typed))
    }

    /// Whether a quotation opens after `previous` (nil at the start of the text): after
    /// whitespace, an opening bracket (`Ps`), one of the locale's opening marks or a dash
    /// (`Pd`); anything else closes (so the apostrophe in `don't` is a closing mark).
    static func opens(after previous: Unicode.Scalar?, marks: QuotationMarks) -> Bool {
        guard let previous else { return true }
        let p = previous.properties
        if p.isWhitespace { return true }
        switch p.generalCategory {
        case .openPunctuation, .dashPunctuation: return true
        default: return marks.isOpening(previous)
        }
    }
}
