/// Autocapitalization: which typed letters become capitals. Applied to typed text only, letter
/// by letter, looking at no more than the few clusters before the caret.
enum Autocapitalization {
    /// Appends the typed scalar `letter` to `text`, capitalized where `mode` says so: all
    /// letters for `.allCharacters`, at a word or sentence start for `.words`/`.sentences`.
    /// Scalars without case pass through untouched.
    static func type(_ letter: Unicode.Scalar, mode: TextAutocapitalization,
                     language: any InputLanguage, into text: inout TypedText) {
        switch mode {
        case .none:
            text.append(letter)
        case .allCharacters:
            text.append(changesWhenUppercased(letter) ? language.map(String(letter), .upper) : String(letter))
        case .words, .sentences:
            guard changesWhenTitlecased(letter) else { return text.append(letter) }
            var title: String?
            let capital = { title ?? { title = language.map(String(letter), .title); return title! }() }
            let starts = mode == .words
                ? isWordStart(&text, next: capital, language: language)
                : isSentenceStart(&text, next: capital, language: language)
            if starts { text.append(capital()) } else { text.append(letter) }
        }
    }

    /// Whether a letter typed now starts a word: at the start of the text, or where ICU's word
    /// rules put a boundary before it. A cased letter before it never leaves a boundary (UAX
    /// #29 WB5), which spares ICU the common case.
    static func isWordStart(_ text: inout TypedText, next: () -> String, language: any InputLanguage) -> Bool {
        guard let last = text.last else { return text.isAtStart }
        if last.isASCII ? ("a"..."z").contains(last) || ("A"..."Z").contains(last) : last.properties.isCased { return false }
        let context = text.context(clusters: TypingTransform.nearWindow).scalars
        return language.isWordBoundary(between: string(context), and: next())
    }

    /// Whether a letter typed now starts a sentence: at the start of the text (only spaces
    /// before it), after a line break (spaces between allowed), or after sentence-ending
    /// punctuation, closing marks and at least one space where ICU's sentence rules with the
    /// locale's suppressions agree (so `Mr. smith` stays). Opening quotation marks and
    /// brackets right before the letter are looked through (`‘Ok`). ICU is asked with the
    /// letter in capitals, since before a lower-case letter its rules never break after a
    /// full stop.
    static func isSentenceStart(_ text: inout TypedText, next: () -> String, language: any InputLanguage) -> Bool {
        // Right after anything but a space, an opening mark or a line break no sentence starts
        // (typing inside a word): answered without reading further back.
        if let last = text.last, !mayPrecedeSentenceStart(last) { return false }
        // Most letters after a space are decided by the few clusters `text` holds already
        // (no full stop before the space): the rest of the window is read only when the scan
        // runs into the start of what is held, or when ICU is to be asked.
        let held = text.heldContext(clusters: TypingTransform.window)
        if let answer = sentenceStart(after: held.window, isWhole: held.isWhole, next: next, language: language) {
            return answer
        }
        let whole = text.context(clusters: TypingTransform.window)
        return sentenceStart(after: whole, isWhole: true, next: next, language: language) ?? false
    }

    /// `isSentenceStart` on a window of the text before the letter; nil when `window` is not
    /// the whole window (`isWhole` false) and the answer depends on what precedes it.
    /// O(the window's length), plus ICU's answer.
    private static func sentenceStart(after window: (scalars: ArraySlice<Unicode.Scalar>, reachesStart: Bool),
                                      isWhole: Bool, next: () -> String, language: any InputLanguage) -> Bool? {
        let scalars = window.scalars
        let first = scalars.startIndex
        var k = scalars.endIndex
        while k > first, isOpening(scalars[k - 1]) { k -= 1 }
        var i = k
        while i > first, isHorizontalSpace(scalars[i - 1]) { i -= 1 }
        if i == first { return isWhole ? window.reachesStart : nil }
        if LineTerminator.contains(scalars[i - 1]) { return true }
        if i == k { return false }
        var j = i
        while j > first, isClosing(scalars[j - 1]) { j -= 1 }
        guard j > first else { return isWhole ? false : nil }
        guard isSentenceTerminal(scalars[j - 1]) else { return false }
        guard isWhole else { return nil }
        let before = string(scalars[..<k])
        let after = string(scalars[k...]) + next()
        return language.isSentenceBoundary(between: before, and: after)
    }

    // The character tests below answer ASCII without the standard library's property tables
    // (a lookup each, the bulk of the typing transform's time on ordinary text).

    /// `scalars` as a `String`, through their UTF-8 bytes: `String.UnicodeScalarView(_:)`
    /// appends a scalar at a time, several times slower. O(length).
    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                bytes.append(contentsOf: scalar.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `s.properties.isSentenceTerminal` (`STerm`; in ASCII `!`, `.` and `?`).
    static func isSentenceTerminal(_ s: Unicode.Scalar) -> Bool {
        s.isASCII ? s == "!" || s == "." || s == "?" : s.properties.isSentenceTerminal
    }

    /// `letter.properties.changesWhenTitlecased`.
    static func changesWhenTitlecased(_ letter: Unicode.Scalar) -> Bool {
        letter.isASCII ? ("a"..."z").contains(letter) : letter.properties.changesWhenTitlecased
    }

    /// `letter.properties.changesWhenUppercased`.
    static func changesWhenUppercased(_ letter: Unicode.Scalar) -> Bool {
        letter.isASCII ? ("a"..."z").contains(letter) : letter.properties.changesWhenUppercased
    }

    /// `isHorizontalSpace(s) || isOpening(s) || LineTerminator.contains(s)`, with one property lookup
    /// for a scalar outside ASCII (the typing of any letter after a letter asks it).
    static func mayPrecedeSentenceStart(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII || LineTerminator.contains(s) { return isHorizontalSpace(s) || isOpening(s) || LineTerminator.contains(s) }
        let p = s.properties
        switch p.generalCategory {
        case .spaceSeparator, .openPunctuation, .initialPunctuation: return true
        // Quotation marks are all punctuation (Unicode 15: Pi, Pf, Po, Ps, Pe).
        case .otherPunctuation, .finalPunctuation, .closePunctuation: return p.isQuotationMark
        default: return false
        }
    }

    /// Opening brackets and quotation marks (`Ps`, `Pi`, and straight or locale marks, which
    /// directly before a letter open a quotation).
    static func isOpening(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s == "(" || s == "[" || s == "{" || s == "\"" || s == "'" }
        let p = s.properties
        switch p.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default: return p.isQuotationMark
        }
    }

    static func isHorizontalSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || !s.isASCII && s.properties.generalCategory == .spaceSeparator
    }

    /// What UAX #29 lets stand between a sentence's end and the spaces after it: closing
    /// brackets and quotation marks.
    static func isClosing(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s == ")" || s == "]" || s == "}" || s == "\"" || s == "'" }
        let p = s.properties
        switch p.generalCategory {
        case .closePunctuation, .finalPunctuation, .initialPunctuation: return true
        default: return p.isQuotationMark
        }
    }
}
