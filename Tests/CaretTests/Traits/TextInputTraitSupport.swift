import XCTest
@testable import Caret

/// Everything a refused edit must leave as it was: text, selection, marked text, undo history.
struct InputSnapshot: Equatable, CustomStringConvertible {
    var text: String
    var selection: Range<Int>?
    var marked: Range<Int>?
    var undo: [String]
    var redo: [String]

    init(_ input: TextInput) {
        text = input.text
        selection = input.utf16Selection
        marked = input.utf16Marked
        func describe(_ s: UndoHistory.Step) -> String {
            "\(s.utf8Start) -\(s.removed.debugDescription) +\(s.inserted.debugDescription) \(s.before) \(s.after)"
        }
        undo = input.history.undoSteps.map(describe)
        redo = input.history.redoSteps.map(describe)
    }

    var description: String { "\(text.debugDescription) sel \(String(describing: selection)) marked \(String(describing: marked)) undo \(undo.count) redo \(redo.count)" }
}

/// Runs `action` and checks it changed nothing and sent nothing (being asked is allowed).
func assertRefused(_ input: TextInput, _ delegate: RecordingDelegate, _ what: String = "",
                   file: StaticString = #filePath, line: UInt = #line, _ action: () -> Void) {
    let before = InputSnapshot(input)
    _ = delegate.take()
    action()
    XCTAssertEqual(InputSnapshot(input), before, "refused \(what): state changed", file: file, line: line)
    let sent = delegate.take().filter { !$0.hasPrefix("should") }
    XCTAssertEqual(sent, [], "refused \(what): sent something", file: file, line: line)
}

/// A field (or view) with a recording delegate, already editing.
func editingInput(_ text: String = "", kind: TextInputKind = .singleLine, traits: TextInputTraits = .plain,
                  rules: TextInputRules = .init(), locale: String = "en") -> (TextInput, RecordingDelegate) {
    let input = TextInput(text, kind: kind, traits: traits, rules: rules)
    input.locale = locale
    let delegate = RecordingDelegate()
    input.delegate = delegate
    input.beginEditing()
    _ = delegate.take()
    return (input, delegate)
}

/// Types each character of `keys` with its own `insertText`, as a keyboard does.
func typeKeys(_ keys: String, into input: TextInput) {
    for key in keys { input.insertText(String(key)) }
}
