// `ComparisonResult` (of `compare(_:to:)`). FoundationEssentials, not Foundation, where it exists:
// Foundation on Linux brings its own ICU headers, which clash with Debian's (docs/ARCHITECTURE.md).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Internal coordinate machinery

// Every conversion is one cursor (from the finger when it is near) plus the metric's half
// inside one chunk; the `switch unit` at each entry only picks the metric.

extension TextDocument {
    /// The grapheme boundary at or before byte `x` (0...utf8 count), with the number of clusters
    /// before it. O(log n) plus one chunk scan (O(1) plus the scan near the finger).
    func graphemeBoundary(atOrBefore x: Int) -> (utf8: Int, graphemes: Int) {
        let total = rope.summary
        if x >= total.utf8 { return (total.utf8, total.graphemes) }
        guard !rope.isEmpty else { return (0, 0) }
        let c = cursor(at: x, in: UTF8Metric.self)
        let local = c.chunk.graphemeBoundary(atOrBefore: x - c.prefix.utf8)
        return (c.prefix.utf8 + local.utf8, c.prefix.graphemes + local.graphemes)
    }

    /// The byte offset of `position` snapped back to a grapheme boundary, or nil when it lies
    /// outside the text.
    func validated(_ position: TextPosition) -> Int? {
        let x = position.utf8Offset
        guard x >= 0 && x <= rope.summary.utf8 else { return nil }
        return snappedUTF8(x)
    }

    /// Byte `x` (0...count) snapped back to a grapheme boundary, without a scan when the
    /// scalars around it confirm it already is one. O(log n), plus a scan from the nearest
    /// anchor before it (at most a thirteenth of a chunk measured whole).
    func snappedUTF8(_ x: Int) -> Int {
        guard x > 0 && x < rope.summary.utf8 else { return x }
        let c = cursor(at: x, in: UTF8Metric.self)
        return c.prefix.utf8 + TextChunk.snappedBoundary(in: c.chunkAddress, atOrBefore: x - c.prefix.utf8)
    }

    /// The units of `unit` before byte `x`, a grapheme boundary. O(log n) plus one chunk scan
    /// (a word-at-a-time count for scalars and UTF-16).
    func count(_ unit: TextUnit, beforeUTF8 x: Int) -> Int {
        switch unit {
        case .grapheme: return count(GraphemeMetric.self, beforeUTF8: x)
        case .unicodeScalar: return count(ScalarMetric.self, beforeUTF8: x)
        case .utf16: return count(UTF16Metric.self, beforeUTF8: x)
        case .utf8: return x
        }
    }

    func count<M: TextMetric>(_ metric: M.Type, beforeUTF8 x: Int) -> Int {
        if x >= rope.summary.utf8 { return M.measure(rope.summary) }
        guard !rope.isEmpty else { return 0 }
        let c = cursor(at: x, in: UTF8Metric.self)
        return M.measure(c.prefix) + M.count(before: x - c.prefix.utf8, in: c.chunk)
    }

    /// The byte offset where `offset` units of `unit` end, snapped back to a grapheme
    /// boundary (or, when not `snapped`, rounded down to a scalar start only: it may fall
    /// inside a grapheme cluster); nil when outside the text. O(log n) plus one chunk scan.
    func utf8Offset(of offset: Int, in unit: TextUnit, snapped: Bool = true) -> Int? {
        switch unit {
        case .grapheme: return utf8Offset(of: offset, in: GraphemeMetric.self, snapped: snapped)
        case .unicodeScalar: return utf8Offset(of: offset, in: ScalarMetric.self, snapped: snapped)
        case .utf16: return utf8Offset(of: offset, in: UTF16Metric.self, snapped: snapped)
        case .utf8: return utf8Offset(of: offset, in: UTF8Metric.self, snapped: snapped)
        }
    }

    /// `utf8Offset(of:in:snapped: false)`: rounded down to a scalar start only.
    func scalarAlignedUTF8Offset(of offset: Int, in unit: TextUnit) -> Int? {
        utf8Offset(of: offset, in: unit, snapped: false)
    }

