import Caret

extension InputSession {
    /// Compares the subject with the model after call `name`.
    func check(_ name: String) throws(FuzzFailure) {
        let doc = subject.document
        try require(subject.text == model.text, "text \(Self.show(subject.text)), model \(Self.show(model.text))", name)
        try require(doc.count(in: .utf16) == model.flat.count(in: .utf16), "UTF-16 count differs", name)
        try require(subject.isEditing == model.isEditing, "isEditing \(subject.isEditing), model \(model.isEditing)", name)
        try require(subject.isEditable == model.isEditable, "isEditable differs", name)

        let selection = subject.selectedTextRange.map { r in
            (doc.offset(of: r.start, unit: .utf16)!..<doc.offset(of: r.end, unit: .utf16)!, r.start.affinity, r.end.affinity)
        }
        let expected = model.selection.map { s in (model.snappedUTF16(s.range), s.ordered.start.affinity, s.ordered.end.affinity) }
        try require(selection?.0 == expected?.0, "selection UTF-16 \(selection.map { "\($0.0)" } ?? "nil"), model \(expected.map { "\($0.0)" } ?? "nil")", name)
        try require(selection?.1 == expected?.1 && selection?.2 == expected?.2,
                   "selection affinities \(selection.map { "\($0.1), \($0.2)" } ?? "nil"), model \(expected.map { "\($0.1), \($0.2)" } ?? "nil")", name)

        let marked = subject.markedTextRange.map { doc.offset(of: $0.start, unit: .utf16)!..<doc.offset(of: $0.end, unit: .utf16)! }
        try require(marked == model.markedUTF16, "marked UTF-16 \(marked.map { "\($0)" } ?? "nil"), model \(model.markedUTF16.map { "\($0)" } ?? "nil")", name)

        try require(subject.canUndo == model.canUndo, "canUndo \(subject.canUndo), model \(model.canUndo)", name)
        try require(subject.canRedo == model.canRedo, "canRedo \(subject.canRedo), model \(model.canRedo)", name)

        try require(delegate.problems.isEmpty, delegate.problems.joined(separator: "; "), name)
        try require(delegate.offers == model.offers, "asked shouldChangeTextIn \(delegate.offers), model \(model.offers)", name)
        try require(delegate.events == model.events, "sent \(delegate.events), model \(model.events)", name)
        try require(delegate.mirror.elementsEqual(subject.text.utf16), "the didApply edits rebuild \(Self.show(String(decoding: delegate.mirror, as: UTF16.self))), not the text", name)
    }

    /// `expect` with the step, the call and the calls so far in the message.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, _ name: String) throws(FuzzFailure) {
        if condition { return }
        let recent = log.suffix(40).enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
        throw FuzzFailure(message: "FuzzInput step \(step), after \(name): \(message())\ncalls:\n\(recent)")
    }
}
