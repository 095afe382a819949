@_spi(Testing) @testable import Caret
import XCTest

/// The range set's one-leaf path for keystrokes (RangeSetStorage+OneLeaf.swift) against its
/// general path: two sets given the same ranges and the same keystroke-like replacements (typing,
/// backspacing, deleting forward, short replacements and a few long deletions that pile ranges up,
/// all at or next to range ends of every stickiness, `removeWhenEmptied` or not), one allowed the
/// one-leaf path and one not, must hold the same storage exactly (entries, spans, groups, id index,
/// summary tree) and return the same removed ids after every replacement; a copy taken along must
/// not change. Half of the replacements go on where the last one ended (typing), from the leaf it
/// changed. Run with `--traits TinyShapes` too (many leaves of 4). Seeded (`SEED`).
final class RangeSetOneLeafTests: XCTestCase {
    func testKeystrokesMatchTheGeneralPathExactly() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetOneLeafTests: SEED=\(seed)")
        let stickinesses: [TextRangeSet<Int>.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]
        var oneLeafTaken = 0, fastTaken = 0
        for round in 0..<4 {
            // The last round's text is longer: past the compact entries' limit under `--traits
            // TinyShapes` (2¹²), so that both paths run on the wide form there too.
            var length = round == 3 ? 6_000 : 3_000
            var fast = TextRangeSet<Int>(), general = TextRangeSet<Int>()
            var value = 0
            func add(_ a: Int, _ b: Int) {
                let stickiness = stickinesses.randomElement(using: &rng)!, removes = Bool.random(using: &rng)
                let x = fast.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                let y = general.insert(TextRange(_utf8: a, b), value: value, stickiness: stickiness, removeWhenEmptied: removes)
                XCTAssertEqual(x, y)
                value += 1
            }
            for _ in 0..<[40, 300, 600, 1_000][round] {
                let a = Int.random(in: 0...length, using: &rng)
                add(a, min(length, a + [0, 0, 1, 2, 5, 30].randomElement(using: &rng)!))
            }
            var snapshot = fast, snapshotRanges = fast.all.map { ($0.id, $0.range._utf8Offsets) }
            // Where the last replacement's text ends: typing goes on there half of the time (the
            // one-leaf path then starts from the leaf it last changed, `RangeSetStorage.finger`).
            var caret: Int?
            for step in 0..<800 {
                let label = "SEED=\(seed) round \(round) step \(step)"
                // A place at or next to a range's end (or anywhere when none is left).
                var p = Int.random(in: 0...length, using: &rng)
                if let (start, end) = fast.wide.map({ Self.randomRange($0, &rng) }) ?? Self.randomRange(fast.storage, &rng) {
                    p = (Bool.random(using: &rng) ? start : end) + Int.random(in: -1...1, using: &rng)
                    p = min(max(0, p), length)
                }
                if let c = caret, Bool.random(using: &rng) { p = min(c, length) }
                let k = Int.random(in: 1...3, using: &rng)
                let (range, inserted): (Range<Int>, Int)
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<10: (range, inserted) = (p..<p, k)  // typing
                case 10..<14: (range, inserted) = (max(0, p - k)..<p, 0)  // backspace
                case 14..<17: (range, inserted) = (p..<min(length, p + k), 0)  // delete forward
                case 17, 18: (range, inserted) = (max(0, p - 1)..<min(length, p + 1), k)  // a short replacement
                default: (range, inserted) = (max(0, p - 40)..<p, 0)  // a long deletion: a pile forms
                }
                if range.isEmpty && inserted == 0 { continue }
                do {
                    let stretch = ReplacedStretch(start: range.lowerBound, end: range.upperBound, inserted: inserted)
                    // The form the set is in after the replacement (it may take the wide one).
                    var probeSet = fast
                    _ = probeSet.fitsCompact(range, insertedCount: inserted)
                    let (oneLeaf, typing) = probeSet.wide.map { Self.probe($0, stretch) } ?? Self.probe(probeSet.storage, stretch)
                    if oneLeaf { oneLeafTaken += 1 }
                    if typing { fastTaken += 1 }
                }
                let removedFast = fast.replace(range, insertedCount: inserted)
                // Into the storage now: this test is about the storage's paths, each replacement
                // on its own (a run of typing the set would otherwise keep pending).
                fast.settlePending()
                let removedGeneral = general.replace(range, insertedCount: inserted, oneLeafFirst: false)
                length += inserted - range.count
                caret = range.lowerBound + inserted
                XCTAssertEqual(removedFast, removedGeneral, label)
                if let problem = fast._invariantViolation() { return XCTFail("\(label): \(problem)") }
                if (fast.wide == nil) != (general.wide == nil) { return XCTFail("\(label): one set wide, not the other") }
                if let difference = fast.wide.map({ Self.difference($0, general.wide!) }) ?? Self.difference(fast.storage, general.storage) {
                    return XCTFail("\(label): replacing \(range) by \(inserted) bytes: \(difference)")
                }
                if step % 25 == 0 {
                    XCTAssertEqual(fast, general, label)
                    // Onto the piles: collapsed ranges where others are collapsed.
                    for r in fast.all.prefix(200) where r.range._utf8Offsets.isEmpty && Bool.random(using: &rng) {
                        add(r.range._utf8Offsets.lowerBound, r.range._utf8Offsets.lowerBound)
                    }
                    if let victim = fast.all.randomElement(using: &rng)?.id {
                        fast.remove(victim)
                        general.remove(victim)
                    }
                }
                if step % 100 == 0 {
                    let now = snapshot.all.map { ($0.id, $0.range._utf8Offsets) }
                    guard now.elementsEqual(snapshotRanges, by: { $0.0 == $1.0 && $0.1 == $1.1 }) else {
                        return XCTFail("\(label): a copy changed with the set")
                    }
                    snapshot = fast
                    snapshotRanges = now.isEmpty ? [] : fast.all.map { ($0.id, $0.range._utf8Offsets) }
                }
            }
        }
        // The test is about the one-leaf path: most replacements must have taken it.
        print("RangeSetOneLeafTests: \(oneLeafTaken) replacements took the one-leaf path")
        XCTAssertGreaterThan(oneLeafTaken, 1_000, "SEED=\(seed)")
        print("RangeSetOneLeafTests: \(fastTaken) replacements took the fast path")
        XCTAssertGreaterThan(fastTaken, 300, "SEED=\(seed)")
    }

    /// A range of `storage` picked at random (absolute start and end), or nil when it holds none.
    static func randomRange<Entry>(_ storage: RangeSetStorage<Entry>, _ rng: inout SeededGenerator) -> (Int, Int)? {
        let leaf = Int.random(in: 0..<storage.leaves.count, using: &rng)
        guard let entry = storage.leaves[leaf].entries.randomElement(using: &rng) else { return nil }
        let start = storage.base(ofLeaf: leaf) + entry.start
        return (start, start + entry.length)
    }

    /// Whether the one-leaf path and the keystroke fast path would take `stretch` in `storage`.
    static func probe<Entry>(_ storage: RangeSetStorage<Entry>, _ stretch: ReplacedStretch) -> (oneLeaf: Bool, typing: Bool) {
        // Whether the one-leaf path takes it, on a copy let go of before the replacement.
        var probe = storage
        let oneLeaf = probe.count > 0 && probe.replaceWithinOneLeaf(stretch, removed: { _, _ in })
        // And whether the keystroke fast path before it does (RangeSetStorage+Typing.swift),
        // on a copy whose leaves are its own (it leaves shared ones to the one-leaf path).
        var own = storage
        own.leaves = own.leaves.map { RangeSetLeaf(serial: $0.serial, span: $0.span, entries: $0.entries) }
        let typing = own.count > 0 && own.replaceAtFinger(stretch)
        return (oneLeaf, typing)
    }

    /// The first difference between two storages, or nil when they are the same.
    static func difference<Entry>(_ a: RangeSetStorage<Entry>, _ b: RangeSetStorage<Entry>) -> String? {
        // The trees as they are with any pending summary in (the one-leaf path puts it off).
        var a = a, b = b
        a.settle()
        b.settle()
        guard a.leaves.count == b.leaves.count else { return "\(a.leaves.count) leaves, \(b.leaves.count)" }
        for (i, (x, y)) in zip(a.leaves, b.leaves).enumerated() {
            if x.serial != y.serial || x.span != y.span { return "leaf \(i): serial or span" }
            let same = x.entries.elementsEqual(y.entries) {
                $0.start == $1.start && $0.length == $1.length && $0.slot == $1.slot && $0.sequence == $1.sequence
                    && $0.group == $1.group && $0.flags == $1.flags
            }
            if !same { return "leaf \(i): entries \(x.entries) against \(y.entries)" }
        }
        if a.tree.map(\.span) != b.tree.map(\.span) || a.tree.map(\.maxEnd) != b.tree.map(\.maxEnd) { return "summary trees" }
        if a.slots.map(\.leaf) != b.slots.map(\.leaf) || a.slots.map(\.generation) != b.slots.map(\.generation) { return "id index" }
        if a.freeSlots != b.freeSlots || a.freeGroups != b.freeGroups { return "free slots or groups" }
        if a.groups.map(\.leaf) != b.groups.map(\.leaf) || a.groups.map({ $0.members.map(\.slot) }) != b.groups.map({ $0.members.map(\.slot) }) {
            return "groups"
        }
        if a.count != b.count || a.nextSequence != b.nextSequence { return "count or sequence" }
        return nil
    }
}
