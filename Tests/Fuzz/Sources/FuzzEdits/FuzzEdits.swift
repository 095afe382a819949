// libFuzzer entry for the FuzzEdits harness (Tests/CaretTests/FuzzHarness/EditsFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness
import FuzzDriver

@_cdecl("FuzzEdits_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // Known, reported defects are tolerated here (not in the regression tests) so that the
    // fuzzer looks past them; see EditsFuzz.OpenDefect.
    runLibFuzzer(argc, argv) { data throws(FuzzFailure) in
        try EditsFuzz.run(data, tolerating: Set(EditsFuzz.OpenDefect.allCases))
    }
}
