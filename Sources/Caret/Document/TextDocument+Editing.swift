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

    /// The smallest range on grapheme boundaries that holds bytes `range` (scalar boundaries).
    /// Usually each end is confirmed from the two scalars around it; only where they do not
    /// decide does it scan the chunk.
    func enclosingRange(utf8 range: Range<Int>) -> TextRange {
        let start = isContextFreeBoundary(range.lowerBound)
            ? range.lowerBound : graphemeBoundary(atOrBefore: range.lowerBound).utf8
        var end = range.upperBound
        if !isContextFreeBoundary(end) {
            let snapped = graphemeBoundary(atOrBefore: end)
            end = snapped.utf8 == end
                ? end : utf8Offset(of: snapped.graphemes + 1, in: .grapheme) ?? rope.summary.utf8
        }
        return TextRange(start: TextPosition(utf8Offset: start), end: TextPosition(utf8Offset: end))
    }

    /// True when byte `x` (a scalar boundary) is a grapheme boundary that the scalars on either
    /// side confirm whatever precedes them, or a chunk boundary or an end of the text (which
    /// always are). False means "unknown", not "no". O(log n).
    func isContextFreeBoundary(_ x: Int) -> Bool {
        guard x > 0 && x < rope.summary.utf8 else { return true }
        let location = rope.find(x, in: UTF8Metric.self)
        let local = x - location.prefix.utf8
        guard local > 0 else { return true }
        return location.chunk.bytes.withUnsafeBufferPointer { p in
            guard UTF8Scalars.isLead(p[local]) else { return false }
            let table = GraphemeClassTable.shared
            let before = UTF8Scalars.scalarStart(p, atOrBefore: local - 1)
            return GraphemeBreaker.breaksRegardlessOfContext(graphemeClass(of: p, at: before, table: table).0,
                                                             graphemeClass(of: p, at: local, table: table).0)
        }
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
        let limit = limits.maxBytes
        rope.mutateChunk(at: index) { chunk in
            // Grow by an eighth, not by doubling: chunks stay near their size (memory), and a
            // chunk never grows past the limit anyway.
            if chunk.bytes.capacity < newSize {
                chunk.bytes.reserveCapacity(min(max(limit, newSize), newSize + newSize / 8 + 16))
            }
            chunk.bytes.replaceSubrange(s..<e, with: new)
            chunk.summary = chunk.summary - before + after
        }
        return true
    }

    /// Replaces bytes `range` (scalar boundaries) with `new` (valid UTF-8). Returns
    /// `new.count`.
    @discardableResult
    mutating func replaceUTF8(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>) -> Int {
        let s = range.lowerBound, e = range.upperBound
        if rope.isEmpty {
            if new.count > 0 {
                rope = Rope(chunks: ChunkBuilder.chunks(of: new, target: limits.maxBytes, limits: limits), shape: rope.shape)
            }
            return new.count
        }
        if s == e && new.isEmpty { return 0 }

        // Chunks first...last are rewritten. `first` holds byte s - 1, so its start stays a
        // cluster boundary whatever is inserted at s.
        let firstLocation = rope.find(max(s - 1, 0), in: UTF8Metric.self)
        var first = firstLocation.index
        let lastLocation = e > s ? rope.find(e - 1, in: UTF8Metric.self) : firstLocation
        var last = lastLocation.index
        let firstStart = firstLocation.prefix.utf8
        let lastStart = lastLocation.prefix.utf8
        if first == last && replaceInPlace(chunk: firstLocation.chunk, index: first, s - firstStart, e - firstStart, new) {
            return new.count
        }

        var windowStart = firstStart
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
            windowStart -= previous.bytes.count
            first -= 1
        }

        let pieces: [TextChunk]
        if window.isEmpty {
            pieces = []
        } else if window.count <= limits.maxBytes {
            pieces = [TextChunk(window)]
        } else {
            // Typing at the end of a full chunk fills chunks to nearly full and moves on, so that
            // text written front to back does not leave half-empty chunks behind; an edit
            // elsewhere splits the window evenly.
            let editEnd = s - windowStart + new.count
            let count = (window.count + limits.maxBytes - 1) / limits.maxBytes
            let target = editEnd * 4 >= window.count * 3
                ? limits.maxBytes - limits.maxBytes / 16 : max(window.count / count, 1)
            pieces = window.withUnsafeBufferPointer {
                ChunkBuilder.chunks(of: $0, target: target, limits: limits)
            }
        }
        rope.replaceChunks(first..<(last + 1), with: pieces)
        return new.count
    }
}
