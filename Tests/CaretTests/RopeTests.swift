import XCTest
@testable import Caret

/// A shape for the toy chunk: its branches' and its leaves' fan-outs. The shape is a property of
/// the chunk type (`RopeChunk.maxChildren`, `maxChunks`), so the tree is tested in several shapes
/// in every build, whatever `TinyShapes` chose for text.
protocol ToyFanOut: SendableMetatype {
    static var maxChildren: Int { get }
    static var maxChunks: Int { get }
}
extension ToyFanOut { static var maxChunks: Int { maxChildren } }
/// The smallest legal fan-out: deep trees from a few items.
enum FanOut4: ToyFanOut { static var maxChildren: Int { 4 } }
/// An odd one: halves round down.
enum FanOut5: ToyFanOut { static var maxChildren: Int { 5 } }
/// Leaves wider than branches, as text's are: each kind of node split and merged by its own limit.
enum FanOut4Leaves7: ToyFanOut {
    static var maxChildren: Int { 4 }
    static var maxChunks: Int { 7 }
}
/// Branches wider than leaves.
enum FanOut9Leaves4: ToyFanOut {
    static var maxChildren: Int { 9 }
    static var maxChunks: Int { 4 }
}
/// The widest fan-out a chunk type may declare.
enum FanOut32: ToyFanOut { static var maxChildren: Int { 32 } }

/// The generic tree on its own, with a toy chunk in several shapes, against an array.
final class RopeTests: XCTestCase {
    struct Sum: RopeSummary {
        var count: Int, total: Int
        static let zero = Sum(count: 0, total: 0)
        static func + (a: Sum, b: Sum) -> Sum { Sum(count: a.count + b.count, total: a.total + b.total) }
        static func - (a: Sum, b: Sum) -> Sum { Sum(count: a.count - b.count, total: a.total - b.total) }
    }
    struct Item<Fan: ToyFanOut>: RopeChunk {
        var value: Int
        var summary: Sum { Sum(count: 1, total: value) }
        static var maxChildren: Int { Fan.maxChildren }
        static var maxChunks: Int { Fan.maxChunks }
    }
    enum TotalMetric: RopeMetric { static func measure(_ s: Sum) -> Int { s.total } }

    func testRandomOperationsAgainstArray() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 7)
        print("RopeTests seed \(seed)")
        randomOperations(FanOut4.self, &rng, seed: seed)
        randomOperations(FanOut5.self, &rng, seed: seed)
        randomOperations(FanOut4Leaves7.self, &rng, seed: seed)
        randomOperations(FanOut9Leaves4.self, &rng, seed: seed)
        randomOperations(FanOut32.self, &rng, seed: seed)
    }

    func randomOperations<Fan: ToyFanOut>(_: Fan.Type, _ rng: inout SeededGenerator, seed: UInt64) {
        var rope = Rope<Item<Fan>>()
        var model: [Int] = []
        var snapshots: [(Rope<Item<Fan>>, [Int])] = []
        for step in 0..<3000 {
            let op = Int.random(in: 0..<10, using: &rng)
            if op < 5 || model.isEmpty {
                let i = Int.random(in: 0...model.count, using: &rng)
                let v = Int.random(in: 1...9, using: &rng)
                rope.insert(Item<Fan>(value: v), at: i)
                model.insert(v, at: i)
            } else if op < 8 {
                let i = Int.random(in: 0..<model.count, using: &rng)
                XCTAssertEqual(rope.remove(at: i).value, model.remove(at: i))
            } else if op < 9 {
                let i = Int.random(in: 0..<model.count, using: &rng)
                rope.mutateChunk(at: i) { $0.value = 5 }
                model[i] = 5
            } else {
                let lo = Int.random(in: 0...model.count, using: &rng)
                let hi = Int.random(in: lo...min(model.count, lo + 6), using: &rng)
                let new = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 1...9, using: &rng) }
                rope.replaceChunks(lo..<hi, with: new.map(Item<Fan>.init))
                model.replaceSubrange(lo..<hi, with: new)
            }
            rope.checkInvariants()
            if step % 100 == 0 { snapshots.append((rope, model)) }
            XCTAssertEqual(rope.chunkCount, model.count)
            XCTAssertEqual(rope.summary.total, model.reduce(0, +))
            if step % 50 == 0 {
                XCTAssertEqual(rope.chunks.map(\.value), model, "seed \(seed) step \(step)")
                if !model.isEmpty {
                    let target = Int.random(in: 0..<model.reduce(0, +), using: &rng)
                    let found = rope.find(target, in: TotalMetric.self)
                    var before = 0, index = 0
                    while before + model[index] <= target { before += model[index]; index += 1 }
                    XCTAssertEqual(found.index, index)
                    XCTAssertEqual(found.prefix.total, before)
                }
            }
        }
        // Copies taken along the way were never disturbed by later mutations.
        for (copy, contents) in snapshots {
            copy.checkInvariants()
            XCTAssertEqual(copy.chunks.map(\.value), contents)
        }
        // Iteration from the middle.
        var seen: [Int] = []
        rope.forEachChunk(from: model.count / 2) { seen.append($0.value); return true }
        XCTAssertEqual(seen, Array(model[(model.count / 2)...]))
    }

    func testBulkBuildIsBalanced() {
        for n in [0, 1, 3, 4, 5, 17, 100, 1000, 4097] {
            let rope = Rope<Item<FanOut4>>(chunks: (0..<n).map { Item(value: $0 % 7 + 1) })
            rope.checkInvariants()
            XCTAssertEqual(rope.chunkCount, n)
        }
    }
}
