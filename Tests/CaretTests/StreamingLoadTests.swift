import XCTest
@testable import Caret
@_spi(Testing) import Caret

/// The streaming load (`TextDocument.Loader`, `init(validatingUTF8Pieces:)`,
/// `init(contentsOfFile:)`) against `init(validatingUTF8:)` of the same bytes: the same text,
/// counts, chunks and errors, whatever the pieces split. `SEED=n` replays the random part.
/// The storage is the build's: standard chunks, or tiny ones with `--traits TinyShapes`.
final class StreamingLoadTests: XCTestCase {
    static let pieceSizes = [1, 2, 3, 7, 64]
    /// Short cases run as they are and after `ChunkLimits.maxBytes - 3` bytes of ASCII, so that
    /// they straddle the first cut in either build (the cut is only looked for once more than
    /// `maxBytes` bytes follow the previous one).
    static let paddings = [0, ChunkLimits.maxBytes - 3]

    static func padded(_ bytes: [UInt8], _ padding: Int) -> [UInt8] {
        Array(repeating: 0x61, count: padding) + bytes
    }

    /// `bytes` cut into pieces at `cuts` (sorted offsets).
    static func pieces(_ bytes: [UInt8], cuts: [Int]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            result.append(bytes[start..<cut])
            start = cut
        }
        return result
    }

    static func pieces(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        pieces(bytes, cuts: Array(stride(from: size, to: bytes.count, by: size)))
    }

    /// Loads `pieces` and checks the result against the whole-buffer load: equal documents with
    /// equal counts and chunks and a valid structure, or the same error.
    func check(_ bytes: [UInt8], _ pieces: [ArraySlice<UInt8>],
               _ label: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = Result { () throws(TextError) in try TextDocument(validatingUTF8: bytes) }
        let streamed = Result { () throws(TextError) in try TextDocument(validatingUTF8Pieces: pieces) }
        switch (expected, streamed) {
        case (.failure(let e), .failure(let s)):
            XCTAssertEqual(s, e, "\(label()): error", file: file, line: line)
        case (.success(let e), .success(let s)):
            XCTAssertEqual(s, e, "\(label()): text", file: file, line: line)
            for unit in [TextUnit.grapheme, .unicodeScalar, .utf16, .utf8] {
                XCTAssertEqual(s.count(in: unit), e.count(in: unit), "\(label()): count in \(unit)", file: file, line: line)
            }
            XCTAssertEqual(s.lineCount, e.lineCount, "\(label()): lines", file: file, line: line)
            XCTAssertEqual(Array(s.utf8Chunks), Array(e.utf8Chunks), "\(label()): chunks", file: file, line: line)
            XCTAssertEqual(Array(s.utf8Chunks).flatMap { $0 }, bytes, "\(label()): bytes", file: file, line: line)
            s._checkInvariants()
        default:
            XCTFail("\(label()): whole load \(expected), streamed \(streamed)", file: file, line: line)
        }
    }

    /// Every piece size, with each padding.
    func checkAllSizes(_ bytes: [UInt8], _ label: String, sizes: [Int] = pieceSizes,
                       file: StaticString = #filePath, line: UInt = #line) {
        for padding in Self.paddings {
            let bytes = Self.padded(bytes, padding)
            for size in sizes {
                check(bytes, Self.pieces(bytes, size: size), "\(label) after \(padding) bytes, pieces of \(size)",
                      file: file, line: line)
            }
        }
    }

    static let hardCases: [(String, [UInt8])] = [
        ("4-byte scalars", Array("a𝒜𝒜😀\u{10FFFF}b".utf8)),
        ("CR LF", Array("a\r\nb\r\n\r\n\r\r\n\n".utf8)),
        ("combining marks", Array("e\u{301}\u{302}\u{303}x\u{308}\u{20DD}".utf8)),
        ("flags", Array("🇫🇷🇺🇸🇯🇵🇯x".utf8)),
        ("ZWJ emoji", Array("👨‍👩‍👧‍👦👍🏽❤\u{FE0F}👩\u{200D}".utf8)),
        ("Hangul jamo", Array("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1100}\u{1161}각".utf8)),
        ("Indic conjuncts", Array("क्षिक्\u{200D}ष".utf8)),
        ("line terminators", Array("a\u{85}b\u{2028}c\u{2029}d\u{0B}e\u{0C}f".utf8)),
        ("long cluster", Array(("a" + String(repeating: "\u{301}", count: 1500) + "b").utf8)),
        ("long flag run", Array(String(repeating: "🇯", count: 301).utf8)),
        ("empty", []),
    ]

    func testHardCasesWithEveryPieceSize() {
        for (name, bytes) in Self.hardCases {
            checkAllSizes(bytes, name)
            // Shifted by 0–7 bytes, so that each piece size cuts at every offset of the case.
            for shift in 1..<8 {
                checkAllSizes(Array(repeating: 0x61, count: shift) + bytes, "\(name) after \(shift)")
            }
        }
    }

    func testHardCasesSplitAtEveryOffset() {
        for (name, bytes) in Self.hardCases where bytes.count < 200 {
            for k in 0...bytes.count {
                check(bytes, Self.pieces(bytes, cuts: [k]), "\(name) split at \(k)")
                for j in k...bytes.count where (j - k) % 3 == 0 {
                    check(bytes, Self.pieces(bytes, cuts: [k, j]), "\(name) split at \(k), \(j)")
                }
            }
            // Straddling the first cut: one split at every offset of the case.
            let padding = Self.paddings.last!
            let long = Self.padded(bytes, padding)
            for k in padding...long.count {
                check(long, Self.pieces(long, cuts: [k]), "\(name) after \(padding) bytes, split at \(k)")
            }
        }
    }

    static let illFormed: [[UInt8]] = [
        [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0x80], [0xBF, 0x41], [0xE2, 0x82, 0x41],
        [0xF0, 0x9F, 0x98, 0x41], [0xC3, 0xC3, 0xA9], [0xE2, 0x28, 0xA1],
    ]

    func testIllFormedSequencesAtPieceEdges() {
        let prefix = Array("ok é 𝒜".utf8), suffix = Array(" tail".utf8)
        for bad in Self.illFormed {
            let bytes = prefix + bad + suffix
            checkAllSizes(bytes, "\(bad)")
            for k in 0...bytes.count {
                check(bytes, Self.pieces(bytes, cuts: [k]), "\(bad) split at \(k)")
            }
            // The error names the offset in the whole text, not in a piece.
            XCTAssertThrowsError(try TextDocument(validatingUTF8Pieces: Self.pieces(bytes, size: 1))) { error in
                XCTAssertEqual((error as? TextError)?.offset, prefix.count, "\(bad)")
            }
        }
    }

    func testTruncatedFinalScalarAndEmptyInput() throws {
        for tail: [UInt8] in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xF0], [0xF4, 0x8F, 0xBF]] {
            let bytes = Array("abc\r".utf8) + tail
            checkAllSizes(bytes, "truncated \(tail)")
            var loader = TextDocument.Loader()
            try loader.append(bytes)
            XCTAssertEqual(loader.byteCount, bytes.count)
            XCTAssertThrowsError(try loader.finish()) { error in
                XCTAssertEqual(error as? TextError, TextError(.invalidUTF8(reason: .truncatedSequence), byteOffset: 4))
            }
        }
        // No pieces, empty pieces.
        XCTAssertEqual(try TextDocument(validatingUTF8Pieces: [[UInt8]]()), TextDocument())
        XCTAssertEqual(try TextDocument(validatingUTF8Pieces: [[UInt8]](repeating: [], count: 5)), TextDocument())
        try TextDocument(validatingUTF8Pieces: [[], Array("x".utf8), []])._checkInvariants()
    }

    func testAnErrorSticks() throws {
        var loader = TextDocument.Loader()
        try loader.append(Array("ab".utf8))
        XCTAssertThrowsError(try loader.append([0xFF]))
        // Later pieces, even valid ones, and finishing throw the first error again.
        XCTAssertThrowsError(try loader.append(Array("cd".utf8))) { error in
            XCTAssertEqual(error as? TextError, TextError(.invalidUTF8(reason: .invalidByte), byteOffset: 2))
        }
        XCTAssertThrowsError(try loader.finish()) { error in
            XCTAssertEqual((error as? TextError)?.offset, 2)
        }
    }

    func testSamplesWithEveryPieceSize() throws {
        let root = BoundaryCorpus.repositorySamples
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".txt") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            guard let data = FileManager.default.contents(atPath: root + "/" + name) else { throw MissingData(path: name) }
            checkAllSizes([UInt8](data), name)
            let fromFile = try TextDocument(contentsOfFile: root + "/" + name)
            XCTAssertEqual(fromFile, try TextDocument(validatingUTF8: data), name)
        }
    }

    func testRandomTextsAndPieces() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 11)
        print("StreamingLoadTests seed \(seed) (SEED=\(seed) replays)")
        for round in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...400, using: &rng) {
                bytes += Array(troubleAlphabet.randomElement(using: &rng)!.utf8)
            }
            // One text in five gets an ill-formed sequence somewhere.
            if Int.random(in: 0..<5, using: &rng) == 0 {
                let bad = Self.illFormed.randomElement(using: &rng)!
                bytes.insert(contentsOf: bad, at: Int.random(in: 0...bytes.count, using: &rng))
            }
            let size = Self.pieceSizes.randomElement(using: &rng)!
            check(bytes, Self.pieces(bytes, size: size), "round \(round) pieces of \(size) (SEED=\(seed))")
            var cuts = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 0...bytes.count, using: &rng) }
            cuts.sort()
            check(bytes, Self.pieces(bytes, cuts: cuts), "round \(round) cuts \(cuts) (SEED=\(seed))")
        }
    }

    func testFilesAcrossReadsAndFileErrors() throws {
        // More than two reads, with multi-byte scalars, CR LF and clusters across read edges.
        var text = ""
        var k = 0
        while text.utf8.count < 2 * TextDocument.fileReadSize + 12_345 {
            text += troubleAlphabet[k % troubleAlphabet.count]
            k += 7
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("caret-streaming-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let document = try TextDocument(contentsOfFile: path)
        XCTAssertEqual(document, TextDocument(text))
        XCTAssertEqual(Array(document.utf8Chunks), Array(TextDocument(text).utf8Chunks))
        document._checkInvariants()

        XCTAssertThrowsError(try TextDocument(contentsOfFile: path + ".missing")) { error in
            XCTAssertEqual((error as? TextError)?.kind, .unreadableFile(errno: ENOENT))
        }
        XCTAssertThrowsError(try TextDocument(contentsOfFile: FileManager.default.temporaryDirectory.path)) { error in
            XCTAssertEqual((error as? TextError)?.kind, .unreadableFile(errno: EISDIR))
            XCTAssertTrue("\(error)".contains("cannot read"), "\(error)")
        }
    }

    func testRopeBuilderMatchesInitChunks() {
        builderMatchesInitChunks(FanOut4.self)
        builderMatchesInitChunks(FanOut5.self)
        builderMatchesInitChunks(FanOut4Leaves7.self)
        builderMatchesInitChunks(FanOut9Leaves4.self)
        builderMatchesInitChunks(FanOut32.self)
    }

    func builderMatchesInitChunks<Fan: ToyFanOut>(_: Fan.Type) {
        for count in Array(0...300) + [1023, 1024, 1025, 2048, 4097] {
            let items = (0..<count).map { RopeTests.Item<Fan>(value: $0 % 9 + 1) }
            var builder = Rope<RopeTests.Item<Fan>>.Builder()
            for item in items { builder.append(item) }
            let rope = builder.finish()
            rope.checkInvariants()
            XCTAssertEqual(rope.chunks.map(\.value), items.map(\.value), "\(count) items, \(Fan.maxChunks) per leaf, \(Fan.maxChildren) per branch")
            XCTAssertEqual(rope.summary, Rope(chunks: items).summary)
        }
    }
}
