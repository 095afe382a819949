// Walking the text cluster by cluster, chunk by chunk, without a search per step.

extension TextDocument {
    /// The grapheme clusters of the document in order, as ranges.
    ///
    /// - Complexity: O(1) to create; O(1) amortised per cluster (each chunk is read once,
    ///   segmented with the rules as it goes). Use it instead of repeated
    ///   `position(from:offset: 1)` calls to visit every cluster.
    public var graphemeRanges: GraphemeRanges { GraphemeRanges(chunks: rope.chunks) }

    /// The clusters of a document as `TextRange`s, in storage order (see `graphemeRanges`).
    public struct GraphemeRanges: Sequence, Sendable {
        let chunks: Rope<TextChunk>.ChunkSequence

        /// An iterator over the clusters, from the start of the text.
        /// - Complexity: O(1).
        public func makeIterator() -> Iterator { Iterator(chunks: chunks.makeIterator()) }

        /// Yields the grapheme clusters of a document as ranges, in storage order.
        public struct Iterator: IteratorProtocol {
            private var chunks: Rope<TextChunk>.ChunkSequence.Iterator
            private var bytes: [UInt8] = []
            private var everyByte = false
            private var chunkStart = 0
            private var i = 0
            private var scanned = 0
            private var breaker = GraphemeBreaker()
            private let table = GraphemeClassTable.shared

            init(chunks: Rope<TextChunk>.ChunkSequence.Iterator) { self.chunks = chunks }

            /// The range of the next grapheme cluster, or nil at the end of the text.
            /// - Complexity: O(1) amortised (the cluster's length in bytes).
            public mutating func next() -> TextRange? {
                if i >= bytes.count {
                    chunkStart += bytes.count
                    guard let chunk = chunks.next() else { return nil }
                    bytes = chunk.bytes
                    everyByte = chunk.summary.graphemes == chunk.summary.utf8
                    i = 0
                    scanned = 0
                    breaker = GraphemeBreaker()
                }
                let start = i
                if everyByte {
                    i += 1
                } else {
                    // Scalars before `scanned` have been fed to the breaker: the current
                    // cluster's first scalar was fed when the previous cluster ended there.
                    let (end, fed) = bytes.withUnsafeBufferPointer { p -> (Int, Int) in
                        var j = scanned
                        while j < p.count {
                            let (boundary, length) = breaker.step(p, at: j, table: table)
                            if boundary && j > start { return (j, j + length) }
                            j += length
                        }
                        return (j, j)
                    }
                    i = end
                    scanned = fed
                }
                return TextRange(start: TextPosition(utf8Offset: chunkStart + start),
                                 end: TextPosition(utf8Offset: chunkStart + i))
            }
        }
    }
}
