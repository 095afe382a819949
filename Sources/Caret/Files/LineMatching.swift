// Which lines of an edited text are lines of the original, untouched: the way patience diff
// anchors a diff. Lines that occur once in each text are matched in order (a longest increasing
// run of them), then each match extends to equal neighbours before and after. Used to find the
// kept bytes of a load (UndecodableBytes) whose lines an edit did not touch.

/// Matching of unchanged lines between two texts.
enum LineMatching {
    /// The byte ranges of the lines of `bytes`, each with its ending (LF, CR LF or CR).
    /// O(n).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == 0x0A || b == 0x0D {
                if b == 0x0D && i < bytes.count && bytes[i] == 0x0A { i += 1 }
                result.append(start..<i)
                start = i
            }
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    /// For each line of `old` (lines `oldLines`), the index of the same line in `new`, or nil:
    /// matches are in order and match equal lines only. O(n log n) in lines.
    static func match(_ old: [UInt8], _ oldLines: [Range<Int>], _ new: [UInt8], _ newLines: [Range<Int>]) -> [Int?] {
        func key(_ bytes: [UInt8], _ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }
        // Lines that occur once in each text.
        var counts: [ArraySlice<UInt8>: (old: Int, new: Int, oldIndex: Int, newIndex: Int)] = [:]
        for (i, r) in oldLines.enumerated() {
            counts[key(old, r), default: (0, 0, 0, 0)].old += 1
            counts[key(old, r)]!.oldIndex = i
        }
        for (j, r) in newLines.enumerated() {
            guard counts[key(new, r)] != nil else { continue }
            counts[key(new, r)]!.new += 1
            counts[key(new, r)]!.newIndex = j
        }
        let unique = counts.values.filter { $0.old == 1 && $0.new == 1 }.sorted { $0.oldIndex < $1.oldIndex }
        // The longest run of them increasing in `new` too (patience sorting).
        var tails: [Int] = []  // index into `unique` of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: unique.count)
        for (k, pair) in unique.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if unique[tails[mid]].newIndex < pair.newIndex { low = mid + 1 } else { high = mid }
            }
            previous[k] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(k) } else { tails[low] = k }
        }
        var result = [Int?](repeating: nil, count: oldLines.count)
        var k = tails.last ?? -1
        var anchors: [(Int, Int)] = []
        while k >= 0 {
            anchors.append((unique[k].oldIndex, unique[k].newIndex))
            k = previous[k]
        }
        anchors.reverse()
        // Each anchor extends to equal neighbours, up to the previous and next anchors.
        var lowOld = 0
        var lowNew = 0
        for (n, (i, j)) in anchors.enumerated() {
            result[i] = j
            var a = i - 1
            var b = j - 1
            while a >= lowOld && b >= lowNew && result[a] == nil && old[oldLines[a]] == new[newLines[b]] {
                result[a] = b
                a -= 1
                b -= 1
            }
            let (nextOld, nextNew) = n + 1 < anchors.count ? anchors[n + 1] : (oldLines.count, newLines.count)
            a = i + 1
            b = j + 1
            while a < nextOld && b < nextNew && old[oldLines[a]] == new[newLines[b]] {
                result[a] = b
                a += 1
                b += 1
            }
            lowOld = a
            lowNew = b
        }
        return result
    }
}
