import XCTest

/// FuzzFiles' harness on seeded random inputs, so `swift test` runs `TextFile`'s load, edit,
/// save and reload beyond the kept seeds: text in one of the harness's encodings (written by
/// glibc's iconv) with a few bytes changed, or raw bytes. `SEED=n` replays a run;
/// `FILES_FUZZ_RUNS=n` runs more inputs.
final class FilesFuzzRandomTests: XCTestCase {
    func testRandomFilesThroughLoadEditSaveLoad() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        let runs = ProcessInfo.processInfo.environment["FILES_FUZZ_RUNS"].flatMap(Int.init) ?? 300
        print("FilesFuzzRandomTests: SEED=\(seed), \(runs) inputs")
        let iconvNames = ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "WINDOWS-1252", "ISO-8859-1", "SHIFT_JIS",
                          "EUC-JP", "GB18030", "BIG5", "EUC-KR", "KOI8-R", "ISO-8859-5", "WINDOWS-1251"]
        let samples = FileTestSupport.samples
        for run in 0..<runs {
            let options = (0..<5).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var bytes: [UInt8]
            if rng.next() % 4 == 0 {
                bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            } else {
                let sample = samples[Int(rng.next() % UInt64(samples.count))].text
                let encoding = iconvNames[Int(options[0]) % FilesFuzz.encodings.count % iconvNames.count]
                let text = FileTestSupport.holdableLines(sample, in: encoding) ?? "plain text\nin two lines"
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).joined(separator: "\n")
                bytes = FileTestSupport.iconvEncode(FileTestSupport.withEndings(lines, ["lf", "crlf", "cr", "mixed"][run % 4]),
                                                    to: encoding) ?? []
                for _ in 0..<Int(rng.next() % 3) where !bytes.isEmpty {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
                }
            }
            let data = options + bytes
            do {
                try FilesFuzz.run(data)
            } catch {
                XCTFail("SEED=\(seed) input \(run) [\(data.map { String($0) }.joined(separator: ","))]:\n\(error)")
                return
            }
        }
    }
}
