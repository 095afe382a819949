// The seam rule: the one place that decides whether the text before a chunk boundary and the
// chunk after it still break there (see docs/ARCHITECTURE.md, "An edit, step by step").

extension TextChunk {
    /// True when this chunk's first scalar does not start a cluster after the text `breaker`
    /// has been fed (a mark after a base, a ZWJ sequence, CR then LF, a regional indicator that
    /// pairs with one before): the boundary before this chunk is then no longer a cluster
    /// boundary, and an edit must rebuild this chunk together with the text before it. O(1).
    func joins(after breaker: GraphemeBreaker) -> Bool {
        guard !bytes.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { p in
            !breaker.wouldBreak(before: graphemeClass(of: p, at: 0, table: GraphemeClassTable.shared).0)
        }
    }

    /// `joins(after:)` for a breaker fed exactly `text` (which starts at a cluster boundary).
    func joins(after text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty else { return false }
        var breaker = GraphemeBreaker()
        breaker.feed(text)
        return joins(after: breaker)
    }
}
