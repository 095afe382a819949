@_implementationOnly import CICU  // not `internal import`: see docs/ARCHITECTURE.md, "Layers"

/// ICU's character property data, read whole to build the engine's code point tables
/// (`GraphemeClassTable`, `BidiClassTable`). Both calls trap when ICU has no data: the engine
/// cannot segment text without it, and Debian's libicu always ships it.
enum ICUProperties {
    /// Calls `body` with each range of code points that share one value of the enumerated
    /// property `property`, in order, over all of 0...0x10FFFF. O(number of ranges).
    static func forEachValueRange(of property: UProperty, _ body: (ClosedRange<Int>, UInt32) -> Void) {
        var error = U_ZERO_ERROR
        let map = cicu_u_getIntPropertyMap(property, &error)
        precondition(error.rawValue <= U_ZERO_ERROR.rawValue && map != nil,
                     "ICU has no data for property \(property.rawValue): \(String(cString: cicu_u_errorName(error)))")
        var start: Int32 = 0
        while start < 0x110000 {
            var value: UInt32 = 0
            let end = cicu_ucpmap_getRange(map, start, &value)
            if end < start { break }
            body(Int(start)...Int(end), value)
            start = end + 1
        }
    }

    /// Calls `body` with every code point of the ICU set `pattern` (UnicodeSet syntax).
    static func forEachCodePoint(inSet pattern: String, _ body: (Int) -> Void) {
        var error = U_ZERO_ERROR
        let utf16 = Array(pattern.utf16)
        let set = cicu_uset_openPattern(utf16, Int32(utf16.count), &error)
        precondition(error.rawValue <= U_ZERO_ERROR.rawValue && set != nil,
                     "ICU rejected the set \(pattern): \(String(cString: cicu_u_errorName(error)))")
        defer { cicu_uset_close(set) }
        for item in 0..<cicu_uset_getRangeCount(set) {
            var lo: Int32 = 0, hi: Int32 = 0
            _ = cicu_uset_getItem(set, item, &lo, &hi, nil, 0, &error)
            for c in Int(lo)...Int(hi) { body(c) }
        }
    }
}
