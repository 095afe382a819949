/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0) from the paragraph level to the
/// resolved embedding levels: P2–P3, X1–X10, W1–W7, N0–N2, I1–I2 and L1 for a line that is the
/// whole paragraph. Reordering (L2) is ICU's (`ICUBidi.visualOrder`), or `VisualReorder` for the
/// short visual lines of the wrap index.
///
/// Why not ICU's `ubidi_setPara`: ICU 72 orders 30 cases of BidiCharacterTest.txt differently
/// from the standard (overrides around isolates and brackets, non-spacing marks after brackets,
/// a bracket stack that overflows), and the caret must move in
/// the standard's order. The character data are still ICU's (`BidiClassTable`), and ICU remains
/// the differential reference in the tests. Characters removed by X9 are kept out of the level
/// runs (the removal form of the algorithm) and then take the level of the character before
/// them, or the paragraph level at the start; L1 treats them like whitespace.
///
/// Runs in O(n) for n scalars: N0 counts each bracket pair's interior from prefix sums, and its
/// look-back for context stops at the previous resolved bracket or strong character.
struct BidiResolver {
    /// The result for one paragraph of scalars.
    struct Resolution {
        /// The level of the first paragraph (the text's own, or the forced one).
        var paragraphLevel: UInt8
        /// One resolved level per scalar; empty when every scalar has `paragraphLevel`.
        var levels: [UInt8]
        /// Where each paragraph starts, in scalars: `[0]`, plus the index after each paragraph
        /// separator (class B, such as U+001C) inside the text. Lines are reordered separately.
        var paragraphStarts: [Int]
    }

    /// `paragraphStarts` of text holding one paragraph, shared (a literal would allocate).
    private static let oneParagraph = [0]

    /// The deepest embedding level X1–X8 create (`max_depth`).
    static let maxDepth: UInt8 = 125
    /// The deepest nesting of open brackets BD16 tracks.
    static let maxBracketDepth = 63

