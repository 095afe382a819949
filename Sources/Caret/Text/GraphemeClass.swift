internal import CICU

/// The Grapheme_Cluster_Break value of a scalar, with Extended_Pictographic folded in as its
/// own class (UAX #29, Unicode 15.0 as shipped with ICU 72).
enum GraphemeClass: UInt8 {
    case other = 0, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark
    case l, v, t, lv, lvt, extendedPictographic

    @inline(__always) var bit: UInt16 { 1 << UInt16(rawValue) }
}

/// A bit set of classes, for the rule tests.
enum GraphemeClassSet {
    static let controls: UInt16 = GraphemeClass.cr.bit | GraphemeClass.lf.bit | GraphemeClass.control.bit
    static let hangulAfterL: UInt16 = GraphemeClass.l.bit | GraphemeClass.v.bit | GraphemeClass.lv.bit | GraphemeClass.lvt.bit
    static let lvOrV: UInt16 = GraphemeClass.lv.bit | GraphemeClass.v.bit
    static let vOrT: UInt16 = GraphemeClass.v.bit | GraphemeClass.t.bit
    static let lvtOrT: UInt16 = GraphemeClass.lvt.bit | GraphemeClass.t.bit
    static let joiners: UInt16 = GraphemeClass.extend.bit | GraphemeClass.zwj.bit | GraphemeClass.spacingMark.bit
}

/// The class of every code point, read once from ICU's property data into a two-stage table
/// (4,352 block indexes plus one 256-entry block per distinct block of values).
///
/// Immutable after construction and shared by every thread; built on first use.
final class GraphemeClassTable: @unchecked Sendable {
    static let shared = GraphemeClassTable()

    private let blockIndex: UnsafeMutablePointer<UInt16>
    private let blocks: UnsafeMutablePointer<GraphemeClass>

    private init() {
        // Flat values first, straight from ICU's maps.
        var flat = [GraphemeClass](repeating: .other, count: 0x110000)
        var error = U_ZERO_ERROR
        let map = cicu_u_getIntPropertyMap(UCHAR_GRAPHEME_CLUSTER_BREAK, &error)
        precondition(error.rawValue <= U_ZERO_ERROR.rawValue && map != nil,
                     "ICU has no Grapheme_Cluster_Break data: \(String(cString: cicu_u_errorName(error)))")
        var start: Int32 = 0
        while start < 0x110000 {
            var value: UInt32 = 0
            let end = cicu_ucpmap_getRange(map, start, &value)
            if end < start { break }
            let cls = GraphemeClassTable.classFor(icuValue: value)
            if cls != .other {
                for c in Int(start)...Int(end) { flat[c] = cls }
            }
            start = end + 1
        }
        let pictographic = cicu_u_getBinaryPropertySet(UCHAR_EXTENDED_PICTOGRAPHIC, &error)
        precondition(error.rawValue <= U_ZERO_ERROR.rawValue && pictographic != nil, "ICU has no Extended_Pictographic data")
        for item in 0..<cicu_uset_getRangeCount(pictographic) {
            var lo: Int32 = 0, hi: Int32 = 0
            _ = cicu_uset_getItem(pictographic, item, &lo, &hi, nil, 0, &error)
            for c in Int(lo)...Int(hi) where flat[c] == .other { flat[c] = .extendedPictographic }
        }
        // Deduplicate 256-entry blocks.
        let blockCount = 0x110000 >> 8
        blockIndex = .allocate(capacity: blockCount)
        var unique: [ArraySlice<GraphemeClass>: UInt16] = [:]
        var stored: [GraphemeClass] = []
        for b in 0..<blockCount {
            let slice = flat[(b << 8)..<((b + 1) << 8)]
            if let existing = unique[slice] {
                blockIndex[b] = existing
            } else {
                let id = UInt16(stored.count >> 8)
                unique[slice] = id
                stored.append(contentsOf: slice)
                blockIndex[b] = id
            }
        }
        blocks = .allocate(capacity: stored.count)
        blocks.initialize(from: stored, count: stored.count)
    }

    private static func classFor(icuValue value: UInt32) -> GraphemeClass {
        switch Int32(bitPattern: value) {
        case Int32(U_GCB_CR.rawValue): return .cr
        case Int32(U_GCB_LF.rawValue): return .lf
        case Int32(U_GCB_CONTROL.rawValue): return .control
        case Int32(U_GCB_EXTEND.rawValue): return .extend
        case Int32(U_GCB_ZWJ.rawValue): return .zwj
        case Int32(U_GCB_REGIONAL_INDICATOR.rawValue): return .regionalIndicator
        case Int32(U_GCB_PREPEND.rawValue): return .prepend
        case Int32(U_GCB_SPACING_MARK.rawValue): return .spacingMark
        case Int32(U_GCB_L.rawValue): return .l
        case Int32(U_GCB_V.rawValue): return .v
        case Int32(U_GCB_T.rawValue): return .t
        case Int32(U_GCB_LV.rawValue): return .lv
        case Int32(U_GCB_LVT.rawValue): return .lvt
        default: return .other
        }
    }

    /// The class of scalar `c` (0...0x10FFFF). O(1).
    @inline(__always)
    func callAsFunction(_ c: UInt32) -> GraphemeClass {
        blocks[Int(blockIndex[Int(c >> 8)]) << 8 | Int(c & 0xFF)]
    }
}
