internal import CaretICU

/// The Bidi_Class of a character (UAX #9, Table 4), numbered as ICU numbers them (`caret_icu_bidi_class`).
enum BidiClass: UInt8 {
    case l = 0, r, en, es, et, an, cs, b, s, ws, on, lre, lro, al, rle, rlo, pdf, nsm, bn, fsi, lri, rli, pdi

    @inline(__always) var bit: UInt32 { 1 << UInt32(rawValue) }

    /// LRE, RLE, LRO, RLO, PDF and BN: the classes rule X9 removes.
    @inline(__always) var isRemovedByX9: Bool { BidiClassSet.removedByX9 & bit != 0 }
    /// LRI, RLI, FSI.
    @inline(__always) var isIsolateInitiator: Bool { BidiClassSet.isolateInitiators & bit != 0 }
}

/// Bit sets of classes (`BidiClass.bit`), for the rules' tests.
enum BidiClassSet {
    static let removedByX9: UInt32 = BidiClass.lre.bit | BidiClass.rle.bit | BidiClass.lro.bit | BidiClass.rlo.bit
        | BidiClass.pdf.bit | BidiClass.bn.bit
    static let isolateInitiators: UInt32 = BidiClass.lri.bit | BidiClass.rli.bit | BidiClass.fsi.bit
    static let isolateControls: UInt32 = isolateInitiators | BidiClass.pdi.bit
    /// Embeddings, overrides, PDF and the isolate controls: what X1–X8 act on.
    static let explicitFormatting: UInt32 = BidiClass.lre.bit | BidiClass.rle.bit | BidiClass.lro.bit | BidiClass.rlo.bit
        | BidiClass.pdf.bit | isolateControls
    /// Neutral and isolate formatting characters (NI in rules N1–N2).
    static let neutralOrIsolate: UInt32 = BidiClass.b.bit | BidiClass.s.bit | BidiClass.ws.bit | BidiClass.on.bit
        | isolateControls
    /// What L1 resets before a separator or at the end of a line: whitespace, isolate
    /// formatting characters, and the characters X9 removed.
    static let trailingWhitespace: UInt32 = BidiClass.ws.bit | isolateControls | removedByX9
    /// Everything that can make a paragraph's levels other than all 0 when its paragraph
    /// level is 0: right-to-left letters, Arabic numbers, embeddings, overrides and isolates.
    static let raisesLevels: UInt32 = BidiClass.r.bit | BidiClass.al.bit | BidiClass.an.bit
        | BidiClass.lre.bit | BidiClass.rle.bit | BidiClass.lro.bit | BidiClass.rlo.bit | isolateInitiators
    /// Right-to-left letters, marks, neutrals, separators and terminators, and the boundary
    /// neutrals X9 removes: no left-to-right letter, no number, no paragraph separator and no
    /// explicit formatting. In a paragraph at level 1 every rule leaves each of them at level 1.
    static let uniformlyRightToLeft: UInt32 = BidiClass.r.bit | BidiClass.al.bit | BidiClass.nsm.bit
        | BidiClass.on.bit | BidiClass.ws.bit | BidiClass.s.bit | BidiClass.cs.bit | BidiClass.es.bit
        | BidiClass.et.bit | BidiClass.bn.bit
}

/// Bidi_Paired_Bracket_Type of a character (UAX #9 BD14–BD15).
enum BidiBracketType: UInt8 {
    case none = 0, open, close
}

/// The Bidi_Class and Bidi_Paired_Bracket_Type of every code point, read once from ICU's data
/// (Unicode 15.0 with ICU 72: unassigned code points carry their default classes, R for the
/// Hebrew blocks, AL for the Arabic ones, BN for noncharacters and default ignorables).
///
/// Immutable after construction and shared by every thread; built on first use (from the
/// snapshot of the same ICU's data when there is one, `UnicodeDataSnapshot`).
final class BidiClassTable: @unchecked Sendable {
    static let shared = BidiClassTable()

    private static let openFlag: UInt8 = 0x20
    private static let closeFlag: UInt8 = 0x40
    private let table: CodePointTable

    private init() {
        if let runs = UnicodeDataSnapshot.runs(of: .bidiClasses) {
            table = CodePointTable(runs: runs)
        } else {
            table = CodePointTable(flat: Self.valuesFromICU())
        }
    }

