// libFuzzer entry for the FuzzRangeSet harness (Tests/CaretTests/FuzzHarness/RangeSetFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzRangeSet_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try RangeSetFuzz.run(data) }
}
