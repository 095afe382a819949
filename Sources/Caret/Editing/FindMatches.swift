// A find session's matches (TextInput+Find.swift) as a follower of the input's text: a
// `TextRangeSet` registered among the input's range sets, so that every change of the text —
// typing, paste, undo, redo, `text` from code, a remote change — moves it through the input's
// one follower path (InputFollowers.swift), and beside it the stretches those changes put in.
// The next read searches again only the whole lines around those stretches
// (SearchWindows.swift) and keeps the matches elsewhere, moved; a query whose matches may
// cross lines (a regular expression, a pattern with a line terminator) is searched again in
// full.

/// The matches of a find session, following the input's changes.
final class FindMatches: RangeSetFollowing {
    /// The number it is registered under among the input's range sets.
    let number: Int
    /// The matches, moved through every change since they were brought up to date.
    private(set) var set = TextRangeSet<Bool>()
    /// The text the matches were brought up to date for (for `needsUpdate`).
    private var text: TextDocument
    /// The stretches of the current text that changes put in since then: sorted, apart
    /// (touching ones merged), at most `maximumChanged` of them.
    private var changed: [Range<Int>] = []
    /// True when more stretches changed than are tracked: the next update searches everything.
    private var changedTooMuch = false
    /// Where the current match starts, moved through every change; nil when none is current.
    var currentStart: Int?
    /// `set`'s ranges, read once after each update.
    private var cached: [Range<Int>]?
    /// The bytes the last update searched (for tests: a keystroke searches its line only).
    private(set) var lastSearchedBytes = 0

    /// More changed stretches than this between two reads are not tracked one by one.
    static let maximumChanged = 32
    /// An update that removes and adds more ranges than this rebuilds the set at once.
    static let rebuildThreshold = 256
    /// Texts of at least this many bytes are searched in full when the lines to search again
    /// make up more than half of them (the same work, without moving ranges one by one).
    static let fullSearchMinimum = 4096

    /// Matches of `query` in `document`, found in full. O(n) for the search, O(k) for k matches.
    init(number: Int, query: TextSearchQuery, in document: TextDocument) throws(TextError) {
        self.number = number
        text = document
        let searcher = try TextSearcher(query, in: document)
        set = Self.makeSet(Self.matches(searcher, in: 0..<document.utf8Count))
        lastSearchedBytes = document.utf8Count
    }

    private static func makeSet(_ ranges: [Range<Int>]) -> TextRangeSet<Bool> {
        TextRangeSet(sorted: ranges, value: true, stickiness: .neverGrows, removeWhenEmptied: true)
    }

    // MARK: Following the text

    /// Moves the matches, the current match's start and the changed stretches through the
    /// replacement of bytes `range` by `insertedCount` bytes, and records the new stretch.
    /// O(log k + the matches it touches + `maximumChanged`).
    func follow(_ range: Range<Int>, insertedCount: Int) {
        set.replace(range, insertedCount: insertedCount)
        cached = nil
        let delta = insertedCount - range.count
        func moved(_ x: Int, inside: Int) -> Int {
            x <= range.lowerBound ? x : x >= range.upperBound ? x + delta : inside
        }
        if let c = currentStart { currentStart = moved(c, inside: range.lowerBound) }
        guard !changedTooMuch else { return }
        var new = range.lowerBound..<(range.lowerBound + insertedCount)
        var result: [Range<Int>] = []
        result.reserveCapacity(changed.count + 1)
        var placed = false
        for old in changed {
            let lower = moved(old.lowerBound, inside: range.lowerBound)
            let stretch = lower..<max(lower, moved(old.upperBound, inside: new.upperBound))
            if stretch.upperBound < new.lowerBound {
                result.append(stretch)
            } else if stretch.lowerBound > new.upperBound {
                if !placed {
                    result.append(new)
                    placed = true
                }
                result.append(stretch)
            } else {
                new = min(new.lowerBound, stretch.lowerBound)..<max(new.upperBound, stretch.upperBound)
            }
        }
        if !placed { result.append(new) }
        if result.count > Self.maximumChanged {
            changedTooMuch = true
            changed = []
        } else {
            changed = result
        }
    }

    // MARK: Bringing the matches up to date

    /// True when `document` is not the text the matches were found for: it changed (or its
    /// locale did) since. O(1).
    func needsUpdate(_ document: TextDocument) -> Bool {
        changedTooMuch || !changed.isEmpty || text.rope.root !== document.rope.root || text.locale != document.locale
    }

