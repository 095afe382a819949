// The regular-expression engine: ICU's matcher with a region from the search's start to its
// limit whose bounds are transparent (lookaround, `\b` and `^` see the text around it) and not
// anchoring, so a search from any offset answers as ICU does on the whole flat text from there.
// It runs in UTF-16 windows of the text (RegexWindows.swift), ICU's fast path, whenever a window
// can tell; otherwise over the rope through its UText (RopeUText.swift), which reads the chunks
// it needs in place.

final class RegexFinder: MatchFinder {
    private let regex: ICURegex
    private let windows: RegexWindows?
    private let text: RopeText

    init(regex: ICURegex, windows: RegexWindows?, text: RopeText) {
        self.regex = regex
        self.windows = windows
        self.text = text
        regex.setText(text)
        regex.useTransparentBounds()
    }

    func first(from: Int, limit: Int, accept: SearchAcceptance) -> SearchHit? {
        var start = from
        while start <= limit {
            let result = windows?.firstMatch(from: start, limit: limit) ?? regex.firstMatch(in: start..<limit)
            guard let found = result.range else { return nil }
            if accept(found, false) { return SearchHit(range: found, groups: result.groups) }
            // Rejected: the next candidate starts at the next scalar.
            guard found.lowerBound < limit else { return nil }
            start = found.lowerBound + 1
            while start < limit && !text.isScalarBoundary(utf8: start) { start += 1 }
        }
        return nil
    }
}
