// libFuzzer entry for the FuzzFiles harness (Tests/CaretTests/FuzzHarness/FilesFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzFiles_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try FilesFuzz.run(data) }
}
