// What every libFuzzer entry point (Sources/Fuzz*/) shares: running one input through a harness
// check, and starting libFuzzer's driver. Each entry keeps only what must be its own: the
// `LLVMFuzzerTestOneInput` and `<Target>_main` symbols. Not part of the harness, which
// `swift test` also compiles, because libFuzzer's driver is linked only here.
import CaretFuzzHarness

/// Runs `check` on libFuzzer's input; a failure traps with its message, so libFuzzer keeps the
/// input as crash-<sha1>. Returns 0, as `LLVMFuzzerTestOneInput` must.
public func fuzzInput(_ data: UnsafePointer<UInt8>, _ count: Int,
                      _ check: ([UInt8]) throws(FuzzFailure) -> Void) -> CInt {
    do {
        try check(Array(UnsafeBufferPointer(start: data, count: count)))
    } catch {
        fatalError(error.message)
    }
    return 0
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer's own C symbol, declared under its own name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// libFuzzer's driver over `callback`. SwiftPM links executables with
/// `--defsym main=<Target>_main`, which -parse-as-library leaves undefined; each entry point
/// defines that symbol and calls this (see shared/docs/TOOLCHAIN.md).
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