    /// Both ends of `range` in `unit`, rounded down to scalar starts (they may fall inside a
    /// grapheme cluster), found with one cursor: the upper end is sought from the lower one.
    /// Each is nil when outside the text. `hint` is the upper end's chunk with the point there,
    /// the hint for the edit that follows (`replaceUTF8(_:with:hint:)`).
    func scalarAlignedUTF8Range(_ range: Range<Int>, in unit: TextUnit) -> (lower: Int?, upper: Int?, hint: EditHint?) {
        switch unit {
        case .grapheme: return scalarAlignedUTF8Range(range, in: GraphemeMetric.self)
        case .unicodeScalar: return scalarAlignedUTF8Range(range, in: ScalarMetric.self)
        case .utf16: return scalarAlignedUTF8Range(range, in: UTF16Metric.self)
        case .utf8: return scalarAlignedUTF8Range(range, in: UTF8Metric.self)
        }
    }

    private func scalarAlignedUTF8Range<M: TextMetric>(_ range: Range<Int>, in metric: M.Type) -> (lower: Int?, upper: Int?, hint: EditHint?) {
        let total = M.measure(rope.summary)
        let lo = range.lowerBound, hi = range.upperBound
        guard lo >= 0 && lo < total else {
            let lower = lo == total ? rope.summary.utf8 : nil
            return (lower, range.isEmpty ? lower : (hi == total ? rope.summary.utf8 : nil), nil)
        }
        var (c, near) = seekFromFinger(lo, in: M.self, bias: .after)
        var point: ChunkPoint? = near
        // The byte where `offset` ends inside the cursor's chunk, stepping from the point when
        // the metric can.
        func local(_ offset: Int) -> Int {
            let n = offset - M.measure(c.prefix)
            point = M.point(of: n, at: c.chunkAddress, near: point ?? .start)
            return point?.utf8 ?? M.utf8Offset(of: n, in: c.chunk)
        }
        let lower = c.prefix.utf8 + local(lo)
        if range.isEmpty { return (lower, lower, EditHint(cursor: c, point: point)) }
        guard hi <= total else { return (lower, nil, nil) }
        if hi == total { return (lower, rope.summary.utf8, nil) }
        let index = c.index
        rope.seek(&c, to: hi, in: M.self, bias: .after)
        if c.index != index { point = nil }
        let upper = c.prefix.utf8 + local(hi)
        return (lower, upper, EditHint(cursor: c, point: point))
    }

    /// The byte offset where `offset` units of `M` end: on a scalar start, and snapped back to
    /// a grapheme boundary when `snapped`; nil when outside the text.
    @inline(__always)
    func utf8Offset<M: TextMetric>(of offset: Int, in metric: M.Type, snapped: Bool) -> Int? {
        let total = M.measure(rope.summary)
        guard offset >= 0 && offset < total else {
            return offset == total ? rope.summary.utf8 : nil
        }
        if M.self == GraphemeMetric.self { return utf8Offset(ofGrapheme: offset) }
        let (c, local) = locate(offset, in: M.self)
        if !snapped || M.self == GraphemeMetric.self { return c.prefix.utf8 + local }
        return c.prefix.utf8 + TextChunk.snappedBoundary(in: c.chunkAddress, atOrBefore: local)
    }
}

// MARK: - Public positions (UITextInput)

extension TextDocument {
    /// The position before the first grapheme. O(1).
    public var beginningOfDocument: TextPosition { TextPosition(utf8Offset: 0) }

    /// The position after the last grapheme. O(1).
    public var endOfDocument: TextPosition { TextPosition(utf8Offset: rope.summary.utf8) }

    /// The position `offset` units from the start of the document.
    ///
    /// An offset that falls inside a grapheme cluster (possible for UTF-16, scalar and UTF-8
    /// units) gives the cluster's start: positions always sit on grapheme boundaries.
    /// - Returns: nil when `offset` is negative or past the end.
    /// - Complexity: O(log n) plus one chunk scan.
    public func position(at offset: Int, unit: TextUnit = .grapheme) -> TextPosition? {
        if let x = utf8OffsetNearEditPlace(offset, in: unit) { return TextPosition(utf8Offset: x) }
        return utf8Offset(of: offset, in: unit).map { TextPosition(utf8Offset: $0) }
    }

