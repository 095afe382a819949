import XCTest

/// Replays the fuzzers' inputs through the same harness they run (`FuzzHarness/`): every seed
/// under `Corpus/fuzz/<target>/` and every minimised failure kept under
/// `Corpus/fuzz/regressions/<target>/`. See Tests/Fuzz/README.md.
final class FuzzRegressionTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/fuzz")

    func testFuzzEditsInputs() throws {
        try replay("FuzzEdits", minimumSeeds: 3) { data throws(FuzzFailure) in try EditsFuzz.run(data) }
    }

    func testFuzzUTF8Inputs() throws {
        try replay("FuzzUTF8", minimumSeeds: 3) { data throws(FuzzFailure) in try UTF8Fuzz.run(data) }
    }

    func testFuzzMovementInputs() throws {
        try replay("FuzzMovement", minimumSeeds: 3) { data throws(FuzzFailure) in try MovementFuzz.run(data) }
    }

    func testFuzzBidiInputs() throws {
        try replay("FuzzBidi", minimumSeeds: 3) { data throws(FuzzFailure) in try BidiFuzz.run(data) }
    }

    func testFuzzInputInputs() throws {
        try replay("FuzzInput", minimumSeeds: 3) { data throws(FuzzFailure) in try InputFuzz.run(data) }
    }

    func testFuzzChangeSetInputs() throws {
        try replay("FuzzChangeSet", minimumSeeds: 3) { data throws(FuzzFailure) in try ChangeSetFuzz.run(data) }
    }

    func testFuzzSearchInputs() throws {
        try replay("FuzzSearch", minimumSeeds: 3) { data throws(FuzzFailure) in try SearchFuzz.run(data) }
    }

    func testFuzzFilesInputs() throws {
        try replay("FuzzFiles", minimumSeeds: 3) { data throws(FuzzFailure) in try FilesFuzz.run(data) }
    }

    func testFuzzRangeSetInputs() throws {
        try replay("FuzzRangeSet", minimumSeeds: 3) { data throws(FuzzFailure) in try RangeSetFuzz.run(data) }
    }

    /// Runs every input file of `target`'s seeds and regressions; the seeds must be there.
    func replay(_ target: String, minimumSeeds: Int, _ run: ([UInt8]) throws(FuzzFailure) -> Void) throws {
        let seeds = try inputs(in: Self.corpus.appendingPathComponent(target))
        XCTAssertGreaterThanOrEqual(seeds.count, minimumSeeds, "seeds missing under Corpus/fuzz/\(target)")
        let regressions = try inputs(in: Self.corpus.appendingPathComponent("regressions/\(target)"))
        for file in seeds + regressions {
            let data = try [UInt8](Data(contentsOf: file))
            do {
                try run(data)
            } catch {
                XCTFail("\(file.path): \(error)")
            }
        }
    }

    /// The input files in `directory` (none when it does not exist), without dot-files and
    /// READMEs, sorted.
    func inputs(in directory: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && !$0.lastPathComponent.hasPrefix("README") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
