/// The visual lines ("rows") of the wrapped part of a document, in order, as byte lengths:
/// leaves of at most `leafCapacity` (64) rows, with Fenwick trees over the leaves' row, byte and
/// hard-line counts. A row's length includes the hard line's terminator when it is the hard
/// line's last row, so the lengths add up to the bytes of the hard lines held.
///
/// Finding a row by index, by byte offset or by hard line is a Fenwick descent over the leaves
/// (O(log n)) and a scan of one leaf (at most `leafCapacity` entries); replacing the rows of a
/// paragraph rewrites one leaf and updates the Fenwick trees in O(log n). A leaf split or
/// merge marks the Fenwick trees stale; the next lookup rebuilds them in O(leaves).
struct VisualRowTree {
    static let leafCapacity = 64

    /// A row: its length in bytes shifted left by two; bit 1 set when its hard line may hold
    /// right-to-left text (so drawing it needs the bidi levels), bit 0 when it ends its hard line.
    typealias Row = UInt64

    struct Leaf {
        var rows: [Row] = []
        var bytes = 0
        var lines = 0
    }

    /// Counts of a prefix of the rows.
    struct Prefix {
        var rows = 0
        var bytes = 0
        var lines = 0

        subscript(key: Key) -> Int {
            switch key {
            case .rows: rows
            case .bytes: bytes
            case .lines: lines
            }
        }
    }

    /// What a descent counts.
    enum Key { case rows, bytes, lines }

    /// One row found: its index, first byte and hard line, with its length and end flag.
    struct Found: Equatable {
        var index: Int
        var start: Int
        var line: Int
        var length: Int
        var endsLine: Bool
        /// True when its hard line may hold right-to-left text or bidi controls.
        var mayRaiseLevels = false
        /// True when it is its hard line's first row.
        var startsLine: Bool
    }

    private(set) var leaves: [Leaf] = []
    /// The Fenwick trees of the leaves' row, byte and hard-line counts, interleaved: a
    /// descent reads one entry (one cache line) a level for all three.
    private var fenwick: [Prefix] = [Prefix()]
    private var stale = false
    private(set) var total = Prefix()

    static func row(length: Int, endsLine: Bool, mayRaiseLevels: Bool) -> Row {
        Row(length) << 2 | (mayRaiseLevels ? 2 : 0) | (endsLine ? 1 : 0)
    }
    static func length(_ row: Row) -> Int { Int(row >> 2) }
    static func mayRaiseLevels(_ row: Row) -> Bool { row & 2 != 0 }
    static func endsLine(_ row: Row) -> Bool { row & 1 == 1 }

    /// Appends rows after the last. O(rows + log n).
    mutating func append(_ rows: [Row]) {
        guard !rows.isEmpty else { return }
        // Appended leaves are filled to three quarters, so that edits seldom split them.
        if leaves.isEmpty || leaves[leaves.count - 1].rows.count + rows.count > Self.leafCapacity * 3 / 4 {
            replaceLeaves(leaves.count..<leaves.count, with: rows)
        } else {
            // In place: a copy of the leaf would copy its rows on every append.
            let k = leaves.count - 1
            var bytes = 0, lines = 0
            for row in rows {
                bytes += Self.length(row)
                if Self.endsLine(row) { lines += 1 }
            }
            leaves[k].rows.append(contentsOf: rows)
            leaves[k].bytes += bytes
            leaves[k].lines += lines
            adjust(leaf: k, rows: rows.count, bytes: bytes, lines: lines)
        }
    }

    /// Replaces rows `range` (indexes) with `rows`. O(affected leaves × capacity + log n).
    mutating func replace(_ range: Range<Int>, with rows: [Row]) {
        if leaves.isEmpty {
            append(rows)
            return
        }
        rebuildIfStale()
        let (first, firstBefore) = leaf(containingRow: range.lowerBound)
        let (last, lastBefore) = range.upperBound > range.lowerBound ? leaf(containingRow: range.upperBound - 1) : (first, firstBefore)
        var merged: [Row] = []
        let local = range.lowerBound - firstBefore.rows
        merged.append(contentsOf: leaves[first].rows[..<local])
        merged.append(contentsOf: rows)
        let lastLocal = range.upperBound - lastBefore.rows
        merged.append(contentsOf: leaves[last].rows[lastLocal...])
        if first == last && merged.count <= Self.leafCapacity && !merged.isEmpty {
            var leaf = Leaf(rows: merged)
            Self.recount(&leaf)
            let old = leaves[first]
            leaves[first] = leaf
            adjust(leaf: first, rows: leaf.rows.count - old.rows.count, bytes: leaf.bytes - old.bytes, lines: leaf.lines - old.lines)
        } else {
            replaceLeaves(first..<(last + 1), with: merged)
        }
    }

