/// A leaf of the text rope: a run of UTF-8 that starts and ends on grapheme cluster boundaries
/// of the whole text, with its measured summary.
///
/// Because a chunk never splits a cluster (nor CR LF, which is one cluster), its summary is a
/// function of its own bytes, and every scan inside it can start a fresh `GraphemeBreaker` at
/// its first byte.
struct TextChunk: RopeChunk {
    /// Text's own fan-outs (`RopeShape`): nodes within the allocator's per-thread cache.
    static var maxChunks: Int { RopeShape.textChunks }
    static var maxChildren: Int { RopeShape.textChildren }

    var bytes: [UInt8]
    /// The summary's five counts: UTF-8, UTF-16 and scalars in 32 bits each, clusters and lines
    /// in 16 (a chunk holds at most `ChunkLimits.maxBytes`, or one cluster of any size), so
    /// that the chunk with its anchors' thirty-two bytes is 56 bytes.
    private var counts: (UInt32, UInt32, UInt32, UInt16, UInt16)
    /// Cluster starts to begin scans from.
    var anchors: GraphemeAnchors

    init(_ bytes: [UInt8]) {
        precondition(bytes.count < Int(UInt32.max), "a single grapheme cluster of 4 GiB or more")
        self.bytes = bytes
        var anchors = GraphemeAnchors()
        let summary = bytes.withUnsafeBufferPointer { TextSummary.measure($0, anchors: &anchors) }
        precondition(summary.graphemes <= Int(UInt16.max), "a chunk of over 65,535 clusters")
        self.counts = (0, 0, 0, 0, 0)
        self.anchors = anchors
        self.summary = summary
    }

    init(_ bytes: ArraySlice<UInt8>) { self.init(Array(bytes)) }

    /// The chunk's length in every unit.
    var summary: TextSummary {
        @inline(__always) get {
            TextSummary(utf8: Int(counts.0), utf16: Int(counts.1), scalars: Int(counts.2),
                        graphemes: Int(counts.3), lines: Int(counts.4))
        }
        // Only in-place edits set it, which keep a chunk within `ChunkLimits.maxBytes`; a larger
        // chunk (one huge cluster) is made by `init`, which checks its size.
        set {
            counts = (UInt32(truncatingIfNeeded: newValue.utf8), UInt32(truncatingIfNeeded: newValue.utf16),
                      UInt32(truncatingIfNeeded: newValue.scalars), UInt16(truncatingIfNeeded: newValue.graphemes),
                      UInt16(truncatingIfNeeded: newValue.lines))
        }
    }
}

// MARK: - Copies and destruction of a leaf's chunks

extension TextChunk {
    /// A chunk's one reference is its bytes' storage; its counts and anchors are plain bits. A
    /// leaf copied on write (every leaf on the path of an edit of a shared document) copies its
    /// chunks as one block of bits and adds a reference to each chunk's storage: the generic
    /// item-by-item copy goes through the value witnesses, an indirect call per chunk.
    static func initialize(chunks target: UnsafeMutablePointer<TextChunk>, copying source: UnsafePointer<TextChunk>,
                           count: Int) {
        assert(hasOneReference, "TextChunk gained a stored property: copy it here")
        guard count > 0 else { return }
        UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count * MemoryLayout<TextChunk>.stride)
        for k in 0..<count {
            // The bits copied hold the source's reference without counting it: count it (the
            // stale bits are overwritten, not released).
            withUnsafeMutablePointer(to: &target[k].bytes) { $0.initialize(to: source[k].bytes) }
        }
    }

    /// Destroys a leaf's chunks: releases each one's bytes, the only part that needs it.
    static func deinitialize(chunks: UnsafeMutablePointer<TextChunk>, count: Int) {
        assert(hasOneReference, "TextChunk gained a stored property: destroy it here")
        for k in 0..<count {
            // Moved out and dropped: a release of the array's storage, where `deinitialize`
            // looks the array type up and destroys through its value witness.
            _ = withUnsafeMutablePointer(to: &chunks[k].bytes) { $0.move() }
        }
    }

    /// True while the stored properties are the bytes and the plain bits above (the anchors are
    /// `BitwiseCopyable`, checked by the compiler; a new property changes the size).
    private static var hasOneReference: Bool {
        MemoryLayout<TextChunk>.size == MemoryLayout<[UInt8]>.size
            + MemoryLayout<(UInt32, UInt32, UInt32, UInt16, UInt16)>.size + MemoryLayout<GraphemeAnchors>.size
    }
}

