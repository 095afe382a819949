// The attribute runs of a `TextInput`'s text (CHANGES.md, "Attribute runs and typing
// attributes"): a rope of runs, each a length in bytes and an index into a table of the
// distinct attribute sets, equal neighbours merged. A text whose every character has no
// attributes keeps no run at all, so an input that never uses attributes pays nothing per
// keystroke. A value: undo keeps the runs from before and after each step as shared snapshots
// (the rope copies only the path an edit changes).

/// The runs over a whole text, by byte length, with their attribute sets interned.
struct AttributeRuns: Sendable, Equatable {
    struct Run: RopeChunk {
        var length: UInt32
        var attributes: UInt32
        var summary: SpanSummary { SpanSummary(span: Int(length), count: 1) }
    }

    /// The runs; empty when every character has no attributes.
    private(set) var runs = Rope<Run>()
    /// The distinct attribute sets, index 0 the empty one.
    private(set) var table: [TextAttributes] = [TextAttributes()]
    private var index: [TextAttributes: UInt32] = [TextAttributes(): 0]

    /// True when no character has attributes (no run is kept). O(1).
    var isPlain: Bool { runs.isEmpty }

    static func == (a: AttributeRuns, b: AttributeRuns) -> Bool {
        a.runs.root === b.runs.root
            || a.all(textLength: 0).elementsEqual(b.all(textLength: 0)) { $0.length == $1.length && $0.attributes == $1.attributes }
    }

    /// The index of `attributes` in the table, adding it when new. O(1) expected.
    private mutating func intern(_ attributes: TextAttributes) -> UInt32 {
        if let i = index[attributes] { return i }
        table.append(attributes)
        index[attributes] = UInt32(table.count - 1)
        return UInt32(table.count - 1)
    }

    /// Every run as (byte length, attributes), in order; one plain run of `textLength` bytes
    /// (none for an empty text) when no character has attributes. O(runs).
    func all(textLength: Int) -> [(length: Int, attributes: TextAttributes)] {
        if runs.isEmpty { return textLength == 0 ? [] : [(textLength, TextAttributes())] }
        return runs.chunks.map { (Int($0.length), table[Int($0.attributes)]) }
    }

    /// The runs meeting bytes `range` of a text of `textLength` bytes, clipped to it, as (byte
    /// range, attributes); an empty range gives none. O(log runs + k).
    func runs(in range: Range<Int>, textLength: Int) -> [(range: Range<Int>, attributes: TextAttributes)] {
        guard !range.isEmpty else { return [] }
        if runs.isEmpty { return [(range, TextAttributes())] }
        var result: [(range: Range<Int>, attributes: TextAttributes)] = []
        let c = runs.cursor(at: range.lowerBound, in: SpanMetric.self)
        var start = c.prefix.span
        runs.forEachChunk(from: c.index) { run in
            let end = start + Int(run.length)
            result.append((max(start, range.lowerBound)..<min(end, range.upperBound), table[Int(run.attributes)]))
            start = end
            return end < range.upperBound
        }
        return result
    }

    /// The attributes of the byte at `offset` (< text length). O(log runs).
    func attributes(atByte offset: Int) -> TextAttributes {
        guard !runs.isEmpty else { return TextAttributes() }
        return table[Int(runs.cursor(at: offset, in: SpanMetric.self).chunk.attributes)]
    }

    /// Replaces bytes `range` of a text of `textLength` bytes by `insertedCount` bytes with
    /// `attributes` (a text change: the inserted text takes them; or, with `insertedCount ==
    /// range.count`, setting attributes). Equal neighbours merge. O(log runs + runs removed).
    mutating func replace(_ range: Range<Int>, insertedCount: Int, with attributes: TextAttributes, textLength: Int) {
        if runs.isEmpty {
            if attributes.isEmpty || insertedCount == 0 { return }
            runs = Rope(chunks: Self.pieces(length: textLength, attributes: 0))
        }
        let a = intern(attributes)
        let s = range.lowerBound, e = range.upperBound
        // The runs from the one before the one holding `s` to the one after the one holding
        // `e - 1` (or `s`), so that the new pieces merge with their neighbours.
        let total = runs.summary.span
        let first = s < total ? runs.cursor(at: s, in: SpanMetric.self) : runs.cursor(atChunk: runs.chunkCount - 1)
        let last = max(s, e - 1) < total ? runs.cursor(at: max(s, e - 1), in: SpanMetric.self) : runs.cursor(atChunk: runs.chunkCount - 1)
        let lo = max(0, first.index - 1), hi = min(runs.chunkCount, last.index + 2)
        var old: [Run] = []
        var start = lo == first.index ? first.prefix.span : first.prefix.span - Int(runs.chunk(at: lo).length)
        runs.forEachChunk(from: lo) { run in
            old.append(run)
            return old.count < hi - lo
        }
        // What is left before `s`, the inserted text, what is left after `e`, in order.
        var before: [(Int, UInt32)] = [], after: [(Int, UInt32)] = []
        for run in old {
            let end = start + Int(run.length)
            if start < s { before.append((min(end, s) - start, run.attributes)) }
            if end > e { after.append((end - max(start, e), run.attributes)) }
            start = end
        }
        let pieces = before + [(insertedCount, a)] + after
        var merged: [Run] = []
        for (length, at) in pieces where length > 0 {
            if let lastRun = merged.last, lastRun.attributes == at, Int(lastRun.length) + length <= Int(UInt32.max) {
                merged[merged.count - 1].length += UInt32(length)
            } else {
                merged += Self.pieces(length: length, attributes: at)
            }
        }
        if merged.count == 1 && merged[0].attributes == 0 && hi - lo == runs.chunkCount {
            runs = Rope()  // all plain again
            return
        }
        runs.replaceChunks(lo..<hi, with: merged)
        if runs.chunkCount == 1 && runs.chunk(at: 0).attributes == 0 { runs = Rope() }
    }

    /// Runs of `length` bytes with `attributes`, each at most `UInt32.max` long.
    private static func pieces(length: Int, attributes: UInt32) -> [Run] {
        var result: [Run] = []
        var left = length
        while left > 0 {
            let n = min(left, Int(UInt32.max))
            result.append(Run(length: UInt32(n), attributes: attributes))
            left -= n
        }
        return result
    }

    /// Runs from (byte length, attributes) pairs covering a text, equal neighbours merged.
    /// O(runs).
    init(_ pairs: [(length: Int, attributes: TextAttributes)]) {
        var merged: [Run] = []
        for (length, attributes) in pairs where length > 0 {
            let a = intern(attributes)
            if let last = merged.last, last.attributes == a, Int(last.length) + length <= Int(UInt32.max) {
                merged[merged.count - 1].length += UInt32(length)
            } else {
                merged += Self.pieces(length: length, attributes: a)
            }
        }
        if !(merged.count == 1 && merged[0].attributes == 0) && !merged.isEmpty { runs = Rope(chunks: merged) }
    }

    /// No attributes anywhere. O(1).
    init() {}

    /// The bytes the runs cover (0 when no character has attributes). O(1).
    var runsLength: Int { runs.summary.span }

    /// The number of runs kept (0 when no character has attributes). O(1).
    var runCount: Int { runs.chunkCount }
}
