import XCTest
@testable import Caret
#if canImport(Glibc)
import Glibc
#endif

/// The shape of text's rope (`RopeShape`): each kind of node within the largest block glibc's
/// malloc serves from its per-thread cache, and each fan-out the widest that stays within it.
final class RopeShapeTests: XCTestCase {
    typealias Node = RopeNode<TextChunk>

    /// Bytes of a node of `height`, computed from the layouts: the object's header (16), the
    /// node's header, then its slots.
    func computedSize(height: Int, slots: Int) -> Int {
        let itemStride = height == 0 ? MemoryLayout<TextChunk>.stride : MemoryLayout<Node.Child>.stride
        return 16 + MemoryLayout<RopeNodeHeader<TextSummary>>.stride + slots * itemStride
    }

    func testEachNodeIsTheWidestThatFitsTheThreadCache() throws {
        #if TinyShapes
        throw XCTSkip("the test build's nodes hold 4 items")
        #else
        let limit = RopeShape.cachedAllocationLimit
        for height in [0, 1] {
            let slots = Node.slotCount(height: height)
            XCTAssertLessThanOrEqual(computedSize(height: height, slots: slots), limit, "height \(height)")
            XCTAssertGreaterThan(computedSize(height: height, slots: slots + 1), limit,
                                 "height \(height): a node one item wider fits too")
        }
        #endif
    }

    func testNodesAsAllocatedFitTheThreadCache() throws {
        #if TinyShapes
        throw XCTSkip("the test build's nodes hold 4 items")
        #elseif canImport(Glibc)
        let chunks = (0..<1_000).map { _ in TextChunk(Array("abc".utf8)) }
        let rope = Rope<TextChunk>(chunks: chunks)
        XCTAssertGreaterThanOrEqual(rope.root.height, 2)
        var leaf = rope.root, branch = rope.root
        while leaf.height > 0 { leaf = leaf.children[0].node }
        while branch.height > 1 { branch = branch.children[0].node }
        // Looked up by name: Glibc's module map leaves malloc.h out.
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = try XCTUnwrap(dlsym(dlopen(nil, RTLD_NOW), "malloc_usable_size"))
        let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
        for (node, name) in [(leaf, "leaf"), (branch, "branch"), (rope.root, "root")] {
            // glibc may hand a request a free block up to 24 bytes larger, whole, when splitting
            // it would leave less than its smallest block (the heap the earlier tests left); a
            // block carved for the request is the request rounded. So each node is copied a few
            // times (a copy is allocated as the node was): every block is at least the computed
            // size, and the smallest — the request's own — is within the thread cache's limit.
            let computed = computedSize(height: node.height, slots: Node.slotCount(height: node.height))
            let copies = (0..<16).map { _ in node.copy() }
            let usable = ([node] + copies).map { usableSize(Unmanaged.passUnretained($0).toOpaque()) }
            for size in usable { XCTAssertGreaterThanOrEqual(size, computed, name) }
            XCTAssertLessThanOrEqual(usable.min()!, RopeShape.cachedAllocationLimit, name)
        }
        #else
        throw XCTSkip("malloc_usable_size is glibc's")
        #endif
    }
}
