/// Grapheme clusters of a flat UTF-8 buffer with their display widths, in one pass: the
/// grapheme breaker finds the clusters while the width table classes their scalars.
enum ClusterWidths {
    /// The width `forEachCluster` reports for a tab, whose width depends on its column.
    static let tab = -1

    /// Calls `body(start, end, width, utf16)` for each cluster of valid UTF-8 `p` (which must
    /// start on a cluster boundary), in order; `width` is `tab` for a tab, `utf16` the
    /// cluster's length in UTF-16 code units. O(bytes), a few ns each.
    @inline(__always)
    static func forEachCluster(_ p: UnsafeBufferPointer<UInt8>, options: DisplayWidthOptions,
                               _ body: (_ start: Int, _ end: Int, _ width: Int, _ utf16: Int) -> Void) {
        scanClusters(p, options: options, until: { start, end, width, utf16 in
            body(start, end, width, utf16)
            return false
        })
    }

    /// `forEachCluster` that stops after the first cluster for which `body` returns true (a
    /// lookup by column reads no further than the column).
    @inline(__always)
    static func scanClusters(_ p: UnsafeBufferPointer<UInt8>, options: DisplayWidthOptions,
                               until body: (_ start: Int, _ end: Int, _ width: Int, _ utf16: Int) -> Bool) {
        let graphemes = GraphemeClassTable.shared
        let table = DisplayWidthTable.shared
        var breaker = GraphemeBreaker()
        var cluster = Accumulator()
        var start = 0, i = 0, units = 0
        while i < p.count {
            let (boundary, length) = breaker.step(p, at: i, table: graphemes)
            if boundary && i > start {
                if body(start, i, cluster.width(options), units) { return }
                cluster = Accumulator()
                start = i
                units = 0
            }
            let b = p[i]
            // A printable ASCII byte that starts a cluster and is followed by another (or ends
            // the text) is a whole cluster of one column in both models: nothing joins two of
            // them, and only a non-ASCII scalar after a keycap base makes an emoji.
            if i == start && b &- 0x20 < 0x5F && (i + 1 == p.count || p[i + 1] &- 0x20 < 0x5F) {
                if body(i, i + 1, 1, 1) { return }
                i += 1
                start = i
                continue
            }
            units += length == 4 ? 2 : 1
            if b >= 0x20 && b < 0x7F {
                cluster.addPrintableASCII(b)
            } else {
                let c = b < 0x80 ? UInt32(b) : UTF8Scalars.decode(p, at: i).value
                cluster.add(c, table[c])
            }
            i += length
        }
        if i > start { _ = body(start, i, cluster.width(options), units) }
    }

    /// The column reached by drawing `p` from `column`. O(bytes).
    static func advance(_ p: UnsafeBufferPointer<UInt8>, from column: Int, options: DisplayWidthOptions) -> Int {
        // In `.terminal` a cluster's width is the sum of its scalars' (and a tab is a cluster
        // alone): a sum over scalars, without finding the clusters.
        if options.model == .terminal { return ScalarLineWrap.advance(p, from: column, options: options) }
        // A run of printable ASCII is one column a byte, up to its last byte (which may take
        // marks after it): the clusters are walked from there only.
        let ascii = printableASCIIPrefix(p)
        if ascii == p.count { return column + ascii }
        let skip = max(0, ascii - 1)
        var x = column + skip
        forEachCluster(UnsafeBufferPointer(rebasing: p[skip...]), options: options) { _, _, w, _ in
            x += resolve(w, at: x, options: options)
        }
        return x
    }

    /// The length of the run of printable ASCII (U+0020–U+007E) that starts `p`. Each of its
    /// bytes starts a cluster of one column; all but the last are whole clusters (a mark or a
    /// variation selector after the last joins it), and the byte after the last starts a
    /// cluster or continues the last one. O(run).
    @inline(__always)
    static func printableASCIIPrefix(_ p: UnsafeBufferPointer<UInt8>) -> Int {
        var k = 0
        while k < p.count && p[k] &- 0x20 < 0x5F { k += 1 }
        return k
    }

    /// A width `forEachCluster` reported, at column `x`: a tab's distance to the next stop.
    @inline(__always)
    static func resolve(_ width: Int, at x: Int, options: DisplayWidthOptions) -> Int {
        width != tab ? width : options.stop - x % options.stop
    }

    /// What one cluster's scalars add up to, in both models at once (cheaper than a branch
    /// on the model per scalar).
    struct Accumulator {
        /// The `.terminal` width: the sum of the scalars' widths (ambiguous counted apart).
        var sum = 0
        var ambiguous = 0
        /// The widest scalar (ambiguous as 1) and whether one is ambiguous, for `.clusters`.
        var widest = 0
        var count = 0
        var firstEntry: UInt8 = 0
        var emojiWide = false
        var sawZWJ = false
        var isTab = false

        /// Adds printable ASCII `b` without a table lookup. `#`, `*` and the digits are Emoji
        /// (keycap bases): a U+FE0F after one makes the cluster an emoji.
        @inline(__always)
        mutating func addPrintableASCII(_ b: UInt8) {
            if count == 0 && (b == 0x23 || b == 0x2A || (b >= 0x30 && b <= 0x39)) { firstEntry = DisplayWidthTable.emoji }
            sum += 1
            widest = max(widest, 1)
            count += 1
        }

        /// Adds scalar `c` with its table entry.
        @inline(__always)
        mutating func add(_ c: UInt32, _ entry: UInt8) {
            if count == 0 { firstEntry = entry }
            count += 1
            let w: Int
            switch DisplayWidthClass(rawValue: entry & 7) ?? .narrow {
            case .narrow: w = 1
            case .wide: w = 2
            case .mark, .format, .terminator: w = 0
            case .ambiguous:
                ambiguous += 1
                w = 1
            case .control: w = 2
            case .tab:
                isTab = true
                w = 0
            }
            sum += w
            widest = max(widest, w)
            if entry & DisplayWidthTable.emojiPresentation != 0 {
                emojiWide = true
            } else if c == 0xFE0F {
                if firstEntry & DisplayWidthTable.emoji != 0 { emojiWide = true }
            } else if c == 0x20E3 {
                emojiWide = true
            } else if c == 0x200D {
                sawZWJ = true
                if firstEntry & DisplayWidthTable.pictographic != 0 { emojiWide = true }
            }
        }

        /// The cluster's width in `options`' model, or `ClusterWidths.tab`.
        @inline(__always)
        func width(_ options: DisplayWidthOptions) -> Int {
            if isTab { return ClusterWidths.tab }
            switch options.model {
            case .terminal:
                return sum + (options.ambiguousIsWide ? ambiguous : 0)
            case .clusters:
                if emojiWide { return 2 }
                if options.ambiguousIsWide && ambiguous > 0 { return 2 }
                // A mark with no base before it is drawn on a placeholder: one column.
                if widest == 0 && DisplayWidthClass(rawValue: firstEntry & 7) == .mark { return 1 }
                return widest
            }
        }
    }
}
