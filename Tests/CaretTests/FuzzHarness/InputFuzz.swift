import Caret

/// The FuzzInput harness: the input decodes into a sequence of calls on a `TextInput` (every
/// input call, marked text included, with a delegate whose answers the input chooses) and on
/// `InputModel`; after every call the two must agree.
///
/// Input format: byte 0 chooses the kind (bit 0: field, else view) and whether the input starts
/// read-only (bits 1–3 all set); byte 1 the number of trouble-alphabet pieces (0–7) of the
/// initial text, one byte each. Then each call is two bytes, the call (taken modulo 27; 128 or
/// more also runs the undo/redo round trip afterwards) and the delegate's answers for it (bits
/// 0–2 all set: refuse the change; bits 3–4: refuse to begin; bits 5–6: refuse to end; bit 7:
/// refuse to clear and to return), then the call's arguments. Reads past the end give 0.
///
/// | call | what |
/// | --- | --- |
/// | 0–2 | `insertText` of one piece (0, 1) or 1–4 pieces (2) |
/// | 3 | `insertText("\n")`: Return in a field, a line break in a view |
/// | 4, 24 | `deleteBackward` |
/// | 5 | `deleteForward` |
/// | 6 | `setMarkedText` of 1–4 pieces, a selected range of −1…len+2 in a chosen unit (UTF-16 mostly) |
/// | 7 | `setMarkedText(nil)` or `""` |
/// | 8 | `unmarkText` |
/// | 9 | `paste` of 1–6 pieces |
/// | 10, 11 | `cut`, `copy` (their results checked) |
/// | 12 | `replace` of a grapheme range with 0–3 pieces |
/// | 13 | `clear` |
/// | 14, 15 | `undo`, `redo` |
/// | 16, 17 | `move` in any direction by any granularity, extending or not (16); left/right by character (17) |
/// | 18 | `selectAll` |
/// | 19 | `selectedTextRange =` a grapheme range, or nil |
/// | 20 | `text =` 0–5 pieces |
/// | 21 | `breakUndoCoalescing` |
/// | 22, 23 | `beginEditing`, `endEditing(force:)` |
/// | 25 | `insertText` of one piece repeated 2–9 times |
/// | 26 | toggle `isEditable` |
///
/// After every call: text, selection (UTF-16 offsets and affinities), marked range, editing
/// state, `canUndo`/`canRedo`, what the delegate was asked (`shouldChangeTextIn` ranges and
/// text), the events sent, and the text rebuilt from every `didApply` edit. With the round trip:
/// undo then redo, each checked the same way. At the end: undo everything, then redo everything,
/// checking each state.
public enum InputFuzz {
    /// Calls per input at most, and the text length (scalars) above which inserts turn into deletes.
    static let maxSteps = 200
    static let maxScalars = 64

    /// Runs one input. Throws the first difference found.
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var session = InputSession(data)
        do {
            try session.run()
        } catch {
            // Again with the log of calls and states for the message (the run is deterministic).
            var logged = InputSession(data, verbose: true)
            do { try logged.run() } catch let again { throw again }
            throw FuzzFailure(message: error.message + "\n(passed when run again with the log: the harness is not deterministic)")
        }
    }
}

/// What the fuzzer's delegate was asked and told during one call.
final class InputFuzzDelegate: TextInputDelegate {
    var answers = InputModel.Answers()
    var offers: [InputModel.Offer] = []
    var events: [InputModel.Event] = []
    /// The text as the `didApply` edits rebuild it, in UTF-16 code units.
    var mirror: [UInt16] = []
    var problems: [String] = []

    init(text: String) { mirror = Array(text.utf16) }

    func textInputShouldBeginEditing(_ input: TextInput) -> Bool { answers.shouldBegin }
    func textInputShouldEndEditing(_ input: TextInput) -> Bool { answers.shouldEnd }
    func textInputShouldClear(_ input: TextInput) -> Bool { answers.shouldClear }
    func textInputShouldReturn(_ input: TextInput) -> Bool { answers.shouldReturn }

    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool {
        offers.append(InputModel.Offer(utf16Range: utf16Range, replacement: replacementText))
        // The TextRange must be the same place as the UTF-16 range (its ends snap back to
        // grapheme boundaries when read, so each may lie at or before the UTF-16 end).
        let doc = input.document
        if let a = doc.offset(of: range.start, unit: .utf16), let b = doc.offset(of: range.end, unit: .utf16) {
            if a > utf16Range.lowerBound || b > utf16Range.upperBound || utf16Range.upperBound > doc.count(in: .utf16) {
                problems.append("shouldChangeTextIn: TextRange at UTF-16 \(a)..<\(b) for utf16Range \(utf16Range)")
            }
        } else {
            problems.append("shouldChangeTextIn: TextRange outside the document")
        }
        return answers.shouldChange
    }

    func textInput(_ input: TextInput, didSend event: TextInputEvent) {
        switch event {
        case .editingDidBegin: events.append(.editingDidBegin)
        case .editingChanged: events.append(.editingChanged)
        case .selectionChanged: events.append(.selectionChanged)
        case .editingDidEnd: events.append(.editingDidEnd)
        case .editingDidEndOnExit: events.append(.editingDidEndOnExit)
        }
    }

    func textInput(_ input: TextInput, didApply edit: TextEdit) {
        let new = Array(input.document.string.utf16)
        let r = edit.replacedUTF16Range, i = edit.insertedUTF16Range
        guard r.upperBound <= mirror.count, i.upperBound <= new.count else {
            problems.append("didApply: \(edit) does not fit the texts (\(mirror.count) → \(new.count) UTF-16 units)")
            return
        }
        mirror.replaceSubrange(r, with: new[i])
    }
}
