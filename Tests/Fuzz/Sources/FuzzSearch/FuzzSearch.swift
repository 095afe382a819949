// libFuzzer entry for the FuzzSearch harness (Tests/CaretTests/FuzzHarness/SearchFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    fuzzInput(data, count) { data throws(FuzzFailure) in try SearchFuzz.run(data) }
}

@_cdecl("FuzzSearch_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzOne)
}
