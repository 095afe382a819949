import XCTest
@testable import Caret

/// `levelsOfUndo` (UIKit's `UndoManager.levelsOfUndo`) and `undoHistoryByteCount`: the newest
/// steps are kept, the oldest dropped, and what is kept still undoes and redoes exactly.
/// `SEED=n` replays the random run.
final class TextInputUndoLimitTests: XCTestCase {
    /// An editing view with `.plain` traits and `steps` words typed, each its own undo step.
    func input(steps: Int, word: (Int) -> String = { "w\($0) " }) -> TextInput {
        let input = TextInput(traits: .plain)
        input.beginEditing()
        for k in 0..<steps {
            input.insertText(word(k))
            input.breakUndoCoalescing()
        }
        return input
    }

    func testNewStepsPastTheLimitDropTheOldest() {
        let input = input(steps: 0)
        input.levelsOfUndo = 3
        for k in 0..<5 {
            input.insertText("w\(k) ")
            input.breakUndoCoalescing()
        }
        XCTAssertEqual(input.history.undoSteps.count, 3)
        for _ in 0..<3 { input.undo() }
        XCTAssertEqual(input.text, "w0 w1 ")
        XCTAssertFalse(input.canUndo)
        input.undo()
        XCTAssertEqual(input.text, "w0 w1 ", "nothing older than the limit is left")
        for _ in 0..<3 { input.redo() }
        XCTAssertEqual(input.text, "w0 w1 w2 w3 w4 ")
        XCTAssertFalse(input.canRedo)
        XCTAssertEqual(input.graphemeSelection, 15..<15, "redo restores the selection after the step")
    }

    func testLoweringTheLimitTrimsAtOnceAndReleasesTheText() {
        // Words longer than 15 bytes: their text lives on the heap and is counted.
        let input = input(steps: 10) { "word number \($0) of ten " }
        let before = input.undoHistoryByteCount
        input.levelsOfUndo = 2
        XCTAssertEqual(input.levelsOfUndo, 2)
        XCTAssertEqual(input.history.undoSteps.count, 2)
        XCTAssertLessThan(input.undoHistoryByteCount, before - 8 * 40, "the dropped steps' text is released")
        input.undo()
        input.undo()
        XCTAssertEqual(input.text, (0..<8).map { "word number \($0) of ten " }.joined())
        XCTAssertFalse(input.canUndo)
        input.redo()
        input.redo()
        XCTAssertEqual(input.text, (0..<10).map { "word number \($0) of ten " }.joined())
    }

    func testLoweringTheLimitKeepsTheRedoStepsNearestThePresent() {
        let input = input(steps: 5)
        for _ in 0..<4 { input.undo() }
        XCTAssertEqual(input.text, "w0 ")
        input.levelsOfUndo = 2
        XCTAssertTrue(input.canUndo)
        input.redo()
        input.redo()
        XCTAssertEqual(input.text, "w0 w1 w2 ")
        XCTAssertFalse(input.canRedo, "the two steps furthest ahead were dropped")
        // Redoing onto a full undo stack dropped its oldest step (the one typing "w0 ").
        for _ in 0..<2 { input.undo() }
        XCTAssertEqual(input.text, "w0 ")
        XCTAssertFalse(input.canUndo)
    }

    func testZeroAndNegativeMeanUnlimited() {
        let input = input(steps: 0)
        XCTAssertEqual(input.levelsOfUndo, 0, "UIKit's default: no limit")
        for k in 0..<2_000 {
            input.insertText("\(k % 10)")
            input.breakUndoCoalescing()
        }
        XCTAssertEqual(input.history.undoSteps.count, 2_000)
        input.levelsOfUndo = 5
        input.levelsOfUndo = -1
        XCTAssertEqual(input.levelsOfUndo, 0)
        for _ in 0..<100 {
            input.insertText("x")
            input.breakUndoCoalescing()
        }
        XCTAssertEqual(input.history.undoSteps.count, 105, "dropped steps do not come back; new ones are all kept")
    }

    func testCoalescedTypingStaysOneStepUnderALimit() {
        let input = input(steps: 0)
        input.levelsOfUndo = 1
        for key in "hello world" { input.insertText(String(key)) }
        input.undo()
        XCTAssertEqual(input.text, "")
        input.redo()
        XCTAssertEqual(input.text, "hello world")
    }

