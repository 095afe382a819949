import Caret

extension InputSession {
    /// Compares the subject with the model after call `name`. Every value is read into a local
    /// first: a failure message that named `model` or `subject` would capture (copy) the whole
    /// session in its closure on every check, whether it fails or not.
    func check(_ name: String) throws(FuzzFailure) {
        let doc = subject.document
        let text = subject.text, expectedText = model.text
        try require(text == expectedText, "text \(Self.show(text)), model \(Self.show(expectedText))", name)
        let editing = subject.isEditing, expectedEditing = model.isEditing
        try require(editing == expectedEditing, "isEditing \(editing), model \(expectedEditing)", name)
        try require(subject.isEditable == model.isEditable, "isEditable differs", name)

        let selection = subject.selectedTextRange.map { r in
            (doc.offset(of: r.start, unit: .utf16)!..<doc.offset(of: r.end, unit: .utf16)!, r.start.affinity, r.end.affinity)
        }
        let expected = model.selection.map { s in (model.snappedUTF16(s.range), s.ordered.start.affinity, s.ordered.end.affinity) }
        try require(selection?.0 == expected?.0,
                    "selection UTF-16 \(selection.map { "\($0.0)" } ?? "nil"), model \(expected.map { "\($0.0)" } ?? "nil")", name)
        try require(selection?.1 == expected?.1 && selection?.2 == expected?.2,
                    "selection affinities \(selection.map { "\($0.1), \($0.2)" } ?? "nil"), model \(expected.map { "\($0.1), \($0.2)" } ?? "nil")", name)

        let marked = subject.markedTextRange.map { doc.offset(of: $0.start, unit: .utf16)!..<doc.offset(of: $0.end, unit: .utf16)! }
        let expectedMarked = model.markedUTF16
        try require(marked == expectedMarked, "marked UTF-16 \(marked.map { "\($0)" } ?? "nil"), model \(expectedMarked.map { "\($0)" } ?? "nil")", name)

        let undo = (subject.canUndo, subject.canRedo), expectedUndo = (model.canUndo, model.canRedo)
        try require(undo == expectedUndo, "canUndo, canRedo \(undo), model \(expectedUndo)", name)

        let problems = delegate.problems
        try require(problems.isEmpty, problems.joined(separator: "; "), name)
        let offers = delegate.offers, expectedOffers = model.offers
        try require(offers == expectedOffers, "asked shouldChangeTextIn \(offers), model \(expectedOffers)", name)
        let events = delegate.events, expectedEvents = model.events
        try require(events == expectedEvents, "sent \(events), model \(expectedEvents)", name)
        let mirror = delegate.mirror
        try require(mirror.elementsEqual(text.utf16),
                    "the didApply edits rebuild \(Self.show(String(decoding: mirror, as: UTF16.self))), not the text", name)
    }

    /// Throws unless `condition` holds, with the step, the call and (in a verbose run) the calls
    /// so far with the state after each.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, _ name: String) throws(FuzzFailure) {
        if condition { return }
        let recent = log.suffix(40).enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
        throw FuzzFailure(message: "FuzzInput step \(step), after \(name): \(message())\ncalls:\n\(recent)")
    }
}
