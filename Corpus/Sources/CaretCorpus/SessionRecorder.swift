import Caret

/// The delegate of a `caret session` run: answers as the script's `delegate` lines say and
/// writes down, in order, everything it is asked and told during one step.
final class SessionRecorder: TextInputDelegate {
    var answers = SessionAction.Answers()
    /// What happened during the current step, already worded.
    var traffic: [String] = []

    func textInputShouldBeginEditing(_ input: TextInput) -> Bool {
        traffic.append("shouldBeginEditing → \(answers.begin ? "yes" : "no")")
        return answers.begin
    }

    func textInputShouldEndEditing(_ input: TextInput) -> Bool {
        traffic.append("shouldEndEditing → \(answers.end ? "yes" : "no")")
        return answers.end
    }

    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool {
        let doc = input.document
        let graphemes = doc.offset(of: range.start).flatMap { a in doc.offset(of: range.end).map { a..<$0 } }
        let place = graphemes.map { "\(SessionFormat.range($0)) (utf16 \(SessionFormat.range(utf16Range)))" }
            ?? "utf16 \(SessionFormat.range(utf16Range))"
        traffic.append("shouldChange \(place) to \(SessionFormat.quoted(replacementText)) → \(answers.change ? "yes" : "no")")
        return answers.change
    }

    func textInputShouldClear(_ input: TextInput) -> Bool {
        traffic.append("shouldClear → \(answers.clear ? "yes" : "no")")
        return answers.clear
    }

    func textInputShouldReturn(_ input: TextInput) -> Bool {
        traffic.append("shouldReturn → \(answers.returnKey ? "yes" : "no")")
        return answers.returnKey
    }

    func textInput(_ input: TextInput, didSend event: TextInputEvent) {
        traffic.append("\(event)")
    }

    func textInput(_ input: TextInput, didApply edit: TextEdit) {
        traffic.append("didApply utf16 \(SessionFormat.range(edit.replacedUTF16Range)) → \(SessionFormat.range(edit.insertedUTF16Range))")
    }
}
