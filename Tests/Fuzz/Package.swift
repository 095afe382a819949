// swift-tools-version:6.0
// The fuzzers, in a package of their own so that the sanitizer flags never reach the normal
// build. Build them only through run.sh (they need -sanitize=fuzzer to link); see README.md.
import PackageDescription

let package = Package(
    name: "CaretFuzz",
    dependencies: [
        .package(name: "Caret", path: "../.."),
    ],
    targets: [
        // The harness is Tests/CaretTests/FuzzHarness (a directory symlink), the very files that
        // FuzzRegressionTests replays the kept inputs through in the root package's `swift test`.
        .target(
            name: "CaretFuzzHarness",
            dependencies: [.product(name: "Caret", package: "Caret")]
        ),
        // Running an input and starting libFuzzer's driver, shared by the entry points.
        .target(name: "FuzzDriver", dependencies: ["CaretFuzzHarness"]),
        .executableTarget(name: "FuzzEdits", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzUTF8", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzMovement", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzBidi", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzInput", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
    ]
)
