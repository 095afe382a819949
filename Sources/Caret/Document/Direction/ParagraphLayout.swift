/// The bidi layout of one hard-line paragraph in grapheme units: each cluster's embedding
/// level and its place in visual order (UAX #9 through L2: levels by `BidiResolver`, the
/// reordering by ICU). Immutable, so documents and threads share it freely through `BidiCache`.
///
/// A cluster takes the level of its first scalar (clusters whose characters resolve to
/// different levels — a mark after an isolate's end, a prepended Arabic number sign before a
/// digit — are rare, and a caret cannot stand inside a cluster anyway).
/// Paragraphs whose clusters all share one level (pure left-to-right or right-to-left text)
/// store no arrays at all.
final class ParagraphLayout: Sendable {
    /// Grapheme clusters in the paragraph, its terminator excluded.
    let count: Int
    /// The resolved paragraph embedding level: 0 left-to-right, 1 right-to-left.
    let paragraphLevel: UInt8
    /// One level per cluster, or empty when every cluster has `uniformLevel`.
    private let levels: [UInt8]
    private let uniformLevel: UInt8
    /// `visualToLogical[v]` is the cluster at visual index v (0 = leftmost); empty when uniform.
    private let visualToLogical: [Int32]
    private let logicalToVisual: [Int32]

    var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// `levels` empty means every cluster is at `paragraphLevel`. `lines`, when not empty,
    /// splits the clusters into ranges reordered separately.
    private init(count: Int, paragraphLevel: UInt8, levels: [UInt8], lines: [Range<Int>]) {
        self.count = count
        self.paragraphLevel = paragraphLevel
        let first = levels.first ?? paragraphLevel
        if levels.allSatisfy({ $0 == first }) && lines.count <= 1 {
            uniformLevel = first
            self.levels = []
            visualToLogical = []
            logicalToVisual = []
        } else {
            uniformLevel = first
            self.levels = levels
            var order: [Int32] = []
            order.reserveCapacity(count)
            for line in lines.isEmpty ? [0..<count] : lines {
                order.append(contentsOf: ICUBidi.visualOrder(of: Array(levels[line])).map { $0 + Int32(line.lowerBound) })
            }
            var inverse = [Int32](repeating: 0, count: order.count)
            for (v, k) in order.enumerated() { inverse[Int(k)] = Int32(v) }
            visualToLogical = order
            logicalToVisual = inverse
        }
    }

    /// The level of cluster `k` (0..<count). O(1).
    func level(ofGrapheme k: Int) -> UInt8 { levels.isEmpty ? uniformLevel : levels[k] }

    /// True when cluster `k` runs right to left (odd level). O(1).
    func isRightToLeft(grapheme k: Int) -> Bool { level(ofGrapheme: k) & 1 == 1 }

    /// The visual index (0 = leftmost) of logical cluster `k`. O(1).
    func visualIndex(ofGrapheme k: Int) -> Int {
        if logicalToVisual.isEmpty { return uniformLevel & 1 == 1 ? count - 1 - k : k }
        return Int(logicalToVisual[k])
    }

    /// The logical cluster at visual index `v`. O(1).
    func grapheme(atVisualIndex v: Int) -> Int {
        if visualToLogical.isEmpty { return uniformLevel & 1 == 1 ? count - 1 - v : v }
        return Int(visualToLogical[v])
    }

    /// Lays out `bytes`, the UTF-8 of one paragraph without its terminator, starting on a
    /// grapheme boundary. `paragraphLevel` nil resolves the direction by P2–P3; 0 or 1 forces it.
    /// O(n): one pass to find clusters and scalars, the levels by `BidiResolver`, and L2 (ICU)
    /// over the cluster levels when they are mixed.
    ///
    /// Text that cannot raise a level (no right-to-left letter, Arabic number, embedding,
    /// override or isolate) at level 0 is one level after a scan that allocates nothing, so a
    /// long left-to-right line costs no more memory than its bytes. A paragraph beyond
    /// `Int32.max` bytes (the resolver's 32-bit indexes) is laid out at one level, the forced one
    /// or P2–P3's: degraded, never a trap.
    static func build(_ bytes: UnsafeBufferPointer<UInt8>, paragraphLevel forced: UInt8?) -> ParagraphLayout {
        if (forced ?? 0) == 0 && !BidiResolver.mayRaiseLevels(bytes) {
            return ParagraphLayout(count: graphemeCount(bytes), paragraphLevel: 0, levels: [], lines: [])
        }
        if bytes.count > Int(Int32.max) {
            let level = forced ?? BidiResolver.paragraphLevel(ofUTF8: bytes)
            return ParagraphLayout(count: graphemeCount(bytes), paragraphLevel: level, levels: [], lines: [])
        }
        // Scalars, and the scalar index where each cluster starts.
        var clusterStarts: [Int] = []
        forEachGraphemeStart(in: bytes) { clusterStarts.append($0); return true }
        let count = clusterStarts.count
        guard count > 0 else { return ParagraphLayout(count: 0, paragraphLevel: forced ?? 0, levels: [], lines: []) }
        var scalars: [UInt32] = []
        scalars.reserveCapacity(bytes.count)
        var clusterScalar: [Int] = []
        clusterScalar.reserveCapacity(count)
        var i = 0, next = 0
        while i < bytes.count {
            if next < count && clusterStarts[next] == i {
                clusterScalar.append(scalars.count)
                next += 1
            }
            let (value, length) = UTF8Scalars.decode(bytes, at: i)
            scalars.append(value)
            i += length
        }
        clusterStarts = []

        let resolution = scalars.withUnsafeBufferPointer { BidiResolver.resolve($0, paragraphLevel: forced) }
        guard !resolution.levels.isEmpty else {
            return ParagraphLayout(count: count, paragraphLevel: resolution.paragraphLevel, levels: [], lines: [])
        }
        let levels = clusterScalar.map { resolution.levels[$0] }
        // Paragraph separators inside the line (class B, such as U+001C) are clusters of their
        // own; the paragraphs between them are reordered separately, left to right.
        var lines: [Range<Int>] = []
        if resolution.paragraphStarts.count > 1 {
            var k = 0
            for start in resolution.paragraphStarts.dropFirst() {
                let end = clusterScalar[k...].firstIndex(where: { $0 >= start }) ?? count
                lines.append(k..<end)
                k = end
            }
            lines.append(k..<count)
        }
        return ParagraphLayout(count: count, paragraphLevel: resolution.paragraphLevel, levels: levels, lines: lines)
    }

    /// The grapheme clusters in `bytes`. O(n), no allocation.
    private static func graphemeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        forEachGraphemeStart(in: bytes) { _ in count += 1; return true }
        return count
    }
}
