// Building a rope bottom-up from chunks that arrive one at a time (a streaming load), without
// first collecting them all in one array.

extension Rope {
    /// Builds a rope from chunks that arrive in order. Each level keeps at most `2 * max - 1`
    /// items waiting for a parent, where `max` is the fan-out of the nodes they go into
    /// (`maxChunks` for the chunks, `maxChildren` above): once it holds `2 * max`, the first
    /// `max` become a full node one level up. `finish()` then splits what each level still holds
    /// into one or two nodes of at least `max / 2` items, so the tree meets the same invariants
    /// as `init(chunks:)` (`checkInvariants()`).
    ///
    /// Memory: the chunks themselves plus O(fan-out × height) waiting items. Time: O(1)
    /// amortised per chunk.
    ///
    /// Sendable like `Rope`: the nodes it holds are its own until `finish()` hands them over.
    struct Builder: @unchecked Sendable {
        /// Chunks waiting for a leaf node.
        private var leaves: [Chunk] = []
        /// Nodes waiting for a parent, by height (0 = leaf nodes).
        private var levels: [[Node]] = []
        /// Whether a full node has been made from the items of a level (index 0: the chunks,
        /// k: `levels[k - 1]`); such a level keeps at least a full node's items from then on.
        private var madeNodes: [Bool] = [false]

        init() {}

        /// Adds `chunk` after the chunks added so far. O(1) amortised.
        mutating func append(_ chunk: Chunk) {
            leaves.append(chunk)
            let max = Chunk.maxChunks
            guard leaves.count == 2 * max else { return }
            let node = Node.leaf(Array(leaves[..<max]))
            leaves.removeFirst(max)
            madeNodes[0] = true
            push(node, height: 0)
        }

        /// Puts `node` in line for a parent, making a full parent when enough are waiting.
        private mutating func push(_ node: Node, height: Int) {
            if levels.count == height {
                levels.append([])
                madeNodes.append(false)
            }
            levels[height].append(node)
            let max = Chunk.maxChildren
            guard levels[height].count == 2 * max else { return }
            let parent = Node.branch(over: Array(levels[height][..<max]))
            levels[height].removeFirst(max)
            madeNodes[height + 1] = true
            push(parent, height: height + 1)
        }

        /// The rope of every chunk added, in order. O(height × fan-out).
        consuming func finish() -> Rope {
            if !madeNodes[0] && leaves.count <= Chunk.maxChunks {
                return Rope(root: Node.leaf(leaves))
            }
            for group in Rope.groups(of: leaves.count, max: Chunk.maxChunks) {
                push(Node.leaf(Array(leaves[group])), height: 0)
            }
            let max = Chunk.maxChildren
            var height = 0
            while true {
                let waiting = levels[height]
                if !madeNodes[height + 1] && waiting.count <= max {
                    // Nothing above this level: one node is the root, a few get one parent.
                    let root = waiting.count == 1 ? waiting[0] : Node.branch(over: waiting)
                    return Rope(root: root)
                }
                for group in Rope.groups(of: waiting.count, max: max) {
                    push(Node.branch(over: Array(waiting[group])), height: height + 1)
                }
                height += 1
            }
        }
    }

    /// A rope over an existing tree, which must meet the invariants for the chunk type's shape.
    fileprivate init(root: Node) {
        self.root = root
    }
}