    /// The rows `range` (indexes). O(log n + leaf + rows).
    mutating func rows(_ range: Range<Int>) -> [Row] {
        guard !range.isEmpty else { return [] }
        rebuildIfStale()
        let (leaf, before) = leaf(containingRow: range.lowerBound)
        var k = leaf
        var result: [Row] = []
        result.reserveCapacity(range.count)
        var i = range.lowerBound - before.rows
        while result.count < range.count && k < leaves.count {
            let rows = leaves[k].rows
            while i < rows.count && result.count < range.count {
                result.append(rows[i])
                i += 1
            }
            k += 1
            i = 0
        }
        return result
    }

    /// The row at `index` (0..<total.rows). O(log n + leaf).
    mutating func row(at index: Int) -> Found {
        rebuildIfStale()
        let (k, before) = leaf(containingRow: index)
        return scan(k, before) { i, _, _ in before.rows + i == index }
    }

    /// The row holding byte `x` (0..<total.bytes). O(log n + leaf).
    mutating func row(containingByte x: Int) -> Found {
        rebuildIfStale()
        let (k, before) = descend(.bytes, x)
        return scan(k, before) { _, start, length in x < start + length }
    }

    /// The first row of hard line `line` (0..<total.lines). O(log n + leaf).
    mutating func firstRow(ofLine line: Int) -> Found {
        rebuildIfStale()
        if line == 0 { return row(at: 0) }
        // The leaf holding the line end that makes `line` ends, then the row after it.
        let (k, before) = descend(.lines, line - 1)
        var seen = before.lines
        for (i, row) in leaves[k].rows.enumerated() where Self.endsLine(row) {
            seen += 1
            if seen == line { return self.row(at: before.rows + i + 1) }
        }
        return row(at: total.rows - 1)
    }

    /// The leaf holding row `index` and the counts before it.
    private func leaf(containingRow index: Int) -> (Int, Prefix) { descend(.rows, index) }

    /// The leaf where the prefix sum of `key` first exceeds `target`, with the counts of the
    /// leaves before it (the last leaf when none does). O(log leaves). Inlined where it is
    /// called, so that `key` is a constant there; a level reads the entry through a pointer and
    /// adds without overflow checks (the sums are of counts below `Int.max`): written with the
    /// array and checked adds, the compiler kept the three sums rotating through registers,
    /// about 55 instructions a level where this takes about 15.
    @inline(__always)
    private func descend(_ key: Key, _ target: Int) -> (Int, Prefix) {
        let n = leaves.count
        var step = 1
        while step * 2 <= n { step *= 2 }
        let (position, before) = fenwick.withUnsafeBufferPointer { f -> (Int, Prefix) in
            var position = 0, rows = 0, bytes = 0, lines = 0
            while step > 0 {
                let next = position &+ step
                if next <= n {
                    let entry = f[next]
                    let r = rows &+ entry.rows, b = bytes &+ entry.bytes, l = lines &+ entry.lines
                    let value: Int
                    switch key {
                    case .rows: value = r
                    case .bytes: value = b
                    case .lines: value = l
                    }
                    if value <= target {
                        position = next
                        rows = r
                        bytes = b
                        lines = l
                    }
                }
                step >>= 1
            }
            return (position, Prefix(rows: rows, bytes: bytes, lines: lines))
        }
        if position >= n {
            // Past the end: the last leaf.
            let last = leaves[n - 1]
            return (n - 1, Prefix(rows: before.rows - last.rows.count, bytes: before.bytes - last.bytes, lines: before.lines - last.lines))
        }
        return (position, before)
    }

