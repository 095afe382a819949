@testable import Caret
import XCTest

/// `VisualReorder` (rule L2 in Swift) against ICU's `ubidi_reorderVisual` on random levels.
final class VisualReorderTests: XCTestCase {
    func testSameOrderAsICU() {
        var (g, seed) = SeededGenerator.fromEnvironment(default: 2)
        for n in 0..<20_000 {
            let count = Int.random(in: 0...60, using: &g)
            let top = UInt8.random(in: 0...6, using: &g)
            let levels = (0..<count).map { _ in UInt8.random(in: 0...top, using: &g) }
            let ours = VisualReorder.order(count: count) { levels[$0] }
            let icu = ICUBidi.visualOrder(of: levels).map(Int.init)
            XCTAssertEqual(ours, count == 0 ? [] : icu, "SEED=\(seed) case \(n): levels \(levels)")
            if ours != (count == 0 ? [] : icu) { return }
        }
        XCTAssertEqual(VisualReorder.order(count: 5) { [0, 1, 1, 2, 0][$0] }, [0, 3, 2, 1, 4])
        XCTAssertEqual(VisualReorder.order(count: 3) { _ in 1 }, [2, 1, 0])
        XCTAssertEqual(VisualReorder.order(count: 3) { _ in 2 }, [0, 1, 2])
    }
}