// MARK: - The bytes in place, without a retain

extension TextChunk {
    /// The bytes of the chunk at `chunk`, read in place: valid while that chunk is alive and
    /// unchanged (the rope holds it for as long as the cursor that gave the address is valid).
    ///
    /// `chunk.pointee.bytes.withUnsafeBufferPointer` retains and releases the array's storage
    /// around the call (the compiler cannot prove that nothing writes through the pointer
    /// meanwhile). On a large text a random lookup finds that storage out of cache, and a
    /// retain is an atomic read-modify-write of its header line: it waits for that line and
    /// holds back every later load — the line of text the scan reads — until it has it, so the
    /// two misses are taken one after the other instead of together (and the line is written
    /// back dirty). This reads the storage reference's bits and the element offset instead,
    /// and takes the count from the summary, so the header is not read at all.
    ///
    /// Relies on `[UInt8]` being one reference to a native storage object whose elements
    /// start `arrayElementsOffset` bytes in (Swift's `__ContiguousArrayStorageBase`: object
    /// header, count, capacity), which `ChunkBytesInPlaceTests` and the debug assertion check.
    /// - Complexity: O(1).
    @inline(__always)
    static func bytesInPlace(_ chunk: UnsafePointer<TextChunk>) -> UnsafeBufferPointer<UInt8> {
        let storage = UnsafeRawPointer(chunk).load(fromByteOffset: bytesFieldOffset, as: UnsafeRawPointer.self)
        let p = UnsafeBufferPointer(start: (storage + arrayElementsOffset).assumingMemoryBound(to: UInt8.self),
                                    count: Int(truncatingIfNeeded: chunk.pointee.counts.0))
        assert(p.baseAddress == chunk.pointee.bytes.withUnsafeBufferPointer { $0.baseAddress ?? p.baseAddress }
               && p.count == chunk.pointee.bytes.count, "TextChunk.bytesInPlace: the array's layout is not the one assumed")
        return p
    }

    /// Where `bytes` lies in a chunk: first (checked by `ChunkBytesInPlaceTests` against
    /// `MemoryLayout.offset(of:)`, which the optimiser does not fold to a constant).
    @inline(__always) static var bytesFieldOffset: Int { 0 }

    /// The offset of an `[UInt8]`'s first element from the start of its storage object: a
    /// heap object's two words, then the count and the capacity.
    @inline(__always) static var arrayElementsOffset: Int { 4 * MemoryLayout<Int>.size }
}

// MARK: - An in-place edit

