import CaretCorpus
import XCTest

/// What `EditingTrace` accepts: the three keys of the editing-traces format, gzip'd or not;
/// any other JSON is an error, never an empty trace that "replays" to its empty final text.
final class EditingTraceTests: XCTestCase {
    func testATraceLoadsGzippedOrPlain() throws {
        let json = Array(#"{"startContent": "a", "endContent": "ab", "txns": [{"patches": [[1, 0, "b"]]}]}"#.utf8)
        let trace = try EditingTrace.load(bytes: json, name: "tiny")
        XCTAssertEqual(trace.patches, [EditingTrace.Patch(position: 1, deleted: 0, inserted: "b")])
        XCTAssertEqual(try trace.replayed().string, "ab")
        let path = SharedData.packageRoot.appendingPathComponent("Corpus/traces/sveltecomponent.json.gz").path
        let gzipped = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertGreaterThan(try EditingTrace.load(bytes: [UInt8](gzipped), name: "svelte").patches.count, 1_000)
    }

    func testJSONThatIsNotATraceIsRejected() {
        for (json, missing) in [(#"{"foo": 1}"#, #""endContent", "startContent", "txns""#),
                                ("{}", #""endContent", "startContent", "txns""#),
                                (#"{"startContent": "", "endContent": ""}"#, #""txns""#)] {
            XCTAssertThrowsError(try EditingTrace.load(bytes: Array(json.utf8), name: "x"), json) { error in
                XCTAssertEqual("\(error)", "not an editing trace: no \(missing) (a trace is {startContent, endContent, txns})")
            }
        }
        XCTAssertThrowsError(try EditingTrace.load(bytes: Array("hello".utf8), name: "x"))
    }
}
