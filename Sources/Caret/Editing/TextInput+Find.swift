// Find and replace in the editing model, as `UITextSearching` offers it to `UIFindInteraction`:
// the found ranges, the current one, next and previous, replace one, replace all. A
// replacement is a user edit like any other (`submit`): the traits' field rules and the
// delegate see it and it is one undo step; replace-all is offered as ONE change, the span from
// the first match to the last with its new text, so the delegate is asked once and one undo
// takes it all back.

/// What `TextInput.find(_:)` found, and for which text.
struct FindSession {
    var query: TextSearchQuery
    /// The text the ranges were found in: when the input's document is no longer it, the
    /// ranges are found again.
    var text: TextDocument
    var ranges: [Range<Int>]
    var current: Int?
    /// Where the session started (the selection's start): the first `findNext` goes to the
    /// first match at or after it, the first `findPrevious` to the last match before it.
    var origin: Int
}

extension TextInput {
    /// Starts a find session for `query`: finds every match in the text and returns them. No
    /// match is current yet: the first `findNext()` selects the first match at or after the
    /// selection's start, the first `findPrevious()` the last one before it (both wrap).
    /// - Throws: the query's errors (`TextDocument.matches(of:)`); the session is then unchanged.
    /// - Complexity: O(n) for the search, O(k) memory for k matches.
    @discardableResult
    public func find(_ query: TextSearchQuery) throws(TextError) -> [TextRange] {
        let ranges = try Self.allMatches(of: query, in: document)
        let from = selectedTextRange.map { min($0.start.utf8Offset, $0.end.utf8Offset) } ?? 0
        findSession = FindSession(query: query, text: document, ranges: ranges, current: nil, origin: from)
        return foundRanges
    }

    /// Ends the find session.
    /// - Complexity: O(1).
    public func endFind() { findSession = nil }

    /// The query of the find session, if any.
    public var findQuery: TextSearchQuery? { findSession?.query }

    /// Every match of the find session in the current text, in order (found again after the
    /// text changed). Empty without a session.
    ///
    /// The matches are not mapped through a change: the first read after each change searches
    /// the whole text again, so a UI that reads them after every key press pays a whole search
    /// per key press (see docs/API.md, "Search and replace"). Whether a match still holds can
    /// depend on text far from the change — a regular expression's lookahead, dictionary word
    /// boundaries for `wordMatch`, a run of regional indicators — so a search of the changed
    /// stretch alone would not be exact.
    /// - Complexity: O(k), plus O(n) once after each change of the text.
    public var foundRanges: [TextRange] {
        refreshFind()
        return findSession?.ranges.map(Self.textRange) ?? []
    }

    /// The current match of the find session, if any.
    public var currentFoundRange: TextRange? {
        refreshFind()
        guard let session = findSession, let i = session.current, i < session.ranges.count else { return nil }
        return Self.textRange(session.ranges[i])
    }

    /// The index of `currentFoundRange` in `foundRanges`.
    public var currentFoundIndex: Int? {
        refreshFind()
        return findSession?.current
    }

    /// Makes the next match current (wrapping from the last to the first), selects it and
    /// returns it; nil without a session or matches.
    /// - Complexity: O(1) (O(n) once after a change of the text).
    @discardableResult
    public func findNext() -> TextRange? { step(by: 1) }

    /// Makes the previous match current (wrapping from the first to the last), selects it and
    /// returns it; nil without a session or matches.
    /// - Complexity: O(1) (O(n) once after a change of the text).
    @discardableResult
    public func findPrevious() -> TextRange? { step(by: -1) }

    /// Replaces the current match by `template`'s expansion (`TextDocument.replacementText`)
    /// as a user edit (offered to the traits' rules and the delegate; one undo step), and
    /// makes the next match current. False when there is no current match or the edit is refused.
    /// - Throws: `.invalidTemplate` for a bad template (nothing is changed).
    /// - Complexity: O(n): the edit, then the matches found again.
    @discardableResult
    public func replaceCurrentFound(with template: String) throws(TextError) -> Bool {
        refreshFind()
        guard let session = findSession, let i = session.current, i < session.ranges.count else { return false }
        let range = session.ranges[i]
        let searcher = try TextSearcher(session.query, in: document)
        let parsed = try ReplacementTemplate(template, regex: searcher.regex)
        guard let hit = searcher.first(from: range.lowerBound, limit: range.upperBound), hit.range == range else { return false }
        let text = parsed.expand(hit, in: document)
        guard replace(Self.textRange(range), withText: text) else { return false }
        refreshFind()
        if var s = findSession {
            let after = range.lowerBound + text.utf8.count
            s.current = s.ranges.isEmpty ? nil : (s.ranges.firstIndex { $0.lowerBound >= after } ?? 0)
            findSession = s
        }
        return true
    }

    /// Replaces every match of the find session by `template`'s expansion as ONE user edit:
    /// the text from the first match to the last, with each match replaced, is offered to the
    /// traits' rules and the delegate once (`shouldChangeTextIn` with that span) and recorded
    /// as one undo step. False when nothing matches or the edit is refused.
    /// - Throws: `.invalidTemplate` for a bad template (nothing is changed).
    /// - Complexity: O(n + m) for the search and m bytes of the span.
    @discardableResult
    public func replaceAllFound(with template: String) throws(TextError) -> Bool {
        refreshFind()
        guard let session = findSession else { return false }
        let changes = try document.replacementChanges(of: session.query, with: template)
        guard let first = changes.replacements.first, let last = changes.replacements.last else { return false }
        var text = ""
        var at = first.utf8Range.lowerBound
        for r in changes.replacements {
            text += document.text(utf8Range: at..<r.utf8Range.lowerBound)
            text += r.inserted
            at = r.utf8Range.upperBound
        }
        let span = first.utf8Range.lowerBound..<last.utf8Range.upperBound
        guard replace(Self.textRange(span), withText: text) else { return false }
        refreshFind()
        return true
    }

    // MARK: - The session

    private static func textRange(_ r: Range<Int>) -> TextRange {
        TextRange(start: TextPosition(utf8Offset: r.lowerBound), end: TextPosition(utf8Offset: r.upperBound))
    }

    private static func allMatches(of query: TextSearchQuery, in document: TextDocument) throws(TextError) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for match in try document.matches(of: query) { result.append(match.utf8Range) }
        return result
    }

    /// Finds the matches again when the text changed since they were found; the current match
    /// becomes the first at or after where it was.
    private func refreshFind() {
        guard var session = findSession, session.text.rope.root !== document.rope.root else { return }
        let was = session.current.flatMap { $0 < session.ranges.count ? session.ranges[$0].lowerBound : nil }
        session.ranges = (try? Self.allMatches(of: session.query, in: document)) ?? []
        session.text = document
        if let was {
            session.current = session.ranges.isEmpty ? nil : (session.ranges.firstIndex { $0.lowerBound >= was } ?? 0)
        }
        findSession = session
    }

    private func step(by delta: Int) -> TextRange? {
        refreshFind()
        guard var session = findSession, !session.ranges.isEmpty else { return nil }
        let n = session.ranges.count
        if let i = session.current {
            session.current = ((i + delta) % n + n) % n
        } else if delta > 0 {
            session.current = session.ranges.firstIndex { $0.lowerBound >= session.origin } ?? 0
        } else {
            session.current = session.ranges.lastIndex { $0.lowerBound < session.origin } ?? n - 1
        }
        findSession = session
        let range = Self.textRange(session.ranges[session.current!])
        selectedTextRange = range
        return range
    }
}
