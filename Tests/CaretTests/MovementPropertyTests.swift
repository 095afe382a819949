import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Random mixed-direction lines: Arabic, Hebrew, Latin, digits, neutrals, brackets, marks,
/// emoji, isolates and embeddings (some nested past the 125-level limit).
final class MovementPropertyTests: XCTestCase {
    static let pieces: [String] = [
        "a", "b", "Z", "q", "\u{5D0}", "\u{5D1}", "\u{5E9}\u{5B8}", "\u{627}", "\u{644}", "\u{645}\u{64E}",
        "1", "2", "9", "\u{661}", "\u{6F5}", " ", " ", "!", ".", ",", "-", "+", "$", "%", "(", ")", "[", "]",
        "\u{300}", "\u{200E}", "\u{200F}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "👋🏽", "🇺🇦", "\t", "\u{AD}",
        "\u{1C}",                                          // a paragraph separator inside the line
    ]

    static func randomLine(_ rng: inout SeededGenerator, maxLength: Int = 40) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &rng) {
            if Int.random(in: 0..<60, using: &rng) == 0 {
                // Deep nesting, up to and beyond the 125-level limit.
                let depth = Int.random(in: 60...200, using: &rng)
                let opener = ["\u{202B}", "\u{202A}", "\u{2067}", "\u{2066}", "\u{202E}"].randomElement(using: &rng)!
                s += String(repeating: opener, count: depth) + "x\u{5D0}1"
                if Bool.random(using: &rng) { s += String(repeating: opener == "\u{2067}" || opener == "\u{2066}" ? "\u{2069}" : "\u{202C}", count: depth / 2) }
            } else {
                s += pieces.randomElement(using: &rng)!
            }
        }
        return s
    }

    /// Checks the caret properties of single-line `doc`; returns the sweep.
    @discardableResult
    /// `override` is the direction set on the line with `setBaseWritingDirection`, if any.
    func checkLine(_ doc: TextDocument, override: WritingDirection? = nil, _ rng: inout SeededGenerator,
                   context: String) -> [TextPosition]? {
        let n = doc.count
        guard let slots = VisualProbe.sweep(doc, line: 0) else { XCTFail(context); return nil }
        // n presses cross n graphemes, each once, edges in adjacent slots.
        guard let indices = VisualProbe.visualIndices(doc, line: 0) else { XCTFail(context); return nil }
        XCTAssertEqual(indices.sorted(), Array(0..<n), context)
        // Off the ends of a one-line document: nil.
        XCTAssertNil(doc.position(from: slots[0], in: .left, offset: 1), context)
        XCTAssertNil(doc.position(from: slots[n], in: .right, offset: 1), context)
        for j in 0..<n {
            // .left retraces .right, and no nil inside the line.
            XCTAssertEqual(doc.position(from: slots[j + 1], in: .left, offset: 1), slots[j], "\(context) slot \(j)")
        }
        // Offsets equal repeated presses, either sign.
        for _ in 0..<4 {
            let a = Int.random(in: 0...n, using: &rng), b = Int.random(in: 0...n, using: &rng)
            XCTAssertEqual(doc.position(from: slots[a], in: .right, offset: b - a), slots[b], context)
            XCTAssertEqual(doc.position(from: slots[a], in: .left, offset: a - b), slots[b], context)
        }
        // The order agrees with the resolver's levels reordered per character (L2) and
        // collapsed to clusters, and with ICU's flat order where ICU follows UAX #9 — except
        // for clusters of characters X9 removes, which UAX #9 leaves unplaced (the resolver
        // gives them the level before them, as UAX #9 section 5.2 suggests; ICU does not).
        let text = doc.string
        let graphemeOf = GraphemeOrder.graphemeOfScalar(doc)
        let units = UnitTable(text)
        // As the document asks: the override's level for every paragraph of the line, or P2–P3
        // for each (a paragraph after U+001C may differ from the line's first).
        let forced: UInt8? = override.map { $0 == .rightToLeft ? 1 : 0 }
        let order = indices.indices.sorted { indices[$0] < indices[$1] }
        let scalars = Array(text.unicodeScalars)
        let resolution = scalars.map(\.value).withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
        if n > 0, !resolution.levels.isEmpty {
            // Each paragraph of the line (separated by U+001C and kin) is reordered on its own.
            var visual: [Int] = []
            let starts = resolution.paragraphStarts + [scalars.count]
            for k in 0..<(starts.count - 1) {
                let part = starts[k]..<starts[k + 1]
                visual += ICUBidi.visualOrder(of: Array(resolution.levels[part])).map { Int($0) + part.lowerBound }
            }
            if let expected = GraphemeOrder.expected(visual: visual, graphemeOf: graphemeOf) {
                XCTAssertEqual(order, expected, context)
            }
        }
        if n > 0, BidiFuzz.knownICUDeviation(scalars.map(\.value)) == nil,
           let icu = ICUReference.bidiVisualOrder(Array(text.utf16), paragraphLevel: forced),
           let expected = GraphemeOrder.expected(visual: icu.visual.compactMap { units.scalarIndex(utf16: $0) }, graphemeOf: graphemeOf) {
            let table = BidiClassTable.shared
            let placed = Set(scalars.indices.filter { !table.bidiClass(scalars[$0].value).isRemovedByX9 }.map { graphemeOf[$0] })
            XCTAssertEqual(order.filter(placed.contains), expected.filter(placed.contains), context)
        }
        // Logical mode: forward and backward one grapheme per press.
        var p = doc.beginningOfDocument
        for k in 0..<n {
            p = doc.position(from: p, in: .right, offset: 1, movement: .logical)!
            XCTAssertEqual(doc.offset(of: p), k + 1, context)
        }
        XCTAssertNil(doc.position(from: p, in: .right, offset: 1, movement: .logical))
        XCTAssertEqual(doc.position(from: p, in: .left, offset: n, movement: .logical), doc.beginningOfDocument)
        return slots
    }

    func testRandomLines() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xB1D1)
        print("MovementPropertyTests.testRandomLines seed \(seed) (SEED=\(seed) to replay)")
        for round in 0..<300 {
            let text = Self.randomLine(&rng)
            var doc = TextDocument(text)
            var override: WritingDirection?
            if round % 4 == 1 {
                override = Bool.random(using: &rng) ? .rightToLeft : .leftToRight
                try! doc.setBaseWritingDirection(override!, for: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)
            }
            checkLine(doc, override: override, &rng, context: "seed \(seed) round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Pure runs: `.right` is forward in left-to-right text and backward in right-to-left text.
    func testPureDirections() {
        let ltr = TextDocument("héllo wörld")
        var p = ltr.beginningOfDocument
        for k in 1...ltr.count {
            p = ltr.position(from: p, in: .right, offset: 1)!
            XCTAssertEqual(ltr.offset(of: p), k)
            XCTAssertEqual(p.affinity, .downstream)
        }
        let rtl = TextDocument("שָׁלוֹם עולם")
        p = rtl.endOfDocument
        for k in stride(from: rtl.count - 1, through: 0, by: -1) {
            p = rtl.position(from: p, in: .right, offset: 1)!
            XCTAssertEqual(rtl.offset(of: p), k)
        }
        XCTAssertNil(rtl.position(from: p, in: .right, offset: 1))
        XCTAssertEqual(rtl.position(from: rtl.beginningOfDocument, in: .left, offset: rtl.count), rtl.endOfDocument)
    }

    /// Mixed text: one offset, two visual slots told apart by affinity.
    func testAffinityAtRunBoundary() {
        // "ab" then Hebrew: visually a b ג ב א... logical end (offset 5) sits between "b" and
        // the Hebrew run, offset 2 both there (upstream) and at the right edge (downstream).
        let doc = TextDocument("ab\u{5D0}\u{5D1}\u{5D2}")
        guard let slots = VisualProbe.sweep(doc, line: 0) else { return }
        XCTAssertEqual(slots.map { doc.offset(of: $0)! }, [0, 1, 2, 4, 3, 2])
        XCTAssertEqual(slots[2].affinity, .upstream)
        XCTAssertEqual(slots[5].affinity, .downstream)
    }

    /// Multi-line documents with every paragraph forced one way: a sweep crosses every grapheme,
    /// terminators included, exactly once, and then stops.
    func testSweepAcrossLines() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x11E5)
        for round in 0..<40 {
            let lines = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Self.randomLine(&rng, maxLength: 15) }
            let terminators = ["\n", "\r\n", "\u{2029}", "\u{85}"]
            var text = ""
            for (i, line) in lines.enumerated() {
                text += line
                if i + 1 < lines.count { text += terminators.randomElement(using: &rng)! }
            }
            for rtl in [false, true] {
                var doc = TextDocument(text)
                try! doc.setBaseWritingDirection(rtl ? .rightToLeft : .leftToRight,
                                                 for: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)
                let forward: TextLayoutDirection = rtl ? .left : .right
                let backward: TextLayoutDirection = rtl ? .right : .left
                var p = doc.beginningOfDocument
                while let q = doc.position(from: p, in: backward, offset: 1) { p = q }
                XCTAssertEqual(doc.lineAndColumn(of: p)?.line, 0)
                var visited = [p]
                while let q = doc.position(from: p, in: forward, offset: 1) {
                    visited.append(q)
                    p = q
                    if visited.count > doc.count + 1 { break }
                }
                let context = "seed \(seed) round \(round) rtl \(rtl)"
                XCTAssertEqual(visited.count, doc.count + 1, context)
                XCTAssertEqual(Set(visited).count, visited.count, context)
                XCTAssertEqual(doc.lineAndColumn(of: p)?.line, doc.lineCount - 1, context)
                // And back: the reverse sweep retraces it.
                var back = [p]
                while let q = doc.position(from: p, in: backward, offset: 1) { back.append(q); p = q }
                XCTAssertEqual(back.reversed(), visited, context)
            }
        }
    }

    /// `PeriodicWalk` on toy step functions (random maps of 0..<m, some states without a
    /// successor): tails and cycles of every length, small and huge step counts, against
    /// stepping one at a time.
    func testPeriodicWalkMatchesSingleSteps() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xB4E17)
        for round in 0..<300 {
            let m = Int.random(in: 1...40, using: &rng)
            let table: [Int?] = (0..<m).map { _ in Int.random(in: 0..<8, using: &rng) == 0 ? nil : Int.random(in: 0..<m, using: &rng) }
            let start = Int.random(in: 0..<m, using: &rng)
            var calls = 0
            let step = { (x: Int) -> Int? in calls += 1; return table[x] }
            var naive: [Int?] = [start]
            for _ in 0..<(2 * m + 2) { naive.append(naive.last!.flatMap { table[$0] }) }
            for k in 0..<naive.count {
                XCTAssertEqual(PeriodicWalk.state(after: UInt(k), from: start, step: step), naive[k], "seed \(seed) round \(round) \(k)")
            }
            // Past 2m + 2 steps the walk has ended or is periodic with some period ≤ m.
            let period = (1...m).first { p in (m + 1...2 * m + 1).allSatisfy { naive[$0] == naive[$0 - p] } }!
            for n in [UInt(10_000_001), UInt(Int.max / 2), UInt(Int.max), UInt.max] {
                calls = 0
                let expected = naive[m + 1 + Int((n - UInt(m + 1)) % UInt(period))]
                XCTAssertEqual(PeriodicWalk.state(after: n, from: start, step: step), expected, "seed \(seed) round \(round) \(n)")
                XCTAssertLessThanOrEqual(calls, 4 * (m + 1), "seed \(seed) round \(round) \(n)")
            }
        }
    }

    /// Single presses of `direction` from `start`, each caret once: the walk stops before the
    /// first press that gives nil or a caret already visited, and `repeatsFrom` is that
    /// caret's index (nil when the walk left the document). nil when it exceeds `limit`.
    static func presses(_ doc: TextDocument, from start: TextPosition, _ direction: TextLayoutDirection,
                        limit: Int = 2_000) -> (walk: [TextPosition], repeatsFrom: Int?)? {
        var walk = [start], index = [start: 0]
        while walk.count <= limit {
            guard let q = doc.position(from: walk.last!, in: direction, offset: 1) else { return (walk, nil) }
            if let i = index[q] { return (walk, i) }
            index[q] = walk.count
            walk.append(q)
        }
        return nil
    }

    /// Where `n` presses end, from the walk of `presses`: past a repeat, periodically.
    static func extrapolate(_ walk: (walk: [TextPosition], repeatsFrom: Int?), presses n: UInt) -> TextPosition? {
        if n < walk.walk.count { return walk.walk[Int(n)] }
        guard let mu = walk.repeatsFrom else { return nil }
        let period = UInt(walk.walk.count - mu)
        return walk.walk[mu + Int((n - UInt(mu)) % period)]
    }

    static let hugeOffsets = [10_000_000, 10_000_001, Int.max / 2, Int.max / 2 + 1, Int.max - 1, Int.max]

    /// Checks `position(from:in:offset:)` with small and huge offsets, both signs, against the
    /// walk of single presses from `start`.
    func checkOffsets(_ doc: TextDocument, from start: TextPosition, context: String) {
        for (direction, opposite) in [(TextLayoutDirection.right, TextLayoutDirection.left), (.left, .right)] {
            guard let walk = Self.presses(doc, from: start, direction) else {
                XCTFail("\(context): walk \(direction) does not end or repeat"); continue
            }
            let m = walk.walk.count
            for k in Set(Array(0..<min(m, 40)) + Array(max(0, m - 3)..<(m + 3))) {
                XCTAssertEqual(doc.position(from: start, in: direction, offset: k),
                               Self.extrapolate(walk, presses: UInt(k)), "\(context) \(direction) \(k)")
            }
            for n in Self.hugeOffsets {
                let expected = Self.extrapolate(walk, presses: UInt(n))
                XCTAssertEqual(doc.position(from: start, in: direction, offset: n), expected, "\(context) \(direction) \(n)")
                XCTAssertEqual(doc.position(from: start, in: opposite, offset: -n), expected, "\(context) \(direction) -\(n)")
            }
            // Int.min: 2^63 presses the other way.
            XCTAssertEqual(doc.position(from: start, in: opposite, offset: Int.min),
                           Self.extrapolate(walk, presses: Int.min.magnitude), "\(context) \(direction) Int.min")
        }
    }

    /// Every caret of `doc`: each grapheme offset with either affinity.
    static func allCarets(_ doc: TextDocument) -> [TextPosition] {
        (0...doc.count).flatMap { k -> [TextPosition] in
            let p = doc.position(at: k)!
            var up = p
            up.affinity = .upstream
            return [p, up]
        }
    }

    /// A left-to-right line above a right-to-left one: from the end of the first, `.right`
    /// crosses to the second's reading start (its right edge) and from there back to the first
    /// line's reading end, for ever. A huge offset costs one period, not `offset` presses, and
    /// lands where the single presses say by periodicity.
    func testHugeOffsetsOnAnAlternatingWalk() {
        let doc = TextDocument("ab\n\u{5D0}\u{5D1}")
        let end0 = doc.position(line: 0, column: 2)!, start1 = doc.position(line: 1, column: 0)!
        var presses = [end0]
        for _ in 0..<400 { presses.append(doc.position(from: presses.last!, in: .right, offset: 1)!) }
        XCTAssertEqual(Array(presses.prefix(4)), [end0, start1, end0, start1])
        for k in 0..<presses.count {
            XCTAssertEqual(doc.position(from: end0, in: .right, offset: k), presses[k], "offset \(k)")
        }
        for n in Self.hugeOffsets {
            // Period 2 from the start: presses[n mod 2], and presses[300 + n mod 2] the same.
            XCTAssertEqual(doc.position(from: end0, in: .right, offset: n), presses[300 + n % 2], "offset \(n)")
            XCTAssertEqual(doc.position(from: start1, in: .right, offset: n), presses[301 + n % 2], "from line 1, offset \(n)")
            XCTAssertEqual(doc.position(from: end0, in: .left, offset: -n), presses[n % 2], "offset -\(n)")
        }
        XCTAssertEqual(doc.position(from: end0, in: .left, offset: Int.min), end0)
        // From anywhere, either way: small and huge offsets against single presses.
        for start in Self.allCarets(doc) { checkOffsets(doc, from: start, context: "\(start)") }
    }

    /// Multi-line documents with lines of either direction: huge offsets end where single
    /// presses end, or where they would be by periodicity once a caret comes back.
    func testHugeOffsetsAcrossLines() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xC7C1E)
        var cycles = 0
        for round in 0..<60 {
            let text = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.randomLine(&rng, maxLength: 8) }
                .joined(separator: "\n")
            var doc = TextDocument(text)
            for line in 0..<doc.lineCount where Int.random(in: 0..<3, using: &rng) == 0 {
                let at = doc.position(line: line, column: 0)!
                try! doc.setBaseWritingDirection(Bool.random(using: &rng) ? .rightToLeft : .leftToRight,
                                                 for: doc.textRange(from: at, to: at)!)
            }
            let carets = Self.allCarets(doc)
            for _ in 0..<3 {
                let start = carets.randomElement(using: &rng)!
                if Self.presses(doc, from: start, .right)?.repeatsFrom != nil { cycles += 1 }
                checkOffsets(doc, from: start, context: "seed \(seed) round \(round) \(start): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        XCTAssertGreaterThan(cycles, 0, "no walk repeated: the test does not test the cycle")
    }

    /// Walks without a cycle are unaffected: a huge offset leaves the document (nil) exactly
    /// where the presses would, and offsets up to the document's edge end there.
    func testHugeOffsetsWithoutCycle() {
        for text in ["", "abc", "hello\nworld\n", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}\n\u{5E2}\u{5D5}\u{5DC}\u{5DD}", "ab\u{5D0}\u{5D1}cd\nef"] {
            let doc = TextDocument(text)
            let begin = doc.beginningOfDocument, end = doc.endOfDocument
            for n in Self.hugeOffsets {
                for movement in [CaretMovement.visual, .logical] {
                    XCTAssertNil(doc.position(from: begin, in: .right, offset: n, movement: movement), "\(text) \(n)")
                    XCTAssertNil(doc.position(from: end, in: .left, offset: n, movement: movement), "\(text) \(n)")
                    XCTAssertNil(doc.position(from: begin, in: .left, offset: -n, movement: movement), "\(text) \(n)")
                    XCTAssertNil(doc.caret(from: TextCaret(end), in: .right, offset: -n, movement: movement), "\(text) \(n)")
                }
            }
            XCTAssertNil(doc.position(from: begin, in: .left, offset: Int.min), text)
            for start in Self.allCarets(doc) {
                XCTAssertNil(Self.presses(doc, from: start, .right)?.repeatsFrom ?? nil, "\(text) \(start)")
                checkOffsets(doc, from: start, context: "\(text) \(start)")
            }
        }
        // Pure left-to-right: offset count reaches the end, one more leaves.
        let ltr = TextDocument("hello\nworld\n")
        XCTAssertEqual(ltr.position(from: ltr.beginningOfDocument, in: .right, offset: ltr.count), ltr.endOfDocument)
        XCTAssertNil(ltr.position(from: ltr.beginningOfDocument, in: .right, offset: ltr.count + 1))
        XCTAssertEqual(ltr.position(from: ltr.endOfDocument, in: .left, offset: ltr.count), ltr.beginningOfDocument)
    }

    /// An edit in one paragraph leaves the cached layouts of the others right: a document whose
    /// cache was warmed before the edit moves exactly like one laid out from scratch.
    func testCacheAgreesWithFreshLayoutAfterEdits() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0xCAC4E)
        for round in 0..<40 {
            let text = (0..<4).map { _ in Self.randomLine(&rng, maxLength: 12) }.joined(separator: "\n")
            var doc = TextDocument(text)
            if Bool.random(using: &rng) {
                let line = Int.random(in: 0..<doc.lineCount, using: &rng)
                let at = doc.position(line: line, column: 0)!
                try! doc.setBaseWritingDirection(.rightToLeft, for: doc.textRange(from: at, to: at)!)
            }
            for _ in 0..<6 {
                for line in 0..<doc.lineCount { _ = VisualProbe.sweep(doc, line: line) }      // warm
                let copy = doc                                                               // shares the cache
                let a = Int.random(in: 0...doc.count, using: &rng)
                let b = min(doc.count, a + Int.random(in: 0...3, using: &rng))
                let insert = Bool.random(using: &rng) ? "\n" : Self.randomLine(&rng, maxLength: 4)
                try! doc.replace(doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)!, withText: insert)
                var fresh = doc
                fresh.bidiCache = BidiCache()
                for line in 0..<doc.lineCount {
                    XCTAssertEqual(VisualProbe.sweep(doc, line: line), VisualProbe.sweep(fresh, line: line),
                                   "seed \(seed) round \(round) line \(line)")
                }
                var freshCopy = copy
                freshCopy.bidiCache = BidiCache()
                for line in 0..<copy.lineCount {
                    XCTAssertEqual(VisualProbe.sweep(copy, line: line), VisualProbe.sweep(freshCopy, line: line),
                                   "copy: seed \(seed) round \(round) line \(line)")
                }
            }
        }
    }
}
