import XCTest
@testable import Caret

/// An undo step's selections: packed near the step's start (`StepMarks`), out of line beyond
/// `StepMarks.reach`, and the same either way through every change a step goes through
/// (its start moving back under Backspace, attribute runs, several selections).
final class StepMarksTests: XCTestCase {
    func mark(_ a: Int, _ f: Int, upstream: Bool = false) -> SelectionMark {
        SelectionMark(anchor: TextPosition(utf8Offset: a, affinity: upstream ? .upstream : .downstream),
                      focus: TextPosition(utf8Offset: f))
    }

    func testPackingRoundTripsAtAndBeyondTheReach() {
        let reach = StepMarks.reach / 2      // in bytes: the fields hold offsets doubled
        let start = 3 * reach + 7
        for (a, f) in [(start, start), (start - reach + 1, start + reach), (start + reach, start - reach + 1)] {
            for upstream in [false, true] {
                let m = mark(a, f, upstream: upstream)
                let packed = StepMarks(before: m, after: .none, start: start)
                XCTAssertNotNil(packed, "\(a) \(f) from \(start)")
                XCTAssertEqual(packed?.before(start: start), m)
                XCTAssertEqual(packed?.after(start: start), SelectionMark.none)
            }
        }
        XCTAssertNil(StepMarks(before: mark(start + reach + 1, start), after: .none, start: start))
        XCTAssertNil(StepMarks(before: .none, after: mark(start, start - reach - 1), start: start))
        XCTAssertNil(StepMarks(before: mark(Int.max >> 1, 0), after: .none, start: 0))
    }

    /// Steps whose selections lie near and far, through every setter, read the same as a plain
    /// record of the values set.
    func testStepsKeepTheirSelectionsNearAndFar() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 6401)
        let reach = StepMarks.reach / 2
        let snapshots = AttributeSnapshots(before: AttributeRuns(), after: AttributeRuns())
        for round in 0..<2_000 {
            func randomMark() -> SelectionMark {
                if Int.random(in: 0..<6, using: &rng) == 0 { return .none }
                let spread = [4, reach, 3 * reach].randomElement(using: &rng)!
                return mark(Int.random(in: 0...spread, using: &rng), Int.random(in: 0...spread, using: &rng),
                            upstream: Bool.random(using: &rng))
            }
            var start = Int.random(in: 0...(2 * reach), using: &rng)
            var before = randomMark(), after = randomMark()
            var attributes: AttributeSnapshots? = nil
            var several: UndoHistory.SeveralChanges? = nil
            var step = UndoHistory.Step.undoing(InputChange(at: start, removing: "ab", inserting: "c"), before: before, after: after)
            for _ in 0..<6 {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: start = Int.random(in: 0...(2 * reach), using: &rng); step.utf8Start = start
                case 1: before = randomMark(); step.before = before
                case 2: after = randomMark(); step.after = after
                case 3 where several == nil:
                    attributes = attributes == nil ? snapshots : nil
                    step.attributes = attributes
                default:
                    guard attributes == nil else { continue }
                    several = several == nil ? UndoHistory.SeveralChanges(changes: [], before: [before], after: []) : nil
                    step.several = several
                }
                let what = "seed \(seed) round \(round)"
                XCTAssertEqual(step.utf8Start, start, what)
                XCTAssertEqual(step.before, before, what)
                XCTAssertEqual(step.after, after, what)
                XCTAssertTrue(step.attributes === attributes, what)
                XCTAssertTrue(step.several === several, what)
                XCTAssertEqual(step.removed, "ab", what)
                XCTAssertEqual(step.inserted, "c", what)
            }
        }
    }
}
