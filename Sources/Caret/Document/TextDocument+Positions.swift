// `ComparisonResult` (of `compare(_:to:)`). FoundationEssentials, not Foundation, where it exists:
// Foundation on Linux brings its own ICU headers, which clash with Debian's (docs/ARCHITECTURE.md).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Internal coordinate machinery

extension TextDocument {
    /// The grapheme boundary at or before byte `x` (0...utf8 count), with the number of clusters
    /// before it. O(log n) plus one chunk scan.
    func graphemeBoundary(atOrBefore x: Int) -> (utf8: Int, graphemes: Int) {
        let total = rope.summary
        if x >= total.utf8 { return (total.utf8, total.graphemes) }
        guard !rope.isEmpty else { return (0, 0) }
        let location = rope.find(x, in: UTF8Metric.self)
        let local = location.chunk.graphemeBoundary(atOrBefore: x - location.prefix.utf8)
        return (location.prefix.utf8 + local.utf8, location.prefix.graphemes + local.graphemes)
    }

    /// The byte offset of `position` snapped back to a grapheme boundary, or nil when it lies
    /// outside the text.
    func validated(_ position: TextPosition) -> Int? {
        let x = position.utf8Offset
        guard x >= 0 && x <= rope.summary.utf8 else { return nil }
        return snappedUTF8(x)
    }

    /// Byte `x` (0...count) snapped back to a grapheme boundary, without a scan when the
    /// scalars around it confirm it already is one. O(log n), plus a quarter-chunk scan at most.
    func snappedUTF8(_ x: Int) -> Int {
        guard x > 0 && x < rope.summary.utf8 else { return x }
        let location = rope.find(x, in: UTF8Metric.self)
        return location.prefix.utf8 + location.chunk.snappedBoundary(atOrBefore: x - location.prefix.utf8)
    }

    /// The units of `unit` before byte `x`, a grapheme boundary. O(log n) plus one chunk scan
    /// (a word-at-a-time count for scalars and UTF-16).
    func count(_ unit: TextUnit, beforeUTF8 x: Int) -> Int {
        if unit == .utf8 { return x }
        if x >= rope.summary.utf8 { return rope.summary[unit] }
        guard !rope.isEmpty else { return 0 }
        let location = rope.find(x, in: UTF8Metric.self)
        return location.prefix[unit] + location.chunk.count(unit, before: x - location.prefix.utf8)
    }

    /// The byte offset where `offset` units of `unit` end, snapped back to a grapheme
    /// boundary; nil when outside the text. O(log n) plus one chunk scan.
    func utf8Offset(of offset: Int, in unit: TextUnit) -> Int? {
        guard offset >= 0 && offset < rope.summary[unit] else {
            return offset == rope.summary[unit] ? rope.summary.utf8 : nil
        }
        let hit = scalarAlignedLocation(of: offset, in: unit)
        if unit == .grapheme { return hit.prefix.utf8 + hit.local }
        return hit.prefix.utf8 + hit.chunk.graphemeBoundary(atOrBefore: hit.local).utf8
    }

    /// The byte offset where `offset` units of `unit` end, rounded down to a scalar boundary
    /// only (it may fall inside a grapheme cluster); nil when outside the text.
    func scalarAlignedUTF8Offset(of offset: Int, in unit: TextUnit) -> Int? {
        guard offset >= 0 && offset < rope.summary[unit] else {
            return offset == rope.summary[unit] ? rope.summary.utf8 : nil
        }
        let hit = scalarAlignedLocation(of: offset, in: unit)
        if unit == .utf8 {
            let start = hit.chunk.bytes.withUnsafeBufferPointer { UTF8Scalars.scalarStart($0, atOrBefore: hit.local) }
            return hit.prefix.utf8 + start
        }
        return hit.prefix.utf8 + hit.local
    }

    /// A chunk found by a search, the summary of the text before it, and a byte offset in it.
    struct ChunkHit {
        var chunk: TextChunk
        var prefix: TextSummary
        var local: Int
    }

