/// The bidi layout of one hard-line paragraph in grapheme units: each cluster's embedding
/// level and its place in visual order (UAX #9 through L2, as ICU resolves it). Immutable, so
/// documents and threads share it freely through `BidiCache`.
///
/// A cluster takes the level of its first UTF-16 unit (clusters whose characters resolve to
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

    private init(count: Int, paragraphLevel: UInt8, levels: [UInt8]) {
        self.count = count
        self.paragraphLevel = paragraphLevel
        let first = levels.first ?? paragraphLevel
        if levels.allSatisfy({ $0 == first }) {
            uniformLevel = first
            self.levels = []
            visualToLogical = []
            logicalToVisual = []
        } else {
            uniformLevel = first
            self.levels = levels
            let order = ICUBidi.visualOrder(of: levels)
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
    /// O(n) with one ICU pass, plus L2 over the cluster levels when they are mixed.
    ///
    /// Text ICU cannot take (more than `Int32.max` UTF-16 units) or an ICU failure gives a
    /// layout of one level: the forced one, or the direction ICU finds in the first million
    /// units, never a trap.
    static func build(_ bytes: UnsafeBufferPointer<UInt8>, paragraphLevel forced: UInt8?) -> ParagraphLayout {
        // Cluster starts, then UTF-16 with the index where each cluster starts.
        var clusterStarts: [Int] = []
        forEachGraphemeStart(in: bytes) { clusterStarts.append($0); return true }
        let count = clusterStarts.count
        guard count > 0 else { return ParagraphLayout(count: 0, paragraphLevel: forced ?? 0, levels: []) }

        var utf16: [UInt16] = []
        utf16.reserveCapacity(bytes.count)
        var clusterUTF16: [Int] = []
        clusterUTF16.reserveCapacity(count)
        var i = 0, next = 0
        while i < bytes.count {
            if next < count && clusterStarts[next] == i {
                clusterUTF16.append(utf16.count)
                next += 1
            }
            let (value, length) = UTF8Scalars.decode(bytes, at: i)
            if value > 0xFFFF {
                let v = value - 0x10000
                utf16.append(UInt16(0xD800 + (v >> 10)))
                utf16.append(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                utf16.append(UInt16(value))
            }
            i += length
        }
        clusterStarts = []

        let bidi = ICUBidi()
        let resolved: (UInt8, [UInt8])? = utf16.withUnsafeBufferPointer { text in
            bidi?.withLevels(of: text, paragraphLevel: forced) { level, unitLevels in
                (level, clusterUTF16.map { unitLevels[$0] })
            }
        }
        if let (level, levels) = resolved {
            return ParagraphLayout(count: count, paragraphLevel: level, levels: levels)
        }
        // Fallback: one level for the whole paragraph.
        var level = forced ?? 0
        if forced == nil, let bidi {
            let prefix = min(utf16.count, 1 << 20)
            level = utf16.withUnsafeBufferPointer { text in
                bidi.withLevels(of: UnsafeBufferPointer(rebasing: text[..<prefix]), paragraphLevel: nil) { l, _ in l }
            } ?? 0
        }
        return ParagraphLayout(count: count, paragraphLevel: level, levels: [UInt8](repeating: level, count: count))
    }
}