    /// Resolves `scalars`, one paragraph of text as a line (soft wraps are not modelled).
    /// `forced` 0 or 1 sets every paragraph's level; nil resolves each by P2–P3.
    static func resolve(_ scalars: UnsafeBufferPointer<UInt32>, paragraphLevel forced: UInt8?) -> Resolution {
        let table = BidiClassTable.shared
        var classes = [BidiClass](repeating: .l, count: scalars.count)
        var present: UInt32 = 0
        var starts = Self.oneParagraph
        for i in scalars.indices {
            let cls = table.bidiClass(scalars[i])
            classes[i] = cls
            present |= cls.bit
            if cls == .b && i + 1 < scalars.count { starts.append(i + 1) }
        }
        // Nothing can raise a level above 0: every level is the paragraph's.
        if present & BidiClassSet.raisesLevels == 0 && (forced ?? 0) == 0 {
            return Resolution(paragraphLevel: 0, levels: [], paragraphStarts: starts)
        }
        // Right-to-left text with neither numbers nor left-to-right letters, at level 1 (forced,
        // or by P2–P3: its first strong character is R or AL): sos and eos are R, W1–W7 leave
        // nothing but R and neutrals, N0–N2 make the neutrals R, and L1 sets the rest to the
        // paragraph level, so every character is at level 1. The usual Arabic or Hebrew paragraph.
        if starts.count == 1 && present & ~BidiClassSet.uniformlyRightToLeft == 0
            && (forced == 1 || (forced == nil && present & (BidiClass.r.bit | BidiClass.al.bit) != 0)) {
            return Resolution(paragraphLevel: 1, levels: [], paragraphStarts: starts)
        }
        if starts.count == 1 {
            var paragraph = BidiResolver(scalars: scalars, classes: classes, present: present)
            classes = []
            let level = paragraph.run(forced: forced)
            return Resolution(paragraphLevel: level, levels: paragraph.resolved, paragraphStarts: starts)
        }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        var firstLevel: UInt8 = 0
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : scalars.count
            var paragraph = BidiResolver(scalars: UnsafeBufferPointer(rebasing: scalars[start..<end]),
                                         classes: Array(classes[start..<end]), present: present)
            let level = paragraph.run(forced: forced)
            if k == 0 { firstLevel = level }
            levels.replaceSubrange(start..<end, with: paragraph.resolved)
        }
        return Resolution(paragraphLevel: firstLevel, levels: levels, paragraphStarts: starts)
    }

    /// False when no character of the UTF-8 `bytes` can raise a level above 0 (no R, AL, AN,
    /// embedding, override or isolate initiator): then a paragraph at level 0 is all level 0.
    /// ASCII bytes are skipped without decoding. O(n), no allocation.
    static func mayRaiseLevels(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let table = BidiClassTable.shared
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1; continue }
            let (value, length) = UTF8Scalars.decode(bytes, at: i)
            if table.bidiClass(value).bit & BidiClassSet.raisesLevels != 0 { return true }
            i += length
        }
        return false
    }

    /// P2–P3 for the UTF-8 `bytes` taken as one text: the level of its first paragraph. O(n)
    /// at worst, usually stops at the first letter; no allocation.
    static func paragraphLevel(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var scan = ParagraphLevelScan()
        scan.feed(bytes)
        return scan.level
    }

    // MARK: - One paragraph

    private let scalars: UnsafeBufferPointer<UInt32>
    /// Bidi_Class of each character, as in the data.
    private let initial: [BidiClass]
    /// Classes as the rules change them (X6 overrides, then W1–N2 within each sequence).
    private var types: [BidiClass]
    /// Levels from X1–X8; fixed once computed (sos and eos read them).
    private var explicit: [UInt8]
    /// The levels being resolved (I1–I2, X9 and L1 write them).
    private(set) var resolved: [UInt8] = []
    /// For each isolate initiator, its matching PDI (BD9), or -1; empty when there are none.
    private var matchingPDI: [Int32] = []
    private var paragraphLevel: UInt8 = 0
    /// The classes that may occur (`BidiClass.bit`s; a superset is fine): rules whose classes
    /// are absent are skipped.
    private let present: UInt32

    private init(scalars: UnsafeBufferPointer<UInt32>, classes: [BidiClass], present: UInt32) {
        self.scalars = scalars
        initial = classes
        types = classes
        explicit = []
        self.present = present
    }

    /// Runs every rule; returns the paragraph level and leaves the levels in `resolved`.
    private mutating func run(forced: UInt8?) -> UInt8 {
        matchIsolates()
        paragraphLevel = forced ?? firstStrongIsRightToLeft(from: 0, to: initial.count).map { $0 ? 1 : 0 } ?? 0
        resolveExplicitLevels()
        resolved = explicit
        if present & (BidiClassSet.explicitFormatting | BidiClassSet.removedByX9) == 0 && !initial.isEmpty {
            // Nothing X1–X9 act on: one level run of every character, the paragraph's one
            // isolating run sequence, with sos and eos from the paragraph level alone. Its
            // order and classes in temporary buffers (arrays here were three allocations, each
            // with a runtime metadata lookup, for a paragraph of a few dozen characters).
            let n = initial.count
            // Nothing reads the explicit levels from here on: `resolved` holds the only
            // reference to them, and the rules below write it in place, without a copy.
            explicit = []
            let edge: BidiClass = paragraphLevel & 1 == 1 ? .r : .l
            let sequence = Sequence(range: 0..<n, level: paragraphLevel, sos: edge, eos: edge)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { order in
                withUnsafeTemporaryAllocation(of: BidiClass.self, capacity: n) { t in
                    for k in 0..<n {
                        order[k] = Int32(truncatingIfNeeded: k)
                        t[k] = types[k]
                    }
                    resolveSequence(sequence, UnsafeBufferPointer(order), t)
                }
            }
            assignLevelsRemovedByX9()
            applyL1()
            return paragraphLevel
        }
        var order: [Int32] = []
        let sequences = isolatingRunSequences(&order)
        // The classes of every sequence's characters, gathered in sequence order; the W and N
        // rules rewrite them in place, one sequence's range at a time.
        var t = order.map { types[Int($0)] }
        order.withUnsafeBufferPointer { order in
            t.withUnsafeMutableBufferPointer { t in
                for sequence in sequences {
                    resolveSequence(sequence, UnsafeBufferPointer(rebasing: order[sequence.range]),
                                    UnsafeMutableBufferPointer(rebasing: t[sequence.range]))
                }
            }
        }
        assignLevelsRemovedByX9()
        applyL1()
        return paragraphLevel
    }

    /// BD9: pairs each isolate initiator with the first PDI after it that closes it.
    private mutating func matchIsolates() {
        guard present & BidiClassSet.isolateControls != 0 else { return }
        matchingPDI = [Int32](repeating: -1, count: initial.count)
        var open: [Int32] = []
        for i in initial.indices {
            switch initial[i] {
            case .lri, .rli, .fsi: open.append(Int32(i))
            case .pdi: if let o = open.popLast() { matchingPDI[Int(o)] = Int32(i) }
            default: break
            }
        }
    }

    /// The end (exclusive) of the isolate the initiator at `i` opens: its matching PDI, or the
    /// end of the paragraph.
    private func isolateEnd(_ i: Int) -> Int {
        let m = matchingPDI.isEmpty ? -1 : Int(matchingPDI[i])
        return m >= 0 ? m : initial.count
    }

    /// P2: the first L, R or AL in `start..<end` outside isolates (true for R and AL), or nil.
    private func firstStrongIsRightToLeft(from start: Int, to end: Int) -> Bool? {
        var i = start
        while i < end {
            switch initial[i] {
            case .l: return false
            case .r, .al: return true
            case .lri, .rli, .fsi: i = isolateEnd(i)
            case .b: return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    // MARK: X1–X8

    /// X1–X8: the directional status stack. Sets `explicit` for every character and the
    /// overridden classes in `types`. The top entry lives in locals; the arrays hold the rest.
    private mutating func resolveExplicitLevels() {
        // Without embeddings, overrides or isolates every character is at the paragraph level
        // (X6, and X8 for the separator) and no class changes: the usual case.
        guard present & BidiClassSet.explicitFormatting != 0 else {
            explicit = [UInt8](repeating: paragraphLevel, count: initial.count)
            return
        }
        explicit = [UInt8](repeating: 0, count: initial.count)
        var savedLevel: [UInt8] = [], savedOverride: [BidiClass?] = [], savedIsolate: [Bool] = []
        var level = paragraphLevel
        var override: BidiClass? = nil
        var isolate = false
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        func push(_ newLevel: UInt8, _ newOverride: BidiClass?, _ newIsolate: Bool) {
            savedLevel.append(level); savedOverride.append(override); savedIsolate.append(isolate)
            level = newLevel; override = newOverride; isolate = newIsolate
        }
        func pop() {
            level = savedLevel.removeLast(); override = savedOverride.removeLast(); isolate = savedIsolate.removeLast()
        }

        for i in initial.indices {
            let cls = initial[i]
            switch cls {
            case .rle, .lre, .rlo, .lro:
                explicit[i] = level
                let rightToLeft = cls == .rle || cls == .rlo
                let next = rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
                if next <= Self.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    push(next, cls == .rlo ? .r : cls == .lro ? .l : nil, false)
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .rli, .lri, .fsi:
                explicit[i] = level
                if let override { types[i] = override }
                let rightToLeft = cls == .rli
                    || (cls == .fsi && firstStrongIsRightToLeft(from: i + 1, to: isolateEnd(i)) == true)
                let next = rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
                if next <= Self.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    push(next, nil, true)
                } else {
                    overflowIsolates += 1
                }
            case .pdi:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !isolate { pop() }
                    pop()
                    validIsolates -= 1
                }
                explicit[i] = level
                if let override { types[i] = override }
            case .pdf:
                explicit[i] = level
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !isolate && !savedLevel.isEmpty {
                    pop()
                }
            case .b:
                explicit[i] = paragraphLevel
            case .bn:
                explicit[i] = level
            default:
                explicit[i] = level
                if let override { types[i] = override }
            }
        }
    }

    // MARK: X9–X10

    /// One isolating run sequence (BD13): where its characters' indices lie in the flattened
    /// order, its level, and the classes of its start and end (sos, eos).
    private struct Sequence {
        var range: Range<Int>
        var level: UInt8
        var sos: BidiClass
        var eos: BidiClass
    }

    /// X9–X10: the level runs of the characters X9 keeps, chained into isolating run sequences
    /// across matched isolates, with sos and eos. Fills `order` with the indices of every
    /// sequence's characters, one sequence after another (each kept character once).
    private func isolatingRunSequences(_ order: inout [Int32]) -> [Sequence] {
        var kept: [Int32] = []
        kept.reserveCapacity(initial.count)
        for i in initial.indices where !initial[i].isRemovedByX9 { kept.append(Int32(i)) }
        guard !kept.isEmpty else { return [] }

        // Level runs as ranges of positions in `kept`.
        var runStarts: [Int] = [0]
        for p in 1..<kept.count where explicit[Int(kept[p])] != explicit[Int(kept[p - 1])] {
            runStarts.append(p)
        }
        let runCount = runStarts.count
        func runEnd(_ r: Int) -> Int { r + 1 < runCount ? runStarts[r + 1] : kept.count }

        // BD13: a run that ends with an isolate initiator continues with the run that starts
        // with its matching PDI.
        var next = [Int](repeating: -1, count: matchingPDI.isEmpty ? 0 : runCount)
        var continues = [Bool](repeating: false, count: matchingPDI.isEmpty ? 0 : runCount)
        if !matchingPDI.isEmpty {
            var runStartingAt: [Int32: Int] = [:]
            for r in 0..<runCount where initial[Int(kept[runStarts[r]])] == .pdi {
                runStartingAt[kept[runStarts[r]]] = r
            }
            for r in 0..<runCount {
                let last = Int(kept[runEnd(r) - 1])
                guard initial[last].isIsolateInitiator, matchingPDI[last] >= 0,
                      let following = runStartingAt[matchingPDI[last]] else { continue }
                next[r] = following
                continues[following] = true
            }
        }

        order.reserveCapacity(kept.count)
        var sequences: [Sequence] = []
        sequences.reserveCapacity(runCount)
        for r in 0..<runCount where continues.isEmpty || !continues[r] {
            let lo = order.count
            var run = r
            while true {
                order.append(contentsOf: kept[runStarts[run]..<runEnd(run)])
                guard !next.isEmpty, next[run] >= 0 else { break }
                run = next[run]
            }
            let first = Int(order[lo]), last = Int(order[order.count - 1])
            let level = explicit[first]
            // The levels of the characters X9 keeps before and after the sequence.
            let before = runStarts[r] > 0 ? explicit[Int(kept[runStarts[r] - 1])] : paragraphLevel
            let lastPosition = runEnd(run) - 1
            let after = initial[last].isIsolateInitiator || lastPosition + 1 >= kept.count
                ? paragraphLevel : explicit[Int(kept[lastPosition + 1])]
            sequences.append(Sequence(range: lo..<order.count, level: level,
                                      sos: max(level, before) & 1 == 1 ? .r : .l,
                                      eos: max(level, after) & 1 == 1 ? .r : .l))
        }
        return sequences
    }

    // MARK: W1–I2

    /// The strong direction a class counts as in N0–N2 (EN and AN count as R), or nil.
    @inline(__always)
    private static func strongDirection(_ cls: BidiClass) -> BidiClass? {
        switch cls {
        case .l: return .l
        case .r, .al, .en, .an: return .r
        default: return nil
        }
    }

    /// W1–W7, N0–N2 and I1–I2 on one isolating run sequence: `idx` its characters' indices,
    /// `t` their classes, rewritten in place.
    private mutating func resolveSequence(_ sequence: Sequence, _ idx: UnsafeBufferPointer<Int32>,
                                          _ t: UnsafeMutableBufferPointer<BidiClass>) {
        let n = idx.count

        // W1: non-spacing marks take the class before them (ON after isolate controls). W2, W3:
        // European numbers after Arabic letters are Arabic numbers; AL becomes R. One pass: W2
        // and W3 read at each character what W1 made of it and of the characters before it.
        var previous = sequence.sos
        var lastStrong = sequence.sos
        // Without marks, Arabic letters or European numbers the pass changes nothing.
        let w1to3 = present & (BidiClass.nsm.bit | BidiClass.al.bit | BidiClass.en.bit) != 0
        for k in 0..<(w1to3 ? n : 0) {
            var cls = t[k]
            if cls == .nsm { cls = previous } else { previous = cls.bit & BidiClassSet.isolateControls != 0 ? .on : cls }
            switch cls {
            case .l, .r: lastStrong = cls
            case .al: lastStrong = .al; cls = .r
            case .en: if lastStrong == .al { cls = .an }
            default: break
            }
            t[k] = cls
        }
        // W4 and W5 act only next to numbers; the characters they change become neutral by W6
        // otherwise.
        let numbers = present & (BidiClass.en.bit | BidiClass.an.bit) != 0
        // W4: one separator between two numbers of the same kind.
        if numbers && n >= 3 {
            for k in 1..<(n - 1) {
                if t[k] == .es, t[k - 1] == .en, t[k + 1] == .en {
                    t[k] = .en
                } else if t[k] == .cs, t[k - 1] == t[k + 1], t[k - 1] == .en || t[k - 1] == .an {
                    t[k] = t[k - 1]
                }
            }
        }
        // W5: terminators next to European numbers.
        var k = 0
        while numbers && k < n {
            guard t[k] == .et else { k += 1; continue }
            var end = k
            while end < n && t[end] == .et { end += 1 }
            if (k > 0 && t[k - 1] == .en) || (end < n && t[end] == .en) {
                for j in k..<end { t[j] = .en }
            }
            k = end
        }
        // W6, W7: remaining separators and terminators are neutral; European numbers after L
        // are L.
        lastStrong = sequence.sos
        // Without separators, terminators or European numbers the pass changes nothing.
        let w6to7 = present & (BidiClass.es.bit | BidiClass.et.bit | BidiClass.cs.bit | BidiClass.en.bit) != 0
        for k in 0..<(w6to7 ? n : 0) {
            switch t[k] {
            case .es, .et, .cs: t[k] = .on
            case .l, .r: lastStrong = t[k]
            case .en: if lastStrong == .l { t[k] = .l }
            default: break
            }
        }

        let embedding: BidiClass = sequence.level & 1 == 1 ? .r : .l
        resolveBrackets(idx, t, embedding: embedding, sos: sequence.sos)

        // N1, N2: runs of neutrals take the direction around them when both sides agree, else
        // the embedding direction.
        k = 0
        while k < n {
            guard t[k].bit & BidiClassSet.neutralOrIsolate != 0 else { k += 1; continue }
            var end = k
            while end < n && t[end].bit & BidiClassSet.neutralOrIsolate != 0 { end += 1 }
            let leading = k > 0 ? (Self.strongDirection(t[k - 1]) ?? embedding) : sequence.sos
            let trailing = end < n ? (Self.strongDirection(t[end]) ?? embedding) : sequence.eos
            let direction = leading == trailing ? leading : embedding
            for j in k..<end { t[j] = direction }
            k = end
        }

        // I1, I2, one loop per parity of the level, each without a branch per character.
        let level = sequence.level
        let numberBits = BidiClass.an.bit | BidiClass.en.bit
        resolved.withUnsafeMutableBufferPointer { resolved in
            if level & 1 == 0 {
                for k in 0..<n {
                    let bit = t[k].bit
                    let raise: UInt8 = (bit & BidiClass.r.bit != 0 ? 1 : 0) | (bit & numberBits != 0 ? 2 : 0)
                    resolved[Int(idx[k])] = level &+ raise
                }
            } else {
                for k in 0..<n {
                    let raise: UInt8 = t[k].bit & (BidiClass.l.bit | numberBits) != 0 ? 1 : 0
                    resolved[Int(idx[k])] = level &+ raise
                }
            }
        }
    }

    /// BD16 and N0: paired brackets take the direction of the strong text inside them, or of
    /// the context before them when only the opposite direction is inside.
    private func resolveBrackets(_ idx: UnsafeBufferPointer<Int32>, _ t: UnsafeMutableBufferPointer<BidiClass>,
                                 embedding: BidiClass, sos: BidiClass) {
        let table = BidiClassTable.shared
        // BD16: pairs of positions in the sequence, found with a stack of 63 openers.
        var pairs: [(open: Int, close: Int)] = []
        var openers: [(position: Int, closing: UInt32)] = []
        scan: for k in t.indices where t[k] == .on {
            let c = scalars[Int(idx[k])]
            switch table.bracketType(c) {
            case .open:
                if openers.count == Self.maxBracketDepth { break scan }
                openers.append((k, table.pairedBracket(c)))
            case .close:
                let key = BidiClassTable.canonicalBracket(c)
                if let depth = openers.lastIndex(where: { $0.closing == key }) {
                    pairs.append((openers[depth].position, k))
                    openers.removeSubrange(depth...)
                }
            case .none:
                break
            }
        }
        guard !pairs.isEmpty else { return }
        pairs.sort { $0.open < $1.open }

        // A pair's interior is scanned while it is short. Long ones are counted from how many
        // strong L and R (EN and AN count as R) come before each position, built once on
        // first need: pairs do not cross, and N0 only changes brackets and the marks right
        // after them, so nothing inside a pair changes before the pair itself is resolved and
        // counts taken at any earlier time hold for its interior. Nested pairs would otherwise
        // rescan up to 63 times.
        var strongL: [Int32] = [], strongR: [Int32] = []
        let opposite: BidiClass = embedding == .l ? .r : .l
        for (open, close) in pairs {
            var foundEmbedding = false, foundOpposite = false
            if close - open <= 64 {
                for k in (open + 1)..<close {
                    guard let d = Self.strongDirection(t[k]) else { continue }
                    if d == embedding { foundEmbedding = true; break }
                    foundOpposite = true
                }
            } else {
                if strongL.isEmpty {
                    strongL = [Int32](repeating: 0, count: t.count + 1)
                    strongR = [Int32](repeating: 0, count: t.count + 1)
                    for k in t.indices {
                        let d = Self.strongDirection(t[k])
                        strongL[k + 1] = strongL[k] + (d == .l ? 1 : 0)
                        strongR[k + 1] = strongR[k] + (d == .r ? 1 : 0)
                    }
                }
                let insideL = strongL[close] - strongL[open + 1], insideR = strongR[close] - strongR[open + 1]
                foundEmbedding = (embedding == .l ? insideL : insideR) > 0
                foundOpposite = (embedding == .l ? insideR : insideL) > 0
            }
            let direction: BidiClass
            if foundEmbedding {
                direction = embedding
            } else if foundOpposite {
                var context = sos
                var k = open - 1
                while k >= 0 {
                    if let d = Self.strongDirection(t[k]) { context = d; break }
                    k -= 1
                }
                direction = context == opposite ? opposite : embedding
            } else {
                continue
            }
            for bracket in [open, close] {
                t[bracket] = direction
                // Marks that followed the bracket in the text follow its new direction.
                var k = bracket + 1
                while k < t.count && initial[Int(idx[k])] == .nsm {
                    t[k] = direction
                    k += 1
                }
            }
        }
    }

    // MARK: After the sequences

    /// The characters X9 removed take the level of the character before them, or the
    /// paragraph level at the start.
    private mutating func assignLevelsRemovedByX9() {
        guard present & BidiClassSet.removedByX9 != 0 else { return }
        for i in initial.indices where initial[i].isRemovedByX9 {
            resolved[i] = i > 0 ? resolved[i - 1] : paragraphLevel
        }
    }

    /// L1, the whole paragraph being one line: separators, and the whitespace before them or
    /// at the end of the line, return to the paragraph level.
    private mutating func applyL1() {
        // Read from the end: once a character that stays is met, only a separator further back
        // starts another reset, so without separators the loop stops there.
        let separators = present & (BidiClass.s.bit | BidiClass.b.bit) != 0
        var trailingStart = initial.count
        for i in stride(from: initial.count - 1, through: 0, by: -1) {
            let cls = initial[i]
            if cls == .s || cls == .b {
                resolved[i] = paragraphLevel
                trailingStart = i
            } else if cls.bit & BidiClassSet.trailingWhitespace != 0 {
                if trailingStart == i + 1 { trailingStart = i; resolved[i] = paragraphLevel }
            } else {
                if !separators { return }
                trailingStart = -1
            }
        }
    }
}
