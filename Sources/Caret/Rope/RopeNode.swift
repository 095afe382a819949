/// A node of the B-tree. Height 0 nodes hold chunks; higher nodes hold child nodes.
///
/// Nodes are shared between copies of a rope and copied on write (path copying), so a node is
/// only ever mutated when the caller holds the sole reference to it.
final class RopeNode<Chunk: RopeChunk>: @unchecked Sendable {
    typealias Summary = Chunk.Summary

    /// 0 for a node of chunks.
    let height: Int
    /// The sum of the summaries below this node.
    var summary: Summary
    /// The number of chunks below this node.
    var chunkCount: Int
    /// The chunks, when `height == 0`.
    var chunks: [Chunk]
    /// The children, when `height > 0`.
    var children: [RopeNode]

    init(chunks: [Chunk]) {
        self.height = 0
        self.chunks = chunks
        self.children = []
        self.chunkCount = chunks.count
        var total = Summary.zero
        for chunk in chunks { total = total + chunk.summary }
        self.summary = total
    }

    init(children: [RopeNode]) {
        precondition(!children.isEmpty)
        self.height = children[0].height + 1
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
}