    /// The byte offset `utf8Offset(of:in:)` gives, when `offset` (a scalar, UTF-16 or UTF-8
    /// offset) is next to the edit place with ASCII between (`localRangeNearEditPlace`): then it
    /// is arithmetic, then snapped in the place's chunk — no search and no finger to store, the
    /// next edit starts from the same place. Nil otherwise. O(distance), at most `placeReach`.
    @inline(__always)
    private func utf8OffsetNearEditPlace(_ offset: Int, in unit: TextUnit) -> Int? {
        guard unit != .grapheme, let (place, _, bytes) = localRangeNearEditPlace(offset..<offset, in: unit) else {
            return nil
        }
        return place.cursor.prefix.utf8 + TextChunk.snappedBoundary(in: place.cursor.chunkAddress, atOrBefore: bytes.lowerBound)
    }

    /// The offset of `position` from the start, in `unit`.
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n) plus one chunk scan.
    public func offset(of position: TextPosition, unit: TextUnit = .grapheme) -> Int? {
        let x = position.utf8Offset
        guard x >= 0 && x <= rope.summary.utf8 else { return nil }
        if x == rope.summary.utf8 { return rope.summary[unit] }
        // One search: snap inside the chunk, then count there.
        let c = cursor(at: x, in: UTF8Metric.self)
        let chunk = c.chunk
        let snapped = chunk.graphemeBoundary(atOrBefore: x - c.prefix.utf8)
        switch unit {
        case .grapheme: return c.prefix.graphemes + snapped.graphemes
        case .utf8: return c.prefix.utf8 + snapped.utf8
        case .unicodeScalar: return c.prefix.scalars + chunk.countScalars(before: snapped.utf8)
        case .utf16: return c.prefix.utf16 + chunk.countUTF16(before: snapped.utf8)
        }
    }

    /// The position `offset` units (signed) away from `position`.
    /// - Returns: nil when `position` is invalid here or the result would be outside the text.
    /// - Complexity: O(log n) plus two chunk scans.
    public func position(from position: TextPosition, offset: Int, unit: TextUnit = .grapheme) -> TextPosition? {
        // A step that stays inside the position's chunk (arrow keys, deleting a cluster) needs
        // one search, not two; a short one scans from the position itself.
        let x = position.utf8Offset
        if unit == .grapheme && x >= 0 && x < rope.summary.utf8 {
            let c = cursor(at: x, in: UTF8Metric.self)
            if let local = TextChunk.boundary(in: c.chunkAddress, steppingFrom: x - c.prefix.utf8, by: offset) {
                return TextPosition(utf8Offset: c.prefix.utf8 + local)
            }
            let chunk = c.chunk
            let here = chunk.graphemeBoundary(atOrBefore: x - c.prefix.utf8)
            let (target, overflow) = here.graphemes.addingReportingOverflow(offset)
            if !overflow && target >= 0 && target <= chunk.summary.graphemes {
                return TextPosition(utf8Offset: c.prefix.utf8 + chunk.utf8Offset(ofGrapheme: target))
            }
        }
        guard let start = self.offset(of: position, unit: unit) else { return nil }
        let (target, overflow) = start.addingReportingOverflow(offset)
        guard !overflow else { return nil }
        return self.position(at: target, unit: unit)
    }

    /// The signed distance from `from` to `to` in `unit`: `position(from: a, offset:
    /// offset(from: a, to: b)!) == b` for positions on boundaries.
    /// - Returns: nil when either position lies outside this document.
    /// - Complexity: O(log n) plus two chunk scans.
    public func offset(from: TextPosition, to: TextPosition, unit: TextUnit = .grapheme) -> Int? {
        guard let a = offset(of: from, unit: unit), let b = offset(of: to, unit: unit) else { return nil }
        return b - a
    }

    /// Storage order of two positions (affinity is ignored). O(1).
    public func compare(_ a: TextPosition, to b: TextPosition) -> ComparisonResult {
        a.utf8Offset < b.utf8Offset ? .orderedAscending
            : a.utf8Offset > b.utf8Offset ? .orderedDescending : .orderedSame
    }

    /// The range between two positions in either order, each snapped back to a grapheme
    /// boundary.
    /// - Returns: nil when either lies outside this document.
    /// - Complexity: O(log n) plus two chunk scans.
    public func textRange(from: TextPosition, to: TextPosition) -> TextRange? {
        let x = from.utf8Offset, y = to.utf8Offset
        // Both ends in the chunk of the last edit (the range of the next edit at the caret, the
        // public replay): no search, and the general case out of line, so that this one saves
        // and restores nothing it does not use.
        if let bytes = snappedAtEditPlace(min(x, y), max(x, y)) {
            // The ends are in order already; each keeps its own affinity, and reversed ends
            // trade places only when they stay apart (as `init(start:end:)` would order them).
            let swapped = x > y && bytes.lowerBound < bytes.upperBound
            return TextRange(ordered: TextPosition(utf8Offset: bytes.lowerBound, affinity: swapped ? to.affinity : from.affinity),
                             TextPosition(utf8Offset: bytes.upperBound, affinity: swapped ? from.affinity : to.affinity))
        }
        guard let (a, b) = validatedEnds(x, y) else { return nil }
        return TextRange(start: TextPosition(utf8Offset: a, affinity: from.affinity),
                         end: TextPosition(utf8Offset: b, affinity: to.affinity))
    }

    /// Bytes `lo...hi` snapped back to grapheme boundaries when `0 <= lo` and both lie in the
    /// chunk of the edit place that holds byte `lo - 1` (the chunk a search from the finger
    /// would find first); else nil. O(1) plus the snapping (O(1) usually).
    @inline(__always)
    private func snappedAtEditPlace(_ lo: Int, _ hi: Int) -> Range<Int>? {
        guard lo >= 0, let place = finger.editPlace, place.root == rootID, lo > place.cursor.prefix.utf8 else {
            return nil
        }
        return snapped(lo, hi, in: place.cursor)
    }

    /// `textRange(from:to:)`'s ends `x` and `y` checked and snapped, in their order, when they
    /// are not both in the edit place's chunk: both in one chunk, one search; else end by end.
    @inline(never)
    private func validatedEnds(_ x: Int, _ y: Int) -> (Int, Int)? {
        if x >= 0 && y >= 0 && max(x, y) < rope.summary.utf8, let bytes = snappedInOneChunk(min(x, y), max(x, y)) {
            return x <= y ? (bytes.lowerBound, bytes.upperBound) : (bytes.upperBound, bytes.lowerBound)
        }
        guard let first = validated(TextPosition(utf8Offset: x)), let second = validated(TextPosition(utf8Offset: y)) else {
            return nil
        }
        return (first, second)
    }

    /// `range` with both ends checked and snapped; nil when either end is outside the text.
    /// Both ends in one chunk (the usual case for a selection or a deleted cluster): one search.
    func validated(_ range: TextRange) -> Range<Int>? {
        let lo = range.start.utf8Offset, hi = range.end.utf8Offset   // in order: `TextRange` keeps them so
        if lo >= 0 && hi < rope.summary.utf8, let bytes = snappedInOneChunk(lo, hi) { return bytes }
        return validatedEnds(range)
    }

    /// Bytes `lo...hi` (`0 <= lo <= hi <` count) snapped back to grapheme boundaries when both
    /// lie in the chunk that holds byte `lo - 1` (found from the finger, left there); else nil.
    /// O(1) at the edit place, else O(log n), plus the snapping (O(1) usually).
    @inline(__always)
    private func snappedInOneChunk(_ lo: Int, _ hi: Int) -> Range<Int>? {
        if let bytes = snappedInFingerChunk(lo, hi) { return bytes }
        let (c, near) = seekFromFinger(lo, in: UTF8Metric.self, bias: .before)
        if near == nil { remember(c) }
        return snapped(lo, hi, in: c)
    }

    /// Bytes `lo...hi` snapped back to grapheme boundaries when both lie in the chunk of the
    /// finger's snapshot (taken on this tree, no edit since) and `lo` after its start (the chunk
    /// `seekFromFinger` with `.before` would find): the chunk is read through the address the
    /// snapshot keeps, with no cursor rebuilt (a range of positions just looked up, checked
    /// again). Else nil, the finger left as it was. O(1) plus the snapping (O(1) usually).
    @inline(__always)
    private func snappedInFingerChunk(_ lo: Int, _ hi: Int) -> Range<Int>? {
        let hint = finger.prefixHint.utf8
        guard lo > hint && hi - hint <= ChunkLimits.maxBytes, let state = finger.load(), state.root == rootID,
              state.edits == finger.edits, let address = UnsafePointer<TextChunk>(bitPattern: state.chunk) else {
            return nil
        }
        guard lo > state.prefix.utf8 else { return nil }
        return snapped(lo, hi, inChunkAt: address, start: state.prefix.utf8)
    }

    /// `validated(_:)` for an edit: both ends in the chunk of the last edit (typing at the caret
    /// it returned) cost no search; a search leaves the chunk it found as the edit place
    /// (`Finger.notePlace`), where the edit that follows starts without searching again. Only
    /// for mutating methods, after `ownFinger()`. O(1) at the edit place, else O(log n).
    func validatedForEdit(_ range: TextRange) -> Range<Int>? {
        let lo = range.start.utf8Offset, hi = range.end.utf8Offset   // in order: `TextRange` keeps them so
        if let place = finger.editPlace, place.root == rootID, lo > place.cursor.prefix.utf8,
           let bytes = snapped(lo, hi, in: place.cursor) {
            let local = lo - place.cursor.prefix.utf8
            if let point = place.point, point.knowsScalars, point.utf8 <= local && local - point.utf8 <= Self.placeReach {
                return bytes
            }
            // The place's point is far from the edit or has no counts (an edit in bytes left
            // it), while a lookup in units just left the finger nearer in the same chunk (the
            // public replay: `position(at:unit:)`, then `replace`): the edit starts from that
            // point instead, so that the point after it knows its counts again.
            if let state = finger.load(), state.root == rootID, state.edits == finger.edits,
               state.index == place.cursor.index, let point = state.point, point.knowsScalars,
               point.utf8 <= hi - place.cursor.prefix.utf8 {
                finger.notePlace(EditPlace(root: rootID, cursor: place.cursor, point: point))
            }
            return bytes
        }
        if lo >= 0 && hi < rope.summary.utf8 {
            // The chunk holding byte lo - 1, where the edit starts (`replaceStorage`).
            let (c, near) = seekFromFinger(lo, in: UTF8Metric.self, bias: .before)
            if let bytes = snapped(lo, hi, in: c) {
                finger.notePlace(EditPlace(root: rootID, cursor: c, point: near))
                return bytes
            }
        }
        return validatedEnds(range)
    }

    /// `validated(_:)` end by end. O(log n).
    private func validatedEnds(_ range: TextRange) -> Range<Int>? {
        guard let a = validated(range.start) else { return nil }
        if range.end.utf8Offset == range.start.utf8Offset { return a..<a }
        guard let b = validated(range.end) else { return nil }
        return min(a, b)..<max(a, b)
    }

    /// Bytes `lo...hi` snapped back to grapheme boundaries, when both lie in the chunk at
    /// `cursor`; else nil. O(1) usually.
    @inline(__always)
    private func snapped(_ lo: Int, _ hi: Int, in cursor: Cursor) -> Range<Int>? {
        snapped(lo, hi, inChunkAt: cursor.chunkAddress, start: cursor.prefix.utf8)   // read in place, not copied
    }

    /// `snapped(_:_:in:)` for the chunk at `chunk`, whose first byte is byte `start` of the text.
    @inline(__always)
    private func snapped(_ lo: Int, _ hi: Int, inChunkAt chunk: UnsafePointer<TextChunk>, start: Int) -> Range<Int>? {
        guard lo >= start && hi <= start + chunk.pointee.bytes.count else { return nil }
        let a = TextChunk.snappedBoundary(in: chunk, atOrBefore: lo - start)
        let b = hi == lo ? a : TextChunk.snappedBoundary(in: chunk, atOrBefore: hi - start)
        return (start + a)..<(start + b)
    }

    /// The text in `range`.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range).
    public func text(in range: TextRange) -> String? {
        guard let bytes = validated(range) else { return nil }
        return string(utf8Range: bytes)
    }
}