    /// The chunk holding `offset` units of `unit` (0..<count in that unit) and the
    /// scalar-aligned byte offset in it.
    private func scalarAlignedLocation(of offset: Int, in unit: TextUnit) -> ChunkHit {
        let location: Rope<TextChunk>.Location
        switch unit {
        case .grapheme: location = rope.find(offset, in: GraphemeMetric.self)
        case .unicodeScalar: location = rope.find(offset, in: ScalarMetric.self)
        case .utf16: location = rope.find(offset, in: UTF16Metric.self)
        case .utf8: location = rope.find(offset, in: UTF8Metric.self)
        }
        return ChunkHit(chunk: location.chunk, prefix: location.prefix,
                        local: location.chunk.utf8Offset(of: offset - location.prefix[unit], in: unit))
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
        utf8Offset(of: offset, in: unit).map { TextPosition(utf8Offset: $0) }
    }

    /// The offset of `position` from the start, in `unit`.
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n) plus one chunk scan.
    public func offset(of position: TextPosition, unit: TextUnit = .grapheme) -> Int? {
        let x = position.utf8Offset
        guard x >= 0 && x <= rope.summary.utf8 else { return nil }
        if x == rope.summary.utf8 { return rope.summary[unit] }
        // One search: snap inside the chunk, then count there.
        let location = rope.find(x, in: UTF8Metric.self)
        let snapped = location.chunk.graphemeBoundary(atOrBefore: x - location.prefix.utf8)
        switch unit {
        case .grapheme: return location.prefix.graphemes + snapped.graphemes
        case .utf8: return location.prefix.utf8 + snapped.utf8
        case .unicodeScalar, .utf16: return location.prefix[unit] + location.chunk.count(unit, before: snapped.utf8)
        }
    }

    /// The position `offset` units (signed) away from `position`.
    /// - Returns: nil when `position` is invalid here or the result would be outside the text.
    /// - Complexity: O(log n) plus two chunk scans.
    public func position(from position: TextPosition, offset: Int, unit: TextUnit = .grapheme) -> TextPosition? {
        // A step that stays inside the position's chunk (arrow keys, deleting a cluster) needs
        // one search, not two.
        let x = position.utf8Offset
        if unit == .grapheme && x >= 0 && x < rope.summary.utf8 {
            let location = rope.find(x, in: UTF8Metric.self)
            let here = location.chunk.graphemeBoundary(atOrBefore: x - location.prefix.utf8)
            let (target, overflow) = here.graphemes.addingReportingOverflow(offset)
            if !overflow && target >= 0 && target <= location.chunk.summary.graphemes {
                return TextPosition(utf8Offset: location.prefix.utf8 + location.chunk.utf8Offset(ofGrapheme: target))
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
        guard let a = validated(from), let b = validated(to) else { return nil }
        return TextRange(start: TextPosition(utf8Offset: a, affinity: from.affinity),
                         end: TextPosition(utf8Offset: b, affinity: to.affinity))
    }

    /// `range` with both ends checked and snapped; nil when either end is outside the text.
    func validated(_ range: TextRange) -> Range<Int>? {
        let lo = min(range.start.utf8Offset, range.end.utf8Offset)
        let hi = max(range.start.utf8Offset, range.end.utf8Offset)
        // Both ends in one chunk (the usual case for a selection or a deleted cluster): one search.
        if lo >= 0 && hi < rope.summary.utf8 {
            let location = rope.find(lo, in: UTF8Metric.self)
            let start = location.prefix.utf8
            if hi < start + location.chunk.bytes.count {
                let a = location.chunk.snappedBoundary(atOrBefore: lo - start)
                let b = hi == lo ? a : location.chunk.snappedBoundary(atOrBefore: hi - start)
                return (start + a)..<(start + b)
            }
        }
        guard let a = validated(range.start) else { return nil }
        if range.end.utf8Offset == range.start.utf8Offset { return a..<a }
        guard let b = validated(range.end) else { return nil }
        return min(a, b)..<max(a, b)
    }

    /// The text in `range`.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range).
    public func text(in range: TextRange) -> String? {
        guard let bytes = validated(range) else { return nil }
        return string(utf8Range: bytes)
    }
}
