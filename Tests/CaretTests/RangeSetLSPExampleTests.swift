import Caret
import XCTest

/// The LSP example of docs/API.md ("Range sets"), run: diagnostics given as UTF-16
/// line/character ranges, held in a `TextRangeSet` by a `TextInput`, typed around, undone, and
/// reported back in UTF-16.
final class RangeSetLSPExampleTests: XCTestCase {
    /// A diagnostic's place as LSP gives it (0-based lines, UTF-16 characters).
    struct LSPRange: Equatable {
        var startLine: Int, startCharacter: Int, endLine: Int, endCharacter: Int
    }

    /// LSP's range → a `TextRange` of `doc`; nil when it is not in the text.
    func textRange(_ r: LSPRange, in doc: TextDocument) -> TextRange? {
        guard let start = doc.position(line: r.startLine, column: r.startCharacter, unit: .utf16),
              let end = doc.position(line: r.endLine, column: r.endCharacter, unit: .utf16) else { return nil }
        return doc.textRange(from: start, to: end)
    }

    /// A `TextRange` of `doc` → LSP's range.
    func lspRange(_ r: TextRange, in doc: TextDocument) -> LSPRange? {
        guard let s = doc.lineAndColumn(of: r.start, unit: .utf16), let e = doc.lineAndColumn(of: r.end, unit: .utf16) else { return nil }
        return LSPRange(startLine: s.line, startCharacter: s.column, endLine: e.line, endCharacter: e.column)
    }

    func testDiagnosticsFollowTypingAndUndoInUTF16() throws {
        let input = TextInput("let naïve = 1\r\nlet 👍🏽 = naïve +\nprint(👍🏽)\n")
        let diagnostics = input.addRangeSet(TextRangeSet<String>())
        // What the server sent (👍🏽 is four UTF-16 units).
        let sent: [(LSPRange, String)] = [
            (LSPRange(startLine: 0, startCharacter: 4, endLine: 0, endCharacter: 9), "unused variable"),
            (LSPRange(startLine: 1, startCharacter: 17, endLine: 1, endCharacter: 18), "expected expression"),
            (LSPRange(startLine: 2, startCharacter: 6, endLine: 2, endCharacter: 10), "undefined name"),
        ]
        var ids: [TextRangeSet<String>.ID] = []
        for (range, message) in sent {
            let r = try XCTUnwrap(textRange(range, in: input.document))
            ids.append(try XCTUnwrap(input.updateRangeSet(diagnostics) { $0.insert(r, value: message, removeWhenEmptied: true) }))
        }
        func reported() -> [LSPRange?] {
            let set = input.rangeSet(diagnostics)!
            return ids.map { id in set.range(of: id).flatMap { lspRange($0, in: input.document) } }
        }
        XCTAssertEqual(reported(), sent.map(\.0))

        // Typing "// " at the start of the first line moves its diagnostic three characters on.
        input.selectedTextRange = input.document.textRange(from: input.document.beginningOfDocument, to: input.document.beginningOfDocument)
        input.insertText("// ")
        XCTAssertEqual(reported()[0], LSPRange(startLine: 0, startCharacter: 7, endLine: 0, endCharacter: 12))
        // A line typed above the others moves them down a line.
        input.insertText("🇯🇵\n")
        XCTAssertEqual(reported()[1], LSPRange(startLine: 2, startCharacter: 17, endLine: 2, endCharacter: 18))
        XCTAssertEqual(reported()[0], LSPRange(startLine: 1, startCharacter: 4, endLine: 1, endCharacter: 9))
        // Deleting the undefined name removes its diagnostic (added with `removeWhenEmptied`).
        let name = try XCTUnwrap(input.rangeSet(diagnostics)!.range(of: ids[2]))
        input.selectedTextRange = name
        input.deleteBackward()
        XCTAssertNil(input.rangeSet(diagnostics)!.range(of: ids[2]))
        XCTAssertEqual(input.rangeSet(diagnostics)!.count, 2)
        // Undone, the ranges come back where the server put them (a removed one stays removed:
        // the set keeps no history; the server sends it again).
        while input.canUndo { input.undo() }
        XCTAssertEqual(input.text, "let naïve = 1\r\nlet 👍🏽 = naïve +\nprint(👍🏽)\n")
        XCTAssertEqual(Array(reported().prefix(2)), Array(sent.map(\.0).prefix(2)))
        // The diagnostics of a screenful: those overlapping the first two lines.
        let doc = input.document
        let screen = try XCTUnwrap(doc.textRange(from: doc.beginningOfDocument, to: doc.position(line: 2, column: 0)!))
        XCTAssertEqual(input.rangeSet(diagnostics)!.ranges(overlapping: screen).map(\.value), ["unused variable", "expected expression"])
    }
}
