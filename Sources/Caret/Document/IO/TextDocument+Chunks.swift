// Reading the text out: whole, by range, or chunk by chunk.

extension TextDocument {
    /// The text of bytes `range` (grapheme boundaries). O(log n + length).
    func string(utf8Range range: Range<Int>) -> String {
        let length = range.count
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            copyUTF8(range, into: buffer)
            return length
        }
    }

    /// Copies bytes `range` into `buffer`, which has room for them.
    func copyUTF8(_ range: Range<Int>, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var written = 0
        forEachUTF8Piece(of: range) { piece in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + piece.count)]).initialize(from: piece)
            written += piece.count
        }
    }

    /// Calls `body` with the bytes of `range` in order, one piece a chunk (each a part of one
    /// chunk's storage, never empty, valid only during the call): a read of a stretch of the
    /// text without a copy of it. O(log n + length).
    func forEachUTF8Piece(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard range.count > 0, !rope.isEmpty else { return }
        var c = cursor(at: range.lowerBound, in: UTF8Metric.self)
        while true {
            let chunkStart = c.prefix.utf8
            // Through the chunk's address: a copy of the chunk would retain its storage.
            let chunk = c.chunkAddress
            let length = chunk.pointee.bytes.count
            let from = max(range.lowerBound - chunkStart, 0)
            let to = min(range.upperBound - chunkStart, length)
            if from < to {
                chunk.pointee.bytes.withUnsafeBufferPointer { p in body(UnsafeBufferPointer(rebasing: p[from..<to])) }
            }
            guard chunkStart + length < range.upperBound, rope.moveToNext(&c) else { return }
        }
    }

    /// The UTF-8 bytes of `range`.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length).
    public func utf8(in range: TextRange) -> [UInt8]? {
        guard let bytes = validated(range) else { return nil }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            copyUTF8(bytes, into: buffer)
            count = bytes.count
        }
    }

    /// The text as a sequence of UTF-8 pieces, in order, without copying them: for writing a
    /// document out. Pieces start and end on grapheme boundaries; their sizes are unspecified.
    /// - Complexity: O(1) to create; O(1) amortised per piece.
    public var utf8Chunks: UTF8Chunks { UTF8Chunks(chunks: rope.chunks) }

    /// The UTF-8 pieces of a document (see `TextDocument.utf8Chunks`).
    public struct UTF8Chunks: Sequence, Sendable {
        let chunks: Rope<TextChunk>.ChunkSequence

        /// An iterator over the pieces, from the start of the text.
        /// - Complexity: O(1).
        public func makeIterator() -> Iterator { Iterator(base: chunks.makeIterator()) }

        /// Yields the UTF-8 pieces of a document in order.
        public struct Iterator: IteratorProtocol {
            var base: Rope<TextChunk>.ChunkSequence.Iterator
            /// The next piece of UTF-8 (one chunk of the rope, starting and ending on grapheme
            /// boundaries; its size is unspecified), or nil at the end.
            /// - Complexity: O(1) amortised; O(log n) in the number of pieces for the first.
            public mutating func next() -> [UInt8]? { base.next()?.bytes }
        }
    }

    /// The byte before byte `x` (0 < x <= the length in bytes): from the last edit's chunk when
    /// it holds that byte (typing reads what it just typed), else through a lookup. O(1) near
    /// the last edit, else O(log n).
    func utf8Byte(before x: Int) -> UInt8 {
        if let place = finger.editPlace, place.root == rootID {
            let i = x - 1 - place.cursor.prefix.utf8
            let byte: UInt8? = place.cursor.chunkAddress.pointee.bytes.withUnsafeBufferPointer { i >= 0 && i < $0.count ? $0[i] : nil }
            if let byte { return byte }
        }
        var byte: UInt8 = 0
        withUnsafeMutablePointer(to: &byte) { copyUTF8((x - 1)..<x, into: UnsafeMutableBufferPointer(start: $0, count: 1)) }
        return byte
    }
}
