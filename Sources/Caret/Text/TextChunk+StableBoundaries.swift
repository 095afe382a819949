// MARK: - Local re-segmentation around an edit

/// True when scalar start `t` (0 < t < count) of valid UTF-8 `p` is a grapheme boundary that the
/// scalars on either side confirm whatever precedes them (see
/// `GraphemeBreaker.breaksRegardlessOfContext`). False means "unknown", not "no". O(1).
///
/// `table` is a parameter so that a caller reading a chunk's bytes in place loads it before it
/// takes their address: the first use of `shared` is an opaque call, around which the compiler
/// would otherwise retain and release the bytes' storage.
@inline(__always)
func isContextFreeBoundary(in p: UnsafeBufferPointer<UInt8>, at t: Int,
                           table: GraphemeClassTable = .shared) -> Bool {
    if isSimpleASCII(p[t - 1]) { return asciiBreaks(before: p, at: t, table: table) }
    let before = UTF8Scalars.scalarStart(p, atOrBefore: t - 1)
    return GraphemeBreaker.breaksRegardlessOfContext(graphemeClass(of: p, at: before, table: table).0,
                                                     graphemeClass(of: p, at: t, table: table).0)
}

/// True for ASCII other than CR: a scalar and a cluster of its own whatever surrounds it
/// (printable bytes are class Other; LF, tab and the other controls break on both sides by
/// GB4/GB5; only CR joins the LF after it).
@inline(__always)
func isSimpleASCII(_ b: UInt8) -> Bool { b < 0x80 && b != 0x0D }

/// True when every byte of `p` is ASCII other than CR.
@inline(__always)
func isSimpleASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    for b in p where !isSimpleASCII(b) { return false }
    return true
}

/// True when the scalar starting at byte `t` of valid UTF-8 `p` starts a cluster after any
/// ASCII character other than CR: it is not a mark, ZWJ or spacing mark that would extend it
/// (GB9, GB9a). Every other rule that joins needs a left side ASCII never is (Prepend, a
/// regional indicator, ZWJ, Hangul, CR), and a control on the left breaks before anything.
/// (`table`: see `isContextFreeBoundary`.) O(1).
@inline(__always)
func asciiBreaks(before p: UnsafeBufferPointer<UInt8>, at t: Int, table: GraphemeClassTable = .shared) -> Bool {
    if p[t] < 0x80 { return true }
    return graphemeClass(of: p, at: t, table: table).0.cls.bit & GraphemeClassSet.joiners == 0
}

/// A cluster boundary at or before byte `x` (0...count) of valid UTF-8 `p` (which starts at a
/// cluster boundary) whose status no edit at or after `x` can change: `floor` (a cluster
/// boundary before `x`, 0 by default), or a scalar start after it and before `x` where the
/// pair of scalars around it breaks regardless of context. Usually a scalar or two back.
/// O(distance).
@inline(__always)
func stableBoundary(in p: UnsafeBufferPointer<UInt8>, before x: Int, floor: Int = 0) -> Int {
    guard x > floor else { return floor }
    // Two ASCII bytes other than CR before x: the pair between them always breaks.
    if x == floor + 1 || (isSimpleASCII(p[x - 1]) && isSimpleASCII(p[x - 2])) { return x - 1 }
    var t = UTF8Scalars.scalarStart(p, atOrBefore: x - 1)
    while t > floor && !isContextFreeBoundary(in: p, at: t) {
        t = UTF8Scalars.scalarStart(p, atOrBefore: t - 1)
    }
    return t
}

extension TextChunk {
    /// A cluster boundary at or before byte `x` whose status no edit at or after `x` can change
    /// (see `stableBoundary(in:before:)`). O(distance).
    func stableBoundary(before x: Int) -> Int {
        bytes.withUnsafeBufferPointer { Caret.stableBoundary(in: $0, before: x) }
    }

    /// The first cluster boundary after byte `x` that no edit ending at `x` can change: a scalar
    /// start past the scalar at `x` where the pair around it breaks regardless of context; or the
    /// end of the chunk (`reachedEnd`), whose status then depends on the next chunk.
    func stableBoundary(after x: Int) -> (offset: Int, reachedEnd: Bool) {
        bytes.withUnsafeBufferPointer { p in
            let table = GraphemeClassTable.shared
            guard x < p.count else { return (p.count, true) }
            if isSimpleASCII(p[x]) {
                if x + 1 == p.count { return (p.count, true) }
                if isSimpleASCII(p[x + 1]) { return (x + 1, false) }
            }
            var (previous, length) = graphemeClass(of: p, at: x, table: table)
            var t = x + length
            while t < p.count {
                let (next, nextLength) = graphemeClass(of: p, at: t, table: table)
                if GraphemeBreaker.breaksRegardlessOfContext(previous, next) { return (t, false) }
                previous = next
                t += nextLength
            }
            return (p.count, true)
        }
    }

    /// The grapheme boundary at or before byte `x` (0...count) of the chunk at `chunk`, by the
    /// cheapest route: `x` itself when it is the chunk's start or end, or when the scalars on
    /// either side break regardless of context (most positions handed out are boundaries
    /// already); else a scan from the nearest anchor. Reads the chunk where it lies: a method
    /// called on `pointee` makes the caller copy the chunk (a retain and a release of each of
    /// its arrays) for the call; here only the scan, when the scalars do not decide, does.
    /// The answers that need no byte or two ASCII bytes (the chunk's ends, a chunk of one-byte
    /// clusters, a place between two ASCII characters) are inline at the caller, the rest out of
    /// line. O(1) usually, O(chunk / 4) at most.
    @inline(__always)
    static func snappedBoundary(in chunk: UnsafePointer<TextChunk>, atOrBefore x: Int) -> Int {
        if x <= 0 { return 0 }
        let summary = chunk.pointee.summary
        if x >= summary.utf8 { return summary.utf8 }
        if summary.graphemes == summary.utf8 { return x }
        // Two ASCII characters always break but CR LF (UAX #29: no other rule names one): the
        // common place in text with clusters elsewhere in its chunk, decided without the table.
        let betweenASCII = chunk.pointee.bytes.withUnsafeBufferPointer { p in
            let before = p[x &- 1], after = p[x]
            return (before | after) < 0x80 && (before != 0x0D || after != 0x0A)
        }
        if betweenASCII { return x }
        return scannedBoundary(in: chunk, atOrBefore: x)
    }

    /// `snappedBoundary(in:atOrBefore:)` inside a chunk with longer clusters.
    @inline(never)
    private static func scannedBoundary(in chunk: UnsafePointer<TextChunk>, atOrBefore x: Int) -> Int {
        let table = GraphemeClassTable.shared
        let confirmed = chunk.pointee.bytes.withUnsafeBufferPointer { p in
            UTF8Scalars.isLead(p[x]) && isContextFreeBoundary(in: p, at: x, table: table)
        }
        return confirmed ? x : chunk.pointee.graphemeBoundary(atOrBefore: x).utf8
    }
}
