@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

// An ICU `UText` over the chunks of a rope: ICU's break iterators read the document where they
// need it, one chunk at a time, converted to UTF-16 on demand. Native indexes are UTF-8 byte
// offsets, so every boundary ICU reports is already a byte offset of the document. Nothing is
// copied beyond the chunks ICU asks for (see docs/ARCHITECTURE.md, "Text units").

/// Counts the bytes of text handed to ICU while it is installed (`ICUReadMeter.$current`):
/// the tests use it to prove that a query reads a bounded window of the text, not all of it.
/// Not thread-safe; meant for one test at a time.
final class ICUReadMeter: @unchecked Sendable {
    /// Bytes of UTF-8 converted for ICU so far (a chunk read twice counts twice).
    var bytes = 0

    /// The meter the current task counts into, if any.
    @TaskLocal static var current: ICUReadMeter?
}

/// The state behind one `UText` over a rope: a snapshot of the rope (an O(1) copy), and the
/// chunk ICU is reading as UTF-16 with maps between UTF-16 and native (UTF-8) offsets.
final class RopeTextContext {
    let rope: Rope<TextChunk>
    let meter: ICUReadMeter?
    /// The current chunk in UTF-16; never empty so that `chunkContents` is never null.
    var utf16: [UInt16] = [0]
    /// For each UTF-16 offset in the chunk (and its end), the byte offset of its scalar.
    var nativeOfUTF16: [Int32] = [0]
    /// For each byte offset in the chunk (and its end), the UTF-16 offset of its scalar's start.
    var utf16OfNative: [Int32] = [0]
    /// The chunk's byte range in the document; `loaded` is false before the first access.
    var start = 0, end = 0, loaded = false

    init(rope: Rope<TextChunk>, meter: ICUReadMeter?) {
        self.rope = rope
        self.meter = meter
    }

    /// Makes the chunk that holds byte `b` (0..<length) current and publishes it in `ut`.
    func load(chunkHolding b: Int, into ut: UnsafeMutablePointer<UText>) {
        guard !rope.isEmpty else {
            publishEmpty(ut)
            return
        }
        let location = rope.find(b, in: UTF8Metric.self)
        let bytes = location.chunk.bytes
        start = location.prefix.utf8
        end = start + bytes.count
        loaded = true
        meter?.bytes += bytes.count
        // One pass into preallocated buffers (a chunk has at most one UTF-16 unit per byte).
        let n = bytes.count
        var units = [UInt16](repeating: 0, count: n + 1)
        var natives = [Int32](repeating: 0, count: n + 1)
        var offsets = [Int32](repeating: 0, count: n + 1)
        var count = 0
        var asciiPrefix = -1
        units.withUnsafeMutableBufferPointer { u in
            natives.withUnsafeMutableBufferPointer { nat in
                offsets.withUnsafeMutableBufferPointer { toUTF16 in
                    bytes.withUnsafeBufferPointer { p in
                        var i = 0, k = 0
                        while i < n {
                            let (value, length) = UTF8Scalars.decode(p, at: i)
                            if value >= 0x80 && asciiPrefix < 0 { asciiPrefix = k }
                            for j in 0..<length { toUTF16[i + j] = Int32(k) }
                            if value > 0xFFFF {
                                let v = value - 0x10000
                                u[k] = UInt16(0xD800 + (v >> 10)); nat[k] = Int32(i)
                                u[k + 1] = UInt16(0xDC00 + (v & 0x3FF)); nat[k + 1] = Int32(i)
                                k += 2
                            } else {
                                u[k] = UInt16(value); nat[k] = Int32(i)
                                k += 1
                            }
                            i += length
                        }
                        toUTF16[n] = Int32(k)
                        nat[k] = Int32(n)
                        count = k
                    }
                }
            }
        }
        units.removeLast(n - count)       // keeps one zero after the chunk: room for a terminator
        natives.removeLast(n - count)
        utf16 = units
        nativeOfUTF16 = natives
        utf16OfNative = offsets
        if asciiPrefix < 0 { asciiPrefix = count }
        ut.pointee.chunkContents = utf16.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
        ut.pointee.chunkLength = Int32(count)
        ut.pointee.chunkNativeStart = Int64(start)
        ut.pointee.chunkNativeLimit = Int64(end)
        ut.pointee.nativeIndexingLimit = Int32(asciiPrefix)
        ut.pointee.chunkOffset = 0
    }

    private func publishEmpty(_ ut: UnsafeMutablePointer<UText>) {
        start = 0; end = 0; loaded = true
        utf16 = [0]; nativeOfUTF16 = [0]; utf16OfNative = [0]
        ut.pointee.chunkContents = utf16.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
        ut.pointee.chunkLength = 0
        ut.pointee.chunkNativeStart = 0
        ut.pointee.chunkNativeLimit = 0
        ut.pointee.nativeIndexingLimit = 0
        ut.pointee.chunkOffset = 0
    }

    /// UTF-16 offset in the current chunk of byte `x` of the document (inside the chunk).
    func chunkOffset(ofNative x: Int) -> Int32 { utf16OfNative[x - start] }
}

// The array buffers above stay put while ICU holds `chunkContents`: they are only replaced by
// the next `load`, which publishes the new address at once.

private func context(_ ut: UnsafePointer<UText>) -> RopeTextContext {
    Unmanaged<RopeTextContext>.fromOpaque(ut.pointee.context!).takeUnretainedValue()
}

