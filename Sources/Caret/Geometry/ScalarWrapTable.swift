/// What the scalar-by-scalar wrap (`ScalarLineWrap`) needs of each code point, in one byte: a
/// `CodePointTable` built once from the display-width, grapheme and bidi tables (or from the
/// snapshot of the same ICU's data, `UnicodeDataSnapshot`), so that the wrap's pass over a line
/// reads one table per scalar instead of three.
///
/// The low 3 bits are the `DisplayWidthClass`; the flags above say whether the scalar may raise
/// a bidi level (as `BidiResolver.mayRaiseLevels` tests it), whether it may share a grapheme
/// cluster with a neighbour, whether it is a Prepend (which joins the scalar after it), whether
/// it has Emoji_Presentation (two columns alone in the `.clusters` model), and whether it is a
/// letter or digit for line breaking (Line_Break AL, HL or NU).
struct ScalarWrapTable: @unchecked Sendable {
    static let shared = ScalarWrapTable()

    /// Right-to-left letters, Arabic numbers, embeddings, overrides, isolates.
    static let raisesLevels: UInt8 = 0x08
    /// Grapheme_Cluster_Break other than Other, Control, LV and LVT (Extended_Pictographic
    /// counts as Other): the scalar may join the one before or after it in a cluster. A text
    /// without any has one cluster a scalar (CR LF aside, and there are no terminators in a line).
    static let joins: UInt8 = 0x10
    /// Grapheme_Cluster_Break Prepend: joins the scalar after it, a space included.
    static let prepend: UInt8 = 0x20
    /// Emoji_Presentation.
    static let emojiPresentation: UInt8 = 0x40
    /// Line_Break AL, HL or NU: UAX #14 never breaks between two of them (LB23, LB25, LB28).
    static let word: UInt8 = 0x80

    private let table: CodePointTable

    private init() {
        if let runs = UnicodeDataSnapshot.runs(of: .scalarWrap) {
            table = CodePointTable(runs: runs)
        } else {
            table = CodePointTable(flat: Self.valuesFromICU())
        }
    }

    /// Every code point's entry, from the display-width, grapheme and bidi tables and the
    /// running ICU's Line_Break data. O(0x110000).
    static func valuesFromICU() -> [UInt8] {
        let widths = DisplayWidthTable.shared
        let graphemes = GraphemeClassTable.shared
        let bidi = BidiClassTable.shared
        let simple: UInt16 = GraphemeClass.other.bit | GraphemeClass.control.bit | GraphemeClass.extendedPictographic.bit
            | GraphemeClass.lv.bit | GraphemeClass.lvt.bit
        var flat = [UInt8](repeating: 0, count: 0x110000)
        for c in 0..<UInt32(0x110000) {
            let w = widths[c]
            var entry = w & 7
            if w & DisplayWidthTable.emojiPresentation != 0 { entry |= Self.emojiPresentation }
            let g = graphemes(c).cls
            if simple & g.bit == 0 { entry |= Self.joins }
            if g == .prepend { entry |= Self.prepend }
            if bidi.bidiClass(c).bit & BidiClassSet.raisesLevels != 0 { entry |= Self.raisesLevels }
            flat[Int(c)] = entry
        }
        ICUProperties.forEachCodePoint(inSet: "[[:lb=AL:][:lb=HL:][:lb=NU:]]") { flat[$0] |= Self.word }
        return flat
    }

    /// The entry of scalar `c` (0...0x10FFFF). O(1).
    @inline(__always)
    subscript(c: UInt32) -> UInt8 { table[c] }
}
