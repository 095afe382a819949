// The public search API: a lazy sequence of matches from a position, forward or backward,
// optionally wrapping around the document once.

extension TextDocument {
    /// The matches of `query`, lazily, starting at `position` (default: the start for a
    /// forward search, the end for a backward one) and going in `direction`.
    ///
    /// Forward: matches starting at or after `position`, each search going on from the end of
    /// the match before (an empty match moves on by one grapheme cluster). Backward: matches
    /// ending at or before `position`, each the match with the greatest start before the start
    /// of the one before (the match a forward search from that start finds there). With
    /// `wrapping`, the search then goes on once from the other end of the document up to
    /// `position` (forward: matches starting before it; backward: matches ending after it).
    /// Every match lies on grapheme boundaries and passes the query's word rule.
    ///
    /// - Throws: `TextError` `.outOfBounds` for a position outside the document,
    ///   `.invalidPattern` with ICU's reason and offset for a bad regular expression,
    ///   `.unsupportedSearch` for a regular expression that ignores diacritics or normalisation.
    /// - Complexity: O(1) to create plus the compilation of the query; each step reads the
    ///   text up to the next match (never the whole document at once: memory stays bounded by
    ///   a few chunks, the pattern and ICU's matcher).
    public func matches(of query: TextSearchQuery, from position: TextPosition? = nil,
                        direction: TextStorageDirection = .forward, wrapping: Bool = false) throws(TextError) -> TextMatches {
        let start: Int
        if let position {
            guard let x = validated(position) else {
                throw TextError(.outOfBounds(unit: .utf8, bound: utf8Count), byteOffset: position.utf8Offset)
            }
            start = x
        } else {
            start = direction == .forward ? 0 : utf8Count
        }
        return TextMatches(searcher: try TextSearcher(query, in: self), start: start, direction: direction, wrapping: wrapping)
    }

    /// The first match of `query` from `position` in `direction` (see `matches(of:from:direction:wrapping:)`),
    /// or nil when there is none.
    /// - Throws: as `matches(of:from:direction:wrapping:)`.
    /// - Complexity: O(distance to the match) plus the compilation of the query.
    public func firstMatch(of query: TextSearchQuery, from position: TextPosition? = nil,
                           direction: TextStorageDirection = .forward, wrapping: Bool = false) throws(TextError) -> TextMatch? {
        var iterator = try matches(of: query, from: position, direction: direction, wrapping: wrapping).makeIterator()
        return iterator.next()
    }
}

/// The matches of a query in a document, found lazily (`TextDocument.matches(of:from:direction:wrapping:)`).
/// Holds a snapshot of the document: edits made after it was created do not change it.
/// Not `Sendable`: a compiled regular expression keeps its matcher's state.
public struct TextMatches: Sequence {
    let searcher: TextSearcher
    let start: Int
    let direction: TextStorageDirection
    let wrapping: Bool

    /// An iterator from the search's start. O(1).
    public func makeIterator() -> Iterator {
        Iterator(searcher: searcher, start: start, direction: direction, wrapping: wrapping)
    }

    /// Finds the next match on each call.
    public struct Iterator: IteratorProtocol {
        private let searcher: TextSearcher
        private let start: Int
        private let direction: TextStorageDirection
        private let wrapping: Bool
        /// Forward: where the next search starts (past the end: done). Backward: the end the
        /// next match must not pass.
        private var cursor: Int
        private var wrapped = false
        private var done = false

        init(searcher: TextSearcher, start: Int, direction: TextStorageDirection, wrapping: Bool) {
            self.searcher = searcher
            self.start = start
            self.direction = direction
            self.wrapping = wrapping
            cursor = start
        }

        /// The next match, or nil when the search is over.
        /// - Complexity: O(distance to the match).
        public mutating func next() -> TextMatch? {
            guard !done else { return nil }
            let hit = direction == .forward ? nextForward() : nextBackward()
            guard let hit else {
                done = true
                return nil
            }
            return TextMatch(hit.range, groups: hit.groups)
        }

        private mutating func nextForward() -> SearchHit? {
            let length = searcher.document.utf8Count
            while true {
                if cursor <= length, let hit = searcher.first(from: cursor, limit: length),
                   !wrapped || hit.range.lowerBound < start {
                    if hit.range.isEmpty {
                        cursor = hit.range.upperBound < length ? searcher.document.graphemeBoundary(after: hit.range.upperBound)
                                                              : length + 1
                    } else {
                        cursor = hit.range.upperBound
                    }
                    return hit
                }
                guard wrapping && !wrapped && start > 0 else { return nil }
                wrapped = true
                cursor = 0
            }
        }

        private mutating func nextBackward() -> SearchHit? {
            let length = searcher.document.utf8Count
            while true {
                if let hit = searcher.last(before: cursor), !wrapped || hit.range.upperBound > start {
                    cursor = hit.range.lowerBound
                    return hit
                }
                guard wrapping && !wrapped && start < length else { return nil }
                wrapped = true
                cursor = length
            }
        }
    }
}
