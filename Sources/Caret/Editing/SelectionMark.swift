/// A selection (or none) in 16 bytes: the anchor and focus as byte offsets with the affinity
/// in the low bit. Undo steps keep two of these, so their size decides much of what the
/// history costs per step.
struct SelectionMark: Hashable {
    /// `utf8 << 1 | upstream`; -1 for no selection.
    private var anchorBits: Int
    private var focusBits: Int

    static let none = SelectionMark(anchor: nil, focus: nil)

    init(anchor: TextPosition?, focus: TextPosition?) {
        guard let anchor, let focus else {
            anchorBits = -1
            focusBits = -1
            return
        }
        anchorBits = Self.bits(anchor)
        focusBits = Self.bits(focus)
    }

    /// The anchor; nil when there is no selection.
    var anchor: TextPosition? { Self.position(anchorBits) }
    /// The focus; nil when there is no selection.
    var focus: TextPosition? { Self.position(focusBits) }

    /// The anchor's and focus's bits (`utf8 << 1 | upstream`; -1 for no selection), for
    /// packing (`StepMarks`).
    var rawBits: (anchor: Int, focus: Int) { (anchorBits, focusBits) }

    /// A mark from `rawBits`.
    init(rawAnchor: Int, rawFocus: Int) {
        anchorBits = rawAnchor
        focusBits = rawFocus
    }

    private static func bits(_ p: TextPosition) -> Int {
        p.utf8Offset << 1 | (p.affinity == .upstream ? 1 : 0)
    }

    private static func position(_ bits: Int) -> TextPosition? {
        bits < 0 ? nil : TextPosition(utf8Offset: bits >> 1, affinity: bits & 1 == 1 ? .upstream : .downstream)
    }
}
