// libFuzzer entry for the FuzzMovement harness (Tests/CaretTests/FuzzHarness/MovementFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzMovement_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try MovementFuzz.run(data) }
}
