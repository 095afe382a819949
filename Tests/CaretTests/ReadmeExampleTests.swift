import Testing
import Caret

/// The README's example, so that what it claims stays true (Swift Testing).
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        var doc = TextDocument("Grüße 👋🏽 from שָׁלוֹם\r\n")
        #expect(doc.count == 18)
        #expect(doc.count(in: .utf16) == 25)
        let p = try #require(doc.position(at: 6))
        #expect(doc.offset(of: p, unit: .utf16) == 6)
        try doc.insert("🌍 ", at: p)
        #expect(doc.lineAndColumn(of: doc.endOfDocument)?.line == 1)
        #expect(doc.lineAndColumn(of: doc.endOfDocument)?.column == 0)
        #expect(doc.string == "Grüße 🌍 👋🏽 from שָׁלוֹם\r\n")
    }

    @Test func readmeSearchExample() throws {
        let text = TextDocument("Straße, STRASSE, strasse")
        #expect(try text.matches(of: TextSearchQuery("straße", ignoresCase: true)).map(\.range).count == 3)
    }

    @Test func readmeChangeSetExample() throws {
        let old = TextDocument("let x = 1\r\nlet y = 2")
        func range(_ a: Int, _ b: Int) -> TextRange { old.textRange(from: old.position(at: a)!, to: old.position(at: b)!)! }
        let rename = try ChangeSet([(range(4, 5), "α"), (range(14, 15), "β")], in: old)
        var new = old
        try new.apply(rename)
        #expect(new.string == "let α = 1\r\nlet β = 2")
        #expect(try rename.lspChanges(in: old) == [
            LSPChange(startLine: 1, startCharacter: 4, endLine: 1, endCharacter: 5, text: "β"),
            LSPChange(startLine: 0, startCharacter: 4, endLine: 0, endCharacter: 5, text: "α"),
        ])
        try new.apply(rename.inverted())
        #expect(new == old)
    }

    @Test(arguments: ["", "a", "\r\n", "👨‍👩‍👧‍👦🇫🇷", "क्षि"])
    func copiesAreIndependent(_ text: String) throws {
        var a = TextDocument(text)
        let b = a
        try a.insert("x", at: a.endOfDocument)
        #expect(b.string == text)
        #expect(a.string == text + "x")
    }
}
