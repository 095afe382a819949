/// Soft wrap of one hard line scalar by scalar, without finding its grapheme clusters: the fast
/// path of `LineWrapper` for the lines where that gives the same visual lines.
///
/// In the `.terminal` model a cluster's width is the sum of its scalars' widths, and a cluster
/// hangs only when it is one space or tab byte (a space joins a cluster only after a Prepend),
/// so a line's content width is a sum over its scalars: when it fits, the line is one visual
/// line, whatever its clusters. A line whose scalars all stand alone (`ScalarWrapTable.joins`
/// on none of them) has one cluster a scalar in both models, so the greedy wrap can place
/// scalars and take every ICU opportunity as a cluster boundary. Other lines (a long line of
/// marks or ZWJ sequences, or any line that joins scalars in the `.clusters` model) need the
/// cluster walk.
enum ScalarLineWrap {
    /// One pass over a line.
    struct Scan {
        /// The column after the last scalar that is not a hanging space or tab, from column 0.
        var content = 0
        var utf16Count = 0
        /// As `BidiResolver.mayRaiseLevels` of the line.
        var mayRaiseLevels = false
        /// No scalar may join another: each is a cluster.
        var scalarsAreClusters = true
        /// True when the line is one visual line, known without its clusters.
        var fits = false
    }

    /// Scans valid UTF-8 `p` (a hard line without its terminator). O(bytes), one table read a
    /// non-ASCII scalar.
    static func scan(_ p: UnsafeBufferPointer<UInt8>, options: SoftWrapOptions) -> Scan {
        let table = ScalarWrapTable.shared
        let widths = Widths(options.display)
        let stop = options.display.stop
        var x = 0, content = 0, units = 0
        var flags: UInt8 = 0
        // True after a Prepend: a space after it is in its cluster and does not hang.
        var glued = false
        var i = 0
        let n = p.count
        while i < n {
            let b = p[i]
            if b &- 0x21 < 0x5E {
                // Printable ASCII but space: a column, a unit.
                x += 1
                content = x
                units += 1
                i += 1
                glued = false
                continue
            }
            if b == 0x20 {
                x += 1
                if glued { content = x }
                units += 1
                i += 1
                glued = false
                continue
            }
            if b == 0x09 {
                // A control: a cluster alone, which hangs.
                x += stop - x % stop
                units += 1
                i += 1
                glued = false
                continue
            }
            let (c, length) = b < 0x80 ? (UInt32(b), 1) : UTF8Scalars.decode(p, at: i)
            let entry = table[c]
            flags |= entry
            x += widths.of(entry)
            content = x
            units += length == 4 ? 2 : 1
            glued = entry & ScalarWrapTable.prepend != 0
            i += length
        }
        var result = Scan(content: content, utf16Count: units, mayRaiseLevels: flags & ScalarWrapTable.raisesLevels != 0,
                          scalarsAreClusters: flags & ScalarWrapTable.joins == 0)
        // `.clusters` widths are per-scalar sums only when each scalar is a cluster.
        result.fits = content <= max(1, options.width) && (options.display.model == .terminal || result.scalarsAreClusters)
        return result
    }

    /// The column reached by drawing valid UTF-8 `p` from `column` in the `.terminal` model
    /// (where it is a sum over scalars, tabs to their stops). O(bytes).
    static func advance(_ p: UnsafeBufferPointer<UInt8>, from column: Int, options: DisplayWidthOptions) -> Int {
        let table = ScalarWrapTable.shared
        let widths = Widths(options)
        let stop = options.stop
        var x = column, i = 0
        let n = p.count
        while i < n {
            let b = p[i]
            if b &- 0x20 < 0x5F {
                x += 1
                i += 1
            } else if b == 0x09 {
                x += stop - x % stop
                i += 1
            } else {
                let (c, length) = b < 0x80 ? (UInt32(b), 1) : UTF8Scalars.decode(p, at: i)
                x += widths.of(table[c])
                i += length
            }
        }
        return x
    }

