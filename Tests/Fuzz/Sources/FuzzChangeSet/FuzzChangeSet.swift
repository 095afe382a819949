// libFuzzer entry for the FuzzChangeSet harness (Tests/CaretTests/FuzzHarness/ChangeSetFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzChangeSet_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try ChangeSetFuzz.run(data) }
}
