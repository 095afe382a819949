/// A locale's quotation marks, as ICU's locale data gives them (`ulocdata_getDelimiter`):
/// `“ ” ‘ ’` in English, `„ “ ‚ ‘` in German, `« » „ “` in Russian, `「 」 『 』` in Japanese.
struct QuotationMarks: Sendable, Hashable {
    /// What a typed `"` becomes.
    var open: String, close: String
    /// What a typed `'` becomes (the alternate, inner marks).
    var alternateOpen: String, alternateClose: String

    /// The mark for a typed straight quote (`"` or `'`), or nil for any other scalar.
    func mark(for typed: Unicode.Scalar, opening: Bool) -> String? {
        switch typed {
        case "\"": return opening ? open : close
        case "'": return opening ? alternateOpen : alternateClose
        default: return nil
        }
    }

    /// Whether `scalar` is one of this locale's opening marks (a one-scalar mark).
    func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        for mark in [open, alternateOpen] {
            let s = mark.unicodeScalars
            if s.count == 1 && s.first == scalar { return true }
        }
        return false
    }
}
