import XCTest
@testable import Caret

/// `position(from:offset:)` by clusters, whose short steps scan from the position itself
/// (`TextChunk.boundary(in:steppingFrom:by:)`), against the same step made by counting:
/// `position(at: offset(of: p) + k)`. Every cluster start and places inside clusters, steps
/// both ways up to past the scan's limit, in texts whose clusters are short, long (a base with
/// hundreds of marks, runs of flags) or ASCII with CR LF, so that steps end inside chunks, at
/// their ends and past them.
final class PositionStepTests: XCTestCase {
    /// What a step by `k` clusters from `p` gives by counting (nil outside the text).
    func counted(_ doc: TextDocument, from p: TextPosition, by k: Int) -> TextPosition? {
        guard let start = doc.offset(of: p) else { return nil }
        return doc.position(at: start + k)
    }

    func checkSteps(_ text: String, _ label: String, rng: inout SeededGenerator) {
        let doc = TextDocument(text)
        let steps = [0, 1, -1, 2, -2, 3, -3, 7, -7, TextChunk.stepLimit, -TextChunk.stepLimit,
                     TextChunk.stepLimit + 1, -TextChunk.stepLimit - 1]
        var failures = 0
        for i in 0...doc.count {
            let p = doc.position(at: i)!
            for k in steps + [Int.random(in: -200...200, using: &rng)] {
                let got = doc.position(from: p, offset: k), want = counted(doc, from: p, by: k)
                if got != want {
                    failures += 1
                    if failures <= 5 { XCTFail("\(label): cluster \(i) + \(k): \(String(describing: got)) != \(String(describing: want))") }
                }
            }
        }
        // Places that are not cluster starts (inside a cluster, inside a scalar): snapped back
        // to the cluster's start first.
        let bytes = doc.count(in: .utf8)
        for _ in 0..<2000 {
            let p = TextPosition(utf8Offset: Int.random(in: 0...bytes, using: &rng))
            let k = Int.random(in: -70...70, using: &rng)
            let got = doc.position(from: p, offset: k), want = counted(doc, from: p, by: k)
            if got != want {
                failures += 1
                if failures <= 5 { XCTFail("\(label): byte \(p.utf8Offset) + \(k): \(String(describing: got)) != \(String(describing: want))") }
            }
        }
        XCTAssertEqual(failures, 0, label)
    }

    func testShortStepsMatchCountedSteps() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 77)
        print("PositionStepTests seed \(seed)")
        let mixed = (0..<4000).map { _ in FingerTests.alphabet.randomElement(using: &rng)! }.joined()
        checkSteps(mixed, "mixed", rng: &rng)
        let ascii = (0..<6000).map { _ in ["a", "b", " ", "\r\n", "\n", "\r"].randomElement(using: &rng)! }.joined()
        checkSteps(ascii, "ASCII with CR LF", rng: &rng)
        // Clusters longer than a chunk's share and runs that pair up across chunks.
        let long = (0..<60).map { n -> String in
            switch n % 4 {
            case 0: "e" + String(repeating: "\u{301}", count: Int.random(in: 1...700, using: &rng))
            case 1: String(repeating: "🇫🇷", count: Int.random(in: 1...400, using: &rng)) + "🇯"
            case 2: String(repeating: "👨‍👩‍👧‍👦", count: Int.random(in: 1...60, using: &rng))
            default: String(repeating: "क्ष", count: Int.random(in: 1...90, using: &rng)) + "\r\n"
            }
        }.joined()
        checkSteps(long, "long clusters", rng: &rng)
        // One cluster far over a chunk's size, between short ones: a chain of 3,000 joined
        // emoji (GB11), stepped over whole.
        let chain = "ab" + Array(repeating: "😀", count: 3000).joined(separator: "\u{200D}") + "cd"
        let doc = TextDocument(chain)
        XCTAssertEqual(doc.count, 5)
        for i in 0...5 {
            for k in -6...6 {
                let p = doc.position(at: i)!
                XCTAssertEqual(doc.position(from: p, offset: k), counted(doc, from: p, by: k), "chain: \(i) + \(k)")
            }
        }
        // Places inside it snap to its start: a scan from the chunk's start, once (the breaker
        // the scan keeps for joiners is fed on, not again from the cluster's start at each).
        for _ in 0..<50 {
            let p = TextPosition(utf8Offset: Int.random(in: 3..<(chain.utf8.count - 2), using: &rng))
            XCTAssertEqual(doc.position(from: p, offset: 1)?.utf8Offset, chain.utf8.count - 2)
            XCTAssertEqual(doc.position(from: p, offset: -1)?.utf8Offset, 1)
        }
    }
}

extension PositionStepTests {
    /// The boundary helpers that search, Backspace, text units and widths use, against the
    /// document's cluster starts as `graphemeRanges` lists them.
    func testBoundaryHelpersMatchTheClusterStarts() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 78)
        print("PositionStepTests boundaries seed \(seed)")
        var texts = [(0..<3000).map { _ in FingerTests.alphabet.randomElement(using: &rng)! }.joined()]
        texts.append((0..<40).map { n in
            n % 2 == 0 ? "e" + String(repeating: "\u{301}", count: Int.random(in: 1...500, using: &rng))
                : String(repeating: "🇫🇷", count: Int.random(in: 1...300, using: &rng)) + "\r\n"
        }.joined())
        for text in texts {
            let doc = TextDocument(text)
            let bytes = doc.count(in: .utf8)
            var starts = doc.graphemeRanges.map { $0.start.utf8Offset }
            starts.append(bytes)
            let isStart = Set(starts)
            var failures: [String] = []
            var next = 0                                    // the first start after byte x
            var previous = 0                                // the last start before byte x
            for x in 0...bytes {
                while next < starts.count && starts[next] <= x { next += 1 }
                if doc.isGraphemeBoundary(x) != isStart.contains(x) { failures.append("isBoundary \(x)") }
                if x < bytes, doc.graphemeBoundary(after: x) != starts[next] { failures.append("after \(x)") }
                if x > 0, doc.graphemeBoundary(before: x) != previous { failures.append("before \(x)") }
                if isStart.contains(x) { previous = x }
            }
            XCTAssertEqual(Array(failures.prefix(5)), [], "\(failures.count) failures")
            XCTAssertFalse(doc.isGraphemeBoundary(-1))
            XCTAssertFalse(doc.isGraphemeBoundary(bytes + 1))
        }
    }
}
