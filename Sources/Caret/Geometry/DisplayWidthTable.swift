/// What each code point is to a display-width measure: one byte per code point in a
/// `CodePointTable` (two stages, built once from ICU's property data on first use).
///
/// The low 3 bits are a `DisplayWidthClass`; the flags above them carry the emoji properties
/// the `.clusters` model needs. Built from the snapshot of the same ICU's data when there is one
/// (`UnicodeDataSnapshot`), else eagerly from whole ICU sets rather than asking ICU per
/// scalar: a lookup is then two loads, which keeps a cluster's width far below 20 ns.
struct DisplayWidthTable: @unchecked Sendable {
    static let shared = DisplayWidthTable()

    /// Emoji_Presentation: drawn as a wide emoji without a variation selector.
    static let emojiPresentation: UInt8 = 0x08
    /// Emoji: may become an emoji (wide) with U+FE0F.
    static let emoji: UInt8 = 0x10
    /// Extended_Pictographic: starts ZWJ sequences.
    static let pictographic: UInt8 = 0x20

    private let table: CodePointTable

    private init() {
        if let runs = UnicodeDataSnapshot.runs(of: .displayWidths) {
            table = CodePointTable(runs: runs)
        } else {
            table = CodePointTable(flat: Self.valuesFromICU())
        }
    }

    /// Every code point's class and flags, read from the running ICU's data. O(0x110000).
    static func valuesFromICU() -> [UInt8] {
        var flat = [UInt8](repeating: DisplayWidthClass.narrow.rawValue, count: 0x110000)
        func set(_ pattern: String, _ cls: DisplayWidthClass) {
            ICUProperties.forEachCodePoint(inSet: pattern) { flat[$0] = cls.rawValue }
        }
        // Later sets win: lowest precedence first.
        set("[:ea=A:]", .ambiguous)
        set("[[:ea=W:][:ea=F:]]", .wide)
        // wcwidth and glibc give 1 to U+00AD SOFT HYPHEN and to the prepended concatenation
        // marks (U+0600…): terminals draw them, though their category is Cf.
        set("[[:Cf:]-[\\u00AD]-[:Prepended_Concatenation_Mark:]]", .format)
        // Conjoining jamo vowels and finals join the leading jamo's two columns (wcwidth, glibc).
        set("[[:Mn:][:Me:][:Hangul_Syllable_Type=V:][:Hangul_Syllable_Type=T:]]", .mark)
        set("[[\\u0000-\\u001F][\\u007F-\\u009F]]", .control)
        set("[\\u0009]", .tab)
        for c in LineTerminator.scalars { flat[Int(c.value)] = DisplayWidthClass.terminator.rawValue }
        ICUProperties.forEachCodePoint(inSet: "[:Emoji:]") { flat[$0] |= Self.emoji }
        ICUProperties.forEachCodePoint(inSet: "[:Emoji_Presentation:]") { flat[$0] |= Self.emojiPresentation }
        ICUProperties.forEachCodePoint(inSet: "[:Extended_Pictographic:]") { flat[$0] |= Self.pictographic }
        return flat
    }

    /// The class and flags of scalar `c` (0...0x10FFFF). O(1).
    @inline(__always)
    subscript(c: UInt32) -> UInt8 { table[c] }
}

/// How a scalar counts in display columns (the low 3 bits of a `DisplayWidthTable` entry).
enum DisplayWidthClass: UInt8 {
    /// One column: everything not listed below, spacing marks (Mc) included.
    case narrow = 0
    /// Two columns: East_Asian_Width Wide or Fullwidth.
    case wide = 1
    /// Zero columns, drawn on the base before: Mn, Me, conjoining jamo vowels and finals.
    case mark = 2
    /// Zero columns, not drawn: Cf (ZWJ, ZWNJ, bidi controls…) but the soft hyphen and the
    /// prepended concatenation marks.
    case format = 3
    /// One column, or two when `ambiguousIsWide` (East_Asian_Width Ambiguous).
    case ambiguous = 4
    /// A C0 or C1 control or DEL but tab and line terminators: two columns, drawn `^X`.
    case control = 5
    /// U+0009: to the next tab stop.
    case tab = 6
    /// A hard line terminator (LF, VT, FF, CR, NEL, LS, PS): zero columns.
    case terminator = 7
}
