// libFuzzer entry for the FuzzRangeSet harness (Tests/CaretTests/FuzzHarness/RangeSetFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    fuzzInput(data, count) { data throws(FuzzFailure) in try RangeSetFuzz.run(data) }
}

@_cdecl("FuzzRangeSet_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzOne)
}
