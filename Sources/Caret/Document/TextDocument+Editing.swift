// Edits. Every edit rewrites only the chunks it touches, plus the following chunks whose first
// cluster now joins the edited text (a combining mark after a deleted control, one regional
// indicator that re-pairs a run of flags); see docs/ARCHITECTURE.md, "How counts stay exact".

extension TextDocument {
    /// Replaces the text in `range` with `text` and returns the range of the new text, widened
    /// to grapheme boundaries where the new text joins its neighbours (a leading combining mark
    /// joins the cluster before it).
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @discardableResult
    public mutating func replace(_ range: TextRange, withText text: some StringProtocol) throws(TextError) -> TextRange {
        guard let bytes = validated(range) else {
            let bad = [range.start.utf8Offset, range.end.utf8Offset].first { $0 < 0 || $0 > rope.summary.utf8 } ?? 0
            throw TextError(.outOfBounds(unit: .utf8, bound: rope.summary.utf8), byteOffset: bad)
        }
        var string = String(text)
        let inserted = string.withUTF8 { replaceUTF8(bytes, with: $0) }
        return enclosingRange(utf8: bytes.lowerBound..<(bytes.lowerBound + inserted))
    }

    /// Replaces the units `range` of `unit` with `text`, without rounding to grapheme
    /// boundaries: a scalar range may cut into a cluster (deleting one code point of an Indic
    /// syllable, replaying an editing trace). UTF-16 offsets inside a surrogate pair and UTF-8
    /// offsets inside a scalar round down to the scalar's start.
    ///
    /// - Returns: the range of the new text, widened to grapheme boundaries.
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside the text; the document
    ///   is then unchanged.
    /// - Complexity: O(log n + m) for m inserted bytes, plus a scan of the chunks touched.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, in unit: TextUnit, withText text: some StringProtocol) throws(TextError) -> TextRange {
        let bound = rope.summary[unit]
        guard let s = scalarAlignedUTF8Offset(of: range.lowerBound, in: unit) else {
            throw TextError(.outOfBounds(unit: unit, bound: bound), byteOffset: range.lowerBound)
        }
        guard let e = scalarAlignedUTF8Offset(of: range.upperBound, in: unit) else {
            throw TextError(.outOfBounds(unit: unit, bound: bound), byteOffset: range.upperBound)
        }
        var string = String(text)
        let inserted = string.withUTF8 { replaceUTF8(s..<max(s, e), with: $0) }
        return enclosingRange(utf8: s..<(s + inserted))
    }

    /// The smallest range on grapheme boundaries that holds bytes `range`.
    func enclosingRange(utf8 range: Range<Int>) -> TextRange {
        let start = graphemeBoundary(atOrBefore: range.lowerBound).utf8
        let snapped = graphemeBoundary(atOrBefore: range.upperBound)
        var end = snapped.utf8
        if end < range.upperBound {
            end = utf8Offset(of: snapped.graphemes + 1, in: .grapheme) ?? rope.summary.utf8
        }
        return TextRange(start: TextPosition(utf8Offset: start), end: TextPosition(utf8Offset: end))
    }

    /// Inserts `text` at `position`; returns the range of the new text. See `replace(_:withText:)`.
    @discardableResult
    public mutating func insert(_ text: some StringProtocol, at position: TextPosition) throws(TextError) -> TextRange {
        try replace(TextRange(start: position, end: position), withText: text)
    }

    /// Removes the text in `range`; returns the empty range where it was.
    @discardableResult
    public mutating func delete(_ range: TextRange) throws(TextError) -> TextRange {
        try replace(range, withText: "")
    }

    /// The fast path of an edit inside one chunk that stays within the size limits: re-measure
    /// only the window between the stable boundaries around the edit and apply the difference
    /// to the chunk's summary. Returns false, changing nothing, when the edit needs the general
    /// path (the chunk would be too big or too small, or its last cluster now joins the next
    /// chunk's first). O(log n + chunk size) for the byte move; the scan is O(window).
    private mutating func replaceInPlace(chunk: TextChunk, index: Int, _ s: Int, _ e: Int,
                                         _ new: UnsafeBufferPointer<UInt8>) -> Bool {
        let newSize = chunk.bytes.count - (e - s) + new.count
        guard newSize > 0 && newSize <= limits.maxBytes && (newSize >= limits.minBytes || rope.chunkCount == 1) else {
            return false
        }
        let windowStart = chunk.stableBoundary(before: s)
        let (windowEnd, reachedEnd) = chunk.stableBoundary(after: e)
        var window: [UInt8] = []
        window.reserveCapacity(s - windowStart + new.count + windowEnd - e)
        window.append(contentsOf: chunk.bytes[windowStart..<s])
        window.append(contentsOf: new)
        window.append(contentsOf: chunk.bytes[e..<windowEnd])
        if reachedEnd && index + 1 < rope.chunkCount && !window.isEmpty {
            var breaker = GraphemeBreaker()
            window.withUnsafeBufferPointer { breaker.feed($0) }
            let next = rope.chunk(at: index + 1)
            let joins = next.bytes.withUnsafeBufferPointer {
                !breaker.wouldBreak(before: graphemeClass(of: $0, at: 0, table: GraphemeClassTable.shared).0)
            }
            if joins { return false }
        }
        let before = chunk.bytes.withUnsafeBufferPointer {
            TextSummary.measure(UnsafeBufferPointer(rebasing: $0[windowStart..<windowEnd]))
        }
        let after = window.withUnsafeBufferPointer { TextSummary.measure($0) }
        rope.mutateChunk(at: index) { chunk in
            chunk.bytes.replaceSubrange(s..<e, with: new)
            chunk.summary = chunk.summary - before + after
        }
        return true
    }

    /// Replaces bytes `range` (scalar boundaries) with `new` (valid UTF-8), keeping the
    /// direction overrides and the bidi cache in step (see `TextDocument+Direction.swift`).
    /// Returns `new.count`.
    @discardableResult
    mutating func replaceUTF8(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>) -> Int {
        if range.isEmpty && new.isEmpty { return 0 }
        if isKnownUniquelyReferenced(&bidiCache) {
            bidiCache.adjust(replacing: range, inserted: new.count)
        } else {
            bidiCache = bidiCache.copy(replacing: range, inserted: new.count)
        }
        let hadOverrides = !directionOverrides.isEmpty
        var upperParagraph: (isStart: Bool, rightToLeft: Bool?) = (false, nil)
        if hadOverrides {
            if range.upperBound > range.lowerBound && isParagraphStart(range.upperBound) {
                upperParagraph = (true, directionOverrides.direction(atParagraphStart: range.upperBound))
            }
            directionOverrides.replace(range, inserted: new.count)
        }
        replaceStorage(range, with: new)
        if hadOverrides {
            overridesDidReplace(range, inserted: new, upperParagraph: upperParagraph)
        }
        return new.count
    }

    /// The text half of `replaceUTF8`.
    private mutating func replaceStorage(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>) {
        let s = range.lowerBound, e = range.upperBound
        if rope.isEmpty {
            if new.count > 0 {
                rope = Rope(chunks: ChunkBuilder.chunks(of: new, target: limits.maxBytes, limits: limits), shape: rope.shape)
            }
            return
        }
        if s == e && new.isEmpty { return }

        // Chunks first...last are rewritten. `first` holds byte s - 1, so its start stays a
        // cluster boundary whatever is inserted at s.
        let firstLocation = rope.find(max(s - 1, 0), in: UTF8Metric.self)!
        var first = firstLocation.index
        let lastLocation = e > s ? rope.find(e - 1, in: UTF8Metric.self)! : firstLocation
        var last = lastLocation.index
        let firstStart = firstLocation.prefix.utf8
        let lastStart = lastLocation.prefix.utf8
        if first == last && replaceInPlace(chunk: firstLocation.chunk, index: first, s - firstStart, e - firstStart, new) {
            return
        }

        var window: [UInt8] = []
        window.reserveCapacity(s - firstStart + new.count + lastStart + lastLocation.chunk.bytes.count - e)
        window.append(contentsOf: firstLocation.chunk.bytes[..<(s - firstStart)])
        window.append(contentsOf: new)
        window.append(contentsOf: lastLocation.chunk.bytes[(e - lastStart)...])

        // Take in following chunks while their first cluster joins the window (the old chunk
        // boundary is no longer a cluster boundary) or while the window is too small to stand.
        var breaker = GraphemeBreaker()
        window.withUnsafeBufferPointer { breaker.feed($0) }
        while last + 1 < rope.chunkCount {
            let next = rope.chunk(at: last + 1)
            let joins = next.bytes.withUnsafeBufferPointer { p in
                !breaker.wouldBreak(before: graphemeClass(of: p, at: 0, table: GraphemeClassTable.shared).0)
            }
            guard joins || window.count < limits.minBytes else { break }
            next.bytes.withUnsafeBufferPointer { breaker.feed($0) }
            window.append(contentsOf: next.bytes)
            last += 1
        }
        // A small window at the end of the text joins the chunk before it instead.
        if window.count > 0 && window.count < limits.minBytes && last + 1 == rope.chunkCount && first > 0 {
            let previous = rope.chunk(at: first - 1)
            window.insert(contentsOf: previous.bytes, at: 0)
            first -= 1
        }

        let pieces: [TextChunk]
        if window.isEmpty {
            pieces = []
        } else if window.count <= limits.maxBytes {
            pieces = [TextChunk(window)]
        } else {
            let count = (window.count + limits.maxBytes - 1) / limits.maxBytes
            pieces = window.withUnsafeBufferPointer {
                ChunkBuilder.chunks(of: $0, target: max(window.count / count, 1), limits: limits)
            }
        }
        rope.replaceChunks(first..<(last + 1), with: pieces)
    }
}
