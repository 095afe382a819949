import XCTest
@testable import Caret

/// The cluster-start maps (`ClusterStartMap`) and the cache of them that grapheme lookups use
/// (`ClusterStartCache`), against the breaker: every map against the cluster starts the
/// breaker reports over its chunk, and lookups that walk near each other (the cached path)
/// against the breaker over the whole text, through edits, copies and concurrent readers.
final class ClusterStartCacheTests: XCTestCase {
    /// The cluster starts of `bytes` as the breaker reports them, from its first byte.
    func clusterStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { p in forEachGraphemeStart(in: p) { starts.append($0); return true } }
        return starts
    }

    /// Random text of `GraphemePointTests.pieces`, cut to at most `limit` bytes at a piece's end.
    func randomBytes(_ limit: Int, using rng: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let piece = Array(GraphemePointTests.pieces.randomElement(using: &rng)!.utf8)
            if bytes.count + piece.count > limit { return bytes.isEmpty ? Array("a".utf8) : bytes }
            bytes += piece
        }
    }

    func testSelectMatchesNaive() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 31)
        print("ClusterStartCacheTests seed \(seed)")
        for round in 0..<2000 {
            // Sparse, dense and random words.
            let word = round % 3 == 0 ? UInt64.random(in: 0...UInt64.max, using: &rng)
                : round % 3 == 1 ? UInt64.random(in: 0...UInt64.max, using: &rng) & UInt64.random(in: 0...UInt64.max, using: &rng)
                : ~(UInt64(1) << UInt64.random(in: 0..<64, using: &rng))
            let bits = (0..<64).filter { word & (UInt64(1) << UInt64($0)) != 0 }
            for (j, bit) in bits.enumerated() {
                XCTAssertEqual(ClusterStartMap.select(j, in: word), bit, "seed \(seed) word \(String(word, radix: 16)) j \(j)")
            }
        }
    }

    /// Every map, and the chunk's own snapping scan, against the breaker at every byte.
    func testMapsMatchTheBreaker() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 32)
        print("ClusterStartCacheTests seed \(seed)")
        // Whole runs of ASCII across word boundaries, one piece, and chunks up to the limit.
        var chunks: [[UInt8]] = [Array(String(repeating: "abcdefghij", count: 102).utf8.prefix(1024)), Array("é".utf8),
                                 Array(("\r\n" + String(repeating: "x", count: 70) + "\u{600}abcdefghi").utf8)]
        for _ in 0..<300 { chunks.append(randomBytes(Int.random(in: 1...ClusterStartMap.maxBytes, using: &rng), using: &rng)) }
        for (index, bytes) in chunks.enumerated() {
            let map = bytes.withUnsafeBufferPointer { ClusterStartMap($0) }
            let starts = clusterStarts(bytes)
            for (n, start) in starts.enumerated() {
                XCTAssertEqual(map.utf8Offset(ofCluster: n), start, "seed \(seed) chunk \(index) cluster \(n)")
            }
            // The same starts through the chunk's snapping scan (from its anchors, by the walker).
            let chunk = TextChunk(bytes)
            var through = 0
            for x in bytes.indices {
                if through < starts.count && starts[through] == x { through += 1 }
                XCTAssertEqual(map.startsThrough(x), through, "seed \(seed) chunk \(index) byte \(x)")
                let snapped = chunk.graphemeBoundary(atOrBefore: x)
                XCTAssertEqual(snapped.utf8, starts[through - 1], "seed \(seed) chunk \(index) byte \(x)")
                XCTAssertEqual(snapped.graphemes, through - 1, "seed \(seed) chunk \(index) byte \(x)")
            }
        }
    }

    /// Lookups that each land within ±`step` clusters of the previous one (so that chunks get
    /// mapped and looked up from the cache) against the breaker over the whole text, with edits
    /// near the walk between them (each retires the cache).
    func testNearbyLookupsMatchTheBreakerThroughEdits() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 33)
        print("ClusterStartCacheTests seed \(seed)")
        var doc = try TextDocument(validatingUTF8: randomBytes(40_000, using: &rng))
        var starts = clusterStarts(Array(doc.string.utf8))
        var at = Int.random(in: 0...doc.count, using: &rng)
        for step in 0..<6000 {
            let reach = step % 1000 < 500 ? 100 : 8
            at = min(max(at + Int.random(in: -reach...reach, using: &rng), 0), doc.count)
            let want = at < starts.count ? starts[at] : doc.count(in: .utf8)
            XCTAssertEqual(doc.position(at: at)?.utf8Offset, want, "seed \(seed) step \(step) offset \(at)")
            if step % 150 == 149 {
                let length = Int.random(in: 0...2, using: &rng)
                let range = at..<min(at + length, doc.count)
                let text = GraphemePointTests.pieces.randomElement(using: &rng)!
                _ = try doc.replace(range, in: .grapheme, withText: text)
                starts = clusterStarts(Array(doc.string.utf8))
                at = min(at, doc.count)
            }
        }
    }

    /// An edit inside one chunk that keeps every count of it but moves a cluster start: a cached
    /// map of that chunk must not answer after it, nor after later edits elsewhere (an edit may
    /// copy the root, and a later one may get the old root's address back).
    func testEditThatKeepsTheCountsRetiresTheMaps() throws {
        let filler = String(repeating: "中文字", count: 20)
        var doc = TextDocument(filler + "ab\u{301}cd" + filler)
        let base = filler.count, byte = filler.utf8.count
        // Twice in the chunk: the second lookup maps it; then answers come from the map.
        for k in [base + 2, base + 1, base + 2, base + 3] { _ = doc.position(at: k) }
        XCTAssertEqual(doc.position(at: base + 2)?.utf8Offset, byte + 4)       // "c" after "a", "b\u{301}"
        // "b\u{301}c" -> "bc\u{301}": same bytes, scalars, UTF-16 units and clusters.
        let start = doc.position(at: base + 1)!, end = doc.position(at: base + 3)!
        _ = try doc.replace(TextRange(start: start, end: end), withText: "bc\u{301}")
        XCTAssertEqual(doc.string, filler + "abc\u{301}d" + filler)
        for round in 0..<6 {
            XCTAssertEqual(doc.position(at: base + 2)?.utf8Offset, byte + 2, "round \(round)")
            XCTAssertEqual(doc.position(at: base + 3)?.utf8Offset, byte + 5, "round \(round)")
            // An insertion and its deletion at the end: the text and its counts come back.
            let inserted = try doc.insert("z", at: doc.endOfDocument)
            _ = try doc.delete(inserted)
        }
    }

    /// The cache itself: an entry answers for its tree and epoch only, and `fingerForEdit()`
    /// on a document that owns its finger (an edit that keeps the box, and perhaps the root)
    /// retires every entry.
    func testEntriesAnswerForTheirTreeAndEpochOnly() {
        let bytes = Array("ab\u{301}c中d".utf8)
        let map = bytes.withUnsafeBufferPointer { ClusterStartMap($0) }
        let cache = ClusterStartCache()
        cache.insert(map, utf8: 1000, graphemes: 500, bytes: bytes.count, clusters: 5, root: 7)
        XCTAssertEqual(cache.utf8Offset(ofGrapheme: 502, root: 7), 1000 + 4)
        XCTAssertEqual(cache.utf8Offset(ofGrapheme: 505, root: 7), 1000 + bytes.count)   // the chunk's end
        XCTAssertNil(cache.utf8Offset(ofGrapheme: 499, root: 7))
        XCTAssertNil(cache.utf8Offset(ofGrapheme: 506, root: 7))
        XCTAssertNil(cache.utf8Offset(ofGrapheme: 502, root: 8))
        cache.retire()
        XCTAssertNil(cache.utf8Offset(ofGrapheme: 502, root: 7))

        let filler = String(repeating: "中文字", count: 20)
        var doc = TextDocument(filler + "ab\u{301}cd" + filler)
        let base = filler.count
        for k in [base + 2, base + 1] { _ = doc.position(at: k) }
        let cached = doc.finger.clusterStartCache!._withUnsafeGuaranteedRef { $0 }
        XCTAssertEqual(cached.utf8Offset(ofGrapheme: base + 2, root: doc.rootID), filler.utf8.count + 4)
        doc.fingerForEdit()
        XCTAssertNil(cached.utf8Offset(ofGrapheme: base + 2, root: doc.rootID))
    }

    /// A copy shares the finger and its maps until one of the two is edited: each must answer
    /// for its own text.
    func testCopiesAnswerForTheirOwnText() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 34)
        print("ClusterStartCacheTests seed \(seed)")
        let original = try TextDocument(validatingUTF8: randomBytes(8000, using: &rng))
        let starts = clusterStarts(Array(original.string.utf8))
        let middle = original.count / 2
        for k in 0..<40 { _ = original.position(at: middle + k % 7) }     // maps chunks near the middle
        var copy = original
        _ = try copy.replace(middle..<(middle + 1), in: .grapheme, withText: "e\u{301}\u{302}xy")
        let copyStarts = clusterStarts(Array(copy.string.utf8))
        for k in (middle - 30)..<(middle + 30) {
            XCTAssertEqual(original.position(at: k)?.utf8Offset, starts[k], "seed \(seed) original \(k)")
            XCTAssertEqual(copy.position(at: k)?.utf8Offset, copyStarts[k], "seed \(seed) copy \(k)")
        }
    }

    /// Copies walking near each other on several threads at once share one cache (run under
    /// `swift test --sanitize=thread` to check that the entries' seqlocks do not race).
    func testConcurrentNearbyLookups() async throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 35)
        print("ClusterStartCacheTests seed \(seed)")
        let doc = try TextDocument(validatingUTF8: randomBytes(60_000, using: &rng))
        let starts = clusterStarts(Array(doc.string.utf8))
        let count = doc.count
        let walkSeed = seed
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                let copy = doc
                group.addTask {
                    var walker = SeededGenerator(seed: walkSeed &+ UInt64(task))
                    var at = count / 2 + task * 50
                    var bad = 0
                    for _ in 0..<3000 {
                        at = min(max(at + Int.random(in: -100...100, using: &walker), 0), count)
                        let want = at < starts.count ? starts[at] : copy.count(in: .utf8)
                        if copy.position(at: at)?.utf8Offset != want { bad += 1 }
                    }
                    return bad
                }
            }
            var total = 0
            for await bad in group { total += bad }
            return total
        }
        XCTAssertEqual(mismatches, 0, "seed \(seed)")
    }
}
