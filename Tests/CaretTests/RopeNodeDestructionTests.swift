@testable import Caret
import XCTest

/// A node's destruction releases what it holds (`RopeChunk.deinitialize`, reached from the
/// generic `deinit` through the chunk type's witness): dropping a document frees every node of
/// its tree, down to the chunks' byte arrays, and dropping an edited copy frees the nodes it
/// copied while the original's stay alive.
final class RopeNodeDestructionTests: XCTestCase {
    /// Weak references to every node of `root`'s tree, level by level.
    private func weakNodes(of root: RopeNode<TextChunk>) -> [Weak] {
        var all: [Weak] = [], level = [root]
        while let first = level.first {
            all += level.map { Weak($0) }
            guard first.height > 0 else { break }
            level = level.flatMap { node in (0..<node.itemCount).map { node.children[$0].node } }
        }
        return all
    }

    private final class Weak {
        weak var node: RopeNode<TextChunk>?
        init(_ node: RopeNode<TextChunk>) { self.node = node }
    }

    /// A document of more than one level (any storage shape): a generated multilingual text.
    private func makeDocument() -> TextDocument {
        let pieces = ["hello world ", "Grüße ", "中文 ", "👍🏽 ", "שלום ", "क्षत्रिय ", "\r\n"]
        var text = ""
        var k = 0
        while text.utf8.count < 300_000 {
            text += pieces[k % pieces.count]
            k += 7
        }
        return TextDocument(text)
    }

    func testDroppingADocumentFreesEveryNode() throws {
        var nodes: [Weak] = []
        var kept: [[UInt8]] = []
        do {
            let doc = makeDocument()
            XCTAssertGreaterThanOrEqual(doc.rope.root.height, 1, "the text should make a tree of branches and leaves")
            nodes = weakNodes(of: doc.rope.root)
            // The first chunk and the last: the first and the last item of their leaves.
            let chunks = Array(doc.rope.chunks)
            kept = [chunks.first!.bytes, chunks.last!.bytes]
        }
        XCTAssertGreaterThan(nodes.count, 3)
        XCTAssertEqual(nodes.filter { $0.node != nil }.count, 0, "nodes outlived their document")
        // The chunk arrays kept here are now held only by this array: writing one keeps its
        // storage (a shared array would be copied first).
        for k in kept.indices {
            let address = kept[k].withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            kept[k][0] = kept[k][0]
            XCTAssertEqual(kept[k].withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, address,
                           "chunk \(k)'s bytes outlived their node")
        }
    }

    func testDroppingAnEditedCopyFreesItsPathAndKeepsTheOriginal() throws {
        let original = makeDocument()
        let text = original.string
        let before = weakNodes(of: original.rope.root)
        var copied: [Weak] = []
        do {
            var copy = original
            try copy.replace(original.count / 2..<(original.count / 2), in: .grapheme, withText: "x")
            let shared = Set(before.compactMap { $0.node.map(ObjectIdentifier.init) })
            copied = weakNodes(of: copy.rope.root).filter { $0.node.map { !shared.contains(ObjectIdentifier($0)) } ?? false }
            XCTAssertGreaterThanOrEqual(copied.count, 2, "the copy's edit should have copied its path")
        }
        XCTAssertEqual(copied.filter { $0.node != nil }.count, 0, "the copy's own nodes outlived it")
        XCTAssertEqual(before.filter { $0.node == nil }.count, 0, "the original lost a node")
        original.checkInvariants()
        XCTAssertEqual(original.string, text)
    }
}
