internal import CaretICU

// Search keys (see caret_icu_search_key.h): ICU computes the key of a text; a per-scalar cache
// in front of it makes a cluster's key the concatenation of its scalars' keys, which is exact
// because full case folding is context-free and decomposition is per scalar up to canonical
// reordering — and a cluster whose marks would be reordered goes to ICU whole.

final class SearchKeys {
    /// The ICU flags (`CARET_KEY_…`).
    let flags: UInt32
    /// The key byte of each byte below 0x80 (indexes up to 255 are valid and hold
    /// `multiByte`), or `multiByte` when its key is not one byte (Turkic `I` folds to `ı`).
    /// Tables are raw memory owned by the object: the scan reads them without the exclusivity
    /// checks that a class's array properties cost on every access.
    let ascii: UnsafeMutablePointer<UInt16>
    /// True when every ASCII byte has a one-byte key.
    let asciiIsSingleByte: Bool
    static let multiByte: UInt16 = 0xFFFF

    // A direct-mapped cache of scalar keys of up to 12 bytes: the scalar, the key's length
    // (0xFF: not cached), its bytes, and the combining classes of its first and last scalars.
    // 16 Ki slots (about 300 KB): a CJK text's few thousand ideographs rarely collide (at 4 Ki
    // they did, and every collision is a call into ICU).
    private static let slots = 16_384
    private static let width = 12
    private let cachedScalar: UnsafeMutablePointer<UInt32>
    private let cachedLength: UnsafeMutablePointer<UInt8>
    private let cachedBytes: UnsafeMutablePointer<UInt8>
    private let cachedFirstClass: UnsafeMutablePointer<UInt8>
    private let cachedLastClass: UnsafeMutablePointer<UInt8>
    // The scratch buffer `clusterKey` writes a cluster's key into.
    @exclusivity(unchecked) private var scratch: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var scratchCapacity = 256

    /// Keys for the query's options; `locale` decides Turkic folding.
    init(ignoresCase: Bool, ignoresDiacritics: Bool, ignoresNormalization: Bool, locale: String) {
        var flags: UInt32 = 0
        if ignoresNormalization || ignoresDiacritics { flags |= CARET_KEY_DECOMPOSE }
        if ignoresDiacritics { flags |= CARET_KEY_STRIP_MARKS }
        if ignoresCase {
            flags |= CARET_KEY_FOLD_CASE
            let language = locale.lowercased().prefix { $0.isLetter }
            if language == "tr" || language == "az" { flags |= CARET_KEY_TURKIC }
        }
        self.flags = flags
        ascii = .allocate(capacity: 256)
        ascii.initialize(repeating: Self.multiByte, count: 256)
        var single = true
        for b in 0..<128 {
            let key = Self.icuKey(flags, [UInt8(b)])
            if key.count == 1 {
                ascii[b] = UInt16(key[0])
            } else {
                single = false
            }
        }
        asciiIsSingleByte = single
        let slots = Self.slots
        cachedScalar = .allocate(capacity: slots)
        cachedScalar.initialize(repeating: UInt32.max, count: slots)
        cachedLength = .allocate(capacity: slots)
        cachedLength.initialize(repeating: 0, count: slots)
        cachedBytes = .allocate(capacity: slots * Self.width)
        cachedBytes.initialize(repeating: 0, count: slots * Self.width)
        cachedFirstClass = .allocate(capacity: slots)
        cachedFirstClass.initialize(repeating: 0, count: slots)
        cachedLastClass = .allocate(capacity: slots)
        cachedLastClass.initialize(repeating: 0, count: slots)
        scratch = .allocate(capacity: scratchCapacity)
    }

    deinit {
        ascii.deallocate()
        cachedScalar.deallocate()
        cachedLength.deallocate()
        cachedBytes.deallocate()
        cachedFirstClass.deallocate()
        cachedLastClass.deallocate()
        scratch.deallocate()
    }

