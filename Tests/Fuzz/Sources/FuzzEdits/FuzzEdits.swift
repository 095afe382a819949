// libFuzzer entry for the FuzzEdits harness (Tests/CaretTests/FuzzHarness/EditsFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // Known, reported defects are tolerated here (not in the regression tests) so that the
    // fuzzer looks past them; see EditsFuzz.OpenDefect.
    fuzzInput(data, count) { data throws(FuzzFailure) in
        try EditsFuzz.run(data, tolerating: Set(EditsFuzz.OpenDefect.allCases))
    }
}

@_cdecl("FuzzEdits_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzOne)
}
