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

    @Test(arguments: ["", "a", "\r\n", "👨‍👩‍👧‍👦🇫🇷", "क्षि"])
    func copiesAreIndependent(_ text: String) throws {
        var a = TextDocument(text)
        let b = a
        try a.insert("x", at: a.endOfDocument)
        #expect(b.string == text)
        #expect(a.string == text + "x")
    }
}
