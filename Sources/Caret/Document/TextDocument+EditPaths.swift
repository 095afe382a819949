// The two paths of an edit: in place inside one chunk (typing), and the general rewrite of the
// chunks it touches. See docs/ARCHITECTURE.md, "An edit, step by step".

extension TextDocument {
    /// Replaces bytes `range` (scalar boundaries) with `new` (valid UTF-8), keeping the
    /// direction overrides and the bidi cache in step (see `TextDocument+Direction.swift`).
    /// Returns the range of the new text widened to grapheme boundaries.
    mutating func replaceUTF8(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        if range.isEmpty && new.isEmpty { return enclosingRange(utf8: range) }
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
        let enclosing = replaceStorage(range, with: new)
        if hadOverrides {
            overridesDidReplace(range, inserted: new, upperParagraph: upperParagraph)
        }
        return enclosing
    }

    /// The text half of `replaceUTF8`: the rope.
    private mutating func replaceStorage(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let s = range.lowerBound, e = range.upperBound
        if !rope.isEmpty, let plan = planInPlace(s, e, new) {
            let limit = limits.maxBytes
            rope.mutateChunk(at: plan.index) { chunk in
                // Grow by an eighth, not by doubling: chunks stay near their size (memory),
                // and never grow past the limit anyway.
                if chunk.bytes.capacity < plan.newSize {
                    chunk.bytes.reserveCapacity(min(max(limit, plan.newSize), plan.newSize + plan.newSize / 8 + 16))
                }
                chunk.bytes.replaceSubrange(plan.localRange, with: new)
                chunk.summary = chunk.summary - plan.before + plan.after
                chunk.anchors.edit(window: plan.window, byteDelta: plan.after.utf8 - plan.before.utf8,
                                   graphemeDelta: plan.after.graphemes - plan.before.graphemes)
            }
            return plan.enclosing
        }
        rewriteChunks(s, e, new)
        return enclosingRange(utf8: s..<(s + new.count))
    }

    /// An edit that fits in one chunk: what to change, and its effect on the summary.
    /// Holds no references, so the chunk's bytes are uniquely owned when it is applied.
    private struct InPlacePlan {
        var index: Int
        var localRange: Range<Int>
        /// The re-measured window, in the chunk's old byte offsets.
        var window: Range<Int>
        var newSize: Int
        var before: TextSummary
        var after: TextSummary
        var enclosing: Range<Int>
    }

    /// The fast path, when it applies: an edit inside one chunk that keeps it within the size
    /// limits and does not change its last cluster's relation to the next chunk. Only the
    /// window between the stable boundaries around the edit is re-measured. O(log n + window).
    private func planInPlace(_ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) -> InPlacePlan? {
        let location = rope.find(max(s - 1, 0), in: UTF8Metric.self)
        let chunk = location.chunk
        let chunkStart = location.prefix.utf8
        guard e <= chunkStart + chunk.bytes.count else { return nil }
        let ls = s - chunkStart, le = e - chunkStart
        let newSize = chunk.bytes.count - (le - ls) + new.count
        guard newSize > 0 && newSize <= limits.maxBytes && (newSize >= limits.minBytes || rope.chunkCount == 1) else {
            return nil
        }
        let windowStart = chunk.stableBoundary(before: ls)
        let (windowEnd, reachedEnd) = chunk.stableBoundary(after: le)
        let windowCount = ls - windowStart + new.count + windowEnd - le
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(windowCount, 1)) { buffer -> InPlacePlan? in
            let window = UnsafeBufferPointer(rebasing: buffer[..<windowCount])
            chunk.bytes.withUnsafeBufferPointer { old in
                var w = buffer.baseAddress!
                for part in [UnsafeBufferPointer(rebasing: old[windowStart..<ls]), new,
                             UnsafeBufferPointer(rebasing: old[le..<windowEnd])] where part.count > 0 {
                    w.initialize(from: part.baseAddress!, count: part.count)
                    w += part.count
                }
            }
            if reachedEnd && location.index + 1 < rope.chunkCount && windowCount > 0 {
                var breaker = GraphemeBreaker()
                breaker.feed(window)
                let next = rope.chunk(at: location.index + 1)
                let joins = next.bytes.withUnsafeBufferPointer {
                    !breaker.wouldBreak(before: graphemeClass(of: $0, at: 0, table: GraphemeClassTable.shared).0)
                }
                if joins { return nil }
            }
            // The new text widened to cluster boundaries, found inside the window.
            let newStart = ls - windowStart, newEnd = newStart + new.count
            // (The window's end is a boundary too: a stable one, or the chunk's end checked above.)
            var lower = 0, upper = windowCount
            forEachGraphemeStart(in: window) { offset in
                if offset <= newStart { lower = offset }
                if offset >= newEnd { upper = offset; return false }
                return true
            }
            if newStart == windowCount { lower = windowCount }
            let base = chunkStart + windowStart
            return InPlacePlan(
                index: location.index, localRange: ls..<le, window: windowStart..<windowEnd, newSize: newSize,
                before: chunk.bytes.withUnsafeBufferPointer {
                    TextSummary.measure(UnsafeBufferPointer(rebasing: $0[windowStart..<windowEnd]))
                },
                after: TextSummary.measure(window),
                enclosing: (base + lower)..<(base + upper))
        }
    }

    /// The general path: rebuild the chunks the edit touches — and the following ones whose
    /// first cluster now joins the edited text — and re-cut them at cluster boundaries.
    private mutating func rewriteChunks(_ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) {
        if rope.isEmpty {
            rope = Rope(chunks: ChunkBuilder.chunks(of: new, target: limits.loadTarget, limits: limits), shape: rope.shape)
            return
        }
        // Chunks first...last are rewritten. `first` holds byte s - 1, so its start stays a
        // cluster boundary whatever is inserted at s.
        let firstLocation = rope.find(max(s - 1, 0), in: UTF8Metric.self)
        var first = firstLocation.index
        let lastLocation = e > s ? rope.find(e - 1, in: UTF8Metric.self) : firstLocation
        var last = lastLocation.index
        let firstStart = firstLocation.prefix.utf8
        let lastStart = lastLocation.prefix.utf8

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
    }
}
