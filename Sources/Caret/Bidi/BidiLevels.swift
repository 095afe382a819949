// The bidi resolver and its character data for the reference tests, FuzzBidi and the
// benchmarks (SPI, not the stable API).

/// The resolver for reference tests and benchmarks, outside the document.
@_spi(Reference)
public enum BidiLevels {
    /// UAX #9 levels of `scalars` (one paragraph as one line; separators of class B inside it
    /// start new paragraphs), one per scalar, and the first paragraph's level. `paragraphLevel`
    /// 0 or 1 forces the level; nil resolves it by P2–P3. O(n).
    public static func resolve(_ scalars: [UInt32], paragraphLevel: UInt8?) -> (paragraphLevel: UInt8, levels: [UInt8]) {
        let r = scalars.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: paragraphLevel) }
        return (r.paragraphLevel, r.levels.isEmpty ? [UInt8](repeating: r.paragraphLevel, count: scalars.count) : r.levels)
    }

    /// L2 for one line: the visual order of items with `levels` (each at most 126), as
    /// `order[visualIndex] == logicalIndex`, by ICU's `ubidi_reorderVisual`. O(n).
    public static func visualOrder(of levels: [UInt8]) -> [Int] {
        ICUBidi.visualOrder(of: levels).map(Int.init)
    }

    /// The Bidi_Class of `scalar` in UAX #9's short names ("L", "R", "AL", "EN", "NSM", "BN",
    /// "LRI", ...), from ICU's data. O(1).
    public static func bidiClass(of scalar: UInt32) -> String {
        let names = ["L", "R", "EN", "ES", "ET", "AN", "CS", "B", "S", "WS", "ON", "LRE", "LRO", "AL", "RLE", "RLO",
                     "PDF", "NSM", "BN", "FSI", "LRI", "RLI", "PDI"]
        return names[Int(BidiClassTable.shared.bidiClass(min(scalar, 0x10FFFF)).rawValue)]
    }

    /// Bidi_Paired_Bracket_Type of `scalar` as BidiBrackets.txt writes it: "o", "c" or "n". O(1).
    public static func bracketType(of scalar: UInt32) -> String {
        switch BidiClassTable.shared.bracketType(min(scalar, 0x10FFFF)) {
        case .open: return "o"
        case .close: return "c"
        case .none: return "n"
        }
    }
}
