/// What every rope node keeps besides its items.
struct RopeNodeHeader<Summary: RopeSummary> {
    /// The number of direct items (chunks or children) in use. First, so that `NodeSlots` finds
    /// it at the header's address.
    var itemCount: Int
    /// 0 for a node of chunks (a leaf).
    let height: Int
    /// The sum of the summaries below this node.
    var summary: Summary
    /// The number of chunks below this node.
    var chunkCount: Int
}

/// A node of the B-tree. A leaf (height 0) holds chunks; a branch holds child nodes together
/// with a copy of each child's totals, so that a search reads one node per level and touches
/// only the child it descends into.
///
/// The items live in the node object itself, after its header (tail allocation): a search
/// follows one pointer per level, not two as with an array of items, and changing an item needs
/// no copy-on-write check of an array buffer. `chunks` and `children` are views of that tail
/// (`NodeSlots`). Nodes are shared between copies of a rope and copied on write (path copying),
/// so a node is only ever mutated when the caller holds the sole reference to it.
final class RopeNode<Chunk: RopeChunk>: ManagedBuffer<RopeNodeHeader<Chunk.Summary>, UInt64> {
    typealias Summary = Chunk.Summary
    typealias Header = RopeNodeHeader<Summary>

    /// A child with its totals, as its parent keeps it.
    struct Child {
        var node: RopeNode
        var summary: Summary
        var chunkCount: Int

        init(_ node: RopeNode) {
            self.node = node
            self.summary = node.summary
            self.chunkCount = node.chunkCount
        }
    }

    /// The number of item slots of a node of `height`: one more than its fan-out.
    @inline(__always)
    static func slotCount(height: Int) -> Int { Chunk.maxItems(height: height) + 1 }

    /// A node of `height` with no items, room for `slotCount(height:)` of them.
    private static func make(height: Int) -> RopeNode {
        let itemStride = height == 0 ? MemoryLayout<Chunk>.stride : MemoryLayout<Child>.stride
        precondition(MemoryLayout<Chunk>.alignment <= 8 && MemoryLayout<Child>.alignment <= 8)
        let words = (slotCount(height: height) * itemStride + 7) / 8
        let buffer = create(minimumCapacity: words) { _ in
            Header(itemCount: 0, height: height, summary: .zero, chunkCount: 0)
        }
        return unsafeDowncast(buffer, to: RopeNode.self)
    }

    /// A leaf holding `chunks` (at most `slotCount(height: 0)`), in order.
    static func leaf(_ chunks: some Sequence<Chunk>) -> RopeNode {
        let node = make(height: 0)
        for chunk in chunks { node.chunks.append(chunk) }
        node.recomputeTotals()
        return node
    }

    /// A branch of `height` over `children` (at most `slotCount(height:)`), in order.
    static func branch(height: Int, _ children: some Sequence<Child>) -> RopeNode {
        precondition(height > 0)
        let node = make(height: height)
        for child in children { node.children.append(child) }
        node.recomputeTotals()
        return node
    }

    /// A branch over `nodes` (all of one height), in order.
    static func branch(over nodes: some Collection<RopeNode>) -> RopeNode {
        precondition(!nodes.isEmpty)
        return branch(height: nodes.first!.height + 1, nodes.lazy.map(Child.init))
    }

    // A generic class's deinit is never specialised: through `Chunk`'s witnesses, the items are
    // destroyed by code specialised for the chunk type (`RopeChunk.deinitialize`), not element
    // by element through the runtime's value witnesses. A branch's items go to the witness
    // untyped: typing them here as `Child` would look that nested generic type's metadata up.
    deinit {
        let items = withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        if height == 0 {
            Chunk.deinitialize(chunks: items.assumingMemoryBound(to: Chunk.self), count: itemCount)
        } else {
            Chunk.deinitialize(childrenAt: items, count: itemCount)
        }
    }

    // The header is reached through its address, not through `ManagedBuffer.header`: that is
    // a class's stored property, so every access would pay a dynamic exclusivity check. A node
    // is mutated only through a uniquely held reference (see above), so no access can overlap.

    /// The header's address (inside this object).
    @inline(__always)
    private var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    /// 0 for a leaf.
    @inline(__always)
    var height: Int { head.pointee.height }

    /// The sum of the summaries below this node.
    @inline(__always)
    var summary: Summary {
        get { head.pointee.summary }
        set { head.pointee.summary = newValue }
    }

    /// The number of chunks below this node.
    @inline(__always)
    var chunkCount: Int {
        get { head.pointee.chunkCount }
        set { head.pointee.chunkCount = newValue }
    }

    /// The number of direct items (chunks or children).
    @inline(__always)
    var itemCount: Int { head.pointee.itemCount }

    /// The chunks of a leaf (`height == 0`).
    @inline(__always)
    var chunks: NodeSlots<Chunk> {
        withUnsafeMutablePointers { header, items in
            NodeSlots(base: UnsafeMutableRawPointer(items).assumingMemoryBound(to: Chunk.self),
                      countPointer: UnsafeMutableRawPointer(header).assumingMemoryBound(to: Int.self),
                      capacity: Chunk.maxChunks + 1)
        }
    }

    /// The children of a branch (`height > 0`).
    @inline(__always)
    var children: NodeSlots<Child> {
        withUnsafeMutablePointers { header, items in
            NodeSlots(base: UnsafeMutableRawPointer(items).assumingMemoryBound(to: Child.self),
                      countPointer: UnsafeMutableRawPointer(header).assumingMemoryBound(to: Int.self),
                      capacity: Chunk.maxChildren + 1)
        }
    }

    /// A shallow copy: the same items (chunks share their storage until written). Chunks through
    /// `RopeChunk.initialize(chunks:copying:count:)` (the chunk type's own loop); children item
    /// by item: `initialize(from:count:)` copies through the runtime's value witnesses (a
    /// generic summary makes each copy look its type up).
    func copy() -> RopeNode {
        let node = RopeNode.make(height: height)
        if height == 0 {
            Chunk.initialize(chunks: node.chunks.base, copying: chunks.base, count: itemCount)
        } else {
            let from = children.base, to = node.children.base
            for k in 0..<itemCount { (to + k).initialize(to: from[k]) }
        }
        node.head.pointee.itemCount = itemCount
        node.summary = summary
        node.chunkCount = chunkCount
        return node
    }

    /// Recomputes `summary` and `chunkCount` from the direct items. O(items).
    func recomputeTotals() {
        var total = Summary.zero
        if height == 0 {
            let items = chunks
            for k in 0..<items.count { total = total + items[k].summary }
            chunkCount = items.count
        } else {
            let items = children
            var count = 0
            for k in 0..<items.count {
                total = total + items[k].summary
                count += items[k].chunkCount
            }
            chunkCount = count
        }
        summary = total
    }

    /// Makes child `k` uniquely referenced (copying it if shared) and returns it.
    @inline(__always)
    func uniqueChild(_ k: Int) -> RopeNode {
        let items = children
        if !isKnownUniquelyReferenced(&items[k].node) { items[k].node = items[k].node.copy() }
        return items[k].node
    }

    /// Copies child `k`'s totals into this node's record of it.
    @inline(__always)
    func refreshChild(_ k: Int) {
        let items = children
        let node = items[k].node
        items[k].summary = node.summary
        items[k].chunkCount = node.chunkCount
    }
}
