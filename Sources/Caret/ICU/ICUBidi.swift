internal import CaretICU

/// An ICU `UBiDi` object: resolves the embedding levels of one paragraph (UAX #9 up to L1, as
/// ICU 72 does it — the reference the tests compare `BidiResolver` with), and reorders levels
/// into visual order (L2, `visualOrder(of:)`, which the engine uses). Closed in `deinit`.
final class ICUBidi {
    private let handle: OpaquePointer

    /// - Returns: nil when ICU cannot allocate the object.
    init?() {
        var status: caret_icu_status = CARET_ICU_OK
        guard let opened = caret_bidi_open(&status), caret_icu_succeeded(status) else { return nil }
        handle = opened
    }

    deinit { caret_bidi_close(handle) }

    /// Resolves `text` (UTF-16, one paragraph, at most `Int32.max` units) and calls `body` with
    /// the paragraph level and one level per UTF-16 unit, L1 applied (trailing whitespace and
    /// segment separators at the paragraph level). `paragraphLevel` nil asks for P2–P3: the
    /// first strong character outside isolates decides, none gives 0.
    /// - Returns: nil when ICU fails (text too long, out of memory). O(n).
    func withLevels<R>(of text: UnsafeBufferPointer<UInt16>, paragraphLevel: UInt8?,
                       _ body: (UInt8, UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard text.count > 0, text.count <= Int(Int32.max) else { return nil }
        var status: caret_icu_status = CARET_ICU_OK
        caret_bidi_set_paragraph(handle, text.baseAddress, Int32(text.count),
                                 paragraphLevel ?? UInt8(CARET_BIDI_DEFAULT_LTR), &status)
        guard caret_icu_succeeded(status) else { return nil }
        let level = caret_bidi_paragraph_level(handle)
        guard let levels = caret_bidi_levels(handle, &status), caret_icu_succeeded(status) else {
            return nil
        }
        return body(level, UnsafeBufferPointer(start: levels, count: text.count))
    }

    /// ICU's own visual order of the paragraph last passed to `withLevels`, per UTF-16 unit:
    /// `map[visualIndex] == logicalIndex`. For the reference tests. O(n).
    func visualMap(count: Int) -> [Int]? {
        var map = [Int32](repeating: 0, count: count)
        var status: caret_icu_status = CARET_ICU_OK
        map.withUnsafeMutableBufferPointer { caret_bidi_visual_map(handle, $0.baseAddress, &status) }
        guard caret_icu_succeeded(status) else { return nil }
        return map.map(Int.init)
    }

    /// L2: the visual order of items with the given levels (each at most 126), as
    /// `visualToLogical[visualIndex] == logicalIndex`. O(n) plus O(n) per level present.
    static func visualOrder(of levels: [UInt8]) -> [Int32] {
        guard !levels.isEmpty, levels.count <= Int(Int32.max) else { return [] }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { l in
            map.withUnsafeMutableBufferPointer { m in
                caret_bidi_reorder_visual(l.baseAddress, Int32(l.count), m.baseAddress)
            }
        }
        return map
    }
}

extension ICUReference {
    /// ICU's flat bidi result for one paragraph of UTF-16 `text`: the paragraph level and the
    /// visual order of the UTF-16 units (`visual[i]` is the logical index of the i-th unit from
    /// the left). `paragraphLevel` nil resolves it by P2–P3. The tests compare caret movement
    /// against it where ICU and Unicode's test data disagree. nil when ICU fails. O(n).
    public static func bidiVisualOrder(_ text: [UInt16], paragraphLevel: UInt8?) -> (paragraphLevel: UInt8, visual: [Int])? {
        guard let bidi = ICUBidi() else { return nil }
        let result: (UInt8, [Int]?)? = text.withUnsafeBufferPointer { p in
            bidi.withLevels(of: p, paragraphLevel: paragraphLevel) { level, _ in (level, bidi.visualMap(count: p.count)) }
        }
        guard let (level, map) = result, let map else { return nil }
        return (level, map)
    }

    /// ICU's resolved levels of one paragraph of UTF-16 `text`, one per unit (L1 applied), and
    /// the paragraph level; `paragraphLevel` nil resolves it by P2–P3. For the differential
    /// tests of `BidiResolver`. nil when ICU fails. O(n).
    public static func bidiLevels(_ text: [UInt16], paragraphLevel: UInt8?) -> (paragraphLevel: UInt8, levels: [UInt8])? {
        guard let bidi = ICUBidi() else { return nil }
        return text.withUnsafeBufferPointer { p in
            bidi.withLevels(of: p, paragraphLevel: paragraphLevel) { level, levels in (level, Array(levels)) }
        }
    }
}
