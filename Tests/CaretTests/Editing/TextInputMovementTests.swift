import XCTest
@testable import Caret

/// Moving the caret and the selection (EDITING.md, "Input": `move`), and the UITextField cursor
/// recipes.
final class TextInputMovementTests: XCTestCase {
    private let english = "Hello, world", arabic = "مرحبا بالعالم", mixed = "abc مرحبا def"

    /// The recipes app developers write with `selectedTextRange`: beginning, end, one to the
    /// left of the selection's start, five to the right of the beginning.
    func testCursorRecipes() throws {
        for text in [english, arabic, mixed] {
            let input = TextInput(text, kind: .singleLine)
            let doc = input.document
            input.selectedTextRange = doc.textRange(from: doc.beginningOfDocument, to: doc.beginningOfDocument)
            XCTAssertEqual(input.graphemeSelection, 0..<0, text)
            input.selectedTextRange = doc.textRange(from: doc.endOfDocument, to: doc.endOfDocument)
            XCTAssertEqual(input.graphemeSelection, doc.count..<doc.count, text)
            input.selectGraphemes(4..<7)
            let start = try XCTUnwrap(input.selectedTextRange?.start)
            let left = try XCTUnwrap(doc.position(from: start, offset: -1))
            input.selectedTextRange = doc.textRange(from: left, to: left)
            XCTAssertEqual(input.graphemeSelection, 3..<3, text)
            let five = try XCTUnwrap(doc.position(from: doc.beginningOfDocument, offset: 5))
            input.selectedTextRange = doc.textRange(from: five, to: five)
            XCTAssertEqual(input.graphemeSelection, 5..<5, text)
            input.insertText("|")
            XCTAssertEqual(Array(input.text)[5], "|", text)
        }
    }

    func testLeftAndRightAreVisual() {
        let en = TextInput(english)
        en.caret(at: 3)
        en.move(.left)
        XCTAssertEqual(en.graphemeSelection, 2..<2)
        en.move(.right)
        en.move(.right)
        XCTAssertEqual(en.graphemeSelection, 4..<4)
        let ar = TextInput(arabic)
        ar.caret(at: 3)
        ar.move(.left)
        XCTAssertEqual(ar.graphemeSelection, 4..<4, "left is forward in a right-to-left paragraph")
        ar.move(.right)
        ar.move(.right)
        XCTAssertEqual(ar.graphemeSelection, 2..<2)
    }

    func testMixedTextWalksVisually() {
        let input = TextInput(mixed)
        input.caret(at: 0)
        var seen: [Int] = []
        for _ in 0..<TextDocument(mixed).count {
            input.move(.right)
            seen.append(input.graphemeSelection!.lowerBound)
        }
        XCTAssertEqual(seen.last, TextDocument(mixed).count, "the walk reaches the visual end")
        XCTAssertEqual(Array(seen.prefix(3)), [1, 2, 3])
        XCTAssertNotNil(seen.firstRange(of: [8, 7, 6, 5]), "inside the Arabic run the offsets go backward: \(seen)")
    }

    func testASelectionCollapsesToItsVisualEdge() {
        let en = TextInput(english)
        en.selectGraphemes(2..<5)
        en.move(.left)
        XCTAssertEqual(en.graphemeSelection, 2..<2)
        en.selectGraphemes(2..<5)
        en.move(.right)
        XCTAssertEqual(en.graphemeSelection, 5..<5)
        let ar = TextInput(arabic)
        ar.selectGraphemes(2..<5)
        ar.move(.left)
        XCTAssertEqual(ar.graphemeSelection, 5..<5)
        ar.selectGraphemes(2..<5)
        ar.move(.right)
        XCTAssertEqual(ar.graphemeSelection, 2..<2)
    }

    func testExtensionKeepsTheAnchor() {
        let input = TextInput(english)
        input.caret(at: 3)
        input.move(.right, extendingSelection: true)
        input.move(.right, extendingSelection: true)
        XCTAssertEqual(input.graphemeSelection, 3..<5)
        input.move(.left, extendingSelection: true)
        input.move(.left, extendingSelection: true)
        input.move(.left, extendingSelection: true)
        XCTAssertEqual(input.graphemeSelection, 2..<3)
        input.move(.right, by: .word, extendingSelection: true)
        XCTAssertEqual(input.graphemeSelection, 3..<5)
    }

    func testUpAndDownKeepTheGoalColumn() {
        let input = TextInput("abcdef\nab\nabcdef")
        input.caret(at: 5)
        input.move(.down)
        XCTAssertEqual(input.graphemeSelection, 9..<9)
        input.move(.down)
        XCTAssertEqual(input.graphemeSelection, 15..<15)
        input.move(.up)
        input.move(.up)
        XCTAssertEqual(input.graphemeSelection, 5..<5)
        input.move(.down)
        input.move(.left)
        input.move(.down)
        XCTAssertEqual(input.graphemeSelection, 11..<11, "a left press forgets the goal column")
        input.move(.up)
        input.move(.up)
        XCTAssertEqual(input.graphemeSelection, 1..<1)
        input.move(.up)
        XCTAssertEqual(input.graphemeSelection, 0..<0)
    }

    func testWordLineParagraphDocument() {
        let input = TextInput("hello brave world\nsecond line")
        input.caret(at: 0)
        input.move(.right, by: .word)
        XCTAssertEqual(input.graphemeSelection, 5..<5)
        input.move(.right, by: .word)
        XCTAssertEqual(input.graphemeSelection, 11..<11)
        input.move(.left, by: .word)
        XCTAssertEqual(input.graphemeSelection, 6..<6)
        input.move(.right, by: .line)
        XCTAssertEqual(input.graphemeSelection, 17..<17)
        input.move(.right, by: .line)
        XCTAssertEqual(input.graphemeSelection, 17..<17, "stays at the line's end")
        input.move(.left, by: .line)
        XCTAssertEqual(input.graphemeSelection, 0..<0)
        input.move(.down, by: .paragraph)
        XCTAssertEqual(input.graphemeSelection, 17..<17)
        input.move(.down, by: .paragraph)
        XCTAssertEqual(input.graphemeSelection, 29..<29)
        input.move(.up, by: .paragraph)
        XCTAssertEqual(input.graphemeSelection, 18..<18)
        input.move(.up, by: .document)
        XCTAssertEqual(input.graphemeSelection, 0..<0)
        input.move(.down, by: .document, extendingSelection: true)
        XCTAssertEqual(input.graphemeSelection, 0..<29)
        input.move(.right, by: .word)
        XCTAssertEqual(input.graphemeSelection, 29..<29, "from the selection's end in the direction of motion")
    }

    func testArabicLineEndsFollowTheParagraphDirection() {
        let input = TextInput(arabic)
        input.caret(at: 3)
        input.move(.left, by: .line)
        XCTAssertEqual(input.graphemeSelection, 13..<13, "left is the end of a right-to-left line")
        input.move(.right, by: .word)
        XCTAssertEqual(input.graphemeSelection, 6..<6)
    }

    func testSelectAllAndEvents() {
        let input = TextInput("abc")
        let delegate = RecordingDelegate()
        input.delegate = delegate
        input.selectAll()
        XCTAssertEqual(input.graphemeSelection, 0..<3)
        XCTAssertEqual(delegate.take(), ["selectionChanged"])
        input.selectAll()
        input.move(.right, by: .document)
        input.move(.right)
        XCTAssertEqual(delegate.take(), ["selectionChanged"], "presses that do not move send nothing")
        XCTAssertFalse(input.isEditing, "moving does not begin editing")
    }
}
