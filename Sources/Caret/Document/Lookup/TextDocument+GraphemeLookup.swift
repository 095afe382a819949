// Grapheme offset -> byte offset, the lookup behind `position(at:)`: from the cluster-start
// cache when a chunk there holds the offset, else from the finger or the root with the cluster
// scan. See docs/ARCHITECTURE.md ("The cluster-start cache").

extension TextDocument {
    /// The byte offset where the cluster with index `offset` starts (0..<count; the rope is not
    /// empty). O(1) when a cached chunk holds it; else O(1) near the finger, O(log n)
    /// elsewhere, plus the cluster scan. A lookup in the chunk the finger is already in (the
    /// second in a row there) maps the chunk's cluster starts for the next ones.
    @inline(__always)
    func utf8Offset(ofGrapheme offset: Int) -> Int {
        if let cache = finger.clusterStartCache,
           let x = cache._withUnsafeGuaranteedRef({ $0.utf8Offset(ofGrapheme: offset, root: rootID) }) {
            return x
        }
        return utf8OffsetFromTree(ofGrapheme: offset)
    }

    /// `utf8Offset(ofGrapheme:)` when no cached chunk holds the offset: out of line, so that
    /// the cached path stays a few loads (no retain of the tree around calls).
    @inline(never)
    private func utf8OffsetFromTree(ofGrapheme offset: Int) -> Int {
        let (c, sameChunk, point) = seekNearFinger(offset, in: GraphemeMetric.self, bias: .after)
        let chunk = c.chunkAddress                          // read in place, not copied
        let n = offset - c.prefix.graphemes
        let s = chunk.pointee.summary
        let near = sameChunk ? point ?? .start : nil
        if let point, sameChunk && point.knowsGraphemes && s.utf8 <= ClusterStartMap.maxBytes && s.graphemes != s.utf8 {
            // The last grapheme lookup was in this chunk too: map it for the next ones. (A
            // lookup by another unit that left the finger here does not count: the line/column
            // conversions find a line's chunk, then one grapheme offset in it.)
            let map = chunk.pointee.bytes.withUnsafeBufferPointer { ClusterStartMap($0) }
            finger.makeClusterStartCache()._withUnsafeGuaranteedRef {
                $0.insert(map, utf8: c.prefix.utf8, graphemes: c.prefix.graphemes, bytes: s.utf8, clusters: s.graphemes,
                          root: rootID)
            }
            return c.prefix.utf8 + (n >= s.graphemes ? s.utf8 : map.utf8Offset(ofCluster: n))
        }
        let found = TextChunk.point(ofGrapheme: n, in: chunk, near: near ?? .start)
        remember(c, point: found)
        return c.prefix.utf8 + found.utf8
    }
}
