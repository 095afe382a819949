// A streaming load: UTF-8 arriving in pieces of any size is checked and cut into chunks as it
// comes, so that the whole text is never held as one array (see docs/ARCHITECTURE.md,
// "Loading a file").

/// Checks UTF-8 that arrives piece by piece and cuts it into chunks at cluster boundaries,
/// handing each chunk to a `Rope.Builder` as soon as it is settled.
///
/// Only the bytes after the last cut are kept: the unfinished cluster (or CR waiting for a
/// possible LF), the up to three bytes of a scalar whose end has not arrived, and whatever of
/// the latest piece has not been cut yet. The chunks are those `ChunkBuilder.chunks(of:)` cuts
/// from the whole text, because every cut is decided on the same bytes: a cut is only looked
/// for once more than `maxBytes` follow the previous one (as the whole-text loop does), and a
/// cut that needs text not yet here waits for it (`ChunkBuilder.cutPoint`, `isComplete`).
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
    /// After a cluster ran past the end of the checked text, the next cut is looked for only
    /// once `validEnd` reaches this, so that a long cluster is segmented again after its text
    /// doubles rather than after every piece (O(n) in all instead of O(n²) for tiny pieces).
    private var retryAt = 0
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
            // Drop what is in chunks: the rest is the short tail of the previous piece, except
            // while a cluster runs on, when `start` is 0 and nothing moves.
            pending.removeFirst(start)
            dropped += start
            validEnd -= start
            retryAt -= start
            start = 0
        }
        pending.append(contentsOf: piece)
        try check(isComplete: false)
        cut(isComplete: false)
    }

    /// Checks the end of the text and returns the rope of all of it. O(chunk).
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
            UTF8Validation.check(UnsafeBufferPointer(rebasing: all[validEnd...]), isComplete: isComplete)
        }
        if let problem {
            let located = TextError(problem.kind, byteOffset: dropped + validEnd + problem.offset)
            error = located
            throw located
        }
        validEnd += valid
    }

    /// Cuts chunks from `pending[start..<validEnd]` while the cuts are settled; with
    /// `isComplete`, all of it.
    private mutating func cut(isComplete: Bool) {
        let target = ChunkLimits.loadTarget, end = validEnd
        // A second reference to the buffer (not a copy: nothing writes to it here) so that the
        // loop may update `self` while reading it.
        let bytes = pending
        bytes.withUnsafeBufferPointer { all in
            let p = UnsafeBufferPointer(rebasing: all[..<end])
            while start < end {
                let cut: Int
                if end - start <= ChunkLimits.maxBytes {
                    guard isComplete else { return }
                    cut = end
                } else {
                    guard isComplete || end >= retryAt else { return }
                    guard let found = ChunkBuilder.cutPoint(in: p, from: start, target: target, isComplete: isComplete) else {
                        retryAt = end + max(end - start, ChunkLimits.maxBytes)
                        return
                    }
                    cut = found
                }
                builder.append(TextChunk(Array(p[start..<cut])))
                start = cut
            }
        }
    }
}
