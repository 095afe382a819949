@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

/// An ICU case mapper (`UCaseMap`) for one locale, working on UTF-8 directly; closed in `deinit`.
final class ICUCaseMap {
    private let map: OpaquePointer

    /// - Returns: nil when ICU cannot open a case map (an unknown locale falls back to root).
    init?(locale: String) {
        var error = U_ZERO_ERROR
        let opened = locale.withCString { cicu_ucasemap_open($0, 0, &error) }
        guard error.rawValue <= U_ZERO_ERROR.rawValue, let opened else { return nil }
        map = opened
    }

    deinit { cicu_ucasemap_close(map) }

    /// `text` (valid UTF-8) upper-, lower- or titlecased as one string: context inside it
    /// (final sigma, soft-dotted letters, word starts) is seen; context outside it is not.
    /// Titlecasing finds words with the locale's word break iterator. nil when ICU fails.
    /// O(n).
    func map(_ mapping: CaseMapping, _ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count <= Int(Int32.max) else { return nil }
        if text.isEmpty { return [] }
        var capacity = text.count + text.count / 2 + 16
        while true {
            var error = U_ZERO_ERROR
            var needed = 0
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let n = text.withMemoryRebound(to: CChar.self) { src in
                    buffer.withMemoryRebound(to: CChar.self) { dest in
                        run(mapping, dest.baseAddress, Int32(capacity), src.baseAddress, Int32(src.count), &error)
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

    private func run(_ mapping: CaseMapping, _ dest: UnsafeMutablePointer<CChar>?, _ capacity: Int32,
                     _ src: UnsafePointer<CChar>?, _ length: Int32, _ error: inout UErrorCode) -> Int32 {
        switch mapping {
        case .upper: return cicu_ucasemap_utf8ToUpper(map, dest, capacity, src, length, &error)
        case .lower: return cicu_ucasemap_utf8ToLower(map, dest, capacity, src, length, &error)
        case .title: return cicu_ucasemap_utf8ToTitle(map, dest, capacity, src, length, &error)
        }
    }
}
