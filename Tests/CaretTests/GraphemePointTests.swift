import XCTest
@testable import Caret

/// Grapheme offset -> point inside a chunk (`TextChunk.point(ofGrapheme:near:)`, its scan
/// `scanToGrapheme` and the scalar stepping `UTF8Scalars.step`) against simple models: the
/// cluster starts the breaker reports over the whole chunk, and scalar counts from its prefix.
final class GraphemePointTests: XCTestCase {
    /// Pieces that exercise every rule the scan's shortcuts must respect: ASCII runs (the
    /// eight-byte path) after CR, after Prepend and before combining marks; CR LF; flags; emoji
    /// ZWJ sequences; Hangul jamo; Indic conjuncts; controls; four-byte scalars.
    static let pieces: [String] = [
        "a", "abcdefghijklmnopq", "01234567", " ", "\t", "\n", "\r", "\r\n", "\r\n\r\nabcdefghij",
        "é", "e\u{301}", "abcdefgh\u{301}\u{302}", "\u{301}", "\u{200D}", "中文字", "👍🏽", "🇫🇷", "🇫", "🇫🇷🇩",
        "👨\u{200D}👩\u{200D}👧", "\u{200D}👍", "क्ष", "क\u{94D}\u{200D}ष", "नमस्ते", "क्", "\u{903}",
        "\u{600}", "\u{600}abcdefghijk", "\u{D4E}क", "\u{1100}\u{1161}\u{11A8}", "한국어", "\u{1161}",
        "\u{1}", "\u{7F}", "\u{C}", "\r\u{C}\u{C}ab", "\u{2028}", "\u{1D400}", "ภาษาไทย", "ש", "\u{FE0F}", "😀",
    ]

