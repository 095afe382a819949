// UTF-16 offsets of many byte offsets in ascending order, for a change set built from a
// search's matches (`ChangeSet(sortedUTF8Edits:in:)`).

/// The UTF-16 offsets of ascending byte offsets (scalar boundaries) of a document: an offset
/// in the chunk of the one before is counted on from it; another descends to its chunk. So
/// each chunk's bytes are scanned at most once, where `count(.utf16, beforeUTF8:)` for each
/// offset scans its chunk from the start every time.
struct UTF16OffsetWalk {
    private let rope: Rope<TextChunk>
    private var cursor: Rope<TextChunk>.Cursor?
    /// The byte in the cursor's chunk counted up to, and the UTF-16 units before it.
    private var local = 0
    private var units = 0

    init(_ document: TextDocument) { rope = document.rope }

    /// The UTF-16 units before byte `x`, which is at or after the byte of the call before.
    /// O(bytes from the last offset) in the same chunk, else O(log n + chunk).
    mutating func utf16Offset(ofUTF8 x: Int) -> Int {
        guard x < rope.summary.utf8 else { return rope.summary.utf16 }
        if let c = cursor, x >= c.prefix.utf8 + local, x < c.end.utf8 {
            let target = x - c.prefix.utf8
            let chunk = c.chunkAddress
            if chunk.pointee.summary.scalars == chunk.pointee.summary.utf8 {         // ASCII
                units += target - local
            } else {
                units += chunk.pointee.bytes.withUnsafeBufferPointer { p in
                    let counts = UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: p[local..<target]))
                    return counts.scalars + counts.supplementary
                }
            }
            local = target
            return units
        }
        let c = rope.cursor(at: x, in: UTF8Metric.self)
        local = x - c.prefix.utf8
        units = c.prefix.utf16 + c.chunkAddress.pointee.countUTF16(before: local)
        cursor = c
        return units
    }
}
