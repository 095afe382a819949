import XCTest
@testable import Caret

/// The traits through `TextInput`, as a user meets them: what is typed and pasted, what the
/// delegate is offered (the change as applied, widened where a trait widened it), what undo
/// gives back.
final class TraitScenarioTests: XCTestCase {
    func testQuotesInTheReadersLanguage() {
        let expected = ["en": "“Hi,” I said. ‘Don’t.’", "de": "„Hi,“ I said. ‚Don‘t.‘",
                        "fr": "«Hi,» I said. «Don»t.»", "ru": "«Hi,» I said. „Don“t.“",
                        "ja": "「Hi,」 I said. 『Don』t.』"]
        for (locale, text) in expected {
            let (input, _) = editingInput(kind: .multiLine, traits: .init(autocapitalization: .none), locale: locale)
            typeKeys("\"Hi,\" I said. 'Don't.'", into: input)
            XCTAssertEqual(input.text, text, locale)
        }
    }

    func testTurkishAndAzeriAutocapitalization() {
        for locale in ["tr", "az"] {
            let (input, _) = editingInput(kind: .multiLine, traits: .init(), locale: locale)
            typeKeys("iyi günler. ışık ve istanbul\nilk satır", into: input)
            XCTAssertEqual(input.text, "İyi günler. Işık ve istanbul\nİlk satır", locale)
            let (words, _) = editingInput(traits: .init(autocapitalization: .words), locale: locale)
            typeKeys("ali ihsan", into: words)
            XCTAssertEqual(words.text, "Ali İhsan", locale)
        }
        let (en, _) = editingInput(traits: .init(), locale: "en")
        typeKeys("istanbul", into: en)
        XCTAssertEqual(en.text, "Istanbul")
    }

    func testAutocapitalizationTouchesTypedTextOnly() {
        let (input, _) = editingInput(kind: .multiLine, traits: .init(), locale: "en")
        input.paste("pasted. text")
        XCTAssertEqual(input.text, "pasted. text")
        input.text = ""
        input.beginEditing()
        input.setMarkedText("marked", selectedRange: 6..<6)
        input.unmarkText()
        XCTAssertEqual(input.text, "marked")
        input.text = ""
        input.insertText("typed. text")
        XCTAssertEqual(input.text, "Typed. Text")
        // Sentence rules with suppressions: `Mr.` does not end one.
        input.text = ""
        // (ICU's English list is case-sensitive and has no `Dr.`, which may end a sentence.)
        typeKeys("call mr. smith? no. Mrs. jones", into: input)
        XCTAssertEqual(input.text, "Call mr. Smith? No. Mrs. jones")
    }

    func testDashesOfferTheWidenedChange() {
        let (input, delegate) = editingInput(traits: .init(autocapitalization: .none))
        typeKeys("a-", into: input)
        _ = delegate.take()
        input.insertText("-")
        XCTAssertEqual(input.text, "a\u{2013}")
        XCTAssertEqual(delegate.take().prefix(2), ["shouldChange 1..<2 \"\u{2013}\"", "didApply 1..<2 -> 1..<2"])
        input.insertText("-")
        XCTAssertEqual(input.text, "a\u{2014}")
        input.insertText("b")
        XCTAssertEqual(input.text, "a\u{2014}b")
        XCTAssertEqual(input.utf16Selection, 3..<3)
        // Each substitution is its own undo step, taken back one at a time.
        input.undo()
        XCTAssertEqual(input.text, "a\u{2013}")
        input.undo()
        XCTAssertEqual(input.text, "a-")
    }

    func testSmartInsertAndDelete() {
        let (input, delegate) = editingInput("the fox", kind: .multiLine, traits: .init(autocapitalization: .none))
        input.caret(at: 3)
        _ = delegate.take()
        input.paste("brown")
        XCTAssertEqual(input.text, "the brown fox")
        XCTAssertEqual(delegate.take().first, "shouldChange 3..<3 \" brown\"")
        XCTAssertEqual(input.graphemeSelection, 9..<9)
        input.selectGraphemes(4..<9)                          // "brown"
        _ = delegate.take()
        input.deleteBackward()
        XCTAssertEqual(input.text, "the fox")
        XCTAssertEqual(delegate.take().first, "shouldChange 4..<10 \"\"")
        XCTAssertEqual(input.graphemeSelection, 4..<4)
        input.undo()
        XCTAssertEqual(input.text, "the brown fox")
        XCTAssertEqual(input.graphemeSelection, 4..<9)
        // Cutting before punctuation removes the space before.
        input.text = "see you."
        input.selectGraphemes(4..<7)
        XCTAssertEqual(input.cut(), "you")
        XCTAssertEqual(input.text, "see.")
        // Off: nothing is added or removed.
        let (plain, _) = editingInput("the fox", traits: .plain)
        plain.caret(at: 3)
        plain.paste("brown")
        XCTAssertEqual(plain.text, "thebrown fox")
    }

