/// The resolved bidi levels of one hard-line paragraph, one per byte (each scalar's level on
/// all its bytes), over the whole paragraph or over a window around one visual line: what a
/// visual line's layout reads of its paragraph to order its clusters. A cluster takes the level
/// of its first scalar, as `ParagraphLayout` has it; unlike that layout, no clusters are
/// counted and nothing is reordered here (a visual line reorders its own clusters).
///
/// A window is exact where the paragraph has no explicit formatting (embeddings, overrides,
/// isolates) and no paragraph separator inside, so that it is one isolating run sequence at the
/// paragraph level: the window then starts at a strong character (L, R or AL) at or before the
/// row, or at the paragraph's start, and ends after one at or after the row, or at the
/// paragraph's end. Every rule from W1 to N2 reads backwards no further than the last strong
/// character (W1's marks, W2 and W7's last strong type, N1's neutral runs) and forwards no
/// further than the next one (W4's separator, W5's terminators, N1's runs), and a strong
/// character's own level depends on nothing else, so the characters between two strong ones
/// resolve alike in the window and in the paragraph. The one rule that reaches further is N0
/// (a bracket pair may enclose the window's edge), so a window holding a paired bracket is not
/// used. Then a visual line of a long paragraph costs O(its length), not O(paragraph).
struct ParagraphLevels {
    /// The paragraph's bytes, without its terminator.
    let start: Int
    let end: Int
    /// The direction override the levels were resolved with (nil: P2–P3).
    let requested: UInt8?
    /// The resolved paragraph level.
    let paragraphLevel: UInt8
    /// The bytes whose levels are known: the whole paragraph, or a window holding a row.
    let covered: Range<Int>
    /// True when the paragraph was found to allow windows (see the type's comment); false when
    /// it does not, and when it was resolved whole without looking (no row, or a paragraph not
    /// much longer than its row).
    let windowable: Bool
    /// One level per byte of `covered`; empty when every byte is at `paragraphLevel`.
    private let levels: [UInt8]