    /// The cluster starts of `bytes` as the breaker reports them, from its first byte.
    func clusterStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { p in forEachGraphemeStart(in: p) { starts.append($0); return true } }
        return starts
    }

    /// Scalars and UTF-16 units in the first `x` bytes.
    func units(_ bytes: [UInt8], before x: Int) -> (scalars: Int, utf16: Int) {
        let prefix = Array(bytes[..<x])
        let s = String(decoding: prefix, as: UTF8.self)
        return (s.unicodeScalars.count, s.utf16.count)
    }

    /// Checks `got` as the point of cluster `k` of `bytes` (the end when `k` is past the last).
    func check(_ got: ChunkPoint, _ bytes: [UInt8], _ starts: [Int], _ k: Int, _ what: @autoclosure () -> String) {
        let x = k < starts.count ? starts[max(k, 0)] : bytes.count
        XCTAssertEqual(got.utf8, x, what())
        XCTAssertEqual(got.graphemes, min(max(k, 0), starts.count), what())
        if got.knowsScalars {
            let u = units(bytes, before: x)
            XCTAssertEqual(got.scalars, u.scalars, what() + " scalars")
            XCTAssertEqual(got.utf16, u.utf16, what() + " utf16")
        } else {
            XCTAssertEqual(got.utf16, -1, what() + " unknown UTF-16 count")
        }
    }

    /// Near points of every kind: exact cluster starts (all counts known, or clusters only),
    /// scalar starts inside clusters (scalar counts only), and the start.
    func nearPoints(_ bytes: [UInt8], _ starts: [Int], using rng: inout SeededGenerator) -> [ChunkPoint] {
        var points: [ChunkPoint] = [.start, ChunkPoint(utf8: 0, utf16: -1, scalars: -1, graphemes: -1)]
        for _ in 0..<4 where !starts.isEmpty {
            let j = Int.random(in: 0..<starts.count, using: &rng)
            let u = units(bytes, before: starts[j])
            points.append(ChunkPoint(utf8: starts[j], utf16: u.utf16, scalars: u.scalars, graphemes: j))
            points.append(ChunkPoint(utf8: starts[j], utf16: -1, scalars: -1, graphemes: j))
            let leads = bytes.indices.filter { UTF8Scalars.isLead(bytes[$0]) }
            let y = leads.randomElement(using: &rng)!
            let v = units(bytes, before: y)
            points.append(ChunkPoint(utf8: y, utf16: v.utf16, scalars: v.scalars, graphemes: -1))
        }
        return points
    }

    func checkChunk(_ bytes: [UInt8], targets: Int, using rng: inout SeededGenerator, _ what: String) {
        let chunk = TextChunk(bytes)
        let starts = clusterStarts(bytes)
        XCTAssertEqual(starts.count, chunk.summary.graphemes, what)
        let nears = nearPoints(bytes, starts, using: &rng)
        let ks = targets >= starts.count + 2 ? Array(-1...(starts.count + 1))
            : (0..<targets).map { _ in Int.random(in: -1...(starts.count + 1), using: &rng) }
        for k in ks {
            for near in nears {
                check(chunk.point(ofGrapheme: k, near: near), bytes, starts, k, "\(what) k \(k) near \(near)")
            }
            XCTAssertEqual(chunk.utf8Offset(ofGrapheme: k), k < starts.count ? starts[max(k, 0)] : bytes.count, what)
        }
        // The start `n` clusters before the boundary at or before a byte (one scan from an anchor).
        let bounds = starts + [bytes.count]
        for _ in 0..<8 {
            let x = Int.random(in: 0...bytes.count, using: &rng)
            let n = Int.random(in: 1...40, using: &rng)
            let b = bounds.lastIndex { $0 <= x }!
            let expected: Int? = b - n >= 0 ? bounds[b - n] : nil
            XCTAssertEqual(chunk.clusterStart(n, clustersBefore: x), expected, "\(what) \(n) clusters before \(x)")
        }
        // The scan itself from every cluster start (counts known or not) to a few later clusters.
        bytes.withUnsafeBufferPointer { p in
            for j in starts.indices where j % max(1, starts.count / 40) == 0 {
                let u = units(bytes, before: starts[j])
                let from = ChunkPoint(utf8: starts[j], utf16: u.utf16, scalars: u.scalars, graphemes: j)
                for _ in 0..<3 {
                    let k = Int.random(in: j..<starts.count, using: &rng)
                    check(scanToGrapheme(k, in: p, from: from), bytes, starts, k, "\(what) scan \(j) -> \(k)")
                    var blind = from
                    (blind.utf16, blind.scalars) = (-1, -1)
                    check(scanToGrapheme(k, in: p, from: blind), bytes, starts, k, "\(what) scan \(j) -> \(k) blind")
                    if j > 0 {
                        let back = Int.random(in: 0..<j, using: &rng)
                        check(scanBackToGrapheme(back, in: p, from: blind), bytes, starts, back, "\(what) scan back \(j) -> \(back)")
                    }
                }
            }
            // Backwards from the end.
            for _ in 0..<3 where !starts.isEmpty {
                let k = Int.random(in: 0..<starts.count, using: &rng)
                let end = ChunkPoint(utf8: bytes.count, utf16: -1, scalars: -1, graphemes: starts.count)
                check(scanBackToGrapheme(k, in: p, from: end), bytes, starts, k, "\(what) scan back from the end -> \(k)")
            }
        }
    }

    func testRandomChunksMatchTheBreaker() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 13)
        print("GraphemePointTests seed \(seed)")
        for round in 0..<1500 {
            let count = Int.random(in: 1...(round % 4 == 0 ? 200 : 30), using: &rng)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            checkChunk(Array(text.utf8), targets: 60, using: &rng, "seed \(seed) round \(round)")
        }
    }

    func testCorpusChunksMatchTheBreaker() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 14)
        print("GraphemePointTests corpus seed \(seed)")
        for file in try BoundaryCorpus.files().files {
            let bytes = Array(file.text.utf8)
            // Windows of a standard chunk's size (whatever the build's limits) from random
            // cluster starts of the file, cut at a cluster start.
            let starts = clusterStarts(bytes) + [bytes.count]
            for window in 0..<min(8, bytes.count / 900 + 1) {
                let a = Int.random(in: 0..<(starts.count - 1), using: &rng)
                let b = starts[a...].firstIndex { $0 - starts[a] >= 896 } ?? starts.count - 1
                checkChunk(Array(bytes[starts[a]..<starts[b]]), targets: 12, using: &rng,
                           "seed \(seed) \(file.name) window \(window) at \(starts[a])")
            }
        }
    }

    func testScalarSteppingMatchesCounting() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 15)
        print("GraphemePointTests stepping seed \(seed)")
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            let leads = bytes.indices.filter { UTF8Scalars.isLead(bytes[$0]) }
            bytes.withUnsafeBufferPointer { p in
                for _ in 0..<20 {
                    let a = Int.random(in: 0..<leads.count, using: &rng), b = Int.random(in: 0..<leads.count, using: &rng)
                    let (utf8, supplementary) = UTF8Scalars.step(p, from: leads[a], scalars: a, to: b)
                    XCTAssertEqual(utf8, leads[b], "seed \(seed) round \(round) \(a) -> \(b)")
                    let between = Array(bytes[min(leads[a], leads[b])..<max(leads[a], leads[b])])
                    XCTAssertEqual(supplementary, between.filter { $0 >= 0xF0 }.count, "seed \(seed) round \(round)")
                }
            }
        }
    }
}
