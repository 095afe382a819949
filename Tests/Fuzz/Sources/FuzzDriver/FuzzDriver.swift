// What every libFuzzer entry point (Sources/Fuzz*/) shares: libFuzzer's test function, which runs
// one input through the harness check its entry named, and starting libFuzzer's driver. Each
// entry keeps only what must be its own: the `<Target>_main` symbol and its check. Not part of
// the harness, which `swift test` also compiles, because libFuzzer's driver is linked only here.
import CaretFuzzHarness

/// The check of the running fuzzer, set once by `runLibFuzzer` before libFuzzer's driver starts
/// (one per process, read only afterwards).
nonisolated(unsafe) private var harnessCheck: (([UInt8]) throws(FuzzFailure) -> Void)?

/// libFuzzer's test function: runs the entry's check on the input; a failure traps with its
/// message, so libFuzzer keeps the input as crash-<sha1>. Returns 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let check = harnessCheck else { fatalError("runLibFuzzer was not called") }
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

/// libFuzzer's driver over `check`. SwiftPM links executables with
/// `--defsym main=<Target>_main`, which -parse-as-library leaves undefined; each entry point
/// defines that symbol and calls this with its harness check (see shared/docs/TOOLCHAIN.md).
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ check: @escaping ([UInt8]) throws(FuzzFailure) -> Void) -> CInt {
    harnessCheck = check
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOne)
}
