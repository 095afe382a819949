import XCTest
@testable import Caret
@_spi(Testing) import Caret

/// A long text's load in cells (`ChunkCells`, measured on several threads) and its parallel
/// UTF-8 check (`UTF8Validation.checkInParallel`), in the build's own storage: every chunk seam
/// a cluster boundary of the whole text (`checkInvariants` runs one breaker over all of it), the
/// same chunks whole and streamed, and the same first error as a check front to back.
/// `SEED=n` replays the random part.
final class LoadCellTests: XCTestCase {
    /// Runs that only context settles, put across grid points: a split there must wait for a
    /// boundary the scalars confirm, or not happen.
    static let hardRuns: [String] = [
        String(repeating: "🇯🇵", count: 40) + "🇯",
        "a" + String(repeating: "\u{301}", count: 300),
        "\r\n\r\n\r",
        "👨‍👩‍👧‍👦👍🏽❤\u{FE0F}👩\u{200D}👩",
        "क्षिक्\u{200D}षक्ष",
        "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1100}\u{1161}각",
        "\u{600}\u{600}a",   // Prepend (Arabic number sign) before a letter
    ]

    /// About `cells` grid steps of text from the trouble alphabet, with a hard run ending just
    /// after, at, or just before each grid point (offsets in `shifts`, cycled).
    static func longText(cells: Int, rng: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        let size = ChunkCells.size
        for k in 1...cells {
            let run = Array(hardRuns[k % hardRuns.count].utf8)
            let target = k * size + Int.random(in: -run.count...8, using: &rng)
            while bytes.count < target - run.count {
                bytes += Array(troubleAlphabet.randomElement(using: &rng)!.utf8)
            }
            bytes += run
        }
        return bytes
    }

    func testLongTextsLoadWholeAndStreamedIntoTheSameSoundChunks() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 5)
        print("LoadCellTests seed \(seed) (SEED=\(seed) replays)")
        for round in 0..<3 {
            let bytes = Self.longText(cells: 6, rng: &rng)
            let whole = try TextDocument(validatingUTF8: bytes)
            whole._checkInvariants()
            XCTAssertEqual(Array(whole.utf8Chunks).flatMap { $0 }, bytes, "round \(round): bytes (SEED=\(seed))")
            // The counts of one breaker run over the whole text.
            let measured = bytes.withUnsafeBufferPointer { TextSummary.measure($0) }
            XCTAssertEqual(whole.count, measured.graphemes, "round \(round): clusters (SEED=\(seed))")
            XCTAssertEqual(whole.count(in: .utf16), measured.utf16, "round \(round): UTF-16 (SEED=\(seed))")
            XCTAssertEqual(whole.lineCount, measured.lines + 1, "round \(round): lines (SEED=\(seed))")
            // Streamed in random pieces, some smaller than a scalar, some larger than a cell.
            var pieces: [ArraySlice<UInt8>] = []
            var start = 0
            while start < bytes.count {
                let length = [1, 3, 1000, ChunkCells.size / 3, 2 * ChunkCells.size + 5].randomElement(using: &rng)!
                let end = min(bytes.count, start + length)
                pieces.append(bytes[start..<end])
                start = end
            }
            let streamed = try TextDocument(validatingUTF8Pieces: pieces)
            XCTAssertEqual(Array(streamed.utf8Chunks), Array(whole.utf8Chunks), "round \(round): chunks (SEED=\(seed))")
        }
    }

    func testAGridPointInsideARunThatContextSettlesSplitsNothingThere() throws {
        // Flags across the first three grid points, then plain text: no split inside the flags.
        let size = ChunkCells.size
        let flags = String(repeating: "🇯🇵", count: (3 * size) / 8 + 1)
        let bytes = Array((flags + String(repeating: "x", count: size)).utf8)
        let document = try TextDocument(validatingUTF8: bytes)
        document._checkInvariants()
        XCTAssertEqual(document.count, (3 * size) / 8 + 1 + size)
    }

    func testTheParallelCheckFindsTheFirstErrorAsTheSequentialOne() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 9)
        let n = 5 * UTF8Validation.parallelPartBytes + 123
        var base: [UInt8] = []
        while base.count < n { base += Array(troubleAlphabet.randomElement(using: &rng)!.utf8) }
        let parts = base.count / UTF8Validation.parallelPartBytes
        // Near each part boundary and at random places, one or two bad sequences.
        var places: [Int] = []
        for k in 1..<parts {
            let edge = k * (base.count / parts)
            places += (-4...4).map { edge + $0 }
        }
        places += (0..<20).map { _ in Int.random(in: 0..<base.count, using: &rng) }
        for place in places {
            var bytes = base
            let bad = StreamingLoadTests.illFormed.randomElement(using: &rng)!
            bytes.insert(contentsOf: bad, at: place)
            if Bool.random(using: &rng) {
                bytes.insert(contentsOf: StreamingLoadTests.illFormed.randomElement(using: &rng)!,
                             at: Int.random(in: place...bytes.count, using: &rng))
            }
            for complete in [true, false] {
                let (parallel, sequential) = bytes.withUnsafeBufferPointer {
                    (UTF8Validation.checkInParallel($0, isComplete: complete), UTF8Validation.check($0, isComplete: complete))
                }
                XCTAssertEqual(parallel.validEnd, sequential.validEnd, "bad at \(place) (SEED=\(seed))")
                XCTAssertEqual(parallel.error, sequential.error, "bad at \(place) (SEED=\(seed))")
            }
        }
        // Valid text, and valid text cut inside its last scalar.
        for cut in 0...3 {
            let bytes = Array((String(decoding: base, as: UTF8.self) + "𝒜").utf8.dropLast(cut))
            for complete in [true, false] {
                let (parallel, sequential) = bytes.withUnsafeBufferPointer {
                    (UTF8Validation.checkInParallel($0, isComplete: complete), UTF8Validation.check($0, isComplete: complete))
                }
                XCTAssertEqual(parallel.validEnd, sequential.validEnd, "cut \(cut), complete \(complete)")
                XCTAssertEqual(parallel.error, sequential.error, "cut \(cut), complete \(complete)")
            }
        }
    }
}
