internal import CaretICU

// The Swift half of the text ICU reads over a rope (`caret_text`, Sources/CaretICU/text.c):
// ICU asks for the piece holding a UTF-16 offset; the rope finds that chunk by its UTF-16
// counts in O(log n) and converts it to UTF-16 into ICU's buffer. Native indexes are UTF-16
// offsets, so ICU answers exactly as on the flat UTF-16 text. Nothing is copied beyond the
// chunks ICU asks for (see docs/ARCHITECTURE.md, "Text units").

/// Counts the bytes of text handed to ICU while it is installed (`ICUReadMeter.$current`):
/// the tests use it to prove that a query reads a bounded window of the text, not all of it.
/// Not thread-safe; meant for one test at a time.
final class ICUReadMeter: @unchecked Sendable {
    /// Bytes of UTF-8 converted for ICU so far (a chunk read twice counts twice).
    var bytes = 0

    /// The meter the current task counts into, if any.
    @TaskLocal static var current: ICUReadMeter?
}

/// What a `caret_text` over a rope reads: a snapshot of the rope (an O(1) copy), immutable,
/// shared by the text and every clone ICU makes of it.
final class RopeTextSource {
    let rope: Rope<TextChunk>
    let meter: ICUReadMeter?
    /// The chunk read last: ICU reads on from it (a walk) or near it (a lookup), which a seek
    /// from it finds without a descent. Used by one thread at a time, as the text is.
    private var last: Rope<TextChunk>.Cursor?

    init(rope: Rope<TextChunk>, meter: ICUReadMeter?) {
        self.rope = rope
        self.meter = meter
    }

    /// The `read` callback's work: the chunk holding UTF-16 unit `index`, in UTF-16, into
    /// `buffer` (when it fits in `capacity`), its first unit's offset into `start`; returns
    /// its length in UTF-16 units. O(chunk), plus O(log n) unless the chunk is in the leaf of
    /// the one read last.
    func read(_ index: Int, into buffer: UnsafeMutablePointer<UInt16>, capacity: Int,
              start: UnsafeMutablePointer<Int64>) -> Int {
        var location: Rope<TextChunk>.Cursor
        if let c = last {
            location = c
            rope.seek(&location, to: index, in: UTF16Metric.self)
        } else {
            location = rope.cursor(at: index, in: UTF16Metric.self)
        }
        last = location
        let chunk = location.chunk
        start.pointee = Int64(location.prefix.utf16)
        let count = chunk.summary.utf16
        guard count <= capacity else { return count }
        meter?.bytes += chunk.bytes.count
        chunk.bytes.withUnsafeBufferPointer { p in
            if chunk.summary.scalars == chunk.summary.utf8 {       // ASCII: widen
                for i in 0..<p.count { buffer[i] = UInt16(p[i]) }
                return
            }
            _ = UTF8Scalars.transcodeToUTF16(p, into: buffer, capacity: capacity)
        }
        return count
    }
}

/// The C callbacks of every rope source: `context` is an unmanaged `RopeTextSource`.
private func ropeSource(_ context: UnsafeMutableRawPointer?) -> RopeTextSource {
    Unmanaged<RopeTextSource>.fromOpaque(context!).takeUnretainedValue()
}

private let ropeRead: @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<UInt16>?, Int32,
                                      UnsafeMutablePointer<Int64>?) -> Int32 = { context, index, buffer, capacity, start in
    Int32(ropeSource(context).read(Int(index), into: buffer!, capacity: Int(capacity), start: start!))
}
private let ropeRetain: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    _ = Unmanaged<RopeTextSource>.fromOpaque(context!).retain()
}
private let ropeRelease: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    Unmanaged<RopeTextSource>.fromOpaque(context!).release()
}

/// A text ICU reads over a rope of chunks, closed in `deinit`. Native indexes are UTF-16
/// offsets; `utf16Offset(ofUTF8:)` and `utf8Offset(ofUTF16:)` translate.
final class RopeText {
    let text: OpaquePointer
    let rope: Rope<TextChunk>

    /// - Returns: nil when ICU cannot set up the text.
    init?(_ rope: Rope<TextChunk>) {
        let source = RopeTextSource(rope: rope, meter: ICUReadMeter.current)
        var status: caret_icu_status = CARET_ICU_OK
        let opened: OpaquePointer? = withExtendedLifetime(source) {
            var description = caret_text_source(
                context: Unmanaged.passUnretained(source).toOpaque(), length: Int64(rope.summary.utf16),
                read: ropeRead, retain: ropeRetain, release: ropeRelease)
            // A chunk holds at most `ChunkLimits.maxBytes` bytes, so at most as many units (a
            // longer chunk, one cluster, grows the buffer).
            return caret_text_open(&description, Int32(ChunkLimits.maxBytes), &status)
        }
        guard let opened, caret_icu_succeeded(status) else { return nil }
        text = opened
        self.rope = rope
    }

