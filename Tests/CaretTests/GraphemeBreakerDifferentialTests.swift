import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The grapheme state machine against ICU's character break iterator on random short strings
/// of the trouble alphabet, whole-text (no rope involved). Reports the smallest failing string.
final class GraphemeBreakerDifferentialTests: XCTestCase {
    /// The trouble alphabet plus long printable-ASCII runs and DEL (the eight-byte fast path).
    static let alphabet = DifferentialPropertyTests.trouble + ["0123456789abcdef", "The quick brown fox", "\u{7F}", "~~~~~~~~~"]

    func testAgreesWithICUOnRandomStrings() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 11)
        print("GraphemeBreakerDifferentialTests seed \(seed)")
        for _ in 0..<20_000 {
            var pieces: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                pieces.append(Self.alphabet.randomElement(using: &rng)!)
            }
            let text = pieces.joined()
            let expected = ICUReference.graphemeBoundariesUTF16(Array(text.utf16))
            let doc = TextDocument(text)
            let got = (0...doc.count).compactMap { doc.position(at: $0).flatMap { doc.offset(of: $0, unit: .utf16) } }
            if got != expected {
                let hex = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
                XCTFail("[\(hex)]: Caret \(got), ICU \(expected)")
                return
            }
        }
    }
}