extension TextChunk {
    /// Replaces bytes `range` with `new` (leaving `newSize` bytes), adds `delta` to the summary
    /// and moves the anchors past the re-measured `window` (old byte offsets): what an in-place
    /// plan found, made. The caller keeps the chunk within `ChunkLimits.maxBytes`. O(chunk) for
    /// the bytes moved.
    @inline(__always)
    mutating func edit(_ range: Range<Int>, with new: UnsafeBufferPointer<UInt8>, newSize: Int,
                       delta: TextSummary, window: Range<Int>) {
        // Grow by an eighth, not by doubling: chunks stay near their size (memory), and never
        // grow past the limit anyway.
        if bytes.capacity < newSize {
            bytes.reserveCapacity(min(max(ChunkLimits.maxBytes, newSize), newSize + newSize / 8 + 16))
        }
        // One byte in or out (typing, a trace) without the generic `replaceSubrange`.
        if range.isEmpty && new.count == 1 {
            // `insert(_:at:)` is the generic `replaceSubrange` with one element: an append
            // (within the capacity reserved above) and one move of the tail cost less.
            let (i, n, byte) = (range.lowerBound, bytes.count, new[0])
            bytes.append(byte)
            if i < n {
                bytes.withUnsafeMutableBufferPointer { p in
                    let base = p.baseAddress!
                    UnsafeMutableRawPointer(base + i + 1).copyMemory(from: base + i, byteCount: n - i)   // a memmove
                    base[i] = byte
                }
            }
        } else if new.isEmpty && range.count == 1 {
            bytes.remove(at: range.lowerBound)
        } else {
            bytes.replaceSubrange(range, with: new)
        }
        summary = summary + delta
        anchors.edit(window: window, byteDelta: delta.utf8, graphemeDelta: delta.graphemes)
    }
}

// MARK: - Scans inside one chunk (each O(chunk size))

extension TextChunk {
    /// The byte offset of the `k`-th cluster start (0-based); `k == graphemes` gives the end.
    /// Scans from the nearest anchor (`point(ofGrapheme:near:)`).
    func utf8Offset(ofGrapheme k: Int) -> Int {
        if k >= summary.graphemes { return bytes.count }
        if summary.graphemes == summary.utf8 { return max(k, 0) }   // one byte per cluster
        return point(ofGrapheme: k, near: .start).utf8
    }

    /// The last cluster start at or before byte `x` (0...count), and how many clusters start
    /// before it.
    func graphemeBoundary(atOrBefore x: Int) -> (utf8: Int, graphemes: Int) {
        if x >= bytes.count { return (bytes.count, summary.graphemes) }
        if summary.graphemes == summary.utf8 { return (x, x) }
        // From the nearest anchor before x, with the cluster scan's walker (the breaker's
        // boundaries, most of them decided from a pair of properties).
        let start = anchors.start(forByte: x)
        var last = start.byte
        var index = start.graphemes
        bytes.withUnsafeBufferPointer { p in
            forEachClusterStart(in: p, after: start.byte) { i, k in
                // Starts at i ..< i + k; those at or before x count.
                if i > x { return false }
                let taken = min(k, x &- i &+ 1)
                index &+= taken
                last = i &+ taken &- 1
                return taken == k
            }
        }
        return (last, index)
    }

    /// The start of the cluster `n` clusters (1 ... 64) before the last cluster start at or
    /// before byte `x` (0...count), or nil when fewer than `n` clusters of this chunk lie
    /// before that start. One scan from the nearest anchor before `x` (or from the chunk's
    /// start when that anchor has too few clusters after it), keeping the last starts in a
    /// ring: finding `x`'s cluster index and then the cluster `n` before it would scan the
    /// same bytes twice. O(x - the scan's start).
    func clusterStart(_ n: Int, clustersBefore x: Int) -> Int? {
        guard n >= 1 && n <= 64 else { return nil }
        let x = min(max(x, 0), bytes.count)
        if summary.graphemes == summary.utf8 { return x >= n ? x - n : nil }   // one byte a cluster
        let anchor = anchors.start(forByte: x).byte
        if let found = clusterStart(n, clustersBefore: x, scanningFrom: anchor) { return found }
        return anchor == 0 ? nil : clusterStart(n, clustersBefore: x, scanningFrom: 0)
    }

