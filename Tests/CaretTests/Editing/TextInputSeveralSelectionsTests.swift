import XCTest
@testable import Caret

/// Several selections (CHANGES.md, "Several selections"): random sessions against
/// `SeveralSelectionsReference`, and the contract's rules one by one.
final class TextInputSeveralSelectionsTests: XCTestCase {
    static let pieces = ["a", "é", "e\u{301}", "\u{301}", "👨‍👩‍👧", "🇩🇪", "\r\n", "\n", "क्षि", "ष", "ש", "مَ", "كلمة",
                         "word", " ", "日本", "1\u{FE0F}\u{20E3}", "한", "\u{1112}\u{1161}"]

    private func ranges(_ input: TextInput) -> [Range<Int>] {
        input.selectedTextRanges.map { $0.start.utf8Offset..<$0.end.utf8Offset }
    }

    /// Random selection sets, keys (typing, Backspace, Delete, paste, cut, movement), undo and
    /// redo against the reference: text, selections and main index after every key; undo
    /// brings back a state from before an edit (typing coalesces as at one caret), redo the
    /// state after the undone step.
    func testRandomSessionsAgreeWithTheReference() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x5E1)
        print("TextInputSeveralSelectionsTests seed \(seed)")
        typealias Snapshot = (text: String, ranges: [Range<Int>], main: Int)
        func snapshot(_ input: TextInput) -> Snapshot { (input.text, ranges(input), input.mainSelectionIndex) }
        func same(_ a: Snapshot, _ b: Snapshot) -> Bool { a.text == b.text && a.ranges == b.ranges && a.main == b.main }
        for _ in 0..<60 {
            let start = (0..<Int.random(in: 2...10, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let input = TextInput(start, traits: .plain)
            input.beginEditing()
            // A random set of carets and ranges on grapheme boundaries.
            var offsets: [Int] = [0]
            var x = 0
            while x < input.document.utf8Count {
                x = input.document.graphemeEnd(afterUTF8: x)
                offsets.append(x)
            }
            var given: [TextRange] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let a = offsets.randomElement(using: &rng)!
                let b = Bool.random(using: &rng) ? a : offsets.randomElement(using: &rng)!
                given.append(TextRange(start: TextPosition(utf8Offset: a), end: TextPosition(utf8Offset: b)))
            }
            input.selectedTextRanges = given
            var model = SeveralSelectionsReference(
                start, selections: given.map { .init(anchor: $0.start.utf8Offset, focus: $0.end.utf8Offset) },
                main: given.count - 1)
            XCTAssertEqual(ranges(input), model.ranges, "seed \(seed)")
            XCTAssertEqual(input.mainSelectionIndex, model.main, "seed \(seed)")
            // The states before and after each edit still undoable, and the undone steps.
            struct Entry {
                var snap: Snapshot
                var model: SeveralSelectionsReference
            }
            var befores: [Entry] = [], afters: [Entry] = []
            var redos: [(Entry, Entry)] = []
            var trail: [String] = []
            for _ in 0..<40 {
                let key = Int.random(in: 0..<12, using: &rng)
                let before = snapshot(input)
                let modelBefore = model
                var edited = false
                switch key {
                case 0, 1:
                    let piece = Self.pieces.randomElement(using: &rng)!
                    trail.append("type \(piece.debugDescription)")
                    input.insertText(piece)
                    edited = model.insert(piece)
                case 2:
                    trail.append("backspace")
                    input.deleteBackward()
                    edited = model.deleteBackward()
                case 3:
                    trail.append("delete")
                    input.deleteForward()
                    edited = model.deleteForward()
                case 4:
                    let piece = (0..<3).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
                    trail.append("paste \(piece.debugDescription)")
                    input.paste(piece)
                    edited = model.insert(piece)
                case 5, 6, 7:
                    let direction: TextLayoutDirection = [.left, .right, .up, .down].randomElement(using: &rng)!
                    let granularity: TextGranularity = [.character, .character, .word, .line, .document].randomElement(using: &rng)!
                    let extending = Int.random(in: 0..<4, using: &rng) == 0
                    trail.append("move \(direction) \(granularity) \(extending)")
                    input.move(direction, by: granularity, extendingSelection: extending)
                    model.move(direction, granularity, extending: extending)
                case 8:
                    trail.append("cut")
                    let expected = model.selections.filter { $0.lo != $0.hi }
                        .map { String(decoding: model.bytes[$0.lo..<$0.hi], as: UTF8.self) }
                    let cut = input.cut()
                    XCTAssertEqual(cut, expected.isEmpty ? nil : expected.joined(separator: "\n"), "seed \(seed) \(trail)")
                    edited = model.edit { s, _ in s.lo == s.hi ? nil : (s.lo..<s.hi, "") }
                case 9:
                    let q = TextDocument(model.text).graphemeBoundary(
                        atOrBeforeUTF8: Int.random(in: 0...model.bytes.count, using: &rng))
                    trail.append("add \(q)")
                    input.addSelection(TextRange(start: TextPosition(utf8Offset: q), end: TextPosition(utf8Offset: q)))
                    model.selections.append(.init(anchor: q, focus: q))
                    model.main = model.selections.count - 1
                    model.goals = []
                    model.merge()
                case 10:
                    trail.append("undo")
                    input.undo()
                    let now = snapshot(input)
                    if !same(now, before) {
                        guard let j = befores.lastIndex(where: { same($0.snap, now) }) else {
                            XCTFail("undo went to a state from before no edit: seed \(seed) \(trail)")
                            return
                        }
                        redos.append((befores[j], afters.last!))
                        model = befores[j].model
                        befores.removeSubrange(j...)
                        afters.removeSubrange(j...)
                        model.goals = Array(repeating: nil, count: model.selections.count)
                    }
                    continue
                default:
                    trail.append("redo")
                    input.redo()
                    let now = snapshot(input)
                    if !same(now, before) {
                        guard let (undoneTo, target) = redos.popLast() else {
                            XCTFail("redo without an undone step: seed \(seed) \(trail)")
                            return
                        }
                        XCTAssertTrue(same(now, target.snap), "redo: seed \(seed) \(trail)")
                        befores.append(undoneTo)
                        afters.append(target)
                        model = target.model
                        model.goals = Array(repeating: nil, count: model.selections.count)
                    }
                    continue
                }
                if ProcessInfo.processInfo.environment["TRACE"] != nil {
                    let (marks, _) = input.sortedSelections
                    print(trail.last!, marks.map { "\($0.anchor!.utf8Offset)>\($0.focus!.utf8Offset)" },
                          model.selections.map { "\($0.anchor)>\($0.focus)" })
                }
                XCTAssertEqual(input.text, model.text, "seed \(seed) \(trail)")
                XCTAssertEqual(ranges(input), model.ranges, "seed \(seed) \(trail)")
                XCTAssertEqual(input.mainSelectionIndex, model.main, "seed \(seed) \(trail)")
                if input.text != model.text || ranges(input) != model.ranges { return }
                if edited {
                    befores.append(Entry(snap: before, model: modelBefore))
                    afters.append(Entry(snap: snapshot(input), model: model))
                    redos = []
                }
            }
            // Undoing everything gives the start text back.
            while input.canUndo { input.undo() }
            XCTAssertEqual(input.text, start, "seed \(seed) \(trail)")
        }
    }

    // MARK: The rules one by one

    private final class Recorder: TextInputDelegate {
        var offers: [String] = []
        var refuse: Set<Int> = []
        var changeSets: [ChangeSet] = []
        var selectionChanges = 0
        func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                       replacementText: String) -> Bool {
            offers.append("\(utf16Range) \(replacementText)")
            return !refuse.contains(offers.count - 1)
        }
        func textInput(_ input: TextInput, didApply changes: ChangeSet) { changeSets.append(changes) }
        func textInput(_ input: TextInput, didSend event: TextInputEvent) {
            if event == .selectionChanged { selectionChanges += 1 }
        }
    }

    private func carets(_ input: TextInput, _ offsets: [Int]) {
        input.selectedTextRanges = offsets.map { TextRange(start: TextPosition(utf8Offset: $0), end: TextPosition(utf8Offset: $0)) }
    }

    func testTypingAtEveryCaretIsOneChangeSetAndOneUndoStep() {
        let input = TextInput("ab ab ab", traits: .plain)
        let recorder = Recorder()
        input.delegate = recorder
        input.beginEditing()
        carets(input, [2, 5, 8])
        XCTAssertEqual(input.mainSelectionIndex, 2)
        for key in ["c", "d"] { input.insertText(key) }
        XCTAssertEqual(input.text, "abcd abcd abcd")
        XCTAssertEqual(ranges(input), [4..<4, 9..<9, 14..<14])
        XCTAssertEqual(recorder.changeSets.count, 2)
        XCTAssertEqual(recorder.changeSets[0].replacements.count, 3)
        XCTAssertEqual(recorder.offers, ["2..<2 c", "5..<5 c", "8..<8 c", "3..<3 d", "7..<7 d", "11..<11 d"])
        input.undo()   // typing at several carets coalesces as at one
        XCTAssertEqual(input.text, "ab ab ab")
        XCTAssertEqual(ranges(input), [2..<2, 5..<5, 8..<8])
        XCTAssertEqual(input.mainSelectionIndex, 2)
        XCTAssertFalse(input.canUndo)
        input.redo()
        XCTAssertEqual(input.text, "abcd abcd abcd")
        XCTAssertEqual(ranges(input), [4..<4, 9..<9, 14..<14])
    }

    func testARefusedSelectionIsLeftOutAndTheOthersApply() {
        let input = TextInput("x x x", traits: .plain)
        let recorder = Recorder()
        recorder.refuse = [1]
        input.delegate = recorder
        input.beginEditing()
        carets(input, [1, 3, 5])
        input.insertText("y")
        XCTAssertEqual(input.text, "xy x xy")
        XCTAssertEqual(ranges(input), [2..<2, 4..<4, 7..<7])
    }

    func testBackspaceMergesCaretsThatMeet() {
        let input = TextInput("abcd", traits: .plain)
        input.beginEditing()
        input.selectedTextRanges = [TextRange(start: TextPosition(utf8Offset: 1), end: TextPosition(utf8Offset: 2)),
                                    TextRange(start: TextPosition(utf8Offset: 3), end: TextPosition(utf8Offset: 3))]
        input.deleteBackward()   // removes "b" and "c": both carets land at 1
        XCTAssertEqual(input.text, "ad")
        XCTAssertEqual(ranges(input), [1..<1])
        input.undo()
        XCTAssertEqual(input.text, "abcd")
        XCTAssertEqual(ranges(input), [1..<2, 3..<3])
    }

    func testMergingRules() {
        let input = TextInput("abcdef", traits: .plain)
        func r(_ a: Int, _ b: Int) -> TextRange { TextRange(start: TextPosition(utf8Offset: a), end: TextPosition(utf8Offset: b)) }
        input.selectedTextRanges = [r(0, 2), r(2, 4)]     // touching non-empty: apart
        XCTAssertEqual(ranges(input), [0..<2, 2..<4])
        input.selectedTextRanges = [r(0, 3), r(2, 4)]     // overlapping: one
        XCTAssertEqual(ranges(input), [0..<4])
        input.selectedTextRanges = [r(3, 3), r(3, 3), r(5, 5)]   // carets at one point: one
        XCTAssertEqual(ranges(input), [3..<3, 5..<5])
        XCTAssertEqual(input.mainSelectionIndex, 1)      // the last given
        input.selectedTextRange = r(1, 1)                  // one selection again
        XCTAssertEqual(ranges(input), [1..<1])
        input.selectedTextRanges = [r(1, 1), r(9, 9)]      // outside the text: ignored
        XCTAssertEqual(ranges(input), [1..<1])
    }

    func testMovingEveryCaretMergesThoseThatMeet() {
        let input = TextInput("ab\ncd", traits: .plain)
        carets(input, [0, 1, 4])
        input.move(.right)
        XCTAssertEqual(ranges(input), [1..<1, 2..<2, 5..<5])
        input.move(.left, by: .line)
        XCTAssertEqual(ranges(input), [0..<0, 3..<3])
        input.move(.up)
        XCTAssertEqual(ranges(input), [0..<0])
    }

    func testCutAndCopyJoinTheTextsWithLineBreaks() {
        let input = TextInput("one two three", traits: .plain)
        input.beginEditing()
        func r(_ a: Int, _ b: Int) -> TextRange { TextRange(start: TextPosition(utf8Offset: a), end: TextPosition(utf8Offset: b)) }
        input.selectedTextRanges = [r(8, 13), r(0, 3)]
        XCTAssertEqual(input.copy(), "one\nthree")
        XCTAssertEqual(input.cut(), "one\nthree")
        XCTAssertEqual(input.text, " two ")
        input.undo()
        XCTAssertEqual(input.text, "one two three")
        XCTAssertEqual(ranges(input), [0..<3, 8..<13])
        XCTAssertEqual(input.mainSelectionIndex, 0)
    }

    func testALengthLimitRefusesTheWholeChangeRatherThanCuttingIt() {
        let input = TextInput("ab", traits: .plain, rules: TextInputRules(maximumLength: 4))
        input.beginEditing()
        carets(input, [0, 1, 2])
        input.insertText("x")   // would make 5
        XCTAssertEqual(input.text, "ab")
        carets(input, [0, 2])
        input.insertText("x")
        XCTAssertEqual(input.text, "xabx")
    }

    func testMarkedTextLivesAtTheMainSelection() {
        let input = TextInput("a b", traits: .plain)
        input.beginEditing()
        carets(input, [1, 3])
        input.setMarkedText("か", selectedRange: 1..<1)
        XCTAssertEqual(input.text, "a bか")
        XCTAssertEqual(input.selectedTextRanges.count, 2)
        XCTAssertEqual(ranges(input)[0], 1..<1)
        input.unmarkText()
        input.insertText("!")
        XCTAssertEqual(input.text, "a! bか!")
    }

    func testARenameInArabicAndEnglish() {
        let text = "كلمة and word, كلمة or word"
        let input = TextInput(text, traits: .plain)
        input.beginEditing()
        let arabic = Array(text.utf8).count - Array("كلمة or word".utf8).count
        input.selectedTextRanges = [TextRange(start: TextPosition(utf8Offset: 0), end: TextPosition(utf8Offset: 8)),
                                    TextRange(start: TextPosition(utf8Offset: arabic), end: TextPosition(utf8Offset: arabic + 8))]
        input.insertText("نص")
        XCTAssertEqual(input.text, "نص and word, نص or word")
        input.undo()
        XCTAssertEqual(input.text, text)
    }

    func testTheReadmeExample() {
        let code = TextInput("word and كلمة, word or كلمة", traits: .plain)
        code.selectedTextRange = code.document.textRange(from: code.document.position(at: 0)!,
                                                         to: code.document.position(at: 4)!)
        code.addSelection(code.document.textRange(from: code.document.position(at: 15)!,
                                                  to: code.document.position(at: 19)!)!)
        code.insertText("term")
        XCTAssertEqual(code.text, "term and كلمة, term or كلمة")
        code.undo()
        XCTAssertEqual(code.text, "word and كلمة, word or كلمة")
        let second = Array("word and كلمة, ".utf8).count
        XCTAssertEqual(ranges(code), [0..<4, second..<(second + 4)])
    }

    func testBackspaceAndDeleteRunsAreOneStepEach() {
        let input = TextInput("abc abc", traits: .plain)
        input.beginEditing()
        carets(input, [2, 6])
        input.deleteBackward()
        input.deleteBackward()
        XCTAssertEqual(input.text, "c c")
        input.deleteForward()   // another kind: a new step
        XCTAssertEqual(input.text, " ")
        input.undo()
        XCTAssertEqual(input.text, "c c")
        input.undo()
        XCTAssertEqual(input.text, "abc abc")
        XCTAssertEqual(ranges(input), [2..<2, 6..<6])
        input.redo()
        input.redo()
        XCTAssertEqual(input.text, " ")
    }

    func testARemoteChangeMapsEverySelectionAndKeepsUndoWorking() throws {
        let input = TextInput("ab ab", traits: .plain)
        input.beginEditing()
        carets(input, [2, 5])
        input.insertText("c")
        XCTAssertEqual(input.text, "abc abc")
        try input.applyRemote(try ChangeSet([(range: input.document.textRange(
            from: input.document.position(at: 0)!, to: input.document.position(at: 0)!)!, text: ">")], in: input.document))
        XCTAssertEqual(input.text, ">abc abc")
        XCTAssertEqual(ranges(input), [4..<4, 8..<8])
        input.undo()   // takes back the local step only
        XCTAssertEqual(input.text, ">ab ab")
        input.redo()
        XCTAssertEqual(input.text, ">abc abc")
    }

    /// A change of the text drops every selection's goal column, the others' too: after a
    /// `replace` or a composition at the main caret, up/down aims for the column each caret is
    /// at now, not the one an earlier press kept.
    func testAChangeOfTheTextDropsTheOtherSelectionsGoalColumns() {
        let text = "0123456789\n0123456789\n0123456789"
        let replaced = TextInput(text, traits: .plain)
        replaced.beginEditing()
        carets(replaced, [8, 2])  // the main caret at 2
        replaced.move(.down)
        XCTAssertEqual(ranges(replaced), [13..<13, 19..<19])
        let doc = replaced.document
        XCTAssertTrue(replaced.replace(doc.textRange(from: TextPosition(utf8Offset: 11), to: TextPosition(utf8Offset: 13))!,
                                       withText: ""))
        XCTAssertEqual(ranges(replaced), [11..<11, 17..<17])
        replaced.move(.down)
        XCTAssertEqual(ranges(replaced), [20..<20, 26..<26])

        let composed = TextInput(text, traits: .plain)
        composed.beginEditing()
        carets(composed, [8, 2])
        composed.move(.down)
        composed.setMarkedText("xy", selectedRange: 2..<2)
        composed.unmarkText()
        XCTAssertEqual(composed.text, "0123456789\n01xy23456789\n0123456789")
        XCTAssertEqual(ranges(composed), [15..<15, 21..<21])
        composed.move(.down)
        XCTAssertEqual(ranges(composed), [28..<28, 34..<34])
    }
}
