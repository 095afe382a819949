// The plans of an in-place edit: what changes inside one chunk and by how much its summary
// changes, found before anything is mutated, so that an edit that does not fit (a seam that
// moves, a chunk that would overflow) falls back to the general rewrite with nothing to undo.
// See docs/ARCHITECTURE.md, "An edit, step by step".

extension TextDocument {
    /// An edit that fits in one chunk: what to change, and its effect on the summary.
    /// Holds no references, so the chunk's bytes are uniquely owned when it is applied.
    struct InPlacePlan {
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

        /// Makes the change in `chunk` (the planned one, uniquely referenced): its bytes, its
        /// summary and its anchors. O(chunk) for the bytes moved.
        @inline(__always)
        func apply(to chunk: inout TextChunk, _ new: UnsafeBufferPointer<UInt8>) {
            // Grow by an eighth, not by doubling: chunks stay near their size (memory), and
            // never grow past the limit anyway.
            if chunk.bytes.capacity < newSize {
                chunk.bytes.reserveCapacity(min(max(ChunkLimits.maxBytes, newSize), newSize + newSize / 8 + 16))
            }
            chunk.bytes.replaceSubrange(localRange, with: new)
            chunk.summary = chunk.summary + delta
            chunk.anchors.edit(window: window, byteDelta: delta.utf8, graphemeDelta: delta.graphemes)
        }
    }

    /// The chunk's size after replacing bytes `s..<e` of the cursor's chunk with `new`, when
    /// the edit lies inside that chunk and leaves it within the size limits; else nil. O(1).
    @inline(__always)
    func inPlaceSize(_ cursor: Cursor, _ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) -> Int? {
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
    func planInPlace(_ cursor: Cursor, _ s: Int, _ e: Int, _ new: UnsafeBufferPointer<UInt8>) -> InPlacePlan? {
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
    func planASCII(_ cursor: Cursor, _ chunk: UnsafePointer<TextChunk>, _ s: Int, _ e: Int,
                           _ new: UnsafeBufferPointer<UInt8>, _ newSize: Int) -> InPlacePlan? {
        guard isSimpleASCII(new) else { return nil }
        let ls = s - cursor.prefix.utf8, le = e - cursor.prefix.utf8
        @inline(__always) func lineBreaks(_ p: UnsafeBufferPointer<UInt8>) -> Int {
            var n = 0
            for b in p where LineTerminator.containsASCII(UInt32(b)) { n += 1 }   // CR is not simple ASCII
            return n
        }
        // (ls is 0 only at the text's start: the cursor's chunk holds byte s - 1 otherwise.)
        let (simple, removedLines, atEnd, markAfter) = chunk.pointee.bytes.withUnsafeBufferPointer {
            p -> (Bool, Int, Bool, Bool) in
            guard ls == 0 || isSimpleASCII(p[ls - 1]) else { return (false, 0, false, false) }
            let removed = UnsafeBufferPointer(rebasing: p[ls..<le])
            guard isSimpleASCII(removed) else { return (false, 0, false, false) }
            return (true, lineBreaks(removed), le == p.count, le < p.count && p[le] >= 0x80)
        }
        guard simple else { return nil }
        // A non-ASCII scalar after the edit, in this chunk or at the next one's start, must not
        // join an ASCII character (out of line: rare in ASCII text, and it needs the class table).
        if markAfter && !Self.breaksAfterASCII(chunk, at: le) { return nil }
        if atEnd {
            var next = cursor
            if rope.moveToNext(&next) && !Self.breaksAfterASCII(next.chunkAddress, at: 0) { return nil }
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

    /// True when the scalar at byte `t` (in bounds) of the chunk at `chunk` starts a cluster
    /// after any ASCII character other than CR (`asciiBreaks`): always for an ASCII one, else
    /// by its class, out of line (rare in ASCII text, and it needs the class table). O(1).
    @inline(__always)
    private static func breaksAfterASCII(_ chunk: UnsafePointer<TextChunk>, at t: Int) -> Bool {
        chunk.pointee.bytes.withUnsafeBufferPointer { $0[t] < 0x80 } || nonASCIIBreaksAfterASCII(chunk, at: t)
    }

    @inline(never)
    private static func nonASCIIBreaksAfterASCII(_ chunk: UnsafePointer<TextChunk>, at t: Int) -> Bool {
        let table = GraphemeClassTable.shared    // loaded before the bytes are borrowed: see `asciiBreaks`
        return chunk.pointee.bytes.withUnsafeBufferPointer { asciiBreaks(before: $0, at: t, table: table) }
    }
}
