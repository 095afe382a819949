internal import CaretICU

// Where an insensitive match can start. A cluster's key starts with the pattern key's first
// scalar only if one of the cluster's scalars has a key containing it (a cluster's key is its
// scalars' keys, at most reordered among marks): the scalar itself, or one of its sources, which
// ICU lists (`caret_search_key_sources`: `K` and the Kelvin sign for `k` ignoring case; `é`
// and every other precomposed `e` ignoring diacritics; the Hangul syllables holding a jamo).
// The finder, waiting for a match to start, skips over text none of whose scalars is one of
// these candidates: a table of their UTF-8 first bytes, a mask of the second bytes each first
// byte takes, then the scalar decoded and compared.

final class KeyPrefilter {
    /// 1 for a byte that starts a candidate's UTF-8 (a byte below 0x80 is the candidate).
    private let leads: UnsafeMutablePointer<UInt8>
    /// For a first byte from 0xC0, a bit per candidate's second byte (its low six bits).
    private let seconds: UnsafeMutablePointer<UInt64>
    /// The candidates above U+007F, sorted, and a bit per `value & 1023` of them.
    private let scalars: UnsafeMutablePointer<UInt32>
    private let scalarCount: Int
    private let bits: UnsafeMutablePointer<UInt64>

    /// The scalars other than `target` whose key (by `flags`) holds it, from ICU; nil when ICU
    /// fails. A few milliseconds.
    static func sources(flags: UInt32, target: UInt32) -> [UInt32]? {
        var capacity: Int32 = 64
        while true {
            var status: caret_icu_status = CARET_ICU_OK
            var count: Int32 = 0
            let sources = [UInt32](unsafeUninitializedCapacity: Int(capacity)) { buffer, initialized in
                count = caret_search_key_sources(flags, target, buffer.baseAddress, capacity, &status)
                initialized = Int(min(count, capacity))
            }
            guard caret_icu_succeeded(status) else { return nil }
            if count <= capacity { return sources }
            capacity = count
        }
    }

    /// The candidates for a pattern whose key starts with `first`, keys by `flags`; nil when ICU
    /// fails. A few milliseconds.
    init?(flags: UInt32, first: UInt32) {
        guard var sources = Self.sources(flags: flags, target: first) else { return nil }
        sources.append(first)
        leads = .allocate(capacity: 256)
        leads.initialize(repeating: 0, count: 256)
        seconds = .allocate(capacity: 256)
        seconds.initialize(repeating: 0, count: 256)
        var wide: [UInt32] = []
        for s in sources {
            guard let scalar = Unicode.Scalar(s) else { continue }
            let utf8 = Array(scalar.utf8)
            leads[Int(utf8[0])] = 1
            if utf8.count > 1 { seconds[Int(utf8[0])] |= 1 << (utf8[1] & 63) }
            if s >= 0x80 { wide.append(s) }
        }
        wide = Array(Set(wide)).sorted()
        scalarCount = wide.count
        scalars = .allocate(capacity: max(wide.count, 1))
        scalars.initialize(from: wide, count: wide.count)
        bits = .allocate(capacity: 16)
        bits.initialize(repeating: 0, count: 16)
        for s in wide { bits[Int(s & 1023) >> 6] |= 1 << (s & 63) }
    }

    deinit {
        leads.deallocate()
        seconds.deallocate()
        scalars.deallocate()
        bits.deallocate()
    }

    /// Whether the scalar `value` (above U+007F) is a candidate. O(log candidates).
    @inline(__always)
    private func isCandidate(_ value: UInt32) -> Bool {
        guard bits[Int(value & 1023) >> 6] & (1 &<< (value & 63)) != 0 else { return false }
        var lo = 0, hi = scalarCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if scalars[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < scalarCount && scalars[lo] == value
    }

    /// Whether the scalar at `i` (first byte 0xC0 or more) is a candidate.
    @inline(__always)
    private func isCandidate(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b = Int(p[i])
        guard leads[b] != 0 && seconds[b] & (1 &<< (p[i + 1] & 63)) != 0 else { return false }
        return isCandidate(UTF8Scalars.decode(p, at: i).value)
    }

    /// The start of the first candidate scalar in `p[from..<to]` (`from` a scalar start), or
    /// `to`. O(distance).
    @inline(__always)
    func next(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        while i < to {
            let b = p[i]
            if leads[Int(b)] == 0 {
                i += 1
                continue
            }
            if b < 0x80 { return i }
            if isCandidate(p, at: i) { return i }
            i += 2
        }
        return to
    }
}
