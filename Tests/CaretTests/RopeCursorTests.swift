import XCTest
@testable import Caret

/// `Rope.Cursor` against an array: seeks with both biases from a fresh descent and from a
/// cursor anywhere, steps both ways across leaves, and edits at a cursor under copy-on-write.
final class RopeCursorTests: XCTestCase {
    typealias Item<Fan: ToyFanOut> = RopeTests.Item<Fan>
    typealias TotalMetric = RopeTests.TotalMetric

    /// The chunk a seek must land on: the first whose end passes `offset` (`.after`) or
    /// reaches it (`.before`); the last chunk when none does.
    func expected(_ model: [Int], _ offset: Int, _ bias: RopeBias) -> (index: Int, prefix: Int) {
        var before = 0
        for (i, v) in model.enumerated() {
            let end = before + v
            if bias == .before ? offset <= end : offset < end { return (i, before) }
            if i == model.count - 1 { return (i, before) }
            before = end
        }
        return (0, 0)
    }

    func testSeeksAndStepsAgainstArray() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 11)
        print("RopeCursorTests seed \(seed)")
        seeksAndSteps(FanOut4.self, &rng, seed: seed)
        seeksAndSteps(FanOut5.self, &rng, seed: seed)
        seeksAndSteps(FanOut4Leaves7.self, &rng, seed: seed)
        seeksAndSteps(FanOut9Leaves4.self, &rng, seed: seed)
        seeksAndSteps(FanOut32.self, &rng, seed: seed)
    }

    func seeksAndSteps<Fan: ToyFanOut>(_: Fan.Type, _ rng: inout SeededGenerator, seed: UInt64) {
        for n in [1, 2, 5, 17, 100, 1000, 3000] {
            // Values 0...3: runs of chunks that measure 0 exercise the biases.
            let model = (0..<n).map { _ in Int.random(in: 0...3, using: &rng) }
            let rope = Rope<Item<Fan>>(chunks: model.map(Item<Fan>.init))
            let total = model.reduce(0, +)
            var moving = rope.cursor(atChunk: Int.random(in: 0..<n, using: &rng))
            for _ in 0..<300 {
                let offset = Int.random(in: -1...(total + 1), using: &rng)
                let bias: RopeBias = Bool.random(using: &rng) ? .before : .after
                let want = expected(model, offset, bias)
                let fresh = rope.cursor(at: offset, in: TotalMetric.self, bias: bias)
                XCTAssertEqual(fresh.index, want.index, "seed \(seed) n \(n) offset \(offset) \(bias)")
                XCTAssertEqual(fresh.prefix.total, want.prefix)
                XCTAssertEqual(fresh.chunk.value, model[want.index])
                rope.seek(&moving, to: offset, in: TotalMetric.self, bias: bias)
                XCTAssertEqual(moving.index, want.index, "seed \(seed) n \(n) offset \(offset) \(bias), from a cursor")
                XCTAssertEqual(moving.prefix.total, want.prefix)
                XCTAssertEqual(moving.chunk.value, model[want.index])
                let byIndex = rope.cursor(atChunk: want.index)
                XCTAssertEqual(byIndex.path, fresh.path)
                XCTAssertEqual(byIndex.slot, fresh.slot)
            }
            // Step through the whole rope forwards, then backwards.
            var c = rope.cursor(atChunk: 0)
            var prefix = 0
            for i in 0..<n {
                XCTAssertEqual(c.index, i)
                XCTAssertEqual(c.prefix.total, prefix)
                XCTAssertEqual(c.chunk.value, model[i])
                prefix += model[i]
                XCTAssertEqual(rope.moveToNext(&c), i + 1 < n)
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                XCTAssertEqual(c.index, i)
                XCTAssertEqual(c.chunk.value, model[i])
                prefix -= model[i]
                XCTAssertEqual(c.prefix.total, prefix)
                XCTAssertEqual(rope.moveToPrevious(&c), i > 0)
            }
            let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: a..<n, using: &rng)
            XCTAssertEqual(rope.chunks(from: rope.cursor(atChunk: a), through: rope.cursor(atChunk: b)).map(\.value),
                           Array(model[a...b]))
        }
    }

    func testMutateAtCursorKeepsCopiesIntact() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 12)
        print("RopeCursorTests seed \(seed)")
        mutateAtCursor(FanOut4.self, &rng, seed: seed)
        mutateAtCursor(FanOut4Leaves7.self, &rng, seed: seed)
        mutateAtCursor(FanOut32.self, &rng, seed: seed)
    }

    func mutateAtCursor<Fan: ToyFanOut>(_: Fan.Type, _ rng: inout SeededGenerator, seed: UInt64) {
        var model = (0..<2000).map { _ in Int.random(in: 1...9, using: &rng) }
        var rope = Rope<Item<Fan>>(chunks: model.map(Item<Fan>.init))
        var copies: [(Rope<Item<Fan>>, [Int])] = []
        for step in 0..<500 {
            let target = Int.random(in: 0..<rope.summary.total, using: &rng)
            var c = rope.cursor(at: target, in: TotalMetric.self)
            let v = Int.random(in: 1...9, using: &rng)
            rope.mutateChunk(at: &c, adding: RopeTests.Sum(count: 0, total: v - c.chunk.value)) { $0.value = v }
            model[c.index] = v
            XCTAssertEqual(c.chunk.value, v)
            rope.checkInvariants()
            if step % 50 == 0 { copies.append((rope, model)) }
        }
        XCTAssertEqual(rope.chunks.map(\.value), model, "seed \(seed)")
        for (copy, contents) in copies {
            copy.checkInvariants()
            XCTAssertEqual(copy.chunks.map(\.value), contents)
        }
    }
}
