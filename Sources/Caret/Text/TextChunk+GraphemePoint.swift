internal import CaretSIMD

// Grapheme offset -> place inside one chunk, from the nearest known cluster start: the finger's
// point, an anchor, or either end of the chunk. See docs/ARCHITECTURE.md ("The finger", "The
// cluster scan").

extension TextChunk {
    /// The point where the `n`-th cluster (0-based) starts, the chunk's end when `n` is its
    /// cluster count or more. Starts from whichever known cluster start is nearest in clusters —
    /// `near` (a point of this chunk) when it knows its cluster count, an anchor, the chunk's
    /// start or its end — and scans forwards or backwards from there (`scanToGrapheme`,
    /// `scanBackToGrapheme`). In a chunk of one scalar per cluster it steps by scalars instead,
    /// and the result knows its scalar counts when the step started from a point that knew them;
    /// elsewhere it knows its cluster count only. O(distance): at most about a twenty-sixth of
    /// the chunk away from an anchor or an end (the anchors sit at thirteenths).
    @inline(__always)
    func point(ofGrapheme n: Int, near: ChunkPoint) -> ChunkPoint {
        bytes.withUnsafeBufferPointer { Self.point(ofGrapheme: n, summary: summary, anchors: anchors, bytes: $0, near: near) }
    }

    /// `point(ofGrapheme:near:)` of the chunk at `chunk`, read in place (a method called on
    /// `pointee` would copy the chunk first: a retain and a release of its arrays), its bytes
    /// without a retain of their storage either (`bytesInPlace`: a random lookup's one miss on
    /// the text, not two in a row).
    ///
    /// Out of line with the chunk's address as its argument: the summary, anchors and bytes
    /// are read inside, not passed (eleven words, most of them through the stack).
    @inline(never)
    static func point(ofGrapheme n: Int, in chunk: UnsafePointer<TextChunk>, near: ChunkPoint) -> ChunkPoint {
        pointBody(ofGrapheme: n, summary: chunk.pointee.summary, anchors: chunk.pointee.anchors, bytes: bytesInPlace(chunk),
                  near: near)
    }

    @inline(never)
    private static func point(ofGrapheme n: Int, summary s: TextSummary, anchors: GraphemeAnchors,
                              bytes p: UnsafeBufferPointer<UInt8>, near: ChunkPoint) -> ChunkPoint {
        pointBody(ofGrapheme: n, summary: s, anchors: anchors, bytes: p, near: near)
    }

