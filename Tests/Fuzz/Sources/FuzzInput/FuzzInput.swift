// libFuzzer entry for the FuzzInput harness (Tests/CaretTests/FuzzHarness/InputFuzz.swift):
// the editing model (`TextInput`) against its reference model. Build and run with
// Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzInput_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in try InputFuzz.run(data) }
}