/// The provider's `access`: make the chunk holding `index` current (forward: the byte at
/// `index`; backward: the byte before it), with ICU's conventions at the two ends.
private func ropeTextAccess(_ ut: UnsafeMutablePointer<UText>?, _ index: Int64, _ forward: UBool) -> UBool {
    guard let ut else { return 0 }
    let c = context(ut)
    let length = c.rope.summary.utf8
    let x = Int(max(0, min(index, Int64(length))))
    if length == 0 {
        if !c.loaded { c.load(chunkHolding: 0, into: ut) }
        return 0
    }
    if forward != 0 {
        if x >= length {
            if !(c.loaded && c.end == length) { c.load(chunkHolding: length - 1, into: ut) }
            ut.pointee.chunkOffset = ut.pointee.chunkLength
            return 0
        }
        if !(c.loaded && c.start <= x && x < c.end) { c.load(chunkHolding: x, into: ut) }
        ut.pointee.chunkOffset = c.chunkOffset(ofNative: x)
        return 1
    } else {
        if x <= 0 {
            if !(c.loaded && c.start == 0) { c.load(chunkHolding: 0, into: ut) }
            ut.pointee.chunkOffset = 0
            return 0
        }
        if !(c.loaded && c.start < x && x <= c.end) { c.load(chunkHolding: x - 1, into: ut) }
        ut.pointee.chunkOffset = c.chunkOffset(ofNative: x)
        return 1
    }
}

/// The function table shared by every rope `UText`.
nonisolated(unsafe) private let ropeTextFuncs: UnsafeMutablePointer<UTextFuncs> = {
    let f = UnsafeMutablePointer<UTextFuncs>.allocate(capacity: 1)
    f.initialize(to: UTextFuncs())
    f.pointee.tableSize = Int32(MemoryLayout<UTextFuncs>.size)
    f.pointee.clone = { dest, src, _, status in
        // Read-only text: a deep clone is a shallow one. The clone gets its own chunk buffers.
        guard let src, let status, status.pointee.rawValue <= U_ZERO_ERROR.rawValue else { return dest }
        guard let result = cicu_utext_setup(dest, 0, status), status.pointee.rawValue <= U_ZERO_ERROR.rawValue else {
            return dest
        }
        let old = context(src)
        let copy = RopeTextContext(rope: old.rope, meter: old.meter)
        result.pointee.pFuncs = src.pointee.pFuncs
        result.pointee.providerProperties = src.pointee.providerProperties
        result.pointee.context = UnsafeRawPointer(Unmanaged.passRetained(copy).toOpaque())
        let index = cicu_utext_getNativeIndex(src)
        _ = ropeTextAccess(result, index, 1)
        return result
    }
    f.pointee.nativeLength = { ut in Int64(context(ut!).rope.summary.utf8) }
    f.pointee.access = { ut, index, forward in ropeTextAccess(ut, index, forward) }
    f.pointee.extract = { ut, nativeStart, nativeLimit, dest, capacity, status in
        guard let ut, let status, status.pointee.rawValue <= U_ZERO_ERROR.rawValue else { return 0 }
        guard nativeStart <= nativeLimit, capacity >= 0, capacity == 0 || dest != nil else {
            status.pointee = U_ILLEGAL_ARGUMENT_ERROR
            return 0
        }
        let c = context(ut)
        let length = Int64(c.rope.summary.utf8)
        var x = Int(max(0, min(nativeStart, length)))
        let limit = Int(max(0, min(nativeLimit, length)))
        var written = 0
        // Walk the range chunk by chunk through `access`, so indexes snap to scalar starts.
        while x < limit {
            _ = ropeTextAccess(ut, Int64(x), 1)
            var k = Int(ut.pointee.chunkOffset)
            let chunkEnd = min(limit, c.end)
            let stop = Int(c.chunkOffset(ofNative: chunkEnd))
            while k < stop {
                if written < Int(capacity) { dest![written] = c.utf16[k] }
                written += 1
                k += 1
            }
            x = c.end
        }
        _ = ropeTextAccess(ut, Int64(limit), 1)
        if written < Int(capacity) { dest![written] = 0 }
        else if written == Int(capacity) { status.pointee = U_STRING_NOT_TERMINATED_WARNING }
        else { status.pointee = U_BUFFER_OVERFLOW_ERROR }
        return Int32(written)
    }
    f.pointee.mapOffsetToNative = { ut in
        let c = context(ut!)
        return Int64(c.start) + Int64(c.nativeOfUTF16[Int(ut!.pointee.chunkOffset)])
    }
    f.pointee.mapNativeIndexToUTF16 = { ut, index in
        let c = context(ut!)
        let x = Int(max(Int64(c.start), min(index, Int64(c.end))))
        return c.chunkOffset(ofNative: x)
    }
    f.pointee.close = { ut in
        guard let ut, let raw = ut.pointee.context else { return }
        Unmanaged<RopeTextContext>.fromOpaque(raw).release()
        ut.pointee.context = nil
    }
    return f
}()

/// A `UText` over a rope of text chunks, closed in `deinit`. Native indexes are UTF-8 offsets.
final class RopeText {
    let text: UnsafeMutablePointer<UText>

    /// - Returns: nil when ICU cannot set up the `UText`.
    init?(_ rope: Rope<TextChunk>) {
        var status = U_ZERO_ERROR
        guard let ut = cicu_utext_setup(nil, 0, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        let c = RopeTextContext(rope: rope, meter: ICUReadMeter.current)
        ut.pointee.pFuncs = UnsafePointer(ropeTextFuncs)
        ut.pointee.context = UnsafeRawPointer(Unmanaged.passRetained(c).toOpaque())
        text = ut
        _ = ropeTextAccess(ut, 0, 1)
    }

    deinit { _ = cicu_utext_close(text) }
}