    /// `clusterStart(_:clustersBefore:)` scanning from the cluster start `from` (≤ x). The
    /// scan reports runs of starts (up to eight ASCII bytes at once); the last 128 runs (at
    /// least as many starts, more than `n + 1`) are kept as a start and a length packed in one
    /// word, so a run costs the same as one start.
    private func clusterStart(_ n: Int, clustersBefore x: Int, scanningFrom from: Int) -> Int? {
        let capacity = 128, mask = capacity - 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { runs -> Int? in
            var pushed = 0                  // runs kept so far (the ring holds the last 128)
            var starts = 0                  // cluster starts before x seen so far
            var xStarts = from == x         // whether x is a cluster start
            if from < x {
                runs[0] = from &<< 4 | 1
                (pushed, starts) = (1, 1)
                bytes.withUnsafeBufferPointer { p in
                    forEachClusterStart(in: p, after: from) { i, k in
                        // Starts at i ..< i + k: those before x are kept; x itself ends it.
                        if i > x { return false }
                        let below = min(k, x &- i)
                        if below > 0 {
                            runs[pushed & mask] = i &<< 4 | below
                            pushed &+= 1
                            starts &+= below
                        }
                        if below < k { xStarts = true; return false }
                        return true
                    }
                }
            }
            // The boundary at or before x is x itself (a start or the chunk's end), or the last
            // start kept: the answer is the `needed`-th start from the end.
            var needed = xStarts || x == bytes.count ? n : n + 1
            guard starts >= needed else { return nil }
            var r = pushed
            while true {
                r &-= 1
                let run = runs[r & mask]
                let count = run & 0xF
                if needed <= count { return (run &>> 4) &+ count &- needed }
                needed &-= count
            }
        }
    }

    /// How many scalars the first `x` bytes hold (a scalar boundary), counted eight bytes at
    /// a time. O(x).
    func countScalars(before x: Int) -> Int {
        if x >= bytes.count { return summary.scalars }
        if summary.scalars == summary.utf8 { return x }
        return bytes.withUnsafeBufferPointer { UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: $0[..<x])).scalars }
    }

    /// How many UTF-16 units the first `x` bytes hold (a scalar boundary). O(x).
    func countUTF16(before x: Int) -> Int {
        if x >= bytes.count { return summary.utf16 }
        if summary.scalars == summary.utf8 { return x }
        return bytes.withUnsafeBufferPointer { p in
            let counts = UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: p[..<x]))
            return counts.scalars + counts.supplementary
        }
    }

    /// The number of line terminators that end within the first `x` bytes (a cluster
    /// boundary, so never between CR and LF). O(x), without the grapheme rules.
    func lineBreaks(before x: Int) -> Int {
        if x >= bytes.count { return summary.lines }
        if summary.lines == 0 { return 0 }
        return bytes.withUnsafeBufferPointer { p in
            var n = 0
            LineTerminator.forEachEnd(in: p, upTo: x) { _ in n += 1; return true }
            return n
        }
    }

    /// The byte offset where the first `n` scalars end. O(chunk).
    func utf8Offset(ofScalar n: Int) -> Int {
        if summary.scalars == summary.utf8 { return min(max(n, 0), bytes.count) }   // ASCII
        return bytes.withUnsafeBufferPointer { UTF8Scalars.offset(ofScalar: n, in: $0) }
    }

    /// The byte offset where the first `n` UTF-16 units end, rounded down to the start of a
    /// scalar when `n` falls inside a surrogate pair. O(chunk).
    func utf8Offset(ofUTF16 n: Int) -> Int {
        if summary.utf16 == summary.scalars { return utf8Offset(ofScalar: n) }        // no surrogates
        return bytes.withUnsafeBufferPointer { p in
            let (i, k) = UTF8Scalars.forward(in: p, from: 0, unit: 0, toUnit: n)
            return k > n ? i - 4 : i                              // past the pair n falls inside
        }
    }

    /// The byte offset just after the `n`-th line terminator of this chunk (1-based).
    func utf8Offset(afterLineBreak n: Int) -> Int {
        bytes.withUnsafeBufferPointer { p in
            var seen = 0
            var result = p.count
            LineTerminator.forEachEnd(in: p, upTo: p.count) { end in
                seen += 1
                if seen == n { result = end; return false }
                return true
            }
            return result
        }
    }
}
