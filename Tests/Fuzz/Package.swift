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
        .executableTarget(name: "FuzzEdits", dependencies: ["CaretFuzzHarness"]),
        .executableTarget(name: "FuzzUTF8", dependencies: ["CaretFuzzHarness"]),
        .executableTarget(name: "FuzzMovement", dependencies: ["CaretFuzzHarness"]),
        .executableTarget(name: "FuzzBidi", dependencies: ["CaretFuzzHarness"]),
    ]
)
