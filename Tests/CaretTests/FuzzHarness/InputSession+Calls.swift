import Caret

extension InputSession {
    static let directions: [TextLayoutDirection] = [.left, .right, .up, .down]
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .paragraph, .line, .document]
    static let units: [TextUnit] = [.utf16, .utf16, .utf16, .grapheme, .unicodeScalar, .utf8]

    /// Decodes call `op`'s arguments, makes it on model and subject; returns its description.
    mutating func call(_ op: Int, _ answers: InputModel.Answers) throws(FuzzFailure) -> String {
        prepare(answers)
        switch op {
        case 0, 1, 2, 25:
            if full { return deleteBackward() }
            let text = op == 2 ? pieces(1...4) : op == 25 ? String(repeating: piece(), count: input.int(in: 2...9)) : piece()
            model.insertText(text)
            subject.insertText(text)
            return named("insertText(\(Self.show(text)))")
        case 3:
            model.insertText("\n")
            subject.insertText("\n")
            return named("insertText(\"\\n\")")
        case 4, 24:
            return deleteBackward()
        case 5:
            model.deleteForward()
            subject.deleteForward()
            return named("deleteForward()")
        case 6:
            let text = full ? "a" : pieces(1...4)
            let unit = Self.units[Int(input.byte()) % Self.units.count]
            let length = FuzzModel(Array(text.unicodeScalars)).count(in: unit)
            let a = input.int(in: -1...(length + 2)), b = input.int(in: -1...(length + 2))
            let range = min(a, b)..<max(a, b)
            model.setMarkedText(text, selectedRange: range, unit: unit)
            subject.setMarkedText(text, selectedRange: range, unit: unit)
            return named("setMarkedText(\(Self.show(text)), selectedRange: \(range), unit: .\(unit))")
        case 7:
            let text: String? = input.byte() & 1 == 0 ? nil : ""
            model.setMarkedText(text, selectedRange: 0..<0, unit: .utf16)
            subject.setMarkedText(text, selectedRange: 0..<0, unit: .utf16)
            return named("setMarkedText(\(text == nil ? "nil" : "\"\""))")
        case 8:
            model.unmarkText()
            subject.unmarkText()
            return named("unmarkText()")
        case 9:
            let text = full ? "" : pieces(1...6)
            model.paste(text)
            subject.paste(text)
            return named("paste(\(Self.show(text)))")
        case 10:
            let expected = model.cut(), got = subject.cut()
            try expect(expected == got, "cut() returned \(got.map(Self.show) ?? "nil"), model \(expected.map(Self.show) ?? "nil")")
            return named("cut()")
        case 11:
            let expected = model.copy(), got = subject.copy()
            try expect(expected == got, "copy() returned \(got.map(Self.show) ?? "nil"), model \(expected.map(Self.show) ?? "nil")")
            return named("copy()")
        case 12:
            let (a, b) = graphemeRange()
            let text = full ? "" : pieces(0...3)
            let doc = subject.document
            let range = doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)!
            let expected = model.replace(scalarIndex(ofGrapheme: a)..<scalarIndex(ofGrapheme: b), with: text)
            let got = subject.replace(range, withText: text)
            try expect(expected == got, "replace returned \(got), model \(expected)")
            return named("replace(graphemes \(a)..<\(b), withText: \(Self.show(text)))")
        case 13:
            let expected = model.clear(), got = subject.clear()
            try expect(expected == got, "clear() returned \(got), model \(expected)")
            return named("clear()")
        case 14:
            model.undo()
            subject.undo()
            return named("undo()")
        case 15:
            model.redo()
            subject.redo()
            return named("redo()")
        case 16, 17:
            let d: TextLayoutDirection, g: TextGranularity, extend: Bool
            if op == 16 {
                d = Self.directions[Int(input.byte()) % 4]
                g = Self.granularities[Int(input.byte()) % Self.granularities.count]
                extend = input.byte() & 1 == 1
            } else {
                let b = input.byte()
                d = b & 1 == 0 ? .left : .right
                g = .character
                extend = b & 2 == 2
            }
            model.move(d, by: g, extending: extend)
            subject.move(d, by: g, extendingSelection: extend)
            return named("move(.\(d), by: .\(g)\(extend ? ", extendingSelection: true" : ""))")
        case 18:
            model.selectAll()
            subject.selectAll()
            return named("selectAll()")
        case 19:
            if input.byte() % 8 == 0 {
                model.setSelection(nil)
                subject.selectedTextRange = nil
                return named("selectedTextRange = nil")
            }
            let (a, b) = graphemeRange()
            let doc = subject.document
            model.setSelection(scalarIndex(ofGrapheme: a)..<scalarIndex(ofGrapheme: b))
            subject.selectedTextRange = doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)
            return named("selectedTextRange = graphemes \(a)..<\(b)")
        case 20:
            let text = pieces(0...5)
            model.setText(text)
            subject.text = text
            return named("text = \(Self.show(text))")
        case 21:
            model.breakCoalescing()
            subject.breakUndoCoalescing()
            return named("breakUndoCoalescing()")
        case 22:
            let expected = model.beginEditing(), got = subject.beginEditing()
            try expect(expected == got, "beginEditing() returned \(got), model \(expected)")
            return named("beginEditing()")
        case 23:
            let force = input.byte() & 1 == 1
            let expected = model.endEditing(force: force), got = subject.endEditing(force: force)
            try expect(expected == got, "endEditing(force: \(force)) returned \(got), model \(expected)")
            return named("endEditing(force: \(force))")
        default:
            model.isEditable.toggle()
            subject.isEditable.toggle()
            return named("isEditable = \(model.isEditable)")
        }
    }

    mutating func deleteBackward() -> String {
        model.deleteBackward()
        subject.deleteBackward()
        return named("deleteBackward()")
    }

    /// A call's description, worded only when the session keeps a log (building strings for
    /// every call would cost more than the calls).
    func named(_ make: @autoclosure () -> String) -> String { verbose ? make() : "" }
}