    /// Scans leaf `k` for the first row where `stop(i, start, length)` holds (else its last).
    private func scan(_ k: Int, _ before: Prefix, _ stop: (Int, Int, Int) -> Bool) -> Found {
        let rows = leaves[k].rows
        var start = before.bytes, line = before.lines
        // The row found starts a hard line when the row before it ends one: known from the
        // leaf's own rows but for its first row, which asks the leaf before (asked only then: on
        // a large index that leaf's rows are another cache miss, which a lookup took every time).
        var previousEndsLine = true
        for (i, row) in rows.enumerated() {
            let length = Self.length(row)
            if stop(i, start, length) || i == rows.count - 1 {
                let startsLine = i > 0 ? previousEndsLine : k == 0 || leaves[k - 1].rows.last.map(Self.endsLine) ?? true
                return Found(index: before.rows + i, start: start, line: line, length: length, endsLine: Self.endsLine(row),
                             mayRaiseLevels: Self.mayRaiseLevels(row), startsLine: startsLine)
            }
            start += length
            previousEndsLine = Self.endsLine(row)
            if previousEndsLine { line += 1 }
        }
        return Found(index: before.rows, start: start, line: line, length: 0, endsLine: true, startsLine: true)
    }

    private static func recount(_ leaf: inout Leaf) {
        var bytes = 0, lines = 0
        for row in leaf.rows {
            bytes += length(row)
            if endsLine(row) { lines += 1 }
        }
        leaf.bytes = bytes
        leaf.lines = lines
    }

    /// Replaces leaves `range` with leaves of `rows`: as many leaves as before when they hold
    /// the rows at most three quarters full (the Fenwick trees are then updated leaf by leaf),
    /// else leaves half full, so that edits rarely split again.
    private mutating func replaceLeaves(_ range: Range<Int>, with rows: [Row]) {
        let sameCount = !range.isEmpty && rows.count <= range.count * Self.leafCapacity * 3 / 4 && rows.count >= range.count
        let count = sameCount ? range.count : (rows.count + Self.leafCapacity / 2 - 1) / (Self.leafCapacity / 2)
        var fresh: [Leaf] = []
        fresh.reserveCapacity(count)
        var i = 0
        for k in 0..<count {
            let end = rows.count * (k + 1) / count
            var leaf = Leaf(rows: Array(rows[i..<end]))
            Self.recount(&leaf)
            fresh.append(leaf)
            i = end
        }
        if sameCount && !stale && fenwick.count == leaves.count + 1 {
            for (k, leaf) in fresh.enumerated() {
                let old = leaves[range.lowerBound + k]
                leaves[range.lowerBound + k] = leaf
                adjust(leaf: range.lowerBound + k, rows: leaf.rows.count - old.rows.count, bytes: leaf.bytes - old.bytes,
                       lines: leaf.lines - old.lines)
            }
            return
        }
        for leaf in leaves[range] {
            total.rows -= leaf.rows.count
            total.bytes -= leaf.bytes
            total.lines -= leaf.lines
        }
        for leaf in fresh {
            total.rows += leaf.rows.count
            total.bytes += leaf.bytes
            total.lines += leaf.lines
        }
        leaves.replaceSubrange(range, with: fresh)
        stale = true
    }

    /// Adds to leaf `k`'s counts in the Fenwick trees. O(log leaves).
    private mutating func adjust(leaf k: Int, rows: Int, bytes: Int, lines: Int) {
        total.rows += rows
        total.bytes += bytes
        total.lines += lines
        if stale { return }
        var i = k + 1
        while i < fenwick.count {
            fenwick[i].rows += rows
            fenwick[i].bytes += bytes
            fenwick[i].lines += lines
            i += i & -i
        }
    }

    /// Rebuilds the Fenwick trees after leaves were split or merged. O(leaves), in the trees'
    /// own buffer (an edit that splits a leaf of a long document pays no allocation and no
    /// fresh pages) and without copying a leaf.
    private mutating func rebuildIfStale() {
        guard stale || fenwick.count != leaves.count + 1 else { return }
        let n = leaves.count
        fenwick.removeAll(keepingCapacity: true)
        fenwick.append(contentsOf: repeatElement(Prefix(), count: n + 1))
        leaves.withUnsafeBufferPointer { leaves in
            fenwick.withUnsafeMutableBufferPointer { tree in
                for k in 0..<n {
                    let i = k + 1
                    tree[i].rows += leaves[k].rows.count
                    tree[i].bytes += leaves[k].bytes
                    tree[i].lines += leaves[k].lines
                    let parent = i + (i & -i)
                    if parent <= n {
                        tree[parent].rows += tree[i].rows
                        tree[parent].bytes += tree[i].bytes
                        tree[parent].lines += tree[i].lines
                    }
                }
            }
        }
        stale = false
    }
}
