@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

// Flat-buffer case mapping: the baseline of caret-bench's `case.*` workloads. ICU's
// `ucasemap_utf8To*` on one contiguous UTF-8 buffer, opened and called directly (not through
// `ICUCaseMap`, so the reference does not move when the engine's wrapper changes).

@_spi(Reference)
extension ICUReference {
    /// `bytes` (valid UTF-8) mapped by `mapping` for `locale` with one
    /// `ucasemap_utf8ToUpper/Lower/Title` call on the flat buffer (titlecasing with ICU's word
    /// iterator for the locale): the text a `TextDocument` holding `bytes` gives for its whole
    /// range. nil when ICU fails. O(n).
    public static func caseMappedUTF8(_ mapping: CaseMapping, _ bytes: [UInt8], locale: String) -> [UInt8]? {
        guard bytes.count <= Int(Int32.max) else { return nil }
        if bytes.isEmpty { return [] }
        var error = U_ZERO_ERROR
        guard let map = locale.withCString({ cicu_ucasemap_open($0, 0, &error) }),
              error.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        defer { cicu_ucasemap_close(map) }
        // As ICUCaseMap: 1.5x the input, retried once at ICU's size on overflow.
        var capacity = bytes.count + bytes.count / 2 + 16
        while true {
            error = U_ZERO_ERROR
            var needed = 0
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let n = bytes.withUnsafeBufferPointer { source in
                    source.withMemoryRebound(to: CChar.self) { src in
                        buffer.withMemoryRebound(to: CChar.self) { dest in
                            let length = Int32(src.count)
                            switch mapping {
                            case .upper:
                                return cicu_ucasemap_utf8ToUpper(map, dest.baseAddress, Int32(capacity), src.baseAddress, length, &error)
                            case .lower:
                                return cicu_ucasemap_utf8ToLower(map, dest.baseAddress, Int32(capacity), src.baseAddress, length, &error)
                            case .title:
                                return cicu_ucasemap_utf8ToTitle(map, dest.baseAddress, Int32(capacity), src.baseAddress, length, &error)
                            }
                        }
                    }
                }
                needed = Int(n)
                count = error.rawValue <= U_ZERO_ERROR.rawValue ? min(needed, capacity) : 0
            }
            if error == U_BUFFER_OVERFLOW_ERROR && needed > capacity {
                capacity = needed
                continue
            }
            guard error.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
            return result
        }
    }

    /// The length in bytes of `bytes` (valid UTF-8) uppercased for `locale` by one flat
    /// `ucasemap_utf8ToUpper` call (map opened, output allocated, mapped); -1 when ICU fails.
    /// O(n).
    public static func uppercaseUTF8(_ bytes: [UInt8], locale: String) -> Int {
        caseMappedUTF8(.upper, bytes, locale: locale)?.count ?? -1
    }

    /// The length in bytes of `bytes` titlecased for `locale` by one flat
    /// `ucasemap_utf8ToTitle` call (ICU's word iterator for the locale); -1 when ICU fails.
    /// O(n).
    public static func titlecaseUTF8(_ bytes: [UInt8], locale: String) -> Int {
        caseMappedUTF8(.title, bytes, locale: locale)?.count ?? -1
    }
}
