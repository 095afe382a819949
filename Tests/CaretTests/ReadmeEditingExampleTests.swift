import Testing
import Caret

/// The README's `TextInput` example, so that what it claims stays true (Swift Testing).
@Suite struct ReadmeEditingExampleTests {
    final class NoAtSign: TextInputDelegate {
        var returned = false
        func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                       replacementText: String) -> Bool {
            !replacementText.contains("@")
        }
        func textInputShouldReturn(_ input: TextInput) -> Bool {
            returned = true
            return true
        }
    }

    @Test func fieldWithADelegate() {
        let field = TextInput("", kind: .singleLine)
        let rules = NoAtSign()
        field.delegate = rules
        field.insertText("@")
        #expect(field.text == "")
        field.insertText("42")
        field.paste(", one\ntwo")
        #expect(field.text == "42, one two")
        #expect(field.isEditing)
        field.insertText("\n")
        #expect(rules.returned)
        #expect(!field.isEditing)
        #expect(field.text == "42, one two")
    }

    @Test func composition() {
        let view = TextInput("東京と")
        view.setMarkedText("にほん", selectedRange: 3..<3)
        #expect(view.markedTextRange != nil)
        view.setMarkedText("日本", selectedRange: 2..<2)
        view.unmarkText()
        #expect(view.text == "東京と日本")
        #expect(view.markedTextRange == nil)
        view.undo()
        #expect(view.text == "東京と")
    }
}
