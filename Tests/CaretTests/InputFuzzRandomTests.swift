import XCTest

/// FuzzInput's harness on seeded random inputs, so `swift test` runs `TextInput` against the
/// reference model beyond the kept seeds and regressions. `SEED=n swift test --filter
/// InputFuzzRandomTests` replays one run; `INPUT_FUZZ_RUNS=n` runs more inputs.
final class InputFuzzRandomTests: XCTestCase {
    func testRandomCallSequences() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: UInt64.random(in: 1...UInt64.max >> 1))
        let runs = ProcessInfo.processInfo.environment["INPUT_FUZZ_RUNS"].flatMap(Int.init) ?? 300
        print("InputFuzzRandomTests: SEED=\(seed), \(runs) inputs")
        for run in 0..<runs {
            let count = Int(rng.next() % 400)
            let data = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            do {
                try InputFuzz.run(data)
            } catch {
                XCTFail("SEED=\(seed) input \(run) [\(data.map { String($0) }.joined(separator: ","))]:\n\(error)")
                return
            }
        }
    }
}
