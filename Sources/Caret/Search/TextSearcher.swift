// A query compiled for one document (a snapshot: an O(1) copy): the engine that fits the
// query, the grapheme and word checks every candidate passes, and backward search, which asks
// the engine forward inside windows before the position, doubling them until one holds a match.

final class TextSearcher {
    let document: TextDocument
    let query: TextSearchQuery
    private let finder: MatchFinder
    /// The compiled expression of a regular-expression query (for templates' group names).
    let regex: ICURegex?
    /// Word boundaries in the query's locale, when the query asks for them.
    private let words: ICUBreakIterator?

    /// - Throws: `.invalidPattern` for an expression ICU rejects, `.unsupportedSearch` for a
    ///   regular expression that ignores diacritics or normalisation, or a text ICU cannot
    ///   address (over 2 GiB) when ICU is needed.
    init(_ query: TextSearchQuery, in document: TextDocument) throws(TextError) {
        self.document = document
        self.query = query
        let locale = query.locale ?? document.locale
        let rope = document.rope
        let needsICUText = query.syntax == .regularExpression || query.wordMatch != .contains
        if needsICUText && rope.summary.utf8 > Int(Int32.max) {
            throw TextError(.unsupportedSearch(reason: "ICU cannot address a text over 2 GiB"), byteOffset: 0)
        }
        switch query.syntax {
        case .literal:
            regex = nil
            if query.ignoresCase || query.ignoresDiacritics || query.ignoresNormalization {
                let keys = SearchKeys(ignoresCase: query.ignoresCase, ignoresDiacritics: query.ignoresDiacritics,
                                      ignoresNormalization: query.ignoresNormalization, locale: locale)
                finder = KeyedFinder(rope: rope, keys: keys, pattern: keys.key(of: query.pattern))
            } else {
                finder = LiteralFinder(rope: rope, pattern: Array(query.pattern.utf8))
            }
        case .regularExpression:
            if query.ignoresDiacritics || query.ignoresNormalization {
                throw TextError(.unsupportedSearch(reason: "a regular expression cannot ignore diacritics or normalisation"),
                                byteOffset: 0)
            }
            let compiled: ICURegex
            do {
                compiled = try ICURegex(query.pattern, options: query.ignoresCase ? [.caseInsensitive] : [])
            } catch {
                throw TextError(.invalidPattern(reason: error.status), byteOffset: error.offset ?? 0)
            }
            guard let text = RopeText(rope) else {
                throw TextError(.unsupportedSearch(reason: "ICU could not open the text"), byteOffset: 0)
            }
            regex = compiled
            let windows = RegexWindows(pattern: query.pattern, compiled: compiled, document: document, text: text)
            finder = RegexFinder(regex: compiled, windows: windows, text: text)
        }
        if query.wordMatch != .contains, let text = RopeText(rope) {
            words = ICUBreakIterator(.word, locale: locale, source: text)
        } else {
            words = nil
        }
    }

    /// True when a candidate is a match: both ends on grapheme boundaries (unless the engine
    /// knows they are) and the word rule holds.
    private func accepts(_ range: Range<Int>, _ knownAligned: Bool) -> Bool {
        if !knownAligned {
            guard document.isGraphemeBoundary(range.lowerBound) else { return false }
            guard range.isEmpty || document.isGraphemeBoundary(range.upperBound) else { return false }
        }
        switch query.wordMatch {
        case .contains: return true
        case .prefix: return words?.isBoundary(range.lowerBound) ?? false
        case .whole:
            guard let words else { return false }
            return words.isBoundary(range.lowerBound) && words.isBoundary(range.upperBound)
        }
    }

    /// The first match starting at or after byte `from` (a grapheme boundary) that ends at or
    /// before `limit`. O(distance to it), plus the checks of rejected candidates.
    func first(from: Int, limit: Int) -> SearchHit? {
        finder.first(from: from, limit: limit) { range, aligned in accepts(range, aligned) }
    }

    /// The match with the greatest start before byte `end` among those that end at or before
    /// it and start at or after `floor` (grapheme boundaries). For each start, the match is the
    /// one a forward search from there finds starting there. O(distance to it · log) in windows
    /// that double.
    func last(before end: Int, floor: Int = 0) -> SearchHit? {
        guard end > floor else { return nil }
        var window = 1024
        var upper = end                        // matches starting at or after it were looked at
        while upper > floor {
            let lower = max(floor, document.snappedUTF8(max(0, upper - window)))
            var best: SearchHit?
            var s = lower
            while s < upper, let hit = first(from: s, limit: end), hit.range.lowerBound < upper {
                best = hit
                guard hit.range.lowerBound < document.utf8Count else { break }
                s = document.graphemeBoundary(after: hit.range.lowerBound)
            }
            if let best { return best }
            upper = lower
            window *= 2
        }
        return nil
    }
}
