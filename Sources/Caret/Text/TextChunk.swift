/// A leaf of the text rope: a run of UTF-8 that starts and ends on grapheme cluster boundaries
/// of the whole text, with its measured summary.
///
/// Because a chunk never splits a cluster (nor CR LF, which is one cluster), its summary is a
/// function of its own bytes, and every scan inside it can start a fresh `GraphemeBreaker` at
/// its first byte.
struct TextChunk: RopeChunk {
    var bytes: [UInt8]
    var summary: TextSummary

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.summary = bytes.withUnsafeBufferPointer { TextSummary.measure($0) }
    }

    init(_ bytes: ArraySlice<UInt8>) { self.init(Array(bytes)) }
}

// MARK: - Scans inside one chunk (each O(chunk size))

extension TextChunk {
    /// The byte offset of the `k`-th cluster start (0-based); `k == graphemes` gives the end.
    func utf8Offset(ofGrapheme k: Int) -> Int {
        if k >= summary.graphemes { return bytes.count }
        if summary.graphemes == summary.utf8 { return k }        // one byte per cluster
        var result = bytes.count
        var seen = 0
        bytes.withUnsafeBufferPointer { p in
            forEachGraphemeStart(in: p) { offset in
                if seen == k { result = offset; return false }
                seen += 1
                return true
            }
        }
        return result
    }

    /// The last cluster start at or before byte `x` (0...count), and how many clusters start
    /// before it.
    func graphemeBoundary(atOrBefore x: Int) -> (utf8: Int, graphemes: Int) {
        if x >= bytes.count { return (bytes.count, summary.graphemes) }
        if summary.graphemes == summary.utf8 { return (x, x) }
        var last = 0
        var index = -1
        bytes.withUnsafeBufferPointer { p in
            forEachGraphemeStart(in: p) { offset in
                if offset > x { return false }
                last = offset
                index += 1
                return true
            }
        }
        return (last, max(index, 0))
    }

    /// The summary of the first `x` bytes; `x` must be a cluster boundary of this chunk.
    func prefixSummary(_ x: Int) -> TextSummary {
        if x >= bytes.count { return summary }
        return bytes.withUnsafeBufferPointer { TextSummary.measure(UnsafeBufferPointer(rebasing: $0[..<x])) }
    }

    /// The byte offset where `count` units of `unit` (UTF-16 or scalars) end, rounded down to
    /// the start of a scalar when `count` falls inside a surrogate pair.
    func utf8Offset(of count: Int, in unit: TextUnit) -> Int {
        switch unit {
        case .utf8: return min(count, bytes.count)
        case .grapheme: return utf8Offset(ofGrapheme: count)
        case .unicodeScalar, .utf16:
            if summary.scalars == summary.utf8 { return min(count, bytes.count) }   // ASCII
            return bytes.withUnsafeBufferPointer { p in
                var i = 0
                var seen = 0
                while i < p.count {
                    let length = UTF8Scalars.length(lead: p[i])
                    let units = unit == .utf16 && length == 4 ? 2 : 1
                    if seen + units > count { return i }
                    seen += units
                    i += length
                }
                return i
            }
        }
    }

    /// The byte offset just after the `n`-th line terminator of this chunk (1-based).
    func utf8Offset(afterLineBreak n: Int) -> Int {
        bytes.withUnsafeBufferPointer { p in
            var seen = 0
            var i = 0
            while i < p.count {
                let b = p[i]
                var length = 1
                var isBreak = false
                switch b {
                case 0x0A, 0x0B, 0x0C: isBreak = true
                case 0x0D:
                    if i + 1 < p.count && p[i + 1] == 0x0A { length = 2 }
                    isBreak = true
                case 0xC2:
                    length = 2
                    isBreak = i + 1 < p.count && p[i + 1] == 0x85
                case 0xE2:
                    length = 3
                    isBreak = i + 2 < p.count && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)
                default:
                    length = UTF8Scalars.length(lead: b)
                }
                i += length
                if isBreak {
                    seen += 1
                    if seen == n { return i }
                }
            }
            return p.count
        }
    }
}

