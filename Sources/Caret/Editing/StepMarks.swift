/// The selections before and after an undo step in 16 bytes, each end as a signed 32-bit
/// distance from the step's start (with the affinity in the low bit): a step's selections lie
/// near its change almost always, and two full `SelectionMark`s took 32 bytes of a step's 80.
/// A selection further away than `reach` bytes does not pack; the step then keeps its marks
/// out of line (`UndoHistory.Step`).
struct StepMarks: Equatable {
    /// before's anchor, before's focus, after's anchor, after's focus, each `(utf8 - start) << 1
    /// | upstream`, or `Int32.min` for no selection.
    private var beforeAnchor: Int32
    private var beforeFocus: Int32
    private var afterAnchor: Int32
    private var afterFocus: Int32

    /// The largest packed field's magnitude (odd, so that both affinities fit at the edge):
    /// ±1 GiB from the start in the standard build; 15 bytes in the test build (`TinyShapes`),
    /// so that its whole suite runs the out-of-line case.
    #if TinyShapes
    static let reach = 31
    #else
    static let reach = Int(Int32.max)
    #endif

    /// Nil when an end lies further than `reach` allows from `start`. O(1).
    init?(before: SelectionMark, after: SelectionMark, start: Int) {
        guard let ba = Self.pack(before.rawBits.anchor, start), let bf = Self.pack(before.rawBits.focus, start),
              let aa = Self.pack(after.rawBits.anchor, start), let af = Self.pack(after.rawBits.focus, start)
        else { return nil }
        (beforeAnchor, beforeFocus, afterAnchor, afterFocus) = (ba, bf, aa, af)
    }

    /// No selection before or after.
    static let none = StepMarks(before: .none, after: .none, start: 0)!

    /// Replaces the selection after the step (whose start is `start`); false, changing
    /// nothing, when it does not pack. O(1).
    mutating func setAfter(_ after: SelectionMark, start: Int) -> Bool {
        guard let aa = Self.pack(after.rawBits.anchor, start), let af = Self.pack(after.rawBits.focus, start) else {
            return false
        }
        (afterAnchor, afterFocus) = (aa, af)
        return true
    }

    /// The selection before the step whose start is `start`. O(1).
    func before(start: Int) -> SelectionMark {
        SelectionMark(rawAnchor: Self.unpack(beforeAnchor, start), rawFocus: Self.unpack(beforeFocus, start))
    }

    /// The selection after the step whose start is `start`. O(1).
    func after(start: Int) -> SelectionMark {
        SelectionMark(rawAnchor: Self.unpack(afterAnchor, start), rawFocus: Self.unpack(afterFocus, start))
    }

    /// `bits` (a `SelectionMark` end) relative to `start`; nil when out of reach.
    private static func pack(_ bits: Int, _ start: Int) -> Int32? {
        if bits < 0 { return Int32.min }
        let (v, overflow) = bits.subtractingReportingOverflow(start << 1)   // the low bit stays the affinity
        guard !overflow, v > -reach, v <= reach else { return nil }
        return Int32(truncatingIfNeeded: v)
    }

    private static func unpack(_ field: Int32, _ start: Int) -> Int {
        field == Int32.min ? -1 : (start << 1) + Int(field)
    }
}