    /// In valid UTF-8 `p` drawn from column 0 in the `.terminal` model: the start of the cluster
    /// covering `column`, or nil past the end with the start of the last cluster; nil when a
    /// scalar up to the one after the covering one may join another (the clusters must then be
    /// walked). O(bytes up to the column).
    static func clusterStart(atColumn column: Int, in p: UnsafeBufferPointer<UInt8>,
                             options: DisplayWidthOptions) -> (covering: Int?, last: Int)? {
        let table = ScalarWrapTable.shared
        let widths = Widths(options)
        let stop = options.stop
        var x = 0, i = 0, last = 0
        var covering: Int?
        let n = p.count
        while i < n {
            let b = p[i]
            let w: Int, length: Int
            if b &- 0x20 < 0x5F {
                w = 1
                length = 1
            } else if b == 0x09 {
                w = stop - x % stop
                length = 1
            } else {
                let (c, l) = b < 0x80 ? (UInt32(b), 1) : UTF8Scalars.decode(p, at: i)
                let entry = table[c]
                if entry & ScalarWrapTable.joins != 0 { return nil }
                w = widths.of(entry)
                length = l
            }
            // The scalar after the covering one does not join it: that one is a whole cluster.
            if let covering { return (covering, covering) }
            if column < x + w { covering = i }
            last = i
            x += w
            i += length
        }
        return (covering, last)
    }

    /// The greedy wrap of `p`, a line whose scalars are each a cluster (`Scan.scalarsAreClusters`):
    /// the visual lines `LineWrapper.wrap` gives, placing scalars instead of measured clusters.
    /// `preceding(u)` is ICU's last line-break opportunity before line-relative UTF-16 offset
    /// `u`, or nil. With `rootRules` (the iterator follows ICU's root line rules), a break
    /// before a word after spaces is found without it (`wordStart`). O(bytes of the line) plus
    /// at most one ICU lookup per visual line that wraps.
    static func wrap(_ p: UnsafeBufferPointer<UInt8>, options: SoftWrapOptions, rootRules: Bool, preceding: (Int) -> Int?,
                     emit: (LineWrapper.Piece) -> Void) {
        let table = ScalarWrapTable.shared
        let widths = Widths(options.display)
        let stop = options.display.stop
        let n = p.count
        let limit = max(1, options.width)
        // One scalar at `i`, placed at column `x`: its width, bytes, UTF-16 units, and whether it hangs.
        func step(_ i: Int, _ x: Int) -> (width: Int, length: Int, units: Int, hangs: Bool) {
            let b = p[i]
            if b &- 0x21 < 0x5E { return (1, 1, 1, false) }
            if b == 0x20 { return (1, 1, 1, true) }
            if b == 0x09 { return (stop - x % stop, 1, 1, true) }
            let (c, length) = b < 0x80 ? (UInt32(b), 1) : UTF8Scalars.decode(p, at: i)
            return (widths.of(table[c]), length, length == 4 ? 2 : 1, false)
        }
        var indent = 0
        if options.preservesIndent {
            var j = 0
            while j < n && (p[j] == 0x20 || p[j] == 0x09) {
                indent += p[j] == 0x09 ? stop - indent % stop : 1
                j += 1
            }
            if j == n || limit - indent < limit / 2 + limit % 2 { indent = 0 }
        }
        // The visual line from byte `s` (UTF-16 `s16`) at column `base`.
        var s = 0, s16 = 0, base = 0
        while true {
            // The first scalar that would pass the width (hanging ones never do; the line's
            // first goes on it whatever its width), and the content column before it.
            var x = base, content = base, i = s, u = s16
            var overflow = -1, overflowUnits = 0
            while i < n {
                let (w, length, units, hangs) = step(i, x)
                if !hangs {
                    if i > s && x + w > limit {
                        overflow = i
                        overflowUnits = units
                        break
                    }
                    content = x + w
                }
                x += w
                i += length
                u += units
            }
            if overflow < 0 {
                emit(LineWrapper.Piece(bytes: s..<n, utf16: s16..<u, width: content - base, indent: base))
                return
            }
            // The break: ICU's last opportunity after `s` up to the overflowing scalar, else
            // that scalar (a word wider than the line, cut between clusters).
            var end = overflow, end16 = u
            if rootRules, let k = wordStart(p, after: s, through: overflow, table) {
                end = k
                end16 = u - utf16Count(p, k..<overflow)
            }
            var b = end < overflow ? nil : preceding(u + overflowUnits)
            while let k = b, k > s16 {
                if k <= u, let byte = walk(from: s, s16, to: k, step) {
                    end = byte
                    end16 = k
                    break
                }
                b = preceding(k)
            }
            // The content width up to the break.
            if end < overflow {
                x = base
                content = base
                i = s
                while i < end {
                    let (w, length, _, hangs) = step(i, x)
                    x += w
                    if !hangs { content = x }
                    i += length
                }
            }
            emit(LineWrapper.Piece(bytes: s..<end, utf16: s16..<end16, width: content - base, indent: base))
            s = end
            s16 = end16
            base = indent
        }
    }

