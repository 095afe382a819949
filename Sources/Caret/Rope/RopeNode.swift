/// A node of the B-tree. Height 0 nodes hold chunks; higher nodes hold child nodes together
/// with a copy of each child's totals, so that a search reads one contiguous array per level
/// and touches only the child it descends into.
///
/// Nodes are shared between copies of a rope and copied on write (path copying), so a node is
/// only ever mutated when the caller holds the sole reference to it.
final class RopeNode<Chunk: RopeChunk>: @unchecked Sendable {
    typealias Summary = Chunk.Summary

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

    // The stored properties below skip the runtime exclusivity checks: a node is mutated only
    // through a uniquely held reference (see above), so no access can overlap another, and
    // the checks on every search and edit cost measurably (Benchmarks/README.md, "Exclusivity").

    /// 0 for a node of chunks.
    let height: Int
    /// The sum of the summaries below this node.
    @exclusivity(unchecked) var summary: Summary
    /// The number of chunks below this node.
    @exclusivity(unchecked) var chunkCount: Int
    /// The chunks, when `height == 0`.
    @exclusivity(unchecked) var chunks: [Chunk]
    /// The children, when `height > 0`.
    @exclusivity(unchecked) var children: [Child]

    init(chunks: [Chunk]) {
        self.height = 0
        self.chunks = chunks
        self.children = []
        self.chunkCount = chunks.count
        var total = Summary.zero
        for chunk in chunks { total = total + chunk.summary }
        self.summary = total
    }

    convenience init(children nodes: [RopeNode]) {
        precondition(!nodes.isEmpty)
        self.init(height: nodes[0].height + 1, children: nodes.map(Child.init))
    }

    init(height: Int, children: [Child]) {
        self.height = height
        self.children = children
        self.chunks = []
        var total = Summary.zero
        var count = 0
        for child in children {
            total = total + child.summary
            count += child.chunkCount
        }
        self.summary = total
        self.chunkCount = count
    }

    private init(copying other: RopeNode) {
        height = other.height
        summary = other.summary
        chunkCount = other.chunkCount
        chunks = other.chunks
        children = other.children
    }

    /// A shallow copy: the arrays are shared until written (copy-on-write).
    func copy() -> RopeNode { RopeNode(copying: self) }

    /// The number of direct items (chunks or children).
    var itemCount: Int { height == 0 ? chunks.count : children.count }

    /// Recomputes `summary` and `chunkCount` from the direct items. O(items).
    func recomputeTotals() {
        var total = Summary.zero
        if height == 0 {
            for chunk in chunks { total = total + chunk.summary }
            chunkCount = chunks.count
        } else {
            var count = 0
            for child in children {
                total = total + child.summary
                count += child.chunkCount
            }
            chunkCount = count
        }
        summary = total
    }

    /// Makes child `k` uniquely referenced (copying it if shared) and returns it.
    @inline(__always)
    func uniqueChild(_ k: Int) -> RopeNode {
        if !isKnownUniquelyReferenced(&children[k].node) { children[k].node = children[k].node.copy() }
        return children[k].node
    }

    /// Copies child `k`'s totals into this node's record of it.
    @inline(__always)
    func refreshChild(_ k: Int) {
        children[k].summary = children[k].node.summary
        children[k].chunkCount = children[k].node.chunkCount
    }
}