    @inline(__always)
    private static func pointBody(ofGrapheme n: Int, summary s: TextSummary, anchors: GraphemeAnchors,
                                  bytes p: UnsafeBufferPointer<UInt8>, near: ChunkPoint) -> ChunkPoint {
        let endPoint = ChunkPoint(utf8: p.count, utf16: s.utf16, scalars: s.scalars, graphemes: s.graphemes)
        if n >= s.graphemes { return endPoint }
        let m = max(n, 0)
        if s.graphemes == s.utf8 { return ChunkPoint(utf8: m, utf16: m, scalars: m, graphemes: m) }   // ASCII, no CR LF
        let oneScalarEach = s.graphemes == s.scalars
        // The nearest start: the chunk's ends, the anchors, then the point (on a tie it wins,
        // as it may know its scalar counts). A cluster behind the target counts double: the
        // backward scan costs about twice the forward one a cluster (it looks back for the
        // scalar before each one and decides context pairs from further back).
        let backward = oneScalarEach ? 1 : 2
        @inline(__always) func cost(_ g: Int) -> Int { g <= m ? m - g : (g - m) * backward }
        // The anchors rise, so only the nearest on either side can win (the chunk's start or
        // end where there is none); on a tie the one before wins.
        let (below, above) = anchors.around(grapheme: m)
        var from = below.byte == 0 ? ChunkPoint.start
                                   : ChunkPoint(utf8: below.byte, utf16: -1, scalars: -1, graphemes: below.graphemes)
        var distance = m - below.graphemes
        if let above {
            if cost(above.graphemes) < distance {
                from = ChunkPoint(utf8: above.byte, utf16: -1, scalars: -1, graphemes: above.graphemes)
                distance = cost(above.graphemes)
            }
        } else if cost(s.graphemes) < distance {
            from = endPoint
            distance = cost(s.graphemes)
        }
        if near.knowsGraphemes && cost(near.graphemes) <= distance {
            from = near
        } else if oneScalarEach && near.knowsScalars && cost(near.scalars) <= distance {
            from = near
            from.graphemes = near.scalars               // a scalar start is a cluster start here
        }
        // The scan reads on from `from`, forwards or backwards. On a large text its first line
        // is a miss, and the next line it may cross into would be a second one after it: asked
        // for now, the two are fetched together.
        if let base = p.baseAddress { caret_prefetch(base + (m >= from.graphemes ? from.utf8 &+ 64 : from.utf8 &- 64)) }
        if oneScalarEach {
            // Cluster k is scalar k, and a cluster count is a scalar count.
            let (utf8, supplementary) = UTF8Scalars.step(p, from: from.utf8, scalars: from.graphemes, to: m)
            guard from.knowsScalars else { return ChunkPoint(utf8: utf8, utf16: -1, scalars: -1, graphemes: m) }
            let utf16 = m >= from.scalars ? from.utf16 + (m - from.scalars) + supplementary
                                          : from.utf16 - (from.scalars - m) - supplementary
            return ChunkPoint(utf8: utf8, utf16: utf16, scalars: m, graphemes: m)
        }
        return m >= from.graphemes ? scanToGrapheme(m, in: p, from: from) : scanBackToGrapheme(m, in: p, from: from)
    }
}

extension TextChunk {
    /// The most clusters `boundary(in:steppingFrom:by:)` steps; a longer step counts instead.
    static var stepLimit: Int { 64 }

    /// The cluster start `k` clusters after (`k > 0`) or before (`k < 0`) the cluster boundary
    /// at or before byte `x` of the chunk at `chunk`, when it lies inside the chunk (or at its
    /// end, going forwards) and `|k|` is at most `stepLimit`; nil otherwise, and the caller
    /// counts instead. The scan starts at the boundary and counts nothing before it, so that a
    /// walk by `position(from:offset: ±1)` reads a cluster's bytes a step, not the clusters
    /// between the nearest anchor and the place. O(|k| clusters).
    static func boundary(in chunk: UnsafePointer<TextChunk>, steppingFrom x: Int, by k: Int) -> Int? {
        guard k >= -stepLimit && k <= stepLimit else { return nil }
        let s = snappedBoundary(in: chunk, atOrBefore: x)
        if k == 0 { return s }
        // A chunk of one cluster (the only kind longer than `ChunkLimits.maxBytes`, so perhaps
        // far longer than any other) has its end one step forwards and nothing before its start:
        // no scan.
        let clusters = chunk.pointee.summary.graphemes
        if clusters == 1 { return k == 1 ? chunk.pointee.summary.utf8 : nil }
        let p = bytesInPlace(chunk)
        if k > 0 {
            // Cluster 0 is the one at `s`; the chunk's end is cluster `g + 1` when the scan
            // runs out after cluster `g` (the next chunk's first).
            let q = scanToGrapheme(k, in: p, from: ChunkPoint(utf8: s, utf16: -1, scalars: -1, graphemes: 0))
            return q.graphemes == k ? q.utf8 : nil
        }
        // Back to cluster 0 from cluster -k at `s`: found inside the chunk, or the chunk's start,
        // which the scan also gives when it ran out first (the previous chunk counts then).
        guard s > 0 else { return nil }
        let q = scanBackToGrapheme(0, in: p, from: ChunkPoint(utf8: s, utf16: -1, scalars: -1, graphemes: -k))
        return q.utf8 > 0 ? q.utf8 : nil
    }
}
