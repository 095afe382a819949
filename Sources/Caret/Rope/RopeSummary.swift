/// The additive summary a rope keeps for each chunk and each node.
///
/// The tree knows nothing about what a summary counts; it only adds and subtracts them. The text
/// layer supplies `TextSummary` (bytes, UTF-16 units, scalars, graphemes, lines).
protocol RopeSummary: Sendable, Equatable {
    /// The summary of nothing.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
}

/// A leaf item of the rope: it carries its own summary, computed by the layer above.
protocol RopeChunk: Sendable {
    associatedtype Summary: RopeSummary
    var summary: Summary { get }
}

/// One additive component of a summary, used to seek in the tree (for example "UTF-16 units").
///
/// A metric is a type rather than a closure so that every search specialises and inlines.
protocol RopeMetric {
    associatedtype Summary: RopeSummary
    static func measure(_ summary: Summary) -> Int
}

/// Tree shape parameters. `maxChildren` bounds every node; every node but the root keeps at
/// least `minChildren`. Tests select tiny values so that small inputs build deep trees.
struct RopeShape: Sendable, Equatable {
    var maxChildren: Int
    var minChildren: Int { maxChildren / 2 }

    /// Chosen by measurement (see docs/ARCHITECTURE.md).
    static let standard = RopeShape(maxChildren: 32)
    /// The smallest legal shape (every non-root node keeps a sibling to merge with): deep
    /// trees from a few chunks.
    static let tiny = RopeShape(maxChildren: 4)

    init(maxChildren: Int) {
        precondition(maxChildren >= 4, "a node must hold at least 4 items")
        self.maxChildren = maxChildren
    }
}
