// Find and replace in the editing model, as `UITextSearching` offers it to `UIFindInteraction`:
// the found ranges, the current one, next and previous, replace one, replace all. A
// replacement is a user edit like any other (`submit`): the traits' field rules and the
// delegate see it and it is one undo step; replace-all is offered as ONE change, the span from
// the first match to the last with its new text, so the delegate is asked once and one undo
// takes it all back.

/// What `TextInput.find(_:)` started: the query and its matches, which follow the text.
struct FindSession {
    var query: TextSearchQuery
    /// The matches, registered among the input's range sets (FindMatches.swift).
    let matches: FindMatches
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
        let matches = try FindMatches(number: rangeSets.nextNumber, query: query, in: document)
        endFind()
        // Registered as a range set is: every change of the text moves it (InputFollowers.swift).
        rangeSets.nextNumber += 1
        rangeSets.boxes.append((matches.number, matches))
        let from = selectedTextRange.map { min($0.start.utf8Offset, $0.end.utf8Offset) } ?? 0
        findSession = FindSession(query: query, matches: matches, origin: from)
        return foundRanges
    }

    /// Ends the find session.
    /// - Complexity: O(number of range sets held).
    public func endFind() {
        guard let session = findSession else { return }
        rangeSets.boxes.removeAll { $0.number == session.matches.number }
        findSession = nil
    }

    /// The query of the find session, if any.
    public var findQuery: TextSearchQuery? { findSession?.query }

    /// Every match of the find session in the current text, in order: exactly what
    /// `document.matches(of: findQuery)` finds now. Empty without a session.
    ///
    /// The matches are held in a `TextRangeSet` that follows every change of the text; the
    /// first read after changes searches again only the whole hard lines that hold the changed
    /// stretches, for a literal query without a line terminator (no match, grapheme cluster or
    /// word crosses a line terminator, so a line's matches depend on its text alone). A regular
    /// expression, or a pattern holding a line terminator, is searched again in full (see
    /// docs/API.md, "Found ranges in `TextInput`").
    /// - Complexity: O(k) for k matches, plus, once after changes, O(length of the changed
    ///   lines + log k) for a literal query, O(n) otherwise.
    public var foundRanges: [TextRange] {
        refreshFind()
        return findSession?.matches.ranges.map(Self.textRange) ?? []
    }

    /// The current match of the find session, if any.
    /// - Complexity: O(log k), plus the update `foundRanges` describes once after changes.
    public var currentFoundRange: TextRange? {
        refreshFind()
        return findSession?.matches.currentRange.map(Self.textRange)
    }

    /// The index of `currentFoundRange` in `foundRanges`.
    /// - Complexity: O(k) for the first read after a change, O(log k) after, plus the update
    ///   `foundRanges` describes once after changes.
    public var currentFoundIndex: Int? {
        refreshFind()
        return findSession?.matches.currentIndex
    }

    /// Makes the next match current (wrapping from the last to the first), selects it and
    /// returns it; nil without a session or matches.
    /// - Complexity: O(log k) (plus the update `foundRanges` describes once after changes).
    @discardableResult
    public func findNext() -> TextRange? { step(by: 1) }

    /// Makes the previous match current (wrapping from the first to the last), selects it and
    /// returns it; nil without a session or matches.
    /// - Complexity: O(log k) (plus the update `foundRanges` describes once after changes).
    @discardableResult
    public func findPrevious() -> TextRange? { step(by: -1) }

    /// Replaces the current match by `template`'s expansion (`TextDocument.replacementText`)
    /// as a user edit (offered to the traits' rules and the delegate; one undo step), and
    /// makes the next match current. False when there is no current match or the edit is refused.
    /// - Throws: `.invalidTemplate` for a bad template (nothing is changed).
    /// - Complexity: O(log n + the template's expansion), plus the update `foundRanges`
    ///   describes after the edit.
    @discardableResult
    public func replaceCurrentFound(with template: String) throws(TextError) -> Bool {
        refreshFind()
        guard let session = findSession, let range = session.matches.currentRange else { return false }
        let searcher = try TextSearcher(session.query, in: document)
        let parsed = try ReplacementTemplate(template, regex: searcher.regex)
        guard let hit = searcher.first(from: range.lowerBound, limit: range.upperBound), hit.range == range else { return false }
        let text = parsed.expand(hit, in: document)
        guard replace(Self.textRange(range), withText: text) else { return false }
        refreshFind()
        if let matches = findSession?.matches {
            matches.currentStart = matches.firstOrWrapping(startingAtOrAfter: range.lowerBound + text.utf8.count)?.lowerBound
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

    /// Brings the session's matches up to date when the text changed since they were found
    /// (FindMatches.swift); the current match becomes the first at or after where it was.
    private func refreshFind() {
        guard let session = findSession, session.matches.needsUpdate(document) else { return }
        session.matches.update(session.query, in: document)
    }

    private func step(by delta: Int) -> TextRange? {
        refreshFind()
        guard let session = findSession else { return nil }
        let matches = session.matches
        let next: Range<Int>?
        if let current = matches.currentRange {
            next = delta > 0 ? matches.firstOrWrapping(startingAtOrAfter: current.lowerBound + 1)
                             : matches.lastOrWrapping(startingBefore: current.lowerBound)
        } else {
            next = delta > 0 ? matches.firstOrWrapping(startingAtOrAfter: session.origin)
                             : matches.lastOrWrapping(startingBefore: session.origin)
        }
        guard let next else { return nil }
        matches.currentStart = next.lowerBound
        let range = Self.textRange(next)
        selectedTextRange = range
        return range
    }
}
