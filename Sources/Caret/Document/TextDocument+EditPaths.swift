// The two paths of an edit: in place inside one chunk (typing), and the general rewrite of the
// chunks it touches. See docs/ARCHITECTURE.md, "An edit, step by step".

extension TextDocument {
    /// Replaces bytes `range` (scalar boundaries) with `new` (valid UTF-8); the structures
    /// derived from the text (bidi cache, direction overrides) follow the edit's `TextEdit`
    /// (`following`, `TextEditFollower.swift`). Returns the range of the new text widened to
    /// grapheme boundaries. `edit`, when given, is the change already described. The edit starts
    /// from `hint` when it holds byte `range.lowerBound - 1` (where a unit range's upper end was
    /// found), else from the edit place when validation left one there (`Finger.editPlace`).
    mutating func replaceUTF8(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>, hint: EditHint? = nil,
                              edit: TextEdit? = nil) -> Range<Int> {
        if range.isEmpty && new.isEmpty { return enclosingRange(utf8: range) }
        let enclosing = following(range, inserted: new, edit: edit) { document in
            document.replaceStorage(range, with: new, hint: hint)
        }
        checkInvariantsAfterEdit()
        return enclosing
    }

    /// The text half of `replaceUTF8`: the rope. Leaves the finger at the edit.
    private mutating func replaceStorage(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>,
                                         hint: EditHint?) -> Range<Int> {
        fingerForEdit()
        let s = range.lowerBound, e = range.upperBound
        if rope.isEmpty {
            rope = Rope(chunks: ChunkBuilder.chunks(of: new))
            finger.recordEdit(nil)
            return enclosingRange(utf8: s..<(s + new.count))
        }
        // The chunk holding byte s - 1 (chunk 0 when s == 0): its start is strictly before the
        // edit, so it stays a cluster boundary whatever is inserted at s: the hint's, or usually
        // the edit place, where validation left it.
        var first: Cursor, near: ChunkPoint?
        if let hint, hint.cursor.prefix.utf8 < s {
            (first, near) = (hint.cursor, hint.point)
        } else {
            (first, near) = seekFromFinger(s, in: UTF8Metric.self, bias: .before)
        }
        // The ASCII plan inline (typing, a trace), the general in-place plan out of line.
        if let plan = inPlaceSize(first, s, e, new).flatMap({ planASCII(first, first.chunkAddress, s, e, new, $0) })
            ?? planInPlace(first, s, e, new) {
            let point = pointAfterEdit(plan, near: near, in: first.chunkAddress, new)
            let limit = ChunkLimits.maxBytes
            rope.mutateChunk(at: &first, adding: plan.delta) { chunk in
                // Grow by an eighth, not by doubling: chunks stay near their size (memory),
                // and never grow past the limit anyway.
                if chunk.bytes.capacity < plan.newSize {
                    chunk.bytes.reserveCapacity(min(max(limit, plan.newSize), plan.newSize + plan.newSize / 8 + 16))
                }
                chunk.bytes.replaceSubrange(plan.localRange, with: new)
                chunk.summary = chunk.summary + plan.delta
                chunk.anchors.edit(window: plan.window, byteDelta: plan.delta.utf8, graphemeDelta: plan.delta.graphemes)
            }
            finger.recordEdit(EditPlace(root: rootID, cursor: first, point: point))
            return plan.enclosing
        }
        rewriteChunks(first, s, e, new)
        finger.recordEdit(nil)
        return enclosingRange(utf8: s..<(s + new.count))
    }

