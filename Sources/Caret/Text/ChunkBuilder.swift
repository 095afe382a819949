// Cutting UTF-8 into chunks at cluster boundaries, and the size limits that govern it.

/// Size limits for chunks: pieces are cut at cluster boundaries to at most `maxBytes` (a single
/// cluster longer than that becomes one chunk of its own), and edits merge pieces smaller than
/// `minBytes` with a neighbour.
///
/// Constants chosen at compile time, never stored per document: the standard sizes were chosen
/// by measurement (see docs/ARCHITECTURE.md); the test build (`--traits TinyShapes`) cuts at
/// nearly every cluster boundary so that short test texts have seams everywhere.
enum ChunkLimits {
    #if TinyShapes
    static var maxBytes: Int { 4 }
    static var minBytes: Int { 1 }
    #else
    static var maxBytes: Int { 1024 }
    static var minBytes: Int { 256 }
    #endif

    /// The size chunks are cut to when text is loaded: seven eighths of the limit, so that
    /// the first edits of a fresh document grow chunks in place instead of splitting them.
    /// (Loaded chunks hold exactly their bytes; the headroom costs no memory until used.)
    static var loadTarget: Int { max(1, maxBytes - maxBytes / 8) }
}

enum ChunkBuilder {
    /// Cuts `bytes` (valid UTF-8 starting at a cluster boundary and ending at one) into chunks of
    /// about `target` bytes and at most `ChunkLimits.maxBytes`, at cluster boundaries: first
    /// into cells (`ChunkCells`), then each cell on its own (`cellChunks`), the cells of a long
    /// text on several threads. O(n).
    static func chunks(of bytes: UnsafeBufferPointer<UInt8>, target: Int = ChunkLimits.loadTarget) -> [TextChunk] {
        let n = bytes.count
        guard n > 0 else { return [] }
        var bounds = [0], floor = 0, next = ChunkCells.size
        ChunkCells.settle(in: bytes, origin: 0, floor: &floor, next: &next, into: &bounds)
        bounds.append(n)
        if bounds.count == 2 { return cellChunks(of: bytes, target: target) }
        var result: [TextChunk] = []
        result.reserveCapacity(n / max(1, min(target, ChunkLimits.maxBytes)) + bounds.count)
        for cell in ChunkCells.chunks(of: bytes, bounds: bounds, target: target) {
            result.append(contentsOf: cell)
        }
        return result
    }

    /// Cuts `bytes` (valid UTF-8 starting and ending at cluster boundaries: a cell or a whole
    /// text) into chunks, front to back: each cut is found by looking back from the target for
    /// a pair of scalars that breaks whatever the context (usually the first pair tried); only
    /// inside a context-dependent run (flags, conjuncts, emoji sequences longer than a chunk)
    /// does it segment forward from the last cut. O(n).
    static func cellChunks(of bytes: UnsafeBufferPointer<UInt8>, target: Int) -> [TextChunk] {
        var result: [TextChunk] = []
        let n = bytes.count
        guard n > 0 else { return result }
        let target = max(1, min(target, ChunkLimits.maxBytes))
        result.reserveCapacity(n / target + 1)
        var start = 0
        while start < n {
            let cut = n - start <= ChunkLimits.maxBytes ? n : cutPoint(in: bytes, from: start, target: target)
            result.append(TextChunk(Array(bytes[start..<cut])))
            start = cut
        }
        return result
    }

    /// A cluster boundary after `start` (a boundary) in `p` (a text that ends at a boundary and
    /// reaches past `start + target`): the last one at or before `start + target` when there is
    /// one, else the first one after it (a cluster longer than the target), or the end of `p`.
    static func cutPoint(in p: UnsafeBufferPointer<UInt8>, from start: Int, target: Int) -> Int {
        let limit = start + target
        // Look back a few scalars for a pair that breaks regardless of context, as a cell split does.
        if let t = ChunkCells.split(in: p, near: limit, floor: start) { return t }
        // Segment forward from `start` (a boundary): the last boundary at or before the limit,
        // or the first one past it.
        var last = start
        var first = p.count
        forEachGraphemeStart(in: UnsafeBufferPointer(rebasing: p[start...])) { offset in
            let absolute = start + offset
            if absolute <= start { return true }
            if absolute <= limit { last = absolute; return true }
            first = absolute
            return false
        }
        return last > start ? last : first
    }
}