/// The length of the line terminator that ends at byte `end` of `bytes`, or 0.
func lineTerminatorLength(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard end > 0 else { return 0 }
    let b = bytes[end - 1]
    switch b {
    case 0x0A: return end >= 2 && bytes[end - 2] == 0x0D ? 2 : 1
    case 0x0B, 0x0C, 0x0D: return 1
    case 0x85: return end >= 2 && bytes[end - 2] == 0xC2 ? 2 : 0
    case 0xA8, 0xA9: return end >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 ? 3 : 0
    default: return 0
    }
}

/// Size limits for chunks: pieces are cut at cluster boundaries to at most `maxBytes` (a single
/// cluster longer than that becomes one chunk of its own), and edits merge pieces smaller than
/// `minBytes` with a neighbour.
struct ChunkLimits: Sendable, Equatable {
    var maxBytes: Int
    var minBytes: Int

    /// Chosen by measurement (see docs/ARCHITECTURE.md).
    static let standard = ChunkLimits(maxBytes: 1024, minBytes: 256)
    /// Test setting: a cut at nearly every cluster boundary.
    static let tiny = ChunkLimits(maxBytes: 4, minBytes: 1)
}

enum ChunkBuilder {
    /// Cuts `bytes` (valid UTF-8 starting at a cluster boundary and ending at one) into chunks of
    /// about `target` bytes and at most `limits.maxBytes`, at cluster boundaries. O(n).
    static func chunks(of bytes: UnsafeBufferPointer<UInt8>, target: Int, limits: ChunkLimits) -> [TextChunk] {
        var result: [TextChunk] = []
        guard bytes.count > 0 else { return result }
        if bytes.count <= limits.maxBytes {
            result.append(TextChunk(Array(bytes)))
            return result
        }
        result.reserveCapacity(bytes.count / max(target, 1) + 1)
        var start = 0
        var lastBoundary = 0
        forEachGraphemeStart(in: bytes) { offset in
            if offset - start >= target {
                if offset - start > limits.maxBytes && lastBoundary > start {
                    result.append(TextChunk(Array(bytes[start..<lastBoundary])))
                    start = lastBoundary
                }
                if offset - start >= target {
                    result.append(TextChunk(Array(bytes[start..<offset])))
                    start = offset
                }
            }
            lastBoundary = offset
            return true
        }
        if bytes.count - start > limits.maxBytes && lastBoundary > start {
            result.append(TextChunk(Array(bytes[start..<lastBoundary])))
            start = lastBoundary
        }
        if start < bytes.count { result.append(TextChunk(Array(bytes[start...]))) }
        return result
    }
}

// MARK: - Local re-segmentation around an edit

extension TextChunk {
    /// A cluster boundary at or before byte `x` whose status no edit at or after `x` can change:
    /// the start of the chunk, or a scalar start before `x` where the pair of scalars around it
    /// breaks regardless of context. Usually a scalar or two back. O(distance).
    func stableBoundary(before x: Int) -> Int {
        bytes.withUnsafeBufferPointer { p in
            let table = GraphemeClassTable.shared
            guard x > 0 else { return 0 }
            var t = UTF8Scalars.scalarStart(p, atOrBefore: x - 1)
            while t > 0 {
                let before = UTF8Scalars.scalarStart(p, atOrBefore: t - 1)
                if GraphemeBreaker.breaksRegardlessOfContext(graphemeClass(of: p, at: before, table: table).0,
                                                             graphemeClass(of: p, at: t, table: table).0) {
                    return t
                }
                t = before
            }
            return 0
        }
    }

    /// The first cluster boundary after byte `x` that no edit ending at `x` can change: a scalar
    /// start past the scalar at `x` where the pair around it breaks regardless of context; or the
    /// end of the chunk (`reachedEnd`), whose status then depends on the next chunk.
    func stableBoundary(after x: Int) -> (offset: Int, reachedEnd: Bool) {
        bytes.withUnsafeBufferPointer { p in
            let table = GraphemeClassTable.shared
            guard x < p.count else { return (p.count, true) }
            var (previous, length) = graphemeClass(of: p, at: x, table: table)
            var t = x + length
            while t < p.count {
                let (next, nextLength) = graphemeClass(of: p, at: t, table: table)
                if GraphemeBreaker.breaksRegardlessOfContext(previous, next) { return (t, false) }
                previous = next
                t += nextLength
            }
            return (p.count, true)
        }
    }
}
