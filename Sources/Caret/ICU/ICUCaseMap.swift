internal import CaretICU

/// An ICU case mapper (`UCaseMap`) for one locale, working on UTF-8 directly; closed in `deinit`.
final class ICUCaseMap {
    private let map: OpaquePointer

    /// - Returns: nil when ICU cannot open a case map (an unknown locale falls back to root).
    init?(locale: String) {
        var status: caret_icu_status = CARET_ICU_OK
        let opened = locale.withCString { caret_case_map_open($0, &status) }
        guard caret_icu_succeeded(status), let opened else { return nil }
        map = opened
    }

    deinit { caret_case_map_close(map) }

    /// `text` (valid UTF-8) upper-, lower- or titlecased as one string: context inside it
    /// (final sigma, soft-dotted letters, word starts) is seen; context outside it is not.
    /// Titlecasing finds words with the locale's word break iterator. nil when ICU fails.
    /// O(n).
    func map(_ mapping: CaseMapping, _ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count <= Int(Int32.max) else { return nil }
        if text.isEmpty { return [] }
        var capacity = text.count + text.count / 2 + 16
        while true {
            var status: caret_icu_status = CARET_ICU_OK
            var needed = 0
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let n = text.withMemoryRebound(to: CChar.self) { src in
                    buffer.withMemoryRebound(to: CChar.self) { dest in
                        caret_case_map_utf8(map, mapping.icuMapping, dest.baseAddress, Int32(capacity), src.baseAddress,
                                            Int32(src.count), &status)
                    }
                }
                needed = Int(n)
                count = caret_icu_succeeded(status) ? min(needed, capacity) : 0
            }
            if status == CARET_ICU_BUFFER_OVERFLOW && needed > capacity {
                capacity = needed
                continue
            }
            guard caret_icu_succeeded(status) else { return nil }
            return result
        }
    }
}

extension CaseMapping {
    /// The C boundary's name of this mapping.
    fileprivate var icuMapping: caret_case_mapping {
        switch self {
        case .upper: return CARET_CASE_UPPER
        case .lower: return CARET_CASE_LOWER
        case .title: return CARET_CASE_TITLE
        }
    }
}
