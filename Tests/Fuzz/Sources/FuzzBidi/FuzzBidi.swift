// libFuzzer entry for the FuzzBidi harness (Tests/CaretTests/FuzzHarness/BidiFuzz.swift).
// Build and run with Tests/Fuzz/run.sh; see Tests/Fuzz/README.md.
import CaretFuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    do {
        try BidiFuzz.run(Array(UnsafeBufferPointer(start: data, count: count)))
    } catch {
        fatalError(error.message)   // libFuzzer keeps the input as crash-<sha1>
    }
    return 0
}

// SwiftPM links executables with `--defsym main=FuzzBidi_main`, which -parse-as-library leaves
// undefined; route it to libFuzzer's driver (see shared/docs/TOOLCHAIN.md).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("FuzzBidi_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOne)
}
