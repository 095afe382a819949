// libFuzzer entry for the FuzzUTF8 harness (Tests/CaretTests/FuzzHarness/UTF8Fuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzUTF8_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try UTF8Fuzz.run(data) }
}
