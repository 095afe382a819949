@testable import Caret
import XCTest

/// `RangeSetStorage.coalesce(_:)` (the entries one change took out, mapped, merged when alike and
/// sorted) against a plain model: one entry per distinct (start, length, options), standing for
/// the union of the ranges of the entries that share them, with their smallest `sequence`, sorted
/// by start, then `sequence`; the id index pointing each member at its group. Blocks of singles
/// and groups, short (sorted by insertion) and long (the standard library's sort), with starts
/// strictly increasing (returned as they are) or not. Seeded (`SEED`).
final class RangeSetCoalesceTests: XCTestCase {
    func testCoalesceMatchesAPlainModel() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        print("RangeSetCoalesceTests: SEED=\(seed)")
        for round in 0..<3_000 {
            let label = "SEED=\(seed) round \(round)"
            var storage = RangeSetStorage<RangeSetEntry>()
            let n = Int.random(in: 2...(round % 4 == 0 ? 60 : 12), using: &rng)
            let increasing = round % 5 == 0
            var sequences = Array(UInt32(0)..<UInt32(4 * n))
            sequences.shuffle(using: &rng)
            var block: [RangeSetEntry] = []
            var start = 0
            for k in 0..<n {
                start = increasing ? start + Int.random(in: 1...3, using: &rng) : Int.random(in: 0...3, using: &rng)
                let length = Int.random(in: 0...1, using: &rng), flags = UInt8.random(in: 0...1, using: &rng)
                var entry = RangeSetEntry(start: start, length: length, slot: storage.allocateSlot(), sequence: sequences[4 * k],
                                          flags: flags)
                // Some entries are groups already (ranges made alike by an earlier change).
                for extra in 0..<max(0, Int.random(in: -2...2, using: &rng)) {
                    let other = RangeSetEntry(start: start, length: length, slot: storage.allocateSlot(),
                                              sequence: sequences[4 * k + 1 + extra], flags: flags)
                    storage.merge(other, into: &entry)
                }
                block.append(entry)
            }
            // The model: members and smallest sequence by (start, length, flags).
            struct Key: Hashable { let start: Int, length: Int, flags: UInt8 }
            var expected: [Key: (slots: Set<UInt32>, sequence: UInt32)] = [:]
            for e in block {
                var slots = Set<UInt32>()
                storage.forEachMember(of: e) { slots.insert($0.slot) }
                let key = Key(start: e.start, length: e.length, flags: e.flags)
                let old = expected[key] ?? ([], .max)
                expected[key] = (old.slots.union(slots), min(old.sequence, e.sequence))
            }
            let expectedOrder = expected.sorted { ($0.key.start, $0.value.sequence) < ($1.key.start, $1.value.sequence) }
            let before = block
            storage.coalesce(&block)
            if increasing {
                XCTAssertTrue(block.elementsEqual(before) { $0.start == $1.start && $0.sequence == $1.sequence && $0.group == $1.group }, label)
            }
            XCTAssertEqual(block.count, expectedOrder.count, label)
            for (e, (key, value)) in zip(block, expectedOrder) {
                XCTAssertEqual(Key(start: e.start, length: e.length, flags: e.flags), key, label)
                XCTAssertEqual(e.sequence, value.sequence, label)
                var slots = Set<UInt32>()
                storage.forEachMember(of: e) { slots.insert($0.slot) }
                XCTAssertEqual(slots, value.slots, label)
                if e.group == RangeSetEntry.single {
                    XCTAssertEqual(slots, [e.slot], label)
                } else {
                    for slot in slots { XCTAssertEqual(storage.slots[Int(slot)].leaf, RangeSetSlot.groupBit | e.group, label) }
                }
            }
        }
    }
}