    /// Random typing, deleting, undo, redo and limit changes against a model that keeps the
    /// text before every step, bounded the same way.
    func testRandomEditsAgainstABoundedModel() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 27_04)
        print("TextInputUndoLimitTests seed \(seed) (SEED=\(seed) replays)")
        let input = input(steps: 0)
        var undo: [String] = [], redo: [String] = []
        var limit = 0
        func bound() {
            guard limit > 0 else { return }
            if undo.count > limit { undo.removeFirst(undo.count - limit) }
            if redo.count > limit { redo.removeFirst(redo.count - limit) }
        }
        // Fewer steps in the TinyShapes build, which checks the whole tree after every edit.
        for step in 0..<(ChunkLimits.maxBytes < 64 ? 800 : 3_000) {
            let context = "SEED=\(seed) step \(step) limit \(limit)"
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let before = input.text
                input.insertText(["a", "é", "👍🏽", " ", "long text typed at once "].randomElement(using: &rng)!)
                input.breakUndoCoalescing()
                undo.append(before)
                redo = []
            case 4:
                guard !input.text.isEmpty else { continue }
                let before = input.text
                input.deleteBackward()
                input.breakUndoCoalescing()
                undo.append(before)
                redo = []
            case 5..<7:
                let before = input.text
                input.undo()
                if let last = undo.popLast() {
                    XCTAssertEqual(input.text, last, context)
                    redo.append(before)
                } else {
                    XCTAssertEqual(input.text, before, context)
                }
            case 7..<9:
                let before = input.text
                input.redo()
                if let next = redo.popLast() {
                    XCTAssertEqual(input.text, next, context)
                    undo.append(before)
                } else {
                    XCTAssertEqual(input.text, before, context)
                }
            default:
                limit = [0, 1, 2, 5, 20].randomElement(using: &rng)!
                input.levelsOfUndo = limit
            }
            bound()
            XCTAssertEqual(input.canUndo, !undo.isEmpty, context)
            XCTAssertEqual(input.canRedo, !redo.isEmpty, context)
            XCTAssertEqual(input.history.undoSteps.count, undo.count, context)
            if limit > 0 { XCTAssertLessThanOrEqual(input.history.undoSteps.count, limit, context) }
        }
    }

    func testTheByteCountFollowsTheSteps() {
        let input = input(steps: 0)
        let empty = input.undoHistoryByteCount
        input.insertText(String(repeating: "long text ", count: 100))
        input.breakUndoCoalescing()
        XCTAssertGreaterThanOrEqual(input.undoHistoryByteCount, empty + 1_000, "the step's 1,000 bytes of text")
        input.text = ""
        XCTAssertLessThan(input.undoHistoryByteCount, 1_000, "setting the text clears the history")
    }

    /// A long run of Backspace presses is one step whose removed text comes back whole and in
    /// order (the presses' text is folded in once, when the step closes or is undone), also
    /// when the run is interrupted by a look at the steps or a limit.
    func testALongBackspaceRunIsOneStep() {
        let text = String(repeating: "héllo 👍🏽 wörld\n", count: 500)
        let input = TextInput(text, traits: .plain)
        input.beginEditing()
        for _ in 0..<3_000 { input.deleteBackward() }
        XCTAssertEqual(input.history.undoSteps.count, 1)
        let remaining = input.text
        XCTAssertEqual(remaining.count, text.count - 3_000)
        XCTAssertEqual(input.history.undoSteps.last?.removed, String(text.dropFirst(remaining.count)),
                       "the steps as read while the run is open")
        input.levelsOfUndo = 1
        for _ in 0..<1_000 { input.deleteBackward() }
        XCTAssertGreaterThan(input.undoHistoryByteCount, 4_000 * 3, "the pending presses are counted")
        input.undo()
        XCTAssertEqual(input.text, text)
        XCTAssertEqual(input.graphemeSelection, text.count..<text.count)
        input.redo()
        XCTAssertEqual(input.text.count, text.count - 4_000)
        input.undo()
        input.levelsOfUndo = 0
        input.deleteBackward()
        input.breakUndoCoalescing()
        input.deleteBackward()
        input.undo()
        input.undo()
        XCTAssertEqual(input.text, text, "a break closes the run: two steps")
    }
}

