/// A place inside one chunk: a byte offset at a scalar start and the units before it in the
/// chunk, as far as they are known. The finger keeps one, so that the next lookup near it steps
/// from there instead of counting from the chunk's start (or from an anchor).
///
/// `utf16` and `scalars` are known together or not at all (`scalars < 0`: a grapheme lookup that
/// started from an anchor, which records no scalar counts). `graphemes` is the number of clusters
/// before `utf8` when `utf8` is a cluster start and that number is known, else -1.
struct ChunkPoint: Equatable {
    var utf8: Int
    var utf16: Int
    var scalars: Int
    var graphemes: Int = -1

    static let start = ChunkPoint(utf8: 0, utf16: 0, scalars: 0, graphemes: 0)

    /// True when `utf16` and `scalars` hold counts.
    @inline(__always) var knowsScalars: Bool { scalars >= 0 }
    /// True when `utf8` is a cluster start and `graphemes` counts the clusters before it.
    @inline(__always) var knowsGraphemes: Bool { graphemes >= 0 }
}

extension TextChunk {
    /// The chunk's end as a point, every count known.
    @inline(__always)
    var endPoint: ChunkPoint {
        let s = summary
        return ChunkPoint(utf8: bytes.count, utf16: s.utf16, scalars: s.scalars, graphemes: s.graphemes)
    }

    /// The point where the first `n` scalars (`utf16 == false`) or UTF-16 units end (rounded
    /// down to a scalar start inside a surrogate pair; the chunk's end past its length),
    /// stepping from `near` (a point of this chunk) when its counts are known and it is nearer
    /// than the start (for scalars, than the start or the end). UTF-16 units: skips eight ASCII
    /// bytes at a time forwards; scalars: counts eight bytes at a time either way. O(distance).
    func point(of n: Int, utf16: Bool, near: ChunkPoint) -> ChunkPoint {
        bytes.withUnsafeBufferPointer { Self.point(of: n, utf16: utf16, summary: summary, bytes: $0, near: near) }
    }

    /// `point(of:utf16:near:)` of the chunk at `chunk`, read in place (a method called on
    /// `pointee` would copy the chunk first: a retain and a release of its storage).
    @inline(__always)
    static func point(of n: Int, utf16: Bool, in chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint {
        chunk.pointee.bytes.withUnsafeBufferPointer {
            point(of: n, utf16: utf16, summary: chunk.pointee.summary, bytes: $0, near: near)
        }
    }

    private static func point(of n: Int, utf16: Bool, summary: TextSummary, bytes p: UnsafeBufferPointer<UInt8>,
                              near: ChunkPoint) -> ChunkPoint {
        let total = utf16 ? summary.utf16 : summary.scalars
        if n >= total {
            return ChunkPoint(utf8: p.count, utf16: summary.utf16, scalars: summary.scalars, graphemes: summary.graphemes)
        }
        let m = max(n, 0)
        if summary.scalars == summary.utf8 {                                       // ASCII
            return ChunkPoint(utf8: m, utf16: m, scalars: m, graphemes: summary.graphemes == summary.utf8 ? m : -1)
        }
        if !utf16 { return point(ofScalar: m, summary: summary, bytes: p, near: near) }
        let nearUnits = near.utf16
        var q = near.knowsScalars && abs(nearUnits - m) < m ? near : .start
        q.graphemes = -1                    // the stepping below does not count clusters
        let base = p.baseAddress!
        @inline(__always) func units(_ q: ChunkPoint) -> Int { utf16 ? q.utf16 : q.scalars }
        if units(q) <= m {
            while q.utf8 < p.count {
                if q.utf8 + 8 <= p.count && units(q) + 8 <= m {
                    let word = UnsafeRawPointer(base + q.utf8).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        q.utf8 += 8; q.utf16 += 8; q.scalars += 8
                        continue
                    }
                }
                let length = UTF8Scalars.length(lead: p[q.utf8])
                let pair = length == 4 ? 2 : 1
                if units(q) + (utf16 ? pair : 1) > m { break }
                q.utf8 += length
                q.scalars += 1
                q.utf16 += pair
            }
        } else {
            while units(q) > m {
                var i = q.utf8 - 1
                while !UTF8Scalars.isLead(p[i]) { i -= 1 }
                q.utf16 -= q.utf8 - i == 4 ? 2 : 1
                q.scalars -= 1
                q.utf8 = i
            }
        }
        return q
    }

    /// `point(of:utf16: false, …)` for `m` (0 ≤ m < the chunk's scalars, not all ASCII): stepped
    /// from the nearest of the chunk's start, its end and `near` (when it knows its counts),
    /// counting the lead bytes of eight bytes at a time whatever the script — a lookup next to
    /// a point without counts (the edit place after an edit in bytes) or at a chunk's end does
    /// not walk the chunk scalar by scalar from its start.
    @inline(__always)
    private static func point(ofScalar m: Int, summary: TextSummary, bytes p: UnsafeBufferPointer<UInt8>,
                              near: ChunkPoint) -> ChunkPoint {
        var from = m <= summary.scalars - m
            ? ChunkPoint.start
            : ChunkPoint(utf8: p.count, utf16: summary.utf16, scalars: summary.scalars)
        if near.knowsScalars && abs(near.scalars - m) < abs(from.scalars - m) { from = near }
        let (utf8, supplementary) = UTF8Scalars.step(p, from: from.utf8, scalars: from.scalars, to: m)
        let utf16 = m >= from.scalars
            ? from.utf16 + (m - from.scalars) + supplementary
            : from.utf16 - (from.scalars - m) - supplementary
        return ChunkPoint(utf8: utf8, utf16: utf16, scalars: m)
    }
}