    /// Every code point's byte (the class, and a flag for an opening or closing bracket), read
    /// from the running ICU's data. O(0x110000).
    static func valuesFromICU() -> [UInt8] {
        var flat = [UInt8](repeating: 0, count: 0x110000)
        ICUProperties.forEachValueRange(of: CARET_ICU_PROPERTY_BIDI_CLASS) { range, value in
            let cls = Self.classFor(icuValue: value)
            for c in range { flat[c] = cls.rawValue }
        }
        ICUProperties.forEachValueRange(of: CARET_ICU_PROPERTY_BIDI_PAIRED_BRACKET_TYPE) { range, value in
            let flag: UInt8 = Int32(bitPattern: value) == Int32(CARET_ICU_BRACKET_OPEN.rawValue) ? Self.openFlag
                : Int32(bitPattern: value) == Int32(CARET_ICU_BRACKET_CLOSE.rawValue) ? Self.closeFlag : 0
            if flag != 0 { for c in range { flat[c] |= flag } }
        }
        return flat
    }

    private static func classFor(icuValue value: UInt32) -> BidiClass {
        switch Int32(bitPattern: value) {
        case Int32(CARET_ICU_BIDI_L.rawValue): return .l
        case Int32(CARET_ICU_BIDI_R.rawValue): return .r
        case Int32(CARET_ICU_BIDI_EN.rawValue): return .en
        case Int32(CARET_ICU_BIDI_ES.rawValue): return .es
        case Int32(CARET_ICU_BIDI_ET.rawValue): return .et
        case Int32(CARET_ICU_BIDI_AN.rawValue): return .an
        case Int32(CARET_ICU_BIDI_CS.rawValue): return .cs
        case Int32(CARET_ICU_BIDI_B.rawValue): return .b
        case Int32(CARET_ICU_BIDI_S.rawValue): return .s
        case Int32(CARET_ICU_BIDI_WS.rawValue): return .ws
        case Int32(CARET_ICU_BIDI_ON.rawValue): return .on
        case Int32(CARET_ICU_BIDI_LRE.rawValue): return .lre
        case Int32(CARET_ICU_BIDI_LRO.rawValue): return .lro
        case Int32(CARET_ICU_BIDI_AL.rawValue): return .al
        case Int32(CARET_ICU_BIDI_RLE.rawValue): return .rle
        case Int32(CARET_ICU_BIDI_RLO.rawValue): return .rlo
        case Int32(CARET_ICU_BIDI_PDF.rawValue): return .pdf
        case Int32(CARET_ICU_BIDI_NSM.rawValue): return .nsm
        case Int32(CARET_ICU_BIDI_BN.rawValue): return .bn
        case Int32(CARET_ICU_BIDI_FSI.rawValue): return .fsi
        case Int32(CARET_ICU_BIDI_LRI.rawValue): return .lri
        case Int32(CARET_ICU_BIDI_RLI.rawValue): return .rli
        case Int32(CARET_ICU_BIDI_PDI.rawValue): return .pdi
        default: preconditionFailure("unknown Bidi_Class value \(value) in ICU's data")
        }
    }

    /// The class of scalar `c`. O(1).
    @inline(__always)
    func bidiClass(_ c: UInt32) -> BidiClass {
        unsafeBitCast(table[c] & 0x1F, to: BidiClass.self)
    }

    /// The paired-bracket type of scalar `c`. O(1).
    @inline(__always)
    func bracketType(_ c: UInt32) -> BidiBracketType {
        let v = table[c]
        return v & Self.openFlag != 0 ? .open : v & Self.closeFlag != 0 ? .close : .none
    }

    /// Bidi_Paired_Bracket of `c`, folded to its canonical equivalent where the bracket has one
    /// (U+2329/U+232A decompose to U+3008/U+3009, which BD16 must pair with each other). O(1).
    func pairedBracket(_ c: UInt32) -> UInt32 {
        Self.canonicalBracket(UInt32(bitPattern: caret_icu_bidi_paired_bracket(Int32(bitPattern: c))))
    }

    /// `c` folded to its canonical equivalent among the paired brackets (the only brackets
    /// with singleton decompositions are U+2329 and U+232A). O(1).
    @inline(__always)
    static func canonicalBracket(_ c: UInt32) -> UInt32 {
        c == 0x2329 ? 0x3008 : c == 0x232A ? 0x3009 : c
    }
}
