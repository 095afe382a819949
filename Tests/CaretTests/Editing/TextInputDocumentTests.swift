import XCTest
@testable import Caret

/// `TextInput(document:kind:traits:rules:)`: an input made from a `TextDocument` shares its
/// rope (no `String`, no copy), keeps its text, locale and positions, and behaves as one made
/// from the same text.
final class TextInputDocumentTests: XCTestCase {
    static let sample = "héllo 👋🏽 world\r\nשלום עולם\n🇫🇷 e\u{301} 中文"

    func testSharesTheDocumentsStorage() {
        let document = TextDocument(Self.sample)
        let input = TextInput(document: document)
        XCTAssertTrue(input.document.rope.root === document.rope.root, "the rope is shared, not copied")
        XCTAssertEqual(input.text, Self.sample)
        XCTAssertEqual(input.selectedTextRange, document.textRange(from: document.endOfDocument, to: document.endOfDocument))
        XCTAssertEqual(input.kind, .multiLine)
    }

    func testALargeDocumentGoesInWithoutACopy() throws {
        // 8 MB (256 kB with the TinyShapes build's 4-byte chunks) loaded in pieces, as
        // `TextDocument(contentsOfFile:)` does: never a `String`.
        let size = ChunkLimits.maxBytes < 64 ? 1 << 18 : 8 << 20
        var loader = TextDocument.Loader()
        let line = Array("one line of a long file, with é and 👍🏽 in it\n".utf8)
        for _ in 0..<size / line.count { try loader.append(line) }
        let document = try loader.finish()
        for _ in 0..<1_000 {
            // O(1) each: 1,000 copies of 8 MB would be 8 GB of bytes moved.
            let input = TextInput(document: document, kind: .singleLine, traits: .plain)
            XCTAssertTrue(input.document.rope.root === document.rope.root)
        }
        let input = TextInput(document: document)
        XCTAssertEqual(input.document.count(in: .utf8), document.count(in: .utf8))
        XCTAssertEqual(input.document.count, document.count)
    }

    func testPositionsOfTheDocumentAreValidInTheInput() throws {
        let document = TextDocument(Self.sample)
        let input = TextInput(document: document)
        let start = try XCTUnwrap(document.position(at: 6)), end = try XCTUnwrap(document.position(at: 7))
        let range = try XCTUnwrap(document.textRange(from: start, to: end))
        input.selectedTextRange = range
        XCTAssertEqual(input.selectedTextRange, range)
        XCTAssertEqual(input.copy(), "👋🏽")
        XCTAssertEqual(input.document.lineAndColumn(of: end)?.line, document.lineAndColumn(of: end)?.line)
    }

    func testEditsLeaveTheCallersDocumentAlone() {
        var document = TextDocument("abc. ")
        document.locale = "tr"
        let input = TextInput(document: document, traits: .init())
        XCTAssertEqual(input.locale, "tr", "the document's locale is the input's")
        input.beginEditing()
        input.insertText("istanbul")
        XCTAssertEqual(input.text, "abc. İstanbul", "Turkish capitals: the locale came with the document")
        XCTAssertEqual(document.string, "abc. ", "copy-on-write: the caller's document is unchanged")
        XCTAssertFalse(input.document.rope.root === document.rope.root)
        input.undo()
        XCTAssertEqual(input.text, "abc. ")
        XCTAssertEqual(input.document, document)
    }

    func testBehavesAsAnInputMadeFromTheSameText() {
        let a = TextInput(document: TextDocument(Self.sample), kind: .singleLine)
        let b = TextInput(Self.sample, kind: .singleLine)
        for input in [a, b] {
            input.beginEditing()
            input.move(.left, by: .word)
            input.insertText("x. new")
            input.deleteBackward()
            input.paste("pasted\nline")
        }
        XCTAssertEqual(a.text, b.text)
        XCTAssertEqual(a.state, b.state)
        a.undo()
        b.undo()
        XCTAssertEqual(a.text, b.text)
    }

    func testStateRestorationWorksAcrossDocumentInputs() throws {
        let document = TextDocument(Self.sample)
        let input = TextInput(document: document)
        input.selectGraphemes(6..<7)
        let saved = try JSONDecoder().decode(TextInputState.self, from: JSONEncoder().encode(input.state))
        let restored = TextInput(document: document)
        restored.restore(saved)
        XCTAssertEqual(restored.graphemeSelection, 6..<7)
        XCTAssertEqual(restored.copy(), "👋🏽")
        let fromText = TextInput(Self.sample)
        fromText.restore(saved)
        XCTAssertEqual(fromText.graphemeSelection, 6..<7, "the same state fits an input made from the text")
    }
}
