import XCTest
@testable import Caret

/// A delegate that records every call as a line and answers the should-hooks as told.
final class RecordingDelegate: TextInputDelegate {
    var log: [String] = []
    var edits: [TextEdit] = []
    var allowBegin = true, allowEnd = true, allowChange = true, allowClear = true, allowReturn = true
    /// When set, decides each offered change instead of `allowChange`.
    var decide: ((TextRange, Range<Int>, String) -> Bool)?

    func textInputShouldBeginEditing(_ input: TextInput) -> Bool { log.append("shouldBegin"); return allowBegin }
    func textInputShouldEndEditing(_ input: TextInput) -> Bool { log.append("shouldEnd"); return allowEnd }
    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool {
        log.append("shouldChange \(utf16Range.lowerBound)..<\(utf16Range.upperBound) \"\(replacementText)\"")
        return decide?(range, utf16Range, replacementText) ?? allowChange
    }
    func textInputShouldClear(_ input: TextInput) -> Bool { log.append("shouldClear"); return allowClear }
    func textInputShouldReturn(_ input: TextInput) -> Bool { log.append("shouldReturn"); return allowReturn }
    func textInput(_ input: TextInput, didSend event: TextInputEvent) { log.append("\(event)") }
    func textInput(_ input: TextInput, didApply edit: TextEdit) {
        edits.append(edit)
        log.append("didApply \(edit.replacedUTF16Range.lowerBound)..<\(edit.replacedUTF16Range.upperBound)"
                   + " -> \(edit.insertedUTF16Range.lowerBound)..<\(edit.insertedUTF16Range.upperBound)")
    }

    /// The log since the last call, then cleared.
    func take() -> [String] {
        defer { log = [] }
        return log
    }
}

extension TextInput {
    /// The selection in grapheme offsets (nil for none).
    var graphemeSelection: Range<Int>? {
        guard let r = selectedTextRange, let a = document.offset(of: r.start), let b = document.offset(of: r.end) else { return nil }
        return a..<b
    }

    /// The selection in UTF-16 offsets (nil for none).
    var utf16Selection: Range<Int>? {
        guard let r = selectedTextRange, let a = document.offset(of: r.start, unit: .utf16),
              let b = document.offset(of: r.end, unit: .utf16) else { return nil }
        return a..<b
    }

    /// The marked range in UTF-16 offsets, exactly (its ends may fall inside a cluster); nil for none.
    var utf16Marked: Range<Int>? {
        guard let r = markedTextRange else { return nil }
        return document.utf16Offset(ofScalarAlignedUTF8: r.start.utf8Offset)..<document.utf16Offset(ofScalarAlignedUTF8: r.end.utf8Offset)
    }

    /// Selects grapheme offsets `range` (from code).
    func selectGraphemes(_ range: Range<Int>) {
        selectedTextRange = document.textRange(from: document.position(at: range.lowerBound)!,
                                               to: document.position(at: range.upperBound)!)
    }

    /// A caret at grapheme offset `offset` (from code).
    func caret(at offset: Int) { selectGraphemes(offset..<offset) }
}
