import XCTest
@testable import Caret

/// Line endings: counted by kind, kept line by line, normalised on load or on save, whatever
/// the piece boundaries.
final class FilesLineEndingTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    func testCountsByKind() {
        let document = TextDocument("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g\u{0B}h\u{0C}i\r\n\r\r\n")
        XCTAssertEqual(document.lineEndingCounts, LineEndingCounts(lf: 1, crlf: 3, cr: 2, other: 5))
        XCTAssertEqual(document.lineEndingCounts.dominant, .crlf)
        XCTAssertTrue(document.lineEndingCounts.isMixed)
        XCTAssertNil(TextDocument("one line").lineEndingCounts.dominant)
        XCTAssertEqual(LineEndingCounts(lf: 2, crlf: 2).dominant, .lf)
        XCTAssertEqual(LineEndingCounts(crlf: 1, cr: 1).dominant, .crlf)
        XCTAssertFalse(LineEndingCounts(cr: 3, other: 1).isMixed)
    }

    /// The reference: every CR LF, CR and LF of `text` replaced by `ending`.
    func reference(_ text: [UInt8], _ ending: LineEnding) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            if text[i] == 0x0D {
                out += ending.utf8
                i += i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
            } else if text[i] == 0x0A {
                out += ending.utf8
                i += 1
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    func testRewriterMatchesTheReferenceAcrossEveryPieceBoundary() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0D, 0x0A, 0x61, 0x62, 0x0B, 0x0E, 0xFF]
        for _ in 0..<300 {
            // 0xFF and 0x0E test the eight-byte skip (no byte below 0x0E; 0xFF is no UTF-8, so
            // the document below only sees it as U+FFFD).
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            for ending in LineEnding.allCases {
                var rewriter = LineEndingRewriter(ending)
                var out: [UInt8] = []
                var start = 0
                while start < text.count {
                    let end = min(text.count, start + Int.random(in: 1...4, using: &generator))
                    text[start..<end].withUnsafeBufferPointer { rewriter.rewrite($0, into: &out) }
                    start = end
                }
                rewriter.flush(into: &out)
                XCTAssertEqual(out, reference(text, ending), "\(text) \(ending)")
                // Counting across pieces agrees with counting whole.
                var counter = LineEndingCounter()
                for k in text.indices { text[k...k].withUnsafeBufferPointer { counter.count($0) } }
                let document = TextDocument(String(decoding: text, as: UTF8.self))
                XCTAssertEqual(counter.finished(terminators: document.lineCount - 1), document.lineEndingCounts)
            }
        }
    }

    /// The counter on long texts (its sixteen-byte steps, the byte counters summed every 255
    /// steps) cut into pieces of any length, against a count made here byte by byte.
    func testCountsOfLongTextsInPiecesMatchAByteByByteCount() {
        var (rng, _) = SeededGenerator.fromEnvironment(default: 20_261_204)
        let alphabet: [UInt8] = [0x0D, 0x0A, 0x61, 0x0D, 0x0A, 0xE4, 0xB8, 0xAD, 0x0B]
        for round in 0..<60 {
            let length = round < 10 ? round * 17 : Int(rng.next() % 9_000)
            // Some texts are dense in endings, some sparse (long runs between them).
            let sparse = round % 3 == 0
            let text = (0..<length).map { _ -> UInt8 in
                sparse && rng.next() % 50 != 0 ? 0x61 : alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            var expected = LineEndingCounts()
            var i = 0
            while i < text.count {
                if text[i] == 0x0D {
                    if i + 1 < text.count && text[i + 1] == 0x0A { expected.crlf += 1; i += 1 } else { expected.cr += 1 }
                } else if text[i] == 0x0A {
                    expected.lf += 1
                }
                i += 1
            }
            var counter = LineEndingCounter()
            var start = 0
            while start < text.count {
                let end = min(text.count, start + 1 + Int(rng.next() % (rng.next() % 2 == 0 ? 8 : 700)))
                text[start..<end].withUnsafeBufferPointer { counter.count($0) }
                start = end
            }
            let counted = counter.finished(terminators: expected.lf + expected.crlf + expected.cr)
            XCTAssertEqual(counted, expected, "round \(round), \(text.count) bytes")
        }
    }

    func testMixedEndingsKeptOrNormalisedOnLoadAndSave() throws {
        let path = "\(directory)/mixed.txt"
        let bytes = Array("one\ntwo\r\nthree\rfour\r\n".utf8)
        FileTestSupport.write(bytes, to: path)
        let kept = try TextFile(contentsOfFile: path)
        XCTAssertEqual(kept.format.lineEndings, LineEndingCounts(lf: 1, crlf: 2, cr: 1))
        XCTAssertEqual(kept.format.lineEndings.dominant, .crlf)
        XCTAssertEqual(kept.document.string, "one\ntwo\r\nthree\rfour\r\n")

        let normalised = try TextFile(contentsOfFile: path, options: .init(lineEndings: .lf))
        XCTAssertEqual(normalised.document.string, "one\ntwo\nthree\nfour\n")
        XCTAssertEqual(normalised.format.lineEndings, kept.format.lineEndings, "the format reports the file as it was")

        let out = "\(directory)/out.txt"
        try kept.write(toFile: out)
        XCTAssertEqual(FileTestSupport.read(out), bytes)
        try kept.write(toFile: out, options: .init(lineEndings: .crlf))
        XCTAssertEqual(FileTestSupport.read(out), Array("one\r\ntwo\r\nthree\r\nfour\r\n".utf8))
        try kept.write(toFile: out, options: .init(encoding: "UTF-16BE", lineEndings: .cr))
        XCTAssertEqual(FileTestSupport.read(out), FileTestSupport.iconvEncode("one\rtwo\rthree\rfour\r", to: "UTF-16BE"))
    }
}
