/// UAX #9 rule L2 in Swift, for short lines: from the highest level down to the lowest odd
/// level, every maximal run of items at that level or higher is reversed. The same order as
/// ICU's `ubidi_reorderVisual` (`ICUBidi.visualOrder`, which the tests compare it with),
/// without the arrays a call into C needs: a visual line of a few dozen clusters reorders in
/// a few hundred instructions.
enum VisualReorder {
    /// The visual order of items with levels `level(0..<count)`: `order[v]` is the logical
    /// index of the v-th item from the left. O(count × levels present above the lowest odd).
    static func order(count: Int, level: (Int) -> UInt8) -> [Int] {
        var highest: UInt8 = 0, lowestOdd: UInt8 = .max
        for k in 0..<count {
            let l = level(k)
            highest = max(highest, l)
            if l & 1 == 1 { lowestOdd = min(lowestOdd, l) }
        }
        var order = Array(0..<count)
        guard highest > 0, lowestOdd != .max else { return order }
        order.withUnsafeMutableBufferPointer { order in
            // Levels are read by logical index through `order`, which the passes permute; a
            // run at `threshold` or higher is contiguous in every pass (runs at higher levels
            // were reversed inside it, never across its ends).
            var threshold = highest
            while threshold >= lowestOdd {
                var k = 0
                while k < count {
                    guard level(order[k]) >= threshold else { k += 1; continue }
                    var end = k + 1
                    while end < count && level(order[end]) >= threshold { end += 1 }
                    order[k..<end].reverse()
                    k = end
                }
                threshold -= 1
            }
        }
        return order
    }
}
