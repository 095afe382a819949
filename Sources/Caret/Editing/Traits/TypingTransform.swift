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
        guard change.kind.isTyped, !change.text.isEmpty, touches(change.text) else { return change }
        let language = language()
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

    /// Whether any rule could change `text`: a dash or quote with those rules on, or a letter
    /// with case while autocapitalization is on. Lets ordinary typing skip the window.
    func touches(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            (smartDashes && s == "-") || (smartQuotes && (s == "\"" || s == "'"))
                || (autocapitalization != .none && Autocapitalization.changesWhenUppercased(s))
        }
    }
}
