import Testing
import Caret

/// The README's PIN field and validated field, so that what they claim stays true (Swift Testing).
@Suite struct ReadmeTraitExampleTests {
    @Test func pinField() {
        let pin = TextInput("", kind: .singleLine,
                            traits: TextInputTraits(keyboardType: .numberPad, isSecureTextEntry: true),
                            rules: TextInputRules(maximumLength: 4))
        pin.paste("12-34-56")
        #expect(pin.text == "1234")
        pin.insertText("7")
        #expect(pin.text == "1234")
        #expect(pin.displayText == "••••")
    }

    @Test func validatedField() throws {
        let year = TextInput("", kind: .singleLine,
                             rules: TextInputRules(pattern: try TextPattern("^(19|20)[0-9]{2}$")))
        year.insertText("2")
        #expect(year.text == "2")
        year.insertText("x")
        #expect(year.text == "2")
        #expect(throws: TextPattern.Error.self) { try TextPattern("[0-9") }
        do { _ = try TextPattern("[0-9") } catch {
            #expect(error.reason == "U_REGEX_MISSING_CLOSE_BRACKET")
            #expect(error.utf16Offset == 4)
        }
    }
}
