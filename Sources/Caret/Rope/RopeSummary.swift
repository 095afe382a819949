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
    /// The most children a branch of a rope of this chunk type holds; every branch but the root
    /// keeps at least half as many. A property of the type, so that the tree code is specialised
    /// with it as a constant. At least 4 (every non-root node keeps a sibling to merge with).
    /// Defaults to `RopeShape.maxChildren`.
    static var maxChildren: Int { get }
    /// The most chunks a leaf holds, under the same rules as `maxChildren`; a node is allocated
    /// for its own kind's fan-out, so a chunk type can size its leaves and its branches apart
    /// (text does: `RopeShape`). Defaults to `maxChildren`.
    static var maxChunks: Int { get }
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
    static var maxChunks: Int { maxChildren }

    /// The most items a node of `height` holds: chunks for a leaf (0), children above.
    @inline(__always)
    static func maxItems(height: Int) -> Int { height == 0 ? maxChunks : maxChildren }

    /// The fewest items a node of `height` other than the root holds.
    @inline(__always)
    static func minItems(height: Int) -> Int { maxItems(height: height) / 2 }

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
}

/// One additive component of a summary, used to seek in the tree (for example "UTF-16 units").
///
/// A metric is a type rather than a closure so that every search specialises and inlines.
protocol RopeMetric {
    associatedtype Summary: RopeSummary
    static func measure(_ summary: Summary) -> Int
}

/// The trees' fan-outs, chosen at compile time. A node is one allocation that holds its items
/// inline, in one slot more than its fan-out (for the item an insertion adds before the split),
/// after an 80-byte header.
///
/// Text (`TextChunk`) has a shape of its own: a leaf's chunks take 56 bytes a slot, a branch's
/// children (a node and its totals) 56 too, and each fan-out is the widest that keeps its node
/// within 1,032 bytes, the largest block glibc's malloc serves from its per-thread cache — 16
/// items, 1,032 bytes. A larger node goes through malloc's main
/// path, several hundred instructions for an allocation and its free, paid by every node a
/// copy-on-write path copies; and a copy takes a reference to every item of every node on its
/// path, so narrower nodes cost a copy less. `RopeShapeTests` checks the sizes. The small items
/// of the other trees (attribute runs, direction overrides) keep 32 a node: their nodes are small
/// already, and a narrower node would spend more of their memory on headers.
///
/// In the test build (`--traits TinyShapes`) every fan-out is 4, the smallest legal shape, so
/// that a few chunks build a deep tree.
enum RopeShape {
    #if TinyShapes
    static var maxChildren: Int { 4 }
    static var textChunks: Int { 4 }
    static var textChildren: Int { 4 }
    #else
    static var maxChildren: Int { 32 }
    static var textChunks: Int { 16 }
    static var textChildren: Int { 16 }
    #endif

    /// The widest fan-out a chunk type may declare.
    static var widest: Int { 32 }

    /// The largest allocation glibc's malloc serves from its per-thread cache (`tcache`), in
    /// bytes: the most a text node should take.
    static var cachedAllocationLimit: Int { 1032 }
}
