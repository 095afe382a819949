// The bytes of a rope read at ascending offsets, for checks of many sorted stretches (a change
// set's removed texts, `TextDocument.check(_:)`): the cursor of the read before moves forward
// to the next chunk, or descends again when the offset lies further on, so a stretch costs
// O(its bytes) plus at most one descent, and nothing is copied.

/// Reads a rope's bytes at offsets that never go back.
struct SortedByteReader {
    private let rope: Rope<TextChunk>
    private var cursor: Rope<TextChunk>.Cursor?

    init(_ rope: Rope<TextChunk>) { self.rope = rope }

    /// The cursor at the chunk holding byte `x` (`x` < the rope's length, not before the
    /// offsets read so far). O(1) in the same or the next chunk, else O(log n).
    private mutating func chunk(holding x: Int) -> Rope<TextChunk>.Cursor {
        if var c = cursor, x >= c.prefix.utf8 {
            if x < c.end.utf8 { return c }
            if x < c.end.utf8 + 4096, rope.moveToNext(&c), x >= c.prefix.utf8, x < c.end.utf8 {
                cursor = c
                return c
            }
        }
        let c = rope.cursor(at: x, in: UTF8Metric.self)
        cursor = c
        return c
    }

    /// True when byte `x` (0...length) starts a scalar or ends the text. O(1) amortised.
    mutating func isScalarStart(_ x: Int) -> Bool {
        let length = rope.summary.utf8
        guard x > 0 && x < length else { return x == 0 || x == length }
        let c = chunk(holding: x)
        let byte = c.chunkAddress.pointee.bytes[x - c.prefix.utf8]
        return byte & 0xC0 != 0x80
    }

    /// True when bytes `range` (inside the text) are `text`'s UTF-8. O(length) plus at most
    /// one descent.
    mutating func holds(_ text: String, at range: Range<Int>) -> Bool {
        var text = text
        return text.withUTF8 { expected -> Bool in
            guard expected.count == range.count else { return false }
            var x = range.lowerBound
            var compared = 0
            while x < range.upperBound {
                let c = chunk(holding: x)
                let local = x - c.prefix.utf8
                let n = min(range.upperBound, c.end.utf8) - x
                let same = c.chunkAddress.pointee.bytes.withUnsafeBufferPointer { p in
                    UnsafeBufferPointer(rebasing: p[local..<(local + n)])
                        .elementsEqual(UnsafeBufferPointer(rebasing: expected[compared..<(compared + n)]))
                }
                guard same else { return false }
                x += n
                compared += n
            }
            return true
        }
    }
}
