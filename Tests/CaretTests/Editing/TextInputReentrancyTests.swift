import XCTest
@testable import Caret

/// A delegate that changes the input from its callbacks (once, or as `react` decides) and keeps
/// a mirror of the document by applying every change set it receives.
private final class MeddlingDelegate: TextInputDelegate {
    /// Runs from `didApply` (the `TextEdit` form) until it returns true.
    var onApply: ((TextInput) -> Bool)?
    /// Runs from `shouldChangeTextIn` until it returns true.
    var onShouldChange: ((TextInput) -> Bool)?
    /// Runs from every callback: the random test's meddling.
    var react: ((TextInput, String) -> Void)?
    /// The document as the received change sets make it.
    var mirror: TextDocument
    var mirrorFailures: [String] = []

    init(_ input: TextInput) { mirror = input.document }

    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool {
        if let hook = onShouldChange, hook(input) { onShouldChange = nil }
        react?(input, "shouldChange")
        return true
    }
    func textInput(_ input: TextInput, didSend event: TextInputEvent) { react?(input, "\(event)") }
    func textInput(_ input: TextInput, didApply edit: TextEdit) {
        if let hook = onApply, hook(input) { onApply = nil }
    }
    func textInput(_ input: TextInput, didApply changes: ChangeSet) {
        do { try mirror.apply(changes) } catch { mirrorFailures.append("\(error) applying \(changes)") }
        react?(input, "didApply")
    }
}

final class TextInputReentrancyTests: XCTestCase {
    /// Selection and marked range inside the text, the selection on cluster boundaries, the
    /// marked range on scalar boundaries (it may end inside a cluster it joins), and undo then
    /// redo back to the same text.
    private func checkInvariants(_ input: TextInput, _ context: @autoclosure () -> String = "",
                                 file: StaticString = #filePath, line: UInt = #line) {
        let doc = input.document, n = doc.utf8Count
        func boundary(_ p: TextPosition) -> Bool {
            p.utf8Offset >= 0 && p.utf8Offset <= n && doc.graphemeBoundary(atOrBeforeUTF8: p.utf8Offset) == p.utf8Offset
        }
        if let r = input.selectedTextRange {
            XCTAssert(boundary(r.start) && boundary(r.end), "selection \(r) in \(doc.string.debugDescription) \(context())",
                      file: file, line: line)
        }
        if let m = input.markedTextRange {
            XCTAssert(m.start.utf8Offset >= 0 && m.start.utf8Offset <= m.end.utf8Offset && m.end.utf8Offset <= n,
                      "marked \(m) in \(doc.string.debugDescription) \(context())", file: file, line: line)
            if let r = input.selectedTextRange {
                XCTAssert(r.start.utf8Offset >= m.start.utf8Offset && r.end.utf8Offset <= m.end.utf8Offset
                          || doc.graphemeBoundary(atOrBeforeUTF8: m.end.utf8Offset) != m.end.utf8Offset,
                          "selection \(r) outside marked \(m) \(context())", file: file, line: line)
            }
        }
    }

    /// An input on `text` (plain traits) whose delegate meddles and mirrors it, editing unless
    /// `editing` is false: the setup every test here shares.
    private func meddledInput(_ text: String, editing: Bool = true) -> (TextInput, MeddlingDelegate) {
        let input = TextInput(text, traits: .plain)
        let delegate = MeddlingDelegate(input)
        input.delegate = delegate
        if editing { input.beginEditing() }
        return (input, delegate)
    }

    /// The delegate's mirror, rebuilt from the change sets it received, is the input's text,
    /// and every change set applied to it.
    private func checkMirror(_ input: TextInput, _ delegate: MeddlingDelegate, _ context: @autoclosure () -> String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(delegate.mirrorFailures, [], context(), file: file, line: line)
        XCTAssertEqual(delegate.mirror.string, input.text, context(), file: file, line: line)
    }

    /// The repro: `didApply` sets the text while an input method updates marked text.
    func testMarkedUpdateWhileDelegateResetsText() {
        let (input, delegate) = meddledInput("abc", editing: false)
        delegate.onApply = { $0.text = ""; return true }
        input.beginEditing()
        input.setMarkedText("にほん", selectedRange: 3..<3)
        checkInvariants(input)
        XCTAssertEqual(input.text, "")
        XCTAssertNil(input.markedTextRange)
        input.insertText("h")
        XCTAssertEqual(input.text, "h")
        XCTAssertEqual(input.graphemeSelection, 1..<1)
        checkMirror(input, delegate)
    }

