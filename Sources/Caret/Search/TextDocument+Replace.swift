// Find and replace as one change set: every match (or every match in a range) replaced by its
// template's expansion, built and checked before anything changes, applied as one change.

extension TextDocument {
    /// The text that replaces `match` of `query` by `template`: for a regular expression,
    /// `$n`, `${name}` and backslash escapes as ICU's `appendReplacement` reads them; for a
    /// literal query, `template` itself.
    /// - Throws: `.invalidTemplate` (with the UTF-16 offset in the template) for a reference to
    ///   a group the pattern lacks; the query's errors (`matches(of:)`).
    /// - Complexity: O(template + captured text), plus compiling the query.
    public func replacementText(for match: TextMatch, of query: TextSearchQuery, template: String) throws(TextError) -> String {
        let searcher = try TextSearcher(query, in: self)
        let parsed = try ReplacementTemplate(template, regex: searcher.regex)
        let groups = Array(match.captureUTF8Ranges.dropFirst())
        for range in match.captureUTF8Ranges {
            if let range, range.lowerBound < 0 || range.upperBound > utf8Count {
                throw TextError(.outOfBounds(unit: .utf8, bound: utf8Count), byteOffset: range.upperBound)
            }
        }
        return parsed.expand(SearchHit(range: match.utf8Range, groups: groups), in: self)
    }

    /// The change that replaces every match of `query` (forward from the start, as
    /// `matches(of:)` finds them) that lies inside `range` (default: the whole document) by
    /// the expansion of `template` (`replacementText(for:of:template:)`). Empty when nothing
    /// matches. Apply it with `apply(_:)`, or through `TextInput` as one undo step.
    /// - Throws: `.outOfBounds` for a range outside the document; `.invalidTemplate`; the
    ///   query's errors.
    /// - Complexity: O(n) reading the text, plus O(k log n + m) for k matches and m bytes of
    ///   removed and inserted text (each chunk scanned for UTF-16 offsets at most once).
    public func replacementChanges(of query: TextSearchQuery, with template: String,
                                   in range: TextRange? = nil) throws(TextError) -> ChangeSet {
        var bytes = 0..<utf8Count
        if let range {
            guard let r = validated(range) else {
                throw TextError(.outOfBounds(unit: .utf8, bound: utf8Count), byteOffset: range.end.utf8Offset)
            }
            bytes = r
        }
        let searcher = try TextSearcher(query, in: self)
        let parsed = try ReplacementTemplate(template, regex: searcher.regex)
        // The matches come sorted, apart and on grapheme boundaries: no edit needs checking.
        var edits: [(bytes: Range<Int>, text: String)] = []
        var cursor = bytes.lowerBound
        while cursor <= bytes.upperBound, let hit = searcher.first(from: cursor, limit: bytes.upperBound) {
            edits.append((hit.range, parsed.expand(hit, in: self)))
            if hit.range.isEmpty {
                guard hit.range.upperBound < utf8Count else { break }
                cursor = graphemeBoundary(after: hit.range.upperBound)
            } else {
                cursor = hit.range.upperBound
            }
        }
        return ChangeSet(sortedUTF8Edits: edits, in: self)
    }

    /// Replaces every match of `query` in `range` (default: all) by `template`'s expansion, as
    /// one change (`replacementChanges(of:with:in:)` applied), and returns that change set: its
    /// `inverted()` undoes the whole replacement.
    /// - Throws: as `replacementChanges(of:with:in:)`; the document is then unchanged.
    /// - Complexity: as `replacementChanges(of:with:in:)` plus O(k log n + m) to apply.
    @discardableResult
    public mutating func replaceAll(of query: TextSearchQuery, with template: String,
                                    in range: TextRange? = nil) throws(TextError) -> ChangeSet {
        let changes = try replacementChanges(of: query, with: template, in: range)
        return try apply(changes)
    }
}
