import XCTest
@testable import Caret

/// The plausibility score that chooses between encodings that all decode a file: near 0 for
/// every shipped sample (30-odd scripts), far above for the same text decoded wrongly.
final class FilesEncodingChoiceTests: XCTestCase {
    func testSamplesArePlausibleAndTheirMojibakeIsNot() throws {
        let latin1 = try XCTUnwrap(ICUConverter(encoding: "windows-1252"))
        for sample in FileTestSupport.samples {
            let bytes = Array(sample.text.utf8)
            let utf8 = try XCTUnwrap(EncodingChoice.implausibility(of: bytes, with: try XCTUnwrap(ICUConverter(encoding: "UTF-8"))))
            let lines = sample.text.split(separator: "\n").count
            XCTAssertLessThanOrEqual(utf8, max(2, lines / 5), "\(sample.name) scored \(utf8) in its own encoding")
            // UTF-8 read as windows-1252 (where it decodes: bytes 81, 8D, 8F, 90, 9D are unassigned).
            let nonASCII = sample.text.unicodeScalars.count { $0.value >= 0x80 }
            guard nonASCII >= 20, let wrong = EncodingChoice.implausibility(of: bytes, with: latin1) else { continue }
            XCTAssertGreaterThan(wrong, utf8 + 5, "\(sample.name): UTF-8 read as windows-1252 scored only \(wrong)")
        }
    }

    func testCommonEncodingsJoinOnlyWhenTheyBeatICUsGuesses() throws {
        // Russian in GB18030: ICU's guesses read it as Latin mojibake; GB18030 reads it right.
        let text = try XCTUnwrap(FileTestSupport.samples.first { $0.name == "ru" }?.text)
        let bytes = try XCTUnwrap(FileTestSupport.iconvEncode(try XCTUnwrap(FileTestSupport.holdableLines(text, in: "GB18030")),
                                                              to: "GB18030"))
        let sample = EncodingSniffing.detectorSample(bytes)
        let ranked = EncodingChoice.rank(sample, guesses: [.init(name: "windows-1252", confidence: 60)], minimumConfidence: 10)
        XCTAssertEqual(ranked.first?.name, "GB18030")
        XCTAssertNil(ranked.first?.confidence)
        XCTAssertEqual(ranked.first?.implausibility, 0)
        // Guesses under the minimum confidence are not candidates, and nothing joins them.
        XCTAssertEqual(EncodingChoice.rank(sample, guesses: [.init(name: "windows-1252", confidence: 5)], minimumConfidence: 10), [])
        // A plausible first guess keeps its place: the common encodings are not tried.
        let french = Array("Où êtes-vous ? À la gare, près du café.\n".utf8)
        let latin = try XCTUnwrap(FileTestSupport.iconvEncode(String(decoding: french, as: UTF8.self), to: "WINDOWS-1252"))
        let kept = EncodingChoice.rank(latin, guesses: [.init(name: "windows-1252", confidence: 40)], minimumConfidence: 10)
        XCTAssertEqual(kept.map(\.name), ["windows-1252"])
    }
}