    /// The key of `text` (valid UTF-8) by ICU, uncached. O(length).
    static func icuKey(_ flags: UInt32, _ text: some Collection<UInt8>) -> [UInt8] {
        let source = Array(text)
        var capacity = max(16, source.count * 3 + 8)
        while true {
            var status: caret_icu_status = CARET_ICU_OK
            var length: Int32 = 0
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                length = source.withUnsafeBufferPointer { s in
                    s.withMemoryRebound(to: CChar.self) { s8 in
                        buffer.withMemoryRebound(to: CChar.self) { d in
                            caret_search_key_utf8(flags, s8.baseAddress, Int32(s8.count), d.baseAddress, Int32(capacity), &status)
                        }
                    }
                }
                count = caret_icu_succeeded(status) ? Int(length) : 0
            }
            if status == CARET_ICU_BUFFER_OVERFLOW {
                capacity = Int(length)
                continue
            }
            return result
        }
    }

    /// The key of a whole text (the pattern). O(length).
    func key(of text: String) -> [UInt8] { Self.icuKey(flags, Array(text.utf8)) }

    /// The key of the cluster `p[start..<end]`, in a scratch buffer the keys own: valid until
    /// the next call. O(cluster) with the cache warm; no allocation unless the cluster's key
    /// outgrows the buffer.
    @inline(__always)
    func clusterKey(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        // A cached scalar key is at most `width` bytes for at least one byte of text.
        reserveScratch((end - start) * Self.width)
        var out = scratch
        let checksOrder = flags & CARET_KEY_DECOMPOSE != 0 && flags & CARET_KEY_STRIP_MARKS == 0
        var count = 0
        var lastClass: UInt8 = 0
        var i = start
        while i < end {
            let b = p[i]
            let k = ascii[Int(b)]
            if k != Self.multiByte {
                out[count] = UInt8(truncatingIfNeeded: k)
                count += 1
                lastClass = 0
                i += 1
                continue
            }
            let (value, length) = UTF8Scalars.decode(p, at: i)
            let slot = Int(value & UInt32(Self.slots - 1))
            if cachedScalar[slot] != value { fill(slot, value, UnsafeBufferPointer(rebasing: p[i..<(i + length)])) }
            let n = Int(cachedLength[slot])
            if n == 0xFF {                                           // too long to cache
                // Order unknown: ICU takes the cluster.
                if checksOrder { return icuClusterKey(p, start, end) }
                let key = Self.icuKey(flags, UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                reserveScratch(count + key.count + (end - i) * Self.width)
                out = scratch
                for t in key.indices { out[count + t] = key[t] }
                count += key.count
            } else if n > 0 {
                let first = cachedFirstClass[slot]
                if checksOrder && first != 0 && lastClass > first { return icuClusterKey(p, start, end) }
                (out + count).update(from: cachedBytes + slot * Self.width, count: n)
                count += n
                lastClass = cachedLastClass[slot]
            }
            i += length
        }
        return UnsafeBufferPointer(start: out, count: count)
    }

    /// The key of the whole cluster by ICU, in the scratch buffer.
    private func icuClusterKey(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        let key = Self.icuKey(flags, UnsafeBufferPointer(rebasing: p[start..<end]))
        reserveScratch(key.count)
        for t in key.indices { scratch[t] = key[t] }
        return UnsafeBufferPointer(start: scratch, count: key.count)
    }

    /// Grows the scratch buffer to hold at least `capacity` bytes (its contents kept).
    @inline(__always)
    private func reserveScratch(_ capacity: Int) {
        guard capacity > scratchCapacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 2 * scratchCapacity))
        grown.update(from: scratch, count: scratchCapacity)
        scratch.deallocate()
        scratch = grown
        scratchCapacity = max(capacity, 2 * scratchCapacity)
    }

    private func fill(_ slot: Int, _ value: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) {
        let key = Self.icuKey(flags, bytes)
        cachedScalar[slot] = value
        guard key.count <= Self.width else {
            cachedLength[slot] = 0xFF
            return
        }
        cachedLength[slot] = UInt8(key.count)
        for t in key.indices { cachedBytes[slot * Self.width + t] = key[t] }
        guard !key.isEmpty else { return }
        key.withUnsafeBufferPointer { k in
            cachedFirstClass[slot] = caret_combining_class(UTF8Scalars.decode(k, at: 0).value)
            var last = k.count - 1
            while !UTF8Scalars.isLead(k[last]) { last -= 1 }
            cachedLastClass[slot] = caret_combining_class(UTF8Scalars.decode(k, at: last).value)
        }
    }
}
