// The regular-expression engine: ICU's matcher running over the rope through its UText
// (RopeUText.swift), with a region from the search's start to its limit whose bounds are
// transparent (lookaround, `\b` and `^` see the text around it) and not anchoring, so a search
// from any offset answers as ICU does on the whole flat text from there.

final class RegexFinder: MatchFinder {
    private let regex: ICURegex
    private let text: RopeText
    private let length: Int

    init(regex: ICURegex, text: RopeText) {
        self.regex = regex
        self.text = text
        length = text.rope.summary.utf8
        regex.setText(text)
        regex.useTransparentBounds()
    }

    func first(from: Int, limit: Int, accept: SearchAcceptance) -> SearchHit? {
        var start = from
        while start <= limit {
            let result = regex.firstMatch(in: start..<limit)
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