    /// Where the finger's point inside the edited chunk goes: to the end of the new text when
    /// it was at either end of the replaced bytes (typing, replaying a trace), unchanged before
    /// the re-measured window, else nowhere. O(replaced + inserted).
    private func pointAfterEdit(_ plan: InPlacePlan, near: ChunkPoint?, in chunk: UnsafePointer<TextChunk>,
                                _ new: UnsafeBufferPointer<UInt8>) -> ChunkPoint? {
        guard let near else { return nil }
        let ls = plan.localRange.lowerBound, le = plan.localRange.upperBound
        if near.utf8 <= plan.window.lowerBound && near.utf8 < ls { return near }
        guard near.utf8 == le || near.utf8 == ls, near.knowsScalars else { return nil }
        // ASCII on both sides (the common case): every byte is a scalar of one UTF-16 unit.
        let removed = plan.isASCII ? (scalars: le - ls, supplementary: 0)
            : chunk.pointee.bytes.withUnsafeBufferPointer { UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: $0[ls..<le])) }
        let atStart = near.utf8 == le
            ? ChunkPoint(utf8: ls, utf16: near.utf16 - removed.scalars - removed.supplementary,
                         scalars: near.scalars - removed.scalars)
            : near
        let added = plan.isASCII ? (scalars: new.count, supplementary: 0) : UTF8Scalars.countScalars(in: new)
        return ChunkPoint(utf8: ls + new.count, utf16: atStart.utf16 + added.scalars + added.supplementary,
                          scalars: atStart.scalars + added.scalars)
    }

    /// An edit that fits in one chunk: what to change, and its effect on the summary.
    /// Holds no references, so the chunk's bytes are uniquely owned when it is applied.
    private struct InPlacePlan {
        var localRange: Range<Int>
        /// The re-measured window, in the chunk's old byte offsets.
        var window: Range<Int>
        var newSize: Int
        /// The change of the chunk's summary (counts of the new window minus the old one's;
        /// any may be negative).
        var delta: TextSummary
        var enclosing: Range<Int>
        /// True when the replaced and the inserted bytes are all ASCII.
        var isASCII = false
    }

    /// The chunk's size after replacing bytes `s..<e` of the cursor's chunk with `new`, when
    /// the edit lies inside that chunk and leaves it within the size limits; else nil. O(1).
    @inline(__always)
    private func inPlaceSize(_ cursor: Cursor, _ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = cursor.chunkAddress.pointee.bytes.count
        guard e <= cursor.prefix.utf8 + count else { return nil }
        let newSize = count - (e - s) + new.count
        // A chunk below the minimum size grows in place, and so does the last chunk (which a
        // split that filled the one before it leaves small: rebuilding it would merge it and
        // split it the same way again); any other chunk shrinking below the minimum is rebuilt
        // with its neighbours.
        let shrinksSmall = newSize < ChunkLimits.minBytes && newSize < count
        guard newSize > 0 && newSize <= ChunkLimits.maxBytes && (!shrinksSmall || cursor.index + 1 == rope.chunkCount) else {
            return nil
        }
        return newSize
    }

    /// The fast path, when it applies: an edit inside the cursor's chunk that keeps it within
    /// the size limits and does not change its last cluster's relation to the next chunk. Only
    /// the window between the stable boundaries around the edit is re-measured (the caller tries
    /// `planASCII` first). O(window).
    private func planInPlace(_ cursor: Cursor, _ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) -> InPlacePlan? {
        guard let newSize = inPlaceSize(cursor, s, e, new) else { return nil }
        // Read in place in its node: a copy would cost a retain and a release a keystroke.
        let chunk = cursor.chunkAddress
        let chunkStart = cursor.prefix.utf8
        let ls = s - chunkStart, le = e - chunkStart
        let windowStart = chunk.pointee.stableBoundary(before: ls)
        let (windowEnd, reachedEnd) = chunk.pointee.stableBoundary(after: le)
        let windowCount = ls - windowStart + new.count + windowEnd - le
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(windowCount, 1)) { buffer -> InPlacePlan? in
            let window = UnsafeBufferPointer(rebasing: buffer[..<windowCount])
            // The window: old bytes before the edit, the new bytes, old bytes after it.
            chunk.pointee.bytes.withUnsafeBufferPointer { old in
                let w = buffer.baseAddress!
                let head = ls - windowStart, tail = windowEnd - le
                if head > 0 { (w).initialize(from: old.baseAddress! + windowStart, count: head) }
                if new.count > 0 { (w + head).initialize(from: new.baseAddress!, count: new.count) }
                if tail > 0 { (w + head + new.count).initialize(from: old.baseAddress! + le, count: tail) }
            }
            if reachedEnd && windowCount > 0, let next = rope.chunk(after: cursor), next.joins(after: window) {
                return nil
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
                localRange: ls..<le, window: windowStart..<windowEnd, newSize: newSize,
                delta: TextSummary.measure(window) - chunk.pointee.bytes.withUnsafeBufferPointer {
                    TextSummary.measure(UnsafeBufferPointer(rebasing: $0[windowStart..<windowEnd]))
                },
                enclosing: (base + lower)..<(base + upper))
        }
    }

    /// `planInPlace` when the replaced bytes, the new bytes and the byte before them are ASCII
    /// other than CR, and the scalar after them cannot join an ASCII character (typing prose or
    /// code, replaying a trace, whatever the script around): every one of those bytes is then a
    /// scalar and a cluster of its own, with boundaries on both sides, so the summaries and the
    /// enclosing range are arithmetic (LF, VT and FF end lines) and nothing is re-measured.
    /// At the chunk's end the next chunk's first scalar decides. Nil when a condition fails.
    /// O(replaced + inserted).
    @inline(__always)
    private func planASCII(_ cursor: Cursor, _ chunk: UnsafePointer<TextChunk>, _ s: Int, _ e: Int,
                           _ new: UnsafeBufferPointer<UInt8>, _ newSize: Int) -> InPlacePlan? {
        guard isSimpleASCII(new) else { return nil }
        let ls = s - cursor.prefix.utf8, le = e - cursor.prefix.utf8
        @inline(__always) func lineBreaks(_ p: UnsafeBufferPointer<UInt8>) -> Int {
            var n = 0
            for b in p where b >= 0x0A && b <= 0x0C { n += 1 }
            return n
        }
        // (ls is 0 only at the text's start: the cursor's chunk holds byte s - 1 otherwise.)
        let table = GraphemeClassTable.shared    // loaded before the bytes are borrowed: see `asciiBreaks`
        let (simple, removedLines, atEnd) = chunk.pointee.bytes.withUnsafeBufferPointer { p -> (Bool, Int, Bool) in
            guard ls == 0 || isSimpleASCII(p[ls - 1]) else { return (false, 0, false) }
            let removed = UnsafeBufferPointer(rebasing: p[ls..<le])
            guard isSimpleASCII(removed) else { return (false, 0, false) }
            if le < p.count && p[le] >= 0x80 && !asciiBreaks(before: p, at: le, table: table) { return (false, 0, false) }
            return (true, lineBreaks(removed), le == p.count)
        }
        guard simple else { return nil }
        if atEnd, let next = rope.chunk(after: cursor) {
            var letter: UInt8 = 0x61
            let joins = withUnsafePointer(to: &letter) { next.joins(after: UnsafeBufferPointer(start: $0, count: 1)) }
            if joins { return nil }
        }
        let removed = le - ls, added = new.count
        let start = cursor.prefix.utf8 + ls
        // The window starts at the byte before the edit, so that an anchor at `ls` is dropped
        // rather than kept where a deletion may leave the chunk's end.
        return InPlacePlan(
            localRange: ls..<le, window: max(ls - 1, 0)..<le, newSize: newSize,
            delta: TextSummary(utf8: added - removed, utf16: added - removed, scalars: added - removed,
                               graphemes: added - removed, lines: lineBreaks(new) - removedLines),
            enclosing: start..<(start + added), isASCII: true)
    }

    /// The general path: keep the chunks before the edit, rebuild the window — the chunks the
    /// edit touches, and the following ones whose first cluster now joins the edited text — and
    /// keep the chunks after it. `firstCursor` is at the chunk holding byte s - 1 (or chunk 0).
    private mutating func rewriteChunks(_ firstCursor: Cursor, _ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) {
        var first = firstCursor
        var last = first
        if e > s { rope.seek(&last, to: e, in: UTF8Metric.self, bias: .before) }
        let firstStart = first.prefix.utf8
        let lastStart = last.prefix.utf8
        let firstChunk = first.chunk, lastChunk = last.chunk

        var windowStart = firstStart
        var window: [UInt8] = []
        window.reserveCapacity(s - firstStart + new.count + lastStart + lastChunk.bytes.count - e)
        window.append(contentsOf: firstChunk.bytes[..<(s - firstStart)])
        window.append(contentsOf: new)
        window.append(contentsOf: lastChunk.bytes[(e - lastStart)...])

        // Take in following chunks while their first cluster joins the window (the old chunk
        // boundary is no longer a cluster boundary) or while the window is too small to stand.
        // The breaker needs the window's last clusters only: from a stable boundary on, it is
        // in the state a pass over the whole window would leave.
        var breaker = GraphemeBreaker()
        window.withUnsafeBufferPointer { w in
            breaker.feed(UnsafeBufferPointer(rebasing: w[stableBoundary(in: w, before: w.count)...]))
        }
        var next = last
        while rope.moveToNext(&next) {
            let chunk = next.chunk
            guard chunk.joins(after: breaker) || window.count < ChunkLimits.minBytes else { break }
            chunk.bytes.withUnsafeBufferPointer { breaker.feed($0) }
            window.append(contentsOf: chunk.bytes)
            last = next
        }
        // A small window at the end of the text joins the chunk before it instead.
        if window.count > 0 && window.count < ChunkLimits.minBytes && last.index + 1 == rope.chunkCount
            && rope.moveToPrevious(&first) {
            let previous = first.chunk
            window.insert(contentsOf: previous.bytes, at: 0)
            windowStart -= previous.bytes.count
        }

        let pieces: [TextChunk]
        if window.isEmpty {
            pieces = []
        } else if window.count <= ChunkLimits.maxBytes {
            pieces = [TextChunk(window)]
        } else {
            // Typing at the end of a full chunk fills chunks to nearly full and moves on, so that
            // text written front to back does not leave half-empty chunks behind; an edit
            // elsewhere splits the window evenly.
            let editEnd = s - windowStart + new.count
            let count = (window.count + ChunkLimits.maxBytes - 1) / ChunkLimits.maxBytes
            let target = editEnd * 4 >= window.count * 3
                ? ChunkLimits.maxBytes - ChunkLimits.maxBytes / 16 : max(window.count / count, 1)
            pieces = window.withUnsafeBufferPointer {
                ChunkBuilder.chunks(of: $0, target: target)
            }
        }
        rope.replaceChunks(first.index..<(last.index + 1), with: pieces)
    }
}
