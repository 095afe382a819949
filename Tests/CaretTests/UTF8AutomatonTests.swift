import XCTest
@testable import Caret

/// `UTF8Validation.check` decides with the automaton first; it must give exactly what the
/// sequence-by-sequence check gives (where the valid part ends, the error's reason and offset),
/// on every byte string, complete or cut anywhere.
final class UTF8AutomatonTests: XCTestCase {
    func testEveryTwoByteStringAgreesWithTheNamedCheck() {
        for a in 0..<256 {
            for b in 0..<256 {
                assertCheckAgreesWithNamedCheck([UInt8(a), UInt8(b)])
            }
        }
    }

    func testRandomTextsAgreeWithTheNamedCheck() {
        var (rng, _) = SeededGenerator.fromEnvironment(default: 20_261_202)
        // Mostly well-formed text of every length of sequence, with bytes changed or cut.
        let pieces: [[UInt8]] = ["a", "é", "中", "👍🏽", "\u{10FFFF}", "\u{D7FF}", "\u{E000}", " "].map { Array($0.utf8) }
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 40) { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
            for _ in 0..<Int(rng.next() % 3) where !bytes.isEmpty {
                bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 4 == 0 && !bytes.isEmpty { bytes.removeLast(Int(rng.next() % UInt64(min(3, bytes.count) + 1))) }
            assertCheckAgreesWithNamedCheck(bytes)
        }
    }

    func testRunStates() {
        XCTAssertEqual(run([]), UTF8Automaton.accept)
        XCTAssertEqual(run(Array("plain ASCII, more than eight bytes".utf8)), UTF8Automaton.accept)
        XCTAssertEqual(run([0xE4, 0xB8]), 18 - 6)   // 中 cut after two bytes: one more needed
        XCTAssertEqual(run([0xED, 0xA0, 0x80]), UTF8Automaton.reject)
        XCTAssertEqual(run(Array(repeating: 0x41, count: 20) + [0xC0, 0x80]), UTF8Automaton.reject)
    }

    private func run(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { UTF8Automaton.run($0) } }
}