    /// The byte where UTF-16 offset `target` falls, walking scalars from byte `s` (UTF-16
    /// `s16`); nil when it falls inside a scalar.
    private static func walk(from s: Int, _ s16: Int, to target: Int,
                             _ step: (Int, Int) -> (width: Int, length: Int, units: Int, hangs: Bool)) -> Int? {
        var i = s, u = s16
        while u < target {
            let (_, length, units, _) = step(i, 0)
            i += length
            u += units
        }
        return u == target ? i : nil
    }

    /// ICU's last line-break opportunity after byte `s` up to the start of the scalar at `e`,
    /// when the root rules leave no doubt: `e` in a run of letters and digits (ASCII
    /// alphanumerics, or `ScalarWrapTable.word`) that starts after `s` behind spaces, which
    /// themselves follow printable ASCII other than `(`, `[`, `{` or a letter or digit. The run's
    /// start is then an opportunity (LB18, "SP ÷": of the rules before it only LB14, "OP SP* ×",
    /// could forbid it, and only a combining mark, LB9, could hide an OP), and none lies inside
    /// the run (LB23, LB25, LB28). Nil otherwise (ICU decides).
    static func wordStart(_ p: UnsafeBufferPointer<UInt8>, after s: Int, through e: Int, _ table: ScalarWrapTable) -> Int? {
        func isWord(_ i: Int) -> Bool {
            let b = p[i]
            if b < 0x80 { return (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 }
            return table[UTF8Scalars.decode(p, at: i).value] & ScalarWrapTable.word != 0
        }
        func scalarStart(before i: Int) -> Int {
            var j = i - 1
            while p[j] & 0xC0 == 0x80 { j -= 1 }
            return j
        }
        guard isWord(e) else { return nil }
        var k = e
        while k > s {
            let j = scalarStart(before: k)
            if !isWord(j) { break }
            k = j
        }
        guard k > s, p[k - 1] == 0x20 else { return nil }
        var j = k - 1
        while j > 0 && p[j - 1] == 0x20 { j -= 1 }
        guard j > 0 else { return nil }
        let before = p[j - 1]
        if before < 0x80 { return before > 0x20 && before < 0x7F && before != 0x28 && before != 0x5B && before != 0x7B ? k : nil }
        return isWord(scalarStart(before: j)) ? k : nil
    }

    /// The UTF-16 length of the valid UTF-8 `p[range]`.
    private static func utf16Count(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var units = 0
        for i in range where p[i] & 0xC0 != 0x80 { units += p[i] >= 0xF0 ? 2 : 1 }
        return units
    }

    /// The width of a scalar from its table entry, in the options' model (a tab is handled
    /// apart): eight class widths packed in a word.
    struct Widths {
        private let packed: UInt64
        private let emojiWide: UInt8

        init(_ options: DisplayWidthOptions) {
            // narrow 1, wide 2, mark 0, format 0, ambiguous 1 or 2, control 2, tab 0, terminator 0.
            let ambiguous: UInt64 = options.ambiguousIsWide ? 2 : 1
            packed = 1 | 2 << 8 | ambiguous << 32 | 2 << 40
            emojiWide = options.model == .clusters ? ScalarWrapTable.emojiPresentation : 0
        }

        @inline(__always)
        func of(_ entry: UInt8) -> Int {
            if entry & emojiWide != 0 { return 2 }
            return Int(truncatingIfNeeded: packed >> (UInt64(entry & 7) << 3)) & 0xFF
        }
    }
}
