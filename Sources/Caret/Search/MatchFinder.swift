// What every search engine (literal bytes, search keys, ICU regex) answers: the leftmost match
// at or after an offset. Everything else — grapheme and word checks, backward search, laps,
// replacement — is built on this one question (TextSearcher.swift).

/// A match as an engine finds it: UTF-8 offsets of the whole match and of each capture group.
struct SearchHit: Equatable {
    var range: Range<Int>
    var groups: [Range<Int>?] = []
}

/// A candidate the engine asks its searcher about: the range, and whether the engine already
/// knows both ends are grapheme boundaries (so the searcher need not look).
typealias SearchAcceptance = (_ range: Range<Int>, _ knownAligned: Bool) -> Bool

/// An engine: finds candidates in order of their start.
protocol MatchFinder: AnyObject {
    /// The leftmost candidate starting at or after byte `from` (a grapheme boundary) and ending
    /// at or before `limit` that `accept` takes; nil when there is none. Candidates start and
    /// end on scalar boundaries; for each start, the engine's match there (a regex's
    /// leftmost-first match, the literal itself) is the one offered.
    func first(from: Int, limit: Int, accept: SearchAcceptance) -> SearchHit?
}
