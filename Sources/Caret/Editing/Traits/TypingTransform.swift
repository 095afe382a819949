/// Smart dashes, smart quotes and autocapitalization over typed text: one pass, scalar by
/// scalar, each rule seeing what the others made of the scalars before it (a quote after a
/// smart dash opens; a letter after a closing quote and a full stop may start a sentence).
struct TypingTransform {
    var smartDashes: Bool
    var smartQuotes: Bool
    var autocapitalization: TextAutocapitalization

    /// How many clusters before each typed scalar the rules may look at (old text, then what
    /// was typed before it): enough for an abbreviation, a full stop, closing marks and spaces
    /// before a new sentence.
    static let window = 32
    /// How many of them are read first: enough for dashes, quotes and word starts; the rest
    /// only when a letter may start a sentence.
    static let nearWindow = 4

    init(_ traits: TextInputTraits) {
        smartDashes = traits.smartDashes
        smartQuotes = traits.smartQuotes
        autocapitalization = traits.autocapitalization
    }

    /// The change with its typed text rewritten; the range widens backwards where a dash rule
    /// replaced a `-` or `–` of the old text. Changes other than typing pass untouched.
    /// Each typed scalar sees at most `window` clusters before it (old text, then what was
    /// typed before it), so a long typed text comes out as if typed scalar by scalar.
    /// - Complexity: O(log n + window) to read the old text, plus O(window) per typed scalar at
    ///   most (a cut of the context every `window` clusters; a boundary question to ICU on up to
    ///   `window` clusters at a possible word or sentence start), where n is the document's length.
    func apply(_ change: ProposedChange, in document: TextDocument,
               language: @autoclosure () -> any InputLanguage) -> ProposedChange {
        guard change.kind.isTyped, !change.text.isEmpty, touches(change.text),
              !continuesWord(change, in: document) else { return change }
        return applyRules(change, in: document, language: language())
    }

    /// `apply` once a rule may change the text: the typed scalars through the rules, with the
    /// context they read. O(window) per typed scalar at most, plus O(log n) to read the text.
    func applyRules(_ change: ProposedChange, in document: TextDocument, language: any InputLanguage) -> ProposedChange {
        let (before, reachesStart) = document.text(before: change.range.lowerBound, clusters: Self.nearWindow)
        let windowStart = change.range.lowerBound - before.utf8.count
        var typed = TypedText(before: before, reachesStart: reachesStart) {
            document.text(before: windowStart, clusters: Self.window - Self.nearWindow)
        }
        for scalar in change.text.unicodeScalars {
            if smartDashes && scalar == "-" {
                SmartPunctuation.typeDash(into: &typed)
            } else if smartQuotes && (scalar == "\"" || scalar == "'") {
                SmartPunctuation.typeQuote(scalar, marks: language.quotationMarks, into: &typed)
            } else {
                Autocapitalization.type(scalar, mode: autocapitalization, language: language, into: &typed)
            }
        }
        var result = change
        if typed.consumedUTF8 > 0 {
            result.range = (change.range.lowerBound - typed.consumedUTF8)..<change.range.upperBound
        }
        result.text = typed.output
        return result
    }

    /// Whether `change` types ASCII letters where no capital can come: right after an ASCII
    /// letter with word or sentence capitals (inside a word: a cased letter before a letter
    /// leaves no word boundary, UAX #29 WB5, and no sentence starts right after a letter), or,
    /// with sentence capitals, after one space that follows an ASCII letter, digit or comma
    /// (no sentence ended there). Typing then reads no context. O(1) near the last edit, else
    /// O(log n).
    func continuesWord(_ change: ProposedChange, in document: TextDocument) -> Bool {
        @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        let x = change.range.lowerBound
        guard autocapitalization == .words || autocapitalization == .sentences, x > 0,
              change.text.utf8.allSatisfy(isLetter)
        else { return false }
        let before = document.utf8Byte(before: x)
        if isLetter(before) { return true }
        guard autocapitalization == .sentences, before == 0x20, x > 1 else { return false }
        let previous = document.utf8Byte(before: x - 1)
        return isLetter(previous) || (previous >= 0x30 && previous <= 0x39) || previous == 0x2C
    }

    /// Whether any rule could change `text`: a dash or quote with those rules on, or a letter
    /// with case while autocapitalization is on. Lets ordinary typing skip the window.
    func touches(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            (smartDashes && s == "-") || (smartQuotes && (s == "\"" || s == "'"))
                || (autocapitalization != .none && Autocapitalization.changesWhenUppercased(s))
        }
    }
}