    deinit { caret_text_close(text) }

    /// The chunk of the last translation, and a byte offset in it with its UTF-16 offset (both
    /// local, on a scalar boundary): one lookup translates a handful of offsets a few bytes
    /// apart, so each counts from the last one instead of searching from the root and counting
    /// from the chunk's start (that count, O(chunk) per offset, was a sixth of a word lookup).
    private var near: Rope<TextChunk>.Cursor?
    private var near8 = 0
    private var near16 = 0

    /// The chunk holding byte `x` (< utf8 count) or unit `x` (< utf16 count) of `M`; resets
    /// the translation pair when the chunk changes. O(1) in the chunk of the last call or a
    /// neighbour in its leaf, else O(log n).
    private func chunk<M: TextMetric>(holding x: Int, in metric: M.Type) -> Rope<TextChunk>.Cursor {
        if let c = near, x >= M.measure(c.prefix), x < M.measure(c.prefix) + M.measure(c.chunkAddress.pointee.summary) {
            return c
        }
        var c: Rope<TextChunk>.Cursor
        if let previous = near {
            c = previous
            rope.seek(&c, to: x, in: M.self)
        } else {
            c = rope.cursor(at: x, in: M.self)
        }
        near = c
        near8 = 0
        near16 = 0
        return c
    }

    /// The UTF-16 offset of byte `x` (0...utf8 count), moved to the start of its scalar
    /// (`roundingUp`: the end) when it falls inside one. O(distance from the last translation
    /// in the same chunk), else O(log n + chunk).
    func utf16Offset(ofUTF8 x: Int, roundingUp: Bool = false) -> Int {
        guard x < rope.summary.utf8, !rope.isEmpty else { return rope.summary.utf16 }
        let c = chunk(holding: max(x, 0), in: UTF8Metric.self)
        var local = max(x, 0) - c.prefix.utf8
        let chunk = c.chunkAddress
        if chunk.pointee.summary.scalars == chunk.pointee.summary.utf8 { return c.prefix.utf16 + local }   // ASCII
        let units = chunk.pointee.bytes.withUnsafeBufferPointer { p -> Int in
            while local > 0 && local < p.count && !UTF8Scalars.isLead(p[local]) { local += roundingUp ? 1 : -1 }
            // From the nearer of the last pair and the chunk's start.
            let (from, fromUnits) = abs(local - near8) < local ? (near8, near16) : (0, 0)
            let counted = UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: p[min(from, local)..<max(from, local)]))
            let between = counted.scalars + counted.supplementary
            return local >= from ? fromUnits + between : fromUnits - between
        }
        near8 = local
        near16 = units
        return c.prefix.utf16 + units
    }

    /// The byte offset of UTF-16 offset `u` (0...utf16 count, on a scalar boundary, as every
    /// boundary ICU reports is; inside a surrogate pair it rounds down). O(distance from the
    /// last translation in the same chunk), else O(log n + chunk).
    func utf8Offset(ofUTF16 u: Int) -> Int {
        guard u < rope.summary.utf16, !rope.isEmpty else { return rope.summary.utf8 }
        let c = chunk(holding: max(u, 0), in: UTF16Metric.self)
        let target = max(u, 0) - c.prefix.utf16
        let chunk = c.chunkAddress
        if chunk.pointee.summary.scalars == chunk.pointee.summary.utf8 { return c.prefix.utf8 + target }   // ASCII
        let (bytes, units) = chunk.pointee.bytes.withUnsafeBufferPointer { p -> (Int, Int) in
            var i = near8, k = near16
            if target < k && target < k - target { (i, k) = (0, 0) }   // nearer the chunk's start
            if k < target { (i, k) = UTF8Scalars.forward(in: p, from: i, unit: k, toUnit: target) }
            while k > target {
                i -= 1
                while !UTF8Scalars.isLead(p[i]) { i -= 1 }
                k -= p[i] >= 0xF0 ? 2 : 1
            }
            return (i, k)
        }
        near8 = bytes
        near16 = units
        return c.prefix.utf8 + bytes
    }

    /// True when byte `x` starts a scalar (or is the end). O(1) in the chunk of the last
    /// translation, else O(log n).
    func isScalarBoundary(utf8 x: Int) -> Bool {
        guard x > 0, x < rope.summary.utf8 else { return true }
        let c = chunk(holding: x, in: UTF8Metric.self)
        return UTF8Scalars.isLead(c.chunkAddress.pointee.bytes[x - c.prefix.utf8])
    }
}
