/// The resolved bidi levels of one hard-line paragraph, one per byte (each scalar's level on
/// all its bytes): what a visual line's layout reads of its paragraph to order its clusters.
/// A cluster takes the level of its first scalar, as `ParagraphLayout` has it; unlike that
/// layout, no clusters are counted and nothing is reordered here (a visual line reorders its
/// own clusters), so a row of a paragraph not laid out yet costs one resolver pass.
struct ParagraphLevels {
    /// The paragraph's bytes, without its terminator.
    let start: Int
    let end: Int
    /// The direction override the levels were resolved with (nil: P2–P3).
    let requested: UInt8?
    /// The resolved paragraph level.
    let paragraphLevel: UInt8
    /// One level per byte; empty when every byte is at `paragraphLevel`.
    private let levels: [UInt8]

    /// Resolves `paragraph` of `document` at `requested` (0 or 1; nil for P2–P3), as
    /// `ParagraphLayout.build` does: one level for a paragraph beyond `Int32.max` bytes (the
    /// resolver's 32-bit indexes). O(paragraph).
    init(_ document: TextDocument, _ paragraph: TextDocument.Paragraph, requested: UInt8?) {
        start = paragraph.start
        end = paragraph.end
        self.requested = requested
        var level: UInt8 = 0
        var levels: [UInt8] = []
        document.withUTF8(paragraph.start..<paragraph.end) { p in
            if p.count > Int(Int32.max) {
                level = requested ?? BidiResolver.paragraphLevel(ofUTF8: p)
                return
            }
            // The scalars in a temporary allocation: an array's took a runtime metadata lookup.
            let resolution = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(p.count, 1)) { scalars in
                var i = 0, n = 0
                while i < p.count {
                    let (value, length) = UTF8Scalars.decode(p, at: i)
                    scalars[n] = value
                    n += 1
                    i += length
                }
                return BidiResolver.resolve(UnsafeBufferPointer(rebasing: scalars[..<n]), paragraphLevel: requested)
            }
            level = resolution.paragraphLevel
            guard !resolution.levels.isEmpty else { return }
            let perScalar = resolution.levels
            levels = [UInt8](unsafeUninitializedCapacity: p.count) { buffer, count in
                var k = -1
                for i in 0..<p.count {
                    if p[i] & 0xC0 != 0x80 { k += 1 }
                    buffer[i] = perScalar[k]
                }
                count = p.count
            }
        }
        paragraphLevel = level
        self.levels = levels
    }

    /// The level of the scalar holding byte `x` (`start..<end`). O(1).
    func level(atByte x: Int) -> UInt8 { levels.isEmpty ? paragraphLevel : levels[x - start] }

    /// The levels of bytes `range` (within `start..<end`), one a byte, or nil when every byte is
    /// at `paragraphLevel`. O(1).
    func withLevels<R>(ofBytes range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard !levels.isEmpty else { return body(nil) }
        return levels.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(range.lowerBound - start)..<(range.upperBound - start)])) }
    }
}
