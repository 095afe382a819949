// The two paths of an edit: in place inside one chunk (typing), and the general rewrite of the
// chunks it touches. See docs/ARCHITECTURE.md, "An edit, step by step".

extension TextDocument {
    /// Replaces bytes `range` (scalar boundaries) with `new` (valid UTF-8); the structures
    /// derived from the text (bidi cache, direction overrides) follow the replaced bytes
    /// (`following`, `TextEditFollower.swift`). Returns the range of the new text widened to
    /// grapheme boundaries. The edit starts
    /// from `hint` when it holds byte `range.lowerBound - 1` (where a unit range's upper end was
    /// found), else from the edit place when validation left one there (`Finger.editPlace`).
    @inline(__always)
    mutating func replaceUTF8(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>, hint: EditHint? = nil) -> Range<Int> {
        if range.isEmpty && new.isEmpty { return enclosingRange(utf8: range) }
        let enclosing = following(range, inserted: new) { document in
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
            let (range, newSize, delta, window) = (plan.localRange, plan.newSize, plan.delta, plan.window)
            rope.mutateChunk(at: &first, adding: delta) {
                $0.edit(range, with: new, newSize: newSize, delta: delta, window: window)
            }
            finger.recordEdit(EditPlace(root: rootID, cursor: first, point: point))
            return plan.enclosing
        }
        rewriteChunks(first, s, e, new)
        finger.recordEdit(nil)
        return enclosingRange(utf8: s..<(s + new.count))
    }

    /// Where the finger's point inside the edited chunk goes: to the end of the new text, so
    /// that the next edit there (typing, replaying a trace) starts from it. With its counts when
    /// `near` (a point of the chunk before the edit) knew its own and is at the edit's end or
    /// at most `placeReach` bytes before its start (counting further would cost an edit that
    /// moved elsewhere a scan); else the byte alone, which is what an edit in bytes needs
    /// (`replaceAtEditPlace`). O(placeReach + replaced + inserted).
    private func pointAfterEdit(_ plan: InPlacePlan, near: ChunkPoint?, in chunk: UnsafePointer<TextChunk>,
                                _ new: UnsafeBufferPointer<UInt8>) -> ChunkPoint {
        let ls = plan.localRange.lowerBound, le = plan.localRange.upperBound
        guard let near, near.knowsScalars, near.utf8 <= ls && ls - near.utf8 <= Self.placeReach || near.utf8 == le else {
            return ChunkPoint(utf8: ls + new.count, utf16: -1, scalars: -1)
        }
        // ASCII on both sides (the common case): every byte is a scalar of one UTF-16 unit.
        @inline(__always) func counts(_ range: Range<Int>) -> (scalars: Int, supplementary: Int) {
            chunk.pointee.bytes.withUnsafeBufferPointer { UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: $0[range])) }
        }
        let atStart: ChunkPoint
        if near.utf8 == le && le > ls {
            let removed = plan.isASCII ? (scalars: le - ls, supplementary: 0) : counts(ls..<le)
            atStart = ChunkPoint(utf8: ls, utf16: near.utf16 - removed.scalars - removed.supplementary,
                                 scalars: near.scalars - removed.scalars)
        } else if near.utf8 < ls {
            let between = counts(near.utf8..<ls)
            atStart = ChunkPoint(utf8: ls, utf16: near.utf16 + between.scalars + between.supplementary,
                                 scalars: near.scalars + between.scalars)
        } else {
            atStart = near
        }
        let added = plan.isASCII ? (scalars: new.count, supplementary: 0) : UTF8Scalars.countScalars(in: new)
        return ChunkPoint(utf8: ls + new.count, utf16: atStart.utf16 + added.scalars + added.supplementary,
                          scalars: atStart.scalars + added.scalars)
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
