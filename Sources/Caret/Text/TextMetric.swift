// The units of text as rope metrics. Each metric owns both halves of a conversion: the tree
// half (`measure`, which the cursor seeks by) and the chunk half (where its n-th unit ends
// inside one chunk, and how many of its units a chunk's prefix holds), so that every
// conversion in Document/ is one generic path instead of a `switch` over units.

/// A unit of text that the rope can seek by and a chunk can count.
protocol TextMetric: RopeMetric where Summary == TextSummary {
    /// The byte offset in `chunk` where its first `n` units (0...measure) end, rounded down to
    /// a scalar start (a UTF-16 offset inside a surrogate pair, a byte inside a scalar).
    /// Graphemes: the start of the n-th cluster. O(chunk).
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int
    /// The number of units in the first `x` bytes of `chunk` (a grapheme boundary). O(x).
    static func count(before x: Int, in chunk: TextChunk) -> Int
    /// The point where the first `n` units of `chunk` end, stepping from `near` (a point of the
    /// chunk) when that is nearer than the start; nil for a metric that does not step from
    /// points (then `utf8Offset(of:in:)` answers).
    static func point(of n: Int, in chunk: TextChunk, near: ChunkPoint) -> ChunkPoint?
    /// `point(of:in:near:)` of the chunk at `chunk`, read in place where the metric can (a
    /// chunk passed by value is a copy: a retain and a release of its storage).
    static func point(of n: Int, at chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint?
}

extension TextMetric {
    @inline(__always)
    static func point(of n: Int, in chunk: TextChunk, near: ChunkPoint) -> ChunkPoint? { nil }
    @inline(__always)
    static func point(of n: Int, at chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint? {
        point(of: n, in: chunk.pointee, near: near)
    }
}

enum UTF8Metric: TextMetric {
    @inline(__always) static func measure(_ s: TextSummary) -> Int { s.utf8 }
    /// Rounded down to the scalar's start.
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int {
        let x = min(n, chunk.bytes.count)
        return chunk.bytes.withUnsafeBufferPointer { UTF8Scalars.scalarStart($0, atOrBefore: x) }
    }
    @inline(__always) static func count(before x: Int, in chunk: TextChunk) -> Int { x }
}

enum UTF16Metric: TextMetric {
    @inline(__always) static func measure(_ s: TextSummary) -> Int { s.utf16 }
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int { chunk.utf8Offset(ofUTF16: n) }
    static func count(before x: Int, in chunk: TextChunk) -> Int { chunk.countUTF16(before: x) }
    @inline(__always)
    static func point(of n: Int, in chunk: TextChunk, near: ChunkPoint) -> ChunkPoint? {
        chunk.point(of: n, utf16: true, near: near)
    }
    @inline(__always)
    static func point(of n: Int, at chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint? {
        TextChunk.point(of: n, utf16: true, in: chunk, near: near)
    }
}

enum ScalarMetric: TextMetric {
    @inline(__always) static func measure(_ s: TextSummary) -> Int { s.scalars }
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int { chunk.utf8Offset(ofScalar: n) }
    static func count(before x: Int, in chunk: TextChunk) -> Int { chunk.countScalars(before: x) }
    @inline(__always)
    static func point(of n: Int, in chunk: TextChunk, near: ChunkPoint) -> ChunkPoint? {
        chunk.point(of: n, utf16: false, near: near)
    }
    @inline(__always)
    static func point(of n: Int, at chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint? {
        TextChunk.point(of: n, utf16: false, in: chunk, near: near)
    }
}

enum GraphemeMetric: TextMetric {
    @inline(__always) static func measure(_ s: TextSummary) -> Int { s.graphemes }
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int { chunk.utf8Offset(ofGrapheme: n) }
    static func count(before x: Int, in chunk: TextChunk) -> Int { chunk.graphemeBoundary(atOrBefore: x).graphemes }
    @inline(__always)
    static func point(of n: Int, in chunk: TextChunk, near: ChunkPoint) -> ChunkPoint? {
        chunk.point(ofGrapheme: n, near: near)
    }
    @inline(__always)
    static func point(of n: Int, at chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint? {
        TextChunk.point(ofGrapheme: n, in: chunk, near: near)
    }
}

/// Hard lines: the unit is a line terminator, so `utf8Offset(of: n)` is where the n-th line
/// after the chunk's start begins (just after its n-th terminator; 0 gives the chunk's start).
enum LineMetric: TextMetric {
    @inline(__always) static func measure(_ s: TextSummary) -> Int { s.lines }
    static func utf8Offset(of n: Int, in chunk: TextChunk) -> Int {
        n <= 0 ? 0 : chunk.utf8Offset(afterLineBreak: n)
    }
    static func count(before x: Int, in chunk: TextChunk) -> Int { chunk.lineBreaks(before: x) }
}
