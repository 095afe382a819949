// libFuzzer entry for the FuzzFiles harness (Tests/CaretTests/FuzzHarness/FilesFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    fuzzInput(data, count) { data throws(FuzzFailure) in try FilesFuzz.run(data) }
}

@_cdecl("FuzzFiles_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzOne)
}