    /// A longer text set during a marked update: the marked range must not point into it.
    func testMarkedUpdateWhileDelegateSetsLongerText() {
        let (input, delegate) = meddledInput("abc")
        input.setMarkedText("に", selectedRange: 1..<1)
        delegate.onApply = { $0.text = "👩‍👩‍👧 long text"; return true }
        input.setMarkedText("にほ", selectedRange: 2..<2)
        checkInvariants(input)
        XCTAssertEqual(input.text, "👩‍👩‍👧 long text")
        XCTAssertNil(input.markedTextRange)
        XCTAssertEqual(input.utf16Selection, 18..<18)
        input.insertText("!")
        XCTAssertEqual(input.text, "👩‍👩‍👧 long text!")
        checkMirror(input, delegate)
    }

    /// Committing (`unmarkText`) while the delegate resets the text on hearing of the restore.
    func testCommitWhileDelegateResetsText() {
        let (input, delegate) = meddledInput("abc")
        input.setMarkedText("にほん", selectedRange: 3..<3)
        delegate.onApply = { $0.text = ""; return true }
        input.unmarkText()
        checkInvariants(input)
        XCTAssertEqual(input.text, "")
        XCTAssertNil(input.markedTextRange)
        input.insertText("x")
        XCTAssertEqual(input.text, "x")
        checkMirror(input, delegate)
    }

    /// Committing while the delegate sets a longer text on hearing of the restore: the commit
    /// was made for a text that is gone and is dropped; nothing points into the new text wrongly.
    func testCommitWhileDelegateSetsLongerText() {
        let (input, delegate) = meddledInput("abc")
        input.setMarkedText("にほん", selectedRange: 3..<3)
        delegate.onApply = { $0.text = "👩‍👩‍👧 a much longer text"; return true }
        input.unmarkText()
        checkInvariants(input)
        XCTAssertEqual(input.text, "👩‍👩‍👧 a much longer text")
        XCTAssertNil(input.markedTextRange)
        XCTAssertFalse(input.canUndo)
        input.insertText("!")
        XCTAssertEqual(input.text, "👩‍👩‍👧 a much longer text!")
        checkMirror(input, delegate)
    }

    /// Typing commits the marked text (`insertText` during a composition) while the delegate
    /// resets the text: the typed key must not be dropped later, nor land outside the text.
    func testTypedCommitWhileDelegateResetsText() {
        let (input, delegate) = meddledInput("abc")
        input.setMarkedText("にほ", selectedRange: 2..<2)
        delegate.onApply = { $0.text = ""; return true }
        input.insertText("ん")
        checkInvariants(input)
        XCTAssertNil(input.markedTextRange)
        input.insertText("h")
        checkInvariants(input)
        XCTAssertTrue(input.text.hasSuffix("h"), input.text)
        checkMirror(input, delegate)
    }

    /// The second repro: `didApply` sets the text while undo replays.
    func testUndoWhileDelegateResetsText() {
        let (input, delegate) = meddledInput("abc")
        input.insertText("!")
        delegate.onApply = { $0.text = ""; return true }
        input.undo()
        checkInvariants(input)
        XCTAssertEqual(input.text, "")
        XCTAssertEqual(input.graphemeSelection, 0..<0)
        input.insertText("h")
        XCTAssertEqual(input.text, "h")
        checkMirror(input, delegate)
    }

    /// Undo while the delegate sets a longer text: the restored selection must not be the old one.
    func testUndoWhileDelegateSetsLongerText() {
        let (input, delegate) = meddledInput("abc")
        input.insertText("!")
        input.caret(at: 1)
        delegate.onApply = { $0.text = "e\u{301}e\u{301}e\u{301}e\u{301}"; return true }
        input.undo()
        checkInvariants(input)
        XCTAssertEqual(input.graphemeSelection, 4..<4)
        XCTAssertFalse(input.canUndo)
        input.insertText("h")
        XCTAssertEqual(input.text, "e\u{301}e\u{301}e\u{301}e\u{301}h")
        checkMirror(input, delegate)
    }

    /// `shouldChangeTextIn` that shrinks the text and approves: the change was made for a text
    /// that is gone and must not be applied (it read past the end of the new text).
    func testShouldChangeThatShrinksTheText() {
        let (input, delegate) = meddledInput("hello world")
        input.selectGraphemes(6..<11)
        delegate.onShouldChange = { $0.text = "hi"; return true }
        input.deleteBackward()
        checkInvariants(input)
        XCTAssertEqual(input.text, "hi")
        input.insertText("!")
        XCTAssertEqual(input.text, "hi!")
        checkMirror(input, delegate)
    }

