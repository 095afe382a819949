/// Structural checks used by the tests after every mutation.
extension Rope {
    /// Verifies the B-tree: uniform depth, node sizes within the shape, cached totals equal to
    /// the sums below. Calls `checkChunk` on every chunk. Traps with a message on a violation.
    func checkInvariants(_ checkChunk: (Chunk) -> Void = { _ in }) {
        precondition(Chunk.maxChildren >= 4 && Chunk.maxChildren <= RopeShape.widest, "fan-out \(Chunk.maxChildren)")
        precondition(Chunk.maxChunks >= 4 && Chunk.maxChunks <= RopeShape.widest, "leaf fan-out \(Chunk.maxChunks)")
        Rope.check(root, isRoot: true, checkChunk)
    }

    private static func check(_ node: Node, isRoot: Bool, _ checkChunk: (Chunk) -> Void) {
        precondition(node.itemCount <= Chunk.maxItems(height: node.height), "node over capacity: \(node.itemCount)")
        if !isRoot {
            precondition(node.itemCount >= Chunk.minItems(height: node.height), "node under capacity: \(node.itemCount)")
        }
        if node.height > 0 {
            let branch = node
            precondition(!isRoot || branch.children.count >= 2, "internal root with one child")
            var total = Summary.zero
            var count = 0
            for k in 0..<branch.children.count {
                let child = branch.children[k]
                precondition(child.node.height == node.height - 1, "uneven depth")
                check(child.node, isRoot: false, checkChunk)
                precondition(child.summary == child.node.summary, "stale child summary in parent")
                precondition(child.chunkCount == child.node.chunkCount, "stale child count in parent")
                total = total + child.summary
                count += child.chunkCount
            }
            precondition(total == node.summary, "stale summary in node")
            precondition(count == node.chunkCount, "stale chunk count in node")
        } else {
            let leaf = node
            var total = Summary.zero
            for k in 0..<leaf.chunks.count {
                checkChunk(leaf.chunks[k])
                total = total + leaf.chunks[k].summary
            }
            precondition(total == node.summary, "stale summary in leaf node")
            precondition(leaf.chunks.count == node.chunkCount, "stale chunk count in leaf node")
        }
    }
}
