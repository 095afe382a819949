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

    init(rope: Rope<TextChunk>, meter: ICUReadMeter?) {
        self.rope = rope
        self.meter = meter
    }

    /// The `read` callback's work: the chunk holding UTF-16 unit `index`, in UTF-16, into
    /// `buffer` (when it fits in `capacity`), its first unit's offset into `start`; returns
    /// its length in UTF-16 units. O(log n + chunk).
    func read(_ index: Int, into buffer: UnsafeMutablePointer<UInt16>, capacity: Int,
              start: UnsafeMutablePointer<Int64>) -> Int {
        let location = rope.find(index, in: UTF16Metric.self)
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
            var i = 0, k = 0
            while i < p.count {
                let (value, length) = UTF8Scalars.decode(p, at: i)
                if value > 0xFFFF {
                    let v = value - 0x10000
                    buffer[k] = UInt16(0xD800 + (v >> 10))
                    buffer[k + 1] = UInt16(0xDC00 + (v & 0x3FF))
                    k += 2
                } else {
                    buffer[k] = UInt16(value)
                    k += 1
                }
                i += length
            }
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

    /// The UTF-16 offset of byte `x` (0...utf8 count), moved to the start of its scalar
    /// (`roundingUp`: the end) when it falls inside one. O(log n + chunk).
    func utf16Offset(ofUTF8 x: Int, roundingUp: Bool = false) -> Int {
        guard x < rope.summary.utf8, !rope.isEmpty else { return rope.summary.utf16 }
        let location = rope.find(max(x, 0), in: UTF8Metric.self)
        var local = max(x, 0) - location.prefix.utf8
        let chunk = location.chunk
        chunk.bytes.withUnsafeBufferPointer { p in
            while local > 0 && local < p.count && !UTF8Scalars.isLead(p[local]) { local += roundingUp ? 1 : -1 }
        }
        return location.prefix.utf16 + chunk.countUTF16(before: local)
    }

    /// The byte offset of UTF-16 offset `u` (0...utf16 count, on a scalar boundary, as every
    /// boundary ICU reports is). O(log n + chunk).
    func utf8Offset(ofUTF16 u: Int) -> Int {
        guard u < rope.summary.utf16, !rope.isEmpty else { return rope.summary.utf8 }
        let location = rope.find(max(u, 0), in: UTF16Metric.self)
        return location.prefix.utf8 + location.chunk.utf8Offset(ofUTF16: max(u, 0) - location.prefix.utf16)
    }

    /// True when byte `x` starts a scalar (or is the end). O(log n).
    func isScalarBoundary(utf8 x: Int) -> Bool {
        guard x > 0, x < rope.summary.utf8 else { return true }
        let location = rope.find(x, in: UTF8Metric.self)
        return UTF8Scalars.isLead(location.chunk.bytes[x - location.prefix.utf8])
    }
}
