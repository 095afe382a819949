/// UAX #9 P2–P3 over UTF-8 fed piece by piece: the first L, R or AL outside isolates decides
/// the paragraph level; a paragraph separator (class B) or the end without one gives 0. Pieces
/// must start and end on scalar boundaries. Feeding stops reading once the level is decided,
/// so a paragraph that starts with a letter costs one lookup. No allocation.
///
/// An unmatched isolate initiator hides the rest of the paragraph and a PDI without an open
/// isolate is ignored, as `BidiResolver`'s BD9 matching has it, so the level is the resolver's.
struct ParagraphLevelScan {
    /// Open isolates (LRI, RLI, FSI) not yet closed by a PDI.
    private var depth = 0
    /// The level once decided.
    private(set) var decided: UInt8?

    /// The level: the decided one, or 0 (P3: no strong character).
    var level: UInt8 { decided ?? 0 }

    /// Reads the scalars of `bytes` until the level is decided. O(bytes read).
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard decided == nil else { return }
        let table = BidiClassTable.shared
        var i = 0
        while i < bytes.count {
            let (c, length) = UTF8Scalars.decode(bytes, at: i)
            i += length
            switch table.bidiClass(c) {
            case .lri, .rli, .fsi: depth += 1
            case .pdi: if depth > 0 { depth -= 1 }
            case .b: decided = 0; return
            case .l: if depth == 0 { decided = 0; return }
            case .r, .al: if depth == 0 { decided = 1; return }
            default: break
            }
        }
    }
}
