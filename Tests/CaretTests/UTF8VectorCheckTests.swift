import XCTest
@testable import Caret

/// `UTF8Validation.check` asks CaretSIMD's vector check first for pieces of 64 bytes or more; it
/// must give exactly what the sequence-by-sequence check gives (where the valid part ends, the
/// error's reason and offset), wherever a problem sits relative to the check's 16-byte blocks,
/// in ASCII or in other scripts, complete or cut anywhere.
final class UTF8VectorCheckTests: XCTestCase {
    /// Bytes that reach every class of the check: ASCII and the edges of every range of Table 3-7.
    static let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF]

    func testTheVectorCheckAnswersOnX86() throws {
        #if arch(x86_64)
        let text = Array(String(repeating: "plain ASCII, é, 👍🏽; 中", count: 8).utf8)
        text.withUnsafeBufferPointer { XCTAssertEqual(UTF8Validation.wellFormedPrefix($0), text.count) }
        // A piece cut inside its last sequence (中 without its last byte): well formed up to
        // that sequence's lead.
        let cut = Array(text.dropLast())
        cut.withUnsafeBufferPointer { XCTAssertEqual(UTF8Validation.wellFormedPrefix($0), cut.count - 2) }
        // Ill formed: the automaton decides.
        let bad = text + [0xC0, 0x80] + text
        bad.withUnsafeBufferPointer { XCTAssertNil(UTF8Validation.wellFormedPrefix($0)) }
        #else
        throw XCTSkip("the vector check is x86-64's")
        #endif
    }

    func testEveryTwoByteStringAtEveryPlace() {
        for a in 0..<256 {
            for b in 0..<256 {
                placedEverywhere([UInt8(a), UInt8(b)], places: [15, 78])
            }
        }
    }

    func testThreeAndFourByteStringsOfEdgeBytes() {
        // Every byte a lead or continuation can be, and ASCII (which the check sees by its high
        // half only: three stand for it), then edge bytes.
        let firsts = [UInt8(0x00), 0x41, 0x7F] + Array(0x80...0xFF)
        for a in firsts {
            for b in Self.edges {
                for c in Self.edges { placedEverywhere([a, b, c], places: [14, 15, 77]) }
            }
        }
        let lasts: [UInt8] = [0x41, 0x80, 0xBF, 0xC2, 0xF0]
        for a: UInt8 in [0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5] {
            for b in Self.edges {
                for c in lasts {
                    for d in lasts { placedEverywhere([a, b, c, d], places: [12, 13, 14, 76]) }
                }
            }
        }
    }

    func testRandomTextsWithBytesChangedOrCut() {
        var (rng, _) = SeededGenerator.fromEnvironment(default: 20_261_204)
        let pieces: [[UInt8]] = ["a", "é", "中", "👍🏽", "\u{10FFFF}", "\u{D7FF}", "\u{E000}", " ", "abcdefghijklmnop", "ش"]
            .map { Array($0.utf8) }
        for _ in 0..<4_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(16 + Int(rng.next() % 200)) { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
            for _ in 0..<Int(rng.next() % 3) {
                bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 3 == 0 { bytes.removeLast(Int(rng.next() % 4)) }
            assertCheckAgreesWithNamedCheck(bytes)
        }
    }

    func testTheCorpusIsWellFormedWhole() throws {
        let (_, files) = try BoundaryCorpus.files()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let bytes = Array(file.text.utf8), name = file.name
            bytes.withUnsafeBufferPointer { p in
                let result = UTF8Validation.check(p, isComplete: true)
                XCTAssertEqual(result.validEnd, bytes.count, name)
                XCTAssertNil(result.error, name)
            }
            assertCheckAgreesWithNamedCheck(bytes)
        }
    }

    /// `bytes` at each of `places` in an 80-byte piece of ASCII, then of three-byte scalars (so
    /// that the blocks around it are not ASCII), each checked whole and cut right after it.
    private func placedEverywhere(_ bytes: [UInt8], places: [Int]) {
        for filler in [[UInt8(0x61)], [0xE4, 0xB8, 0xAD]] {
            for place in places {
                // Whole fillers, then ASCII up to the place (and the same after the string), so
                // that nothing but the string can be ill formed.
                var piece: [UInt8] = []
                while piece.count + filler.count <= place { piece += filler }
                while piece.count < place { piece.append(0x61) }
                piece += bytes
                let end = piece.count
                while piece.count + filler.count <= 80 { piece += filler }
                while piece.count < 80 { piece.append(0x61) }
                assertCheckAgreesWithNamedCheck(piece)
                if end >= 64 { assertCheckAgreesWithNamedCheck(Array(piece.prefix(end))) }
            }
        }
    }
}