    /// Resolves `paragraph` of `document` at `requested` (0 or 1; nil for P2–P3), as
    /// `ParagraphLayout.build` does (one level for a paragraph beyond `Int32.max` bytes: the
    /// resolver's 32-bit indexes): the bytes of `row` (within the paragraph, terminator bytes
    /// ignored) in a window around them when the paragraph allows it and the window is much
    /// smaller than the paragraph; the whole paragraph when `row` is nil or otherwise. `known`:
    /// levels of the same paragraph and request, whose paragraph-wide facts (level, windows
    /// allowed) are taken instead of scanning for them again.
    /// O(window) plus O(paragraph) for the scan when `known` is nil; O(paragraph) for the whole.
    init(_ document: TextDocument, _ paragraph: TextDocument.Paragraph, requested: UInt8?, row: Range<Int>? = nil,
         known: ParagraphLevels? = nil) {
        start = paragraph.start
        end = paragraph.end
        self.requested = requested
        var level: UInt8 = 0
        var levels: [UInt8] = []
        var windowable = false
        var window = 0..<(paragraph.end - paragraph.start)
        document.withUTF8(paragraph.start..<paragraph.end) { p in
            if p.count > Int(Int32.max) {
                level = requested ?? BidiResolver.paragraphLevel(ofUTF8: p)
                return
            }
            var forced = requested
            if let row {
                let from = max(0, row.lowerBound - paragraph.start), to = max(from, min(p.count, row.upperBound - paragraph.start))
                // A paragraph not much longer than the row is resolved whole: a window would save
                // little and cost the scans.
                windowable = known?.windowable ?? (p.count > (to - from) * 3 / 2 + 64 && !Self.hasExplicitFormattingOrSeparator(p))
                if windowable {
                    // P2–P3 read no isolate here: the first strong character decides.
                    let paragraphLevel = known?.paragraphLevel ?? requested ?? BidiResolver.paragraphLevel(ofUTF8: p)
                    forced = paragraphLevel
                    let w = Self.window(p, from: from, to: to)
                    // The paragraph once (kept for its other rows) when a bracket may pair across the window's edge.
                    if !Self.holdsPairedBracket(p, w) { window = w }
                }
            }
            let bytes = UnsafeBufferPointer(rebasing: p[window])
            // The scalars in a temporary allocation: an array's took a runtime metadata lookup.
            let resolution = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(bytes.count, 1)) { scalars in
                var i = 0, n = 0
                while i < bytes.count {
                    let (value, length) = UTF8Scalars.decode(bytes, at: i)
                    scalars[n] = value
                    n += 1
                    i += length
                }
                return BidiResolver.resolve(UnsafeBufferPointer(rebasing: scalars[..<n]), paragraphLevel: forced)
            }
            level = resolution.paragraphLevel
            guard !resolution.levels.isEmpty else { return }
            let perScalar = resolution.levels
            levels = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                perScalar.withUnsafeBufferPointer { perScalar in
                    // k stays below the scalar count: one lead byte a scalar.
                    var k = -1
                    for i in 0..<bytes.count {
                        if bytes[i] & 0xC0 != 0x80 { k &+= 1 }
                        buffer[i] = perScalar[k]
                    }
                }
                count = bytes.count
            }
        }
        paragraphLevel = level
        self.windowable = windowable
        covered = (paragraph.start + window.lowerBound)..<(paragraph.start + window.upperBound)
        self.levels = levels
    }

    /// True when the levels of `bytes` (absolute, the paragraph's) are known here.
    func covers(_ bytes: Range<Int>) -> Bool {
        covered.lowerBound <= bytes.lowerBound && bytes.upperBound <= covered.upperBound
    }

    /// The level of the scalar holding byte `x` (within `covered`). O(1).
    func level(atByte x: Int) -> UInt8 {
        assert(levels.isEmpty || covered.contains(x), "byte \(x) outside the resolved \(covered)")
        return levels.isEmpty ? paragraphLevel : levels[x - covered.lowerBound]
    }

    /// The levels of bytes `range` (within `covered`), one a byte, or nil when every byte is
    /// at `paragraphLevel`. O(1).
    func withLevels<R>(ofBytes range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard !levels.isEmpty else { return body(nil) }
        assert(covers(range), "bytes \(range) outside the resolved \(covered)")
        let base = covered.lowerBound
        return levels.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(range.lowerBound - base)..<(range.upperBound - base)])) }
    }

    // MARK: Windows

    /// True when `p` holds an explicit formatting character (LRE, RLE, LRO, RLO, PDF, LRI, RLI,
    /// FSI, PDI) or a paragraph separator (class B): then its levels are resolved whole. Every
    /// such character is ASCII below U+0020 (U+000A, U+000D, U+001C–U+001E) or has the lead byte
    /// 0xC2 (U+0085) or 0xE2 (U+2029, U+202A–U+202E, U+2066–U+2069), as a test checks over every
    /// code point; eight bytes are tested at a time for those (a word holding one is then read
    /// byte by byte), and only those are decoded. O(n).
    static func hasExplicitFormattingOrSeparator(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return false }
        let table = BidiClassTable.shared
        let wanted = BidiClassSet.explicitFormatting | BidiClass.b.bit
        @inline(__always)
        func check(_ i: Int) -> Bool {
            let b = p[i]
            if b < 0x20 { return b == 0x0A || b == 0x0D || (b >= 0x1C && b <= 0x1E) }
            guard b | 0x20 == 0xE2, i + 1 < p.count else { return false }
            return table.bidiClass(UTF8Scalars.decode(p, at: i).value).bit & wanted != 0
        }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= p.count {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // Bytes 0xC2 and 0xE2 (the only ones that are 0xE2 with bit 5 set), and bytes below
            // 0x20: the borrow trick finds every such byte (and may flag a byte above one).
            let lead = (w | 0x2020_2020_2020_2020) ^ 0xE2E2_E2E2_E2E2_E2E2
            let flagged = ((lead &- ones) & ~lead | (w &- 0x20 &* ones) & ~w) & highs
            if flagged != 0 {
                for k in i..<(i + 8) where check(k) { return true }
            }
            i += 8
        }
        while i < p.count {
            if check(i) { return true }
            i += 1
        }
        return false
    }

    /// The window of `p` around bytes `from..<to` (scalar boundaries): from the last strong
    /// character (L, R, AL) starting at or before `from`, or the start, to the end of the first
    /// one starting at or after `to`, or the end. O(window).
    static func window(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Range<Int> {
        let table = BidiClassTable.shared
        let strong = BidiClass.l.bit | BidiClass.r.bit | BidiClass.al.bit
        var lower = from
        while true {
            if lower < p.count && table.bidiClass(UTF8Scalars.decode(p, at: lower).value).bit & strong != 0 { break }
            if lower == 0 { break }
            lower -= 1
            while lower > 0 && p[lower] & 0xC0 == 0x80 { lower -= 1 }
        }
        var upper = to
        while upper < p.count {
            let (value, length) = UTF8Scalars.decode(p, at: upper)
            upper += length
            if table.bidiClass(value).bit & strong != 0 { break }
        }
        return lower..<upper
    }

    /// True when a scalar of `p[window]` has a paired-bracket type (N0 may pair it with one
    /// outside). O(window).
    static func holdsPairedBracket(_ p: UnsafeBufferPointer<UInt8>, _ window: Range<Int>) -> Bool {
        let table = BidiClassTable.shared
        var i = window.lowerBound
        while i < window.upperBound {
            let (value, length) = UTF8Scalars.decode(p, at: i)
            if table.bracketType(value) != .none { return true }
            i += length
        }
        return false
    }
}