    /// Every received change set, applied to a copy of the old document, gives the new text:
    /// typing, deleting one scalar of a cluster, marked text, commit, undo, redo, `text`.
    func testChangeSetsRebuildTheText() {
        let (input, delegate) = meddledInput("नमस्ते e\u{301}")
        input.insertText(" 👍🏽")
        input.caret(at: 4)
        input.deleteBackward()
        input.setMarkedText("かな", selectedRange: 2..<2)
        input.setMarkedText("仮名", selectedRange: 2..<2)
        input.unmarkText()
        input.undo()
        input.redo()
        input.paste("\r\nx")
        input.text = "new"
        checkMirror(input, delegate)
    }

    /// A delegate that at random sets the text, types, deletes, composes, undoes or redoes from
    /// every callback (nested calls bounded), with the invariants checked after every call.
    func testRandomMeddlingDelegate() {
        let texts = ["", "abc", "नमस्ते", "👩‍👩‍👧", "e\u{301}x", "مرحبا world", "한국어", "\r\n"]
        for seed in 1...40 {
            let rng = SplitMix(seed: UInt64(seed))
            let (input, delegate) = meddledInput(texts[seed % texts.count], editing: false)
            var depth = 0
            func act(_ input: TextInput) {
                switch rng.next() % 12 {
                case 10, 11:
                    // A change made elsewhere: an insertion and a deletion at random clusters.
                    let d = input.document, n = d.count
                    let a = Int(rng.next() % UInt64(n + 1)), b = Int(rng.next() % UInt64(n + 1))
                    let insertion = d.position(at: a)!
                    var edits = [(range: TextRange(start: insertion, end: insertion), text: "ß")]
                    if b < n {
                        edits.append((d.textRange(from: d.position(at: b)!, to: d.position(at: b + 1)!)!, ""))
                    }
                    XCTAssertNoThrow(try input.applyRemote(ChangeSet(edits, in: d)))
                case 0: input.text = texts[Int(rng.next() % UInt64(texts.count))]
                case 1, 2: input.insertText(["h", "é", "ん", "👍🏽", "\u{301}", "\n", "क्ष"][Int(rng.next() % 7)])
                case 3: input.deleteBackward()
                case 4: input.setMarkedText(["に", "にほ", "ㅎ", "한"][Int(rng.next() % 4)], selectedRange: 1..<1)
                case 5: input.unmarkText()
                case 6: input.undo()
                case 7: input.redo()
                case 8: input.move(.left)
                default: input.deleteForward()
                }
            }
            delegate.react = { input, callback in
                guard depth < 3, rng.next() % 4 == 0 else { return }
                depth += 1
                act(input)
                depth -= 1
                self.checkInvariants(input, "seed \(seed) from \(callback)")
            }
            input.beginEditing()
            for step in 0..<60 {
                act(input)
                checkInvariants(input, "seed \(seed) step \(step)")
                // Undo then redo gives the text back (undo may cancel a composition instead).
                if input.markedTextRange == nil && input.canUndo && step % 7 == 0 {
                    let saved = delegate.react
                    delegate.react = nil
                    let text = input.text
                    input.undo()
                    checkInvariants(input, "seed \(seed) step \(step) undo")
                    input.redo()
                    checkInvariants(input, "seed \(seed) step \(step) redo")
                    XCTAssertEqual(input.text, text, "seed \(seed) step \(step): undo then redo")
                    delegate.react = saved
                }
            }
            checkMirror(input, delegate, "seed \(seed)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so every seed replays the same run. A class:
/// callbacks nested inside a call draw from it while the outer call is still running.
final class SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension TextInputReentrancyTests {
    /// `replace` over marked text whose commit the delegate answers by setting the text: the
    /// range was given for the text before, so nothing is replaced in the new one.
    func testReplaceAfterCommitThatTheDelegateOverrode() {
        let (input, delegate) = meddledInput("hello world")
        input.setMarkedText("xy", selectedRange: 2..<2)
        delegate.onApply = { $0.text = "abcdefghijklmnopq"; return true }
        let range = input.document.textRange(from: input.document.position(at: 0)!, to: input.document.position(at: 5)!)!
        XCTAssertFalse(input.replace(range, withText: "HELLO"))
        XCTAssertEqual(input.text, "abcdefghijklmnopq")
        checkMirror(input, delegate)
    }
}

extension TextInputReentrancyTests {
    /// A delegate that ends editing on hearing of the commit that ending editing makes: editing
    /// ends once, with one `.editingDidEnd`.
    func testEndEditingFromTheCommitsCallback() {
        let (input, delegate) = meddledInput("abc")
        var ends = 0
        input.setMarkedText("に", selectedRange: 1..<1)
        delegate.react = { input, callback in
            if callback == "editingDidEnd" { ends += 1 }
            if callback == "didApply" { input.endEditing() }
        }
        XCTAssertTrue(input.endEditing())
        XCTAssertFalse(input.isEditing)
        XCTAssertEqual(ends, 1)
        XCTAssertEqual(input.text, "abcに")
    }
}
