// Internal consistency checks for tests and fuzzers; on the edit path only in the test build.

extension TextDocument {
    /// In the test build (`--traits TinyShapes`), `checkInvariants()` after every edit of a
    /// document of at most 4 KiB (the fuzzers' bound: a thousand tiny chunks or more, a tree
    /// five levels deep), so that every test and fuzzer that edits checks the whole structure
    /// at each step. Larger documents are skipped: the check is O(n), and tests that type
    /// thousands of keystrokes into long texts would take many minutes; the tests that edit
    /// long texts call `checkInvariants()` themselves. In every other build nothing, folded
    /// away.
    @inline(__always)
    func checkInvariantsAfterEdit() {
        #if TinyShapes
        if rope.summary.utf8 <= 1 << 12 { checkInvariants() }
        #endif
    }

    /// Verifies the whole structure and traps with a message on the first violation: the
    /// B-tree shape and totals; each chunk's summary against a fresh measurement; chunk sizes;
    /// and that every chunk boundary is a grapheme cluster boundary of the whole text. O(n).
    func checkInvariants() {
        rope.checkInvariants { chunk in
            precondition(!chunk.bytes.isEmpty, "empty chunk")
            let measured = chunk.bytes.withUnsafeBufferPointer { TextSummary.measure($0) }
            precondition(measured == chunk.summary, "stale chunk summary: \(chunk.summary) vs \(measured)")
            var starts: [Int] = []
            chunk.bytes.withUnsafeBufferPointer { p in forEachGraphemeStart(in: p) { starts.append($0); return true } }
            var previous = 0
            for j in 0..<GraphemeAnchors.count {        // edits shift them by one add: they rise
                let byte = chunk.anchors.inByteOrder(j)?.byte ?? 0
                precondition(byte >= previous, "grapheme anchors out of order at \(j)")
                previous = byte
            }
            for j in 0..<GraphemeAnchors.count {
                guard let anchor = chunk.anchors.inByteOrder(j) else { continue }
                precondition(anchor.graphemes < starts.count && starts[anchor.graphemes] == anchor.byte,
                             "grapheme anchor \(j) at byte \(anchor.byte) is not cluster \(anchor.graphemes)")
            }
            if chunk.bytes.count > ChunkLimits.maxBytes {
                precondition(chunk.summary.graphemes == 1, "oversized chunk with \(chunk.summary.graphemes) clusters")
            }
        }
        precondition(ChunkLimits.minBytes >= 1 && 4 * ChunkLimits.minBytes <= ChunkLimits.maxBytes, "chunk limits")
        var breaker = GraphemeBreaker()
        let table = GraphemeClassTable.shared
        var offset = 0
        for chunk in rope.chunks {
            chunk.bytes.withUnsafeBufferPointer { p in
                let (cls, _) = graphemeClass(of: p, at: 0, table: table)
                precondition(breaker.wouldBreak(before: cls), "chunk boundary at byte \(offset) splits a cluster")
                breaker.feed(p)
            }
            offset += chunk.bytes.count
        }
    }
}

// The fuzzers' hook (Tests/Fuzz, and the fuzz regression tests through the same harness). Not
// API: behind `@_spi(Testing)` with a leading underscore; it may change or go away at any time.
extension TextDocument {
    /// Verifies the whole structure (tree shape and totals, every chunk re-measured, chunk
    /// sizes, every chunk boundary a grapheme cluster boundary) and traps with a message on the
    /// first violation. O(n).
    @_spi(Testing)
    public func _checkInvariants() {
        checkInvariants()
    }
}
