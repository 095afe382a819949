// A streaming load: UTF-8 arriving in pieces of any size is checked and cut into chunks as it
// comes, so that the whole text is never held as one array (see docs/ARCHITECTURE.md,
// "Loading a file").

/// Checks UTF-8 that arrives piece by piece and cuts it into chunks at cluster boundaries,
/// handing each chunk to a `Rope.Builder` as soon as it is settled.
///
/// Only the bytes after the last cell split (`ChunkCells`) are kept: up to a cell and a piece,
/// plus the up to three bytes of a scalar whose end has not arrived. The chunks are those
/// `ChunkBuilder.chunks(of:)` cuts from the whole text, because the cells are: a grid point is
/// settled once the checked text reaches past it, from the same bytes the whole-text load
/// reads, and each cell is cut on its own. The cells a piece settles are cut on several threads.
struct ChunkStream {
    private var builder = Rope<TextChunk>.Builder()
    /// Bytes received and not yet cut into chunks, from `start` on.
    private var pending: [UInt8] = []
    private var start = 0
    /// `pending[..<validEnd]` is checked; after it come at most three bytes of a scalar whose
    /// end has not arrived.
    private var validEnd = 0
    /// The bytes dropped from the front of `pending` (already in chunks): `pending`'s offset in
    /// the text, for error offsets.
    private var dropped = 0
    /// The next grid point of `ChunkCells` to settle, an offset in the whole text.
    private var nextGridPoint = ChunkCells.size
    /// The first error: every later call throws it again.
    private(set) var error: TextError?

    /// The number of bytes appended so far.
    var byteCount: Int { dropped + pending.count }

    /// Adds the next piece of the text: checks it (together with an unfinished scalar before
    /// it) and cuts every chunk it settles. O(piece) amortised.
    /// - Throws: the first ill-formed sequence, with its offset in the whole text.
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) throws(TextError) {
        if let error { throw error }
        if start > 0 {
            // Drop what is in chunks: the rest is the text after the last cell split.
            pending.removeFirst(start)
            dropped += start
            validEnd -= start
            start = 0
        }
        pending.append(contentsOf: piece)
        try check(isComplete: false)
        cut(isComplete: false)
    }

    /// Checks the end of the text and returns the rope of all of it. O(cell).
    /// - Throws: the first ill-formed sequence (a scalar cut off by the end of the text is
    ///   `.truncatedSequence` at its first byte).
    mutating func finish() throws(TextError) -> Rope<TextChunk> {
        if let error { throw error }
        try check(isComplete: true)
        cut(isComplete: true)
        return builder.finish()
    }

    /// Checks `pending[validEnd...]` and moves `validEnd` over the complete scalars.
    private mutating func check(isComplete: Bool) throws(TextError) {
        let (valid, problem) = pending.withUnsafeBufferPointer { all in
            UTF8Validation.checkInParallel(UnsafeBufferPointer(rebasing: all[validEnd...]), isComplete: isComplete)
        }
        if let problem {
            let located = TextError(problem.kind, byteOffset: dropped + validEnd + problem.offset)
            error = located
            throw located
        }
        validEnd += valid
    }

    /// Cuts the cells of `pending[start..<validEnd]` that the grid points inside it settle into
    /// chunks; with `isComplete`, all of it.
    private mutating func cut(isComplete: Bool) {
        let end = validEnd
        var bounds = [start], floor = start, next = nextGridPoint
        let origin = dropped
        pending.withUnsafeBufferPointer { all in
            ChunkCells.settle(in: UnsafeBufferPointer(rebasing: all[..<end]), origin: origin, floor: &floor,
                              next: &next, into: &bounds)
        }
        nextGridPoint = next
        if isComplete && end > floor { bounds.append(end) }
        guard bounds.count > 1 else { return }
        let cells = pending.withUnsafeBufferPointer { all in
            ChunkCells.chunks(of: UnsafeBufferPointer(rebasing: all[..<end]), bounds: bounds, target: ChunkLimits.loadTarget)
        }
        for cell in cells {
            for chunk in cell { builder.append(chunk) }
        }
        start = bounds[bounds.count - 1]
    }
}
