/// The additive summary a rope keeps for each chunk and each node.
///
/// The tree knows nothing about what a summary counts; it only adds and subtracts them. The text
/// layer supplies `TextSummary` (bytes, UTF-16 units, scalars, graphemes, lines).
/// Plain bits (`BitwiseCopyable`): a node's items are copied and destroyed with no work for
/// their summaries (`RopeChunk.deinitialize(children:count:)`).
protocol RopeSummary: Sendable, Equatable, BitwiseCopyable {
    /// The summary of nothing.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
}

/// A leaf item of the rope: it carries its own summary, computed by the layer above.
protocol RopeChunk: Sendable {
    associatedtype Summary: RopeSummary
    var summary: Summary { get }
    /// The most items a node of a rope of this chunk type holds; every node but the root keeps
    /// at least half as many. A property of the type, so that the tree code is specialised with
    /// it as a constant. At least 4 (every non-root node keeps a sibling to merge with).
    /// Defaults to `RopeShape.maxChildren`.
    static var maxChildren: Int { get }
    /// Destroys `count` chunks from `chunks` (a leaf's items). A requirement, so that a node's
    /// deinit (generic code) reaches a loop specialised for the chunk type.
    static func deinitialize(chunks: UnsafeMutablePointer<Self>, count: Int)
    /// Initialises `count` chunks at `target` (uninitialised) as copies of those at `source` (a
    /// leaf copied on write). A requirement for the same reason: a chunk type that knows its
    /// layout copies with no per-item call through the value witnesses.
    static func initialize(chunks target: UnsafeMutablePointer<Self>, copying source: UnsafePointer<Self>, count: Int)
    /// Destroys `count` children (`RopeNode<Self>.Child`) from `children`, a branch's items;
    /// see above. The address is untyped so that the caller needs no metadata for the type.
    static func deinitialize(childrenAt children: UnsafeMutableRawPointer, count: Int)
}

extension RopeChunk {
    static var maxChildren: Int { RopeShape.maxChildren }

    static func deinitialize(chunks: UnsafeMutablePointer<Self>, count: Int) {
        for k in 0..<count { (chunks + k).deinitialize(count: 1) }
    }

    static func initialize(chunks target: UnsafeMutablePointer<Self>, copying source: UnsafePointer<Self>, count: Int) {
        for k in 0..<count { (target + k).initialize(to: source[k]) }
    }

    static func deinitialize(childrenAt address: UnsafeMutableRawPointer, count: Int) {
        // A child's one reference is its node (the summary is plain bits): releasing it is the
        // whole of its destruction, where `deinitialize` goes through the value witnesses.
        let children = address.assumingMemoryBound(to: RopeNode<Self>.Child.self)
        for k in 0..<count { Unmanaged.passUnretained(children[k].node).release() }
    }
    /// The fewest items a node other than the root holds.
    static var minChildren: Int { maxChildren / 2 }
}

/// One additive component of a summary, used to seek in the tree (for example "UTF-16 units").
///
/// A metric is a type rather than a closure so that every search specialises and inlines.
protocol RopeMetric {
    associatedtype Summary: RopeSummary
    static func measure(_ summary: Summary) -> Int
}

/// The tree's fan-out, chosen at compile time: 32 (chosen by measurement, see
/// docs/ARCHITECTURE.md), or 4 — the smallest legal shape — in the test build
/// (`--traits TinyShapes`), so that a few chunks build a deep tree.
enum RopeShape {
    #if TinyShapes
    static var maxChildren: Int { 4 }
    #else
    static var maxChildren: Int { 32 }
    #endif

    /// The widest fan-out a chunk type may declare, in every build: nodes store their items
    /// inline in `widest + 1` slots (`NodeSlots`), whatever the chunk type's own fan-out.
    static var widest: Int { 32 }
}
