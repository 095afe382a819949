internal import CaretICU

/// The Grapheme_Cluster_Break value of a scalar, with Extended_Pictographic folded in as its
/// own class (UAX #29, Unicode 15.0 as shipped with ICU 72).
enum GraphemeClass: UInt8 {
    case other = 0, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark
    case l, v, t, lv, lvt, extendedPictographic

    @inline(__always) var bit: UInt16 { 1 << UInt16(rawValue) }
}

/// Bit sets of classes, for the rule tests.
enum GraphemeClassSet {
    static let controls: UInt16 = GraphemeClass.cr.bit | GraphemeClass.lf.bit | GraphemeClass.control.bit
    static let hangulAfterL: UInt16 = GraphemeClass.l.bit | GraphemeClass.v.bit | GraphemeClass.lv.bit | GraphemeClass.lvt.bit
    static let lvOrV: UInt16 = GraphemeClass.lv.bit | GraphemeClass.v.bit
    static let vOrT: UInt16 = GraphemeClass.v.bit | GraphemeClass.t.bit
    static let lvtOrT: UInt16 = GraphemeClass.lvt.bit | GraphemeClass.t.bit
    static let joiners: UInt16 = GraphemeClass.extend.bit | GraphemeClass.zwj.bit | GraphemeClass.spacingMark.bit
}

/// Everything the grapheme rules need to know about one scalar, in one byte: its class in the
/// low four bits, and the three sets of ICU 72's Indic conjunct rule (CLDR 42's aksara
/// tailoring of the root character break rules, which Unicode 15.1 later adopted as GB9c).
struct GraphemeProperty: Equatable {
    let raw: UInt8

    static let linkingConsonantFlag: UInt8 = 0x10
    static let viramaFlag: UInt8 = 0x20
    static let extendCombiningOrZWJFlag: UInt8 = 0x40

    @inline(__always) init(raw: UInt8) { self.raw = raw }
    @inline(__always) init(_ cls: GraphemeClass) { raw = cls.rawValue }

    @inline(__always) var cls: GraphemeClass { unsafeBitCast(raw & 0x0F, to: GraphemeClass.self) }
    /// A consonant of Bengali, Devanagari, Gujarati, Malayalam, Oriya or Telugu.
    @inline(__always) var isLinkingConsonant: Bool { raw & Self.linkingConsonantFlag != 0 }
    /// A virama of those scripts.
    @inline(__always) var isVirama: Bool { raw & Self.viramaFlag != 0 }
    /// Extend with a non-zero combining class, or ZWJ.
    @inline(__always) var isExtendCombiningOrZWJ: Bool { raw & Self.extendCombiningOrZWJFlag != 0 }

    static let other = GraphemeProperty(.other)
    static let cr = GraphemeProperty(.cr)
    static let lf = GraphemeProperty(.lf)
    static let control = GraphemeProperty(.control)
}

/// The property of every code point, read once from ICU's data (or from the snapshot of it made
/// with the same ICU, `UnicodeDataSnapshot`) into a two-stage table (4,352 block indexes plus one
/// 256-entry block per distinct block of values).
///
/// Immutable after construction and shared by every thread; built on first use. A struct of two
/// pointers, not a class: reading `shared` then costs no retain and release.
struct GraphemeClassTable: @unchecked Sendable {
    static let shared = GraphemeClassTable()

    private let table: CodePointTable

    private init() {
        if let runs = UnicodeDataSnapshot.runs(of: .graphemeProperties) {
            table = CodePointTable(runs: runs)
        } else {
            table = CodePointTable(flat: Self.valuesFromICU())
        }
    }

    /// Every code point's property byte (`GraphemeProperty.raw`), read from the running ICU's
    /// data. O(0x110000).
    static func valuesFromICU() -> [UInt8] {
        var flat = [UInt8](repeating: 0, count: 0x110000)
        ICUProperties.forEachValueRange(of: CARET_ICU_PROPERTY_GRAPHEME_CLUSTER_BREAK) { range, value in
            let cls = GraphemeClassTable.classFor(icuValue: value)
            if cls != .other {
                for c in range { flat[c] = cls.rawValue }
            }
        }
        ICUProperties.forEachCodePoint(inSet: "[:ExtPict:]") { c in
            if flat[c] == GraphemeClass.other.rawValue { flat[c] = GraphemeClass.extendedPictographic.rawValue }
        }
        // The sets of ICU 72's conjunct rule, spelled as in its root rules.
        let scripts = #"\p{sc=Gujr}\p{sc=Telu}\p{sc=Mlym}\p{sc=Orya}\p{sc=Beng}\p{sc=Deva}"#
        ICUProperties.forEachCodePoint(inSet: "[[\(scripts)]&\\p{Indic_Syllabic_Category=Virama}]") {
            flat[$0] |= GraphemeProperty.viramaFlag
        }
        ICUProperties.forEachCodePoint(inSet: "[[\(scripts)]&\\p{Indic_Syllabic_Category=Consonant}]") {
            flat[$0] |= GraphemeProperty.linkingConsonantFlag
        }
        ICUProperties.forEachCodePoint(inSet: #"[[\p{gcb=Extend}-\p{ccc=0}]\p{gcb=ZWJ}]"#) {
            flat[$0] |= GraphemeProperty.extendCombiningOrZWJFlag
        }
        return flat
    }

    private static func classFor(icuValue value: UInt32) -> GraphemeClass {
        switch Int32(bitPattern: value) {
        case Int32(CARET_ICU_GCB_CR.rawValue): return .cr
        case Int32(CARET_ICU_GCB_LF.rawValue): return .lf
        case Int32(CARET_ICU_GCB_CONTROL.rawValue): return .control
        case Int32(CARET_ICU_GCB_EXTEND.rawValue): return .extend
        case Int32(CARET_ICU_GCB_ZWJ.rawValue): return .zwj
        case Int32(CARET_ICU_GCB_REGIONAL_INDICATOR.rawValue): return .regionalIndicator
        case Int32(CARET_ICU_GCB_PREPEND.rawValue): return .prepend
        case Int32(CARET_ICU_GCB_SPACING_MARK.rawValue): return .spacingMark
        case Int32(CARET_ICU_GCB_L.rawValue): return .l
        case Int32(CARET_ICU_GCB_V.rawValue): return .v
        case Int32(CARET_ICU_GCB_T.rawValue): return .t
        case Int32(CARET_ICU_GCB_LV.rawValue): return .lv
        case Int32(CARET_ICU_GCB_LVT.rawValue): return .lvt
        default: return .other
        }
    }

    /// The property of scalar `c` (0...0x10FFFF). O(1).
    @inline(__always)
    func callAsFunction(_ c: UInt32) -> GraphemeProperty {
        GraphemeProperty(raw: table[c])
    }
}
