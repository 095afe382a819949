import Caret

extension SessionRunner {
    typealias ParseError = SessionAction.ParseError

    /// Makes the calls one action stands for; what the last call returned, worded, if it
    /// returns anything. Throws when the action's offsets do not fit the text.
    func perform(_ action: SessionAction) throws(ParseError) -> String? {
        switch action {
        case .settings, .note: return nil
        case .delegate(let answers): recorder.answers = answers; return nil
        case .insert(let s): input.insertText(s)
        case .returnKey(let n): for _ in 0..<n { input.insertText("\n") }
        case .deleteBackward(let n): for _ in 0..<n { input.deleteBackward() }
        case .deleteForward(let n): for _ in 0..<n { input.deleteForward() }
        case .mark(let s, let selected, let unit):
            let length = s.map { TextDocument($0).count(in: unit) } ?? 0
            input.setMarkedText(s, selectedRange: selected ?? length..<length, unit: unit)
        case .unmark: input.unmarkText()
        case .move(let d, let g, let extend, let n):
            for _ in 0..<n { input.move(d, by: g, extendingSelection: extend) }
        case .select(let r, let unit): input.selectedTextRange = try textRange(r, unit)
        case .addSelection(let r, let unit): input.addSelection(try textRange(r, unit))
        case .selectAll: input.selectAll()
        case .selectNone: input.selectedTextRange = nil
        case .paste(let s): input.paste(s)
        case .cut: return input.cut().map(SessionFormat.quoted) ?? "nil"
        case .copy: return input.copy().map(SessionFormat.quoted) ?? "nil"
        case .replace(let r, let unit, let s): return "\(input.replace(try textRange(r, unit), withText: s))"
        case .clear: return "\(input.clear())"
        case .undo(let n): for _ in 0..<n { input.undo() }
        case .redo(let n): for _ in 0..<n { input.redo() }
        case .breakUndoCoalescing: input.breakUndoCoalescing()
        case .begin: return "\(input.beginEditing())"
        case .end(let force): return "\(input.endEditing(force: force))"
        case .setText(let s): input.text = s
        case .traits(let t): input.traits = t
        case .rules(let r): input.rules = r
        case .locale(let l): input.locale = l
        }
        return nil
    }

    /// The range of offsets `r` in `unit` of the current text (ends inside a cluster snap back).
    func textRange(_ r: Range<Int>, _ unit: TextUnit) throws(ParseError) -> TextRange {
        let doc = input.document
        guard let a = doc.position(at: r.lowerBound, unit: unit), let b = doc.position(at: r.upperBound, unit: unit),
              let range = doc.textRange(from: a, to: b) else {
            throw ParseError("\(SessionFormat.range(r)) is outside the text (\(doc.count(in: unit)) \(SessionFormat.unitName(unit)))")
        }
        return range
    }
}