    func testSecureEntry() {
        let secure = TextInputTraits(autocapitalization: .none, isSecureTextEntry: true)
        let (input, delegate) = editingInput("pa👨‍👩‍👧ss", traits: secure)
        XCTAssertEqual(input.displayText, "•••••")              // one bullet per cluster
        input.selectAll()
        XCTAssertNil(input.copy())
        XCTAssertNil(input.cut())
        XCTAssertEqual(input.text, "pa👨‍👩‍👧ss")
        // Editing again: the first insertion replaces the old text, and only the first.
        input.endEditing()
        input.beginEditing()
        _ = delegate.take()
        input.insertText("x")
        XCTAssertEqual(input.text, "x")
        XCTAssertEqual(delegate.take().first, "shouldChange 0..<12 \"x\"")
        input.insertText("y")
        XCTAssertEqual(input.text, "xy")
        input.undo()
        XCTAssertEqual(input.text, "pa👨‍👩‍👧ss")
        // Refused, the replacement stays pending; a deletion uses it up.
        input.endEditing()
        input.text = "old"
        input.beginEditing()
        delegate.allowChange = false
        assertRefused(input, delegate, "vetoed re-entry") { input.insertText("z") }
        delegate.allowChange = true
        input.deleteBackward()
        input.insertText("z")
        XCTAssertEqual(input.text, "olz")
        // Not secure: editing again appends.
        let (open, _) = editingInput("abc", traits: .plain)
        open.endEditing()
        open.beginEditing()
        open.insertText("d")
        XCTAssertEqual(open.text, "abcd")
    }

    func testClearsOnBeginEditingAsksTheDelegate() {
        let rules = TextInputRules(clearsOnBeginEditing: true)
        let input = TextInput("keep", traits: .plain, rules: rules)
        let delegate = RecordingDelegate()
        input.delegate = delegate
        delegate.allowClear = false
        input.beginEditing()
        XCTAssertEqual(input.text, "keep")
        XCTAssertTrue(delegate.take().contains("shouldClear"))
        input.endEditing()
        delegate.allowClear = true
        _ = delegate.take()
        input.beginEditing()
        XCTAssertEqual(input.text, "")
        let log = delegate.take()
        XCTAssertEqual(log.filter { $0.hasPrefix("should") }, ["shouldBegin", "shouldClear", "shouldChange 0..<4 \"\""])
        input.undo()
        XCTAssertEqual(input.text, "keep")
        // Nothing to clear: nobody is asked.
        input.endEditing()
        input.text = ""
        _ = delegate.take()
        input.beginEditing()
        XCTAssertFalse(delegate.take().contains("shouldClear"))
    }

    func testClearsOnInsertionTurnsItselfOff() {
        let (input, delegate) = editingInput("old text", traits: .plain, rules: .init(clearsOnInsertion: true))
        input.caret(at: 3)
        input.deleteBackward()                                // not an insertion: the flag stays
        XCTAssertEqual(input.text, "ol text")
        XCTAssertTrue(input.rules.clearsOnInsertion)
        delegate.allowChange = false
        assertRefused(input, delegate, "vetoed insertion") { input.insertText("n") }
        XCTAssertTrue(input.rules.clearsOnInsertion)
        delegate.allowChange = true
        input.insertText("n")
        XCTAssertEqual(input.text, "n")
        XCTAssertFalse(input.rules.clearsOnInsertion)
        input.insertText("ew")
        XCTAssertEqual(input.text, "new")
    }

    func testClearButtonAndOverlays() {
        let rules = TextInputRules(clearButtonMode: .whileEditing, leftViewMode: .unlessEditing, rightViewMode: .always)
        let input = TextInput("", traits: .plain, rules: rules)
        XCTAssertFalse(input.isClearButtonVisible)            // no text
        input.beginEditing()
        XCTAssertFalse(input.isClearButtonVisible)
        input.insertText("a")
        XCTAssertTrue(input.isClearButtonVisible)
        XCTAssertFalse(input.isOverlayVisible(rules.leftViewMode))
        XCTAssertTrue(input.isOverlayVisible(rules.rightViewMode))
        input.endEditing()
        XCTAssertFalse(input.isClearButtonVisible)
        XCTAssertTrue(input.isOverlayVisible(rules.leftViewMode))
        XCTAssertFalse(input.isOverlayVisible(.never))
        input.rules.clearButtonMode = .always
        XCTAssertTrue(input.isClearButtonVisible)
        input.text = ""
        XCTAssertFalse(input.isClearButtonVisible)
    }

    func testPlaceholder() {
        let input = TextInput("", traits: .plain, rules: .init(placeholder: "Name"))
        XCTAssertEqual(input.displayText, "Name")
        input.insertText("J")
        XCTAssertEqual(input.displayText, "J")
        input.deleteBackward()
        XCTAssertEqual(input.displayText, "Name")
        input.setMarkedText("ジ", selectedRange: 1..<1)
        XCTAssertEqual(input.displayText, "ジ")
    }

    func testDecimalPadUsesTheLocalesSeparator() {
        let pad = TextInputTraits(keyboardType: .decimalPad)
        let (de, _) = editingInput(traits: pad, locale: "de")
        typeKeys("3.14", into: de)
        XCTAssertEqual(de.text, "314")
        de.text = ""
        typeKeys("3,14", into: de)
        XCTAssertEqual(de.text, "3,14")
        let (en, _) = editingInput(traits: pad, locale: "en")
        en.paste("1,234.5")
        XCTAssertEqual(en.text, "1234.5")
        // No smart spaces on a pad: pasted digits join the digits there.
        let (pin, _) = editingInput("12", traits: .init(keyboardType: .numberPad))
        pin.paste("34")
        XCTAssertEqual(pin.text, "1234")
        let (phone, _) = editingInput(traits: .init(keyboardType: .phonePad))
        phone.paste("Tel: +49 (30) 123-45;6")
        XCTAssertEqual(phone.text, " +49 (30) 123-45;6")
    }
}
