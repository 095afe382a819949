/// The search as ICU answers it on the flat UTF-16 text, written the simple way: `uregex` (with
/// `UREGEX_LITERAL` for literal queries) from each start in turn, or for insensitive literal
/// queries the search keys of each cluster (ICU's folding and normalisation, cluster by
/// cluster) compared with the pattern's from each cluster start. A candidate is a match when
/// ICU's character break iterator has boundaries at both ends and, for word matching, its word
/// iterator has them; a rejected candidate is tried again from the next scalar. Results in
/// UTF-8 offsets, for comparing with the engine (the tests, FuzzSearch, the benchmark).
@_spi(Reference)
public struct SearchReference {
    /// The text searched.
    public let text: String
    let utf16: [UInt16]
    /// UTF-8 offset of each UTF-16 offset that starts a scalar (and of the end).
    let utf8Of: [Int: Int]
    let graphemes: Set<Int>
    let graphemeList: [Int]
    let locale: String

    /// The reference for `text`, word boundaries in `locale` unless a query names its own. O(n).
    public init(_ text: String, locale: String = "") {
        self.text = text
        self.locale = locale
        utf16 = Array(text.utf16)
        var map: [Int: Int] = [:]
        var u16 = 0, u8 = 0
        for s in text.unicodeScalars {
            map[u16] = u8
            u16 += s.utf16.count
            u8 += s.utf8.count
        }
        map[u16] = u8
        utf8Of = map
        graphemeList = ICUReference.graphemeBoundariesUTF16(utf16)
        graphemes = Set(graphemeList)
    }

    /// Every match forward from the start, as `TextDocument.matches(of:)` promises.
    /// Every match forward from UTF-8 offset `start` (a grapheme boundary), as
    /// `TextDocument.matches(of:from:)` promises.
    /// - Throws: ICU's `SyntaxError` for a bad regular expression.
    public func matches(_ query: TextSearchQuery, from start: Int = 0) throws -> [Range<Int>] {
        let start16 = utf8Of.first { $0.value == start }?.key ?? 0
        let words = query.wordMatch == .contains ? [] : Set(ICUReference.boundariesUTF16("word", locale: query.locale ?? locale, utf16).map(\.offset))
        func accepts(_ r: Range<Int>) -> Bool {
            guard graphemes.contains(r.lowerBound), graphemes.contains(r.upperBound) else { return false }
            switch query.wordMatch {
            case .contains: return true
            case .prefix: return words.contains(r.lowerBound)
            case .whole: return words.contains(r.lowerBound) && words.contains(r.upperBound)
            }
        }
        let insensitive = query.ignoresCase || query.ignoresDiacritics || query.ignoresNormalization
        let result: [Range<Int>]
        if query.syntax == .literal && insensitive {
            result = keyed(query, from: start16, accepts)
        } else {
            if query.syntax == .literal && query.pattern.isEmpty { return [] }
            var options: ICURegex.Options = query.syntax == .literal ? [.literal] : []
            if query.ignoresCase { options.insert(.caseInsensitive) }
            let regex = try ICURegex(query.pattern, options: options)
            regex.setText(utf16: utf16)
            var found: [Range<Int>] = []
            var cursor = start16
            search: while cursor <= utf16.count {
                var s = cursor
                while true {
                    guard s <= utf16.count, let r = regex.firstMatch(from: s).range else { break search }
                    if accepts(r) {
                        found.append(r)
                        cursor = r.isEmpty ? (graphemeList.first { $0 > r.upperBound } ?? utf16.count + 1) : r.upperBound
                        break
                    }
                    s = r.lowerBound + 1
                    while s < utf16.count && utf8Of[s] == nil { s += 1 }
                }
            }
            result = found
        }
        return result.map { utf8Of[$0.lowerBound]!..<utf8Of[$0.upperBound]! }
    }

    /// Insensitive literal search: the keys of the clusters from each cluster start (one with
    /// a non-empty key: an empty-key cluster before it shares its key position) compared with
    /// the pattern's key, ending with the first cluster that completes it.
    private func keyed(_ query: TextSearchQuery, from start16: Int, _ accepts: (Range<Int>) -> Bool) -> [Range<Int>] {
        let keys = SearchKeys(ignoresCase: query.ignoresCase, ignoresDiacritics: query.ignoresDiacritics,
                              ignoresNormalization: query.ignoresNormalization, locale: query.locale ?? locale)
        let pattern = keys.key(of: query.pattern)
        guard !pattern.isEmpty else { return [] }
        let clusters = zip(graphemeList, graphemeList.dropFirst()).map { (lo, hi) -> (Range<Int>, [UInt8]) in
            let piece = String(decoding: utf16[lo..<hi], as: UTF16.self)
            return (lo..<hi, SearchKeys.icuKey(keys.flags, Array(piece.utf8)))
        }
        var found: [Range<Int>] = []
        var i = clusters.firstIndex { $0.0.lowerBound >= start16 } ?? clusters.count
        while i < clusters.count {
            guard !clusters[i].1.isEmpty, clusters[i].1.first == pattern.first else {
                i += 1
                continue
            }
            var key: [UInt8] = []
            var j = i
            while j < clusters.count && key.count < pattern.count {
                key += clusters[j].1
                j += 1
            }
            let r = clusters[i].0.lowerBound..<clusters[j - 1].0.upperBound
            if key == pattern && accepts(r) {
                found.append(r)
                i = j
            } else {
                i += 1
            }
        }
        return found
    }
}

extension SearchReference {
    /// ICU's own count of `pattern`'s matches on the flat UTF-16 `text` (`uregex_findNext`
    /// from the start, no grapheme or word check): the baseline the benchmark times the
    /// engine's regular-expression search against. nil for a pattern ICU rejects. O(n).
    public static func icuRegexMatchCount(_ pattern: String, utf16 text: [UInt16]) -> Int? {
        guard let regex = try? ICURegex(pattern) else { return nil }
        regex.setText(utf16: text)
        var count = 0
        var at = 0
        while at <= text.count, let r = regex.firstMatch(from: at).range {
            count += 1
            at = r.isEmpty ? r.upperBound + 1 : r.upperBound
        }
        return count
    }
}
