internal import CaretICU

/// ICU's character property data, read whole to build the engine's code point tables
/// (`GraphemeClassTable`, `BidiClassTable`). Both calls trap when ICU has no data: the engine
/// cannot segment text without it, and Debian's libicu always ships it.
enum ICUProperties {
    /// Calls `body` with each range of code points that share one value of the enumerated
    /// property `property`, in order, over all of 0...0x10FFFF. O(number of ranges).
    static func forEachValueRange(of property: caret_icu_property, _ body: (ClosedRange<Int>, UInt32) -> Void) {
        var status: caret_icu_status = CARET_ICU_OK
        let map = caret_icu_property_map_get(property, &status)
        precondition(caret_icu_succeeded(status) && map != nil,
                     "ICU has no data for property \(property.rawValue): \(String(cString: caret_icu_status_name(status)))")
        var start: Int32 = 0
        while start < 0x110000 {
            var value: UInt32 = 0
            let end = caret_icu_property_map_range(map, start, &value)
            if end < start { break }
            body(Int(start)...Int(end), value)
            start = end + 1
        }
    }

    /// Calls `body` with every code point of the ICU set `pattern` (UnicodeSet syntax).
    static func forEachCodePoint(inSet pattern: String, _ body: (Int) -> Void) {
        var status: caret_icu_status = CARET_ICU_OK
        let utf16 = Array(pattern.utf16)
        let set = caret_icu_set_open(utf16, Int32(utf16.count), &status)
        precondition(caret_icu_succeeded(status) && set != nil,
                     "ICU rejected the set \(pattern): \(String(cString: caret_icu_status_name(status)))")
        defer { caret_icu_set_close(set) }
        for item in 0..<caret_icu_set_range_count(set) {
            var lo: Int32 = 0, hi: Int32 = 0
            guard caret_icu_set_range(set, item, &lo, &hi) else { continue }
            for c in Int(lo)...Int(hi) { body(c) }
        }
    }
}