    /// Brings the matches up to date with `document`, the text as it is now: only the lines
    /// around the changed stretches when the query's matches stay in lines, otherwise in full
    /// (docs/API.md, "Found ranges in `TextInput`"). The current match becomes the first at or
    /// after where it was (the first, wrapping). A query that no longer compiles (a locale ICU
    /// lost, say) leaves no match.
    /// - Complexity: O(the windows' length + k log k for the k matches in them) when searching
    ///   line by line; O(n + k) in full.
    func update(_ query: TextSearchQuery, in document: TextDocument) {
        defer {
            text = document
            changed = []
            changedTooMuch = false
            cached = nil
            if let c = currentStart { currentStart = firstOrWrapping(startingAtOrAfter: c)?.lowerBound }
        }
        guard let searcher = try? TextSearcher(query, in: document) else {
            set = TextRangeSet()
            return
        }
        let incremental = !changedTooMuch && !changed.isEmpty && text.locale == document.locale && query.matchesStayInLines
        if incremental {
            let windows = document.lineWindows(around: changed)
            let length = windows.reduce(0) { $0 + $1.count }
            // Windows over half of a long text: searching it all costs no more.
            if length <= document.utf8Count / 2 || document.utf8Count < Self.fullSearchMinimum {
                for window in windows { research(window, searcher) }
                lastSearchedBytes = length
                return
            }
        }
        set = Self.makeSet(Self.matches(searcher, in: 0..<document.utf8Count))
        lastSearchedBytes = document.utf8Count
    }

    /// Replaces the matches in `window` (whole lines) by those found there again.
    private func research(_ window: Range<Int>, _ searcher: TextSearcher) {
        let held = set.ranges(overlapping: TextRange(utf8: window.lowerBound, window.upperBound))
        let found = Self.matches(searcher, in: window)
        if held.count + found.count > Self.rebuildThreshold {
            var all = set.utf8Ranges.filter { $0.upperBound <= window.lowerBound || $0.lowerBound >= window.upperBound }
            let at = all.firstIndex { $0.lowerBound >= window.upperBound } ?? all.count
            all.insert(contentsOf: found, at: at)
            set = Self.makeSet(all)
            return
        }
        for h in held { set.remove(h.id) }
        for r in found {
            set.insert(TextRange(utf8: r.lowerBound, r.upperBound), value: true, stickiness: .neverGrows, removeWhenEmptied: true)
        }
    }

    /// The matches in `window` a forward search from its start finds (one after another, an
    /// empty one moving on by a grapheme cluster), as `TextDocument.matches(of:)` does.
    private static func matches(_ searcher: TextSearcher, in window: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var at = window.lowerBound
        let document = searcher.document
        while at <= window.upperBound, let hit = searcher.first(from: at, limit: window.upperBound) {
            result.append(hit.range)
            if hit.range.isEmpty {
                guard hit.range.upperBound < document.utf8Count else { break }
                at = document.graphemeBoundary(after: hit.range.upperBound)
            } else {
                at = hit.range.upperBound
            }
        }
        return result
    }

    // MARK: Reading

    /// The matches as UTF-8 ranges, in order. O(1) after the first read since the last change, O(k) then.
    var ranges: [Range<Int>] {
        if let cached { return cached }
        let all = set.utf8Ranges
        cached = all
        return all
    }

    /// The index of the first range of `ranges` (sorted) starting at or after `x`. O(log k).
    static func firstIndex(in ranges: [Range<Int>], startingAtOrAfter x: Int) -> Int? {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].lowerBound < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count ? lo : nil
    }

    /// The index of the current match in `ranges`, if one is current. O(k) for the first read
    /// after a change, O(log k) after.
    var currentIndex: Int? {
        guard let c = currentStart else { return nil }
        let all = ranges
        return Self.firstIndex(in: all, startingAtOrAfter: c).flatMap { all[$0].lowerBound == c ? $0 : nil }
    }

    /// The current match, if one is current. O(log k).
    var currentRange: Range<Int>? {
        guard let c = currentStart, let r = set.firstUTF8Range(startingAtOrAfter: c), r.lowerBound == c else { return nil }
        return r
    }

    /// The first match starting at or after byte `x`, else the first match. O(log k).
    func firstOrWrapping(startingAtOrAfter x: Int) -> Range<Int>? {
        set.firstUTF8Range(startingAtOrAfter: x) ?? set.firstUTF8Range(startingAtOrAfter: 0)
    }

    /// The last match starting before byte `x`, else the last match. O(log k).
    func lastOrWrapping(startingBefore x: Int) -> Range<Int>? {
        set.lastUTF8Range(startingBefore: x) ?? set.lastUTF8Range(startingBefore: .max)
    }
}
