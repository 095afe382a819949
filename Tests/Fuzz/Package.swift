// swift-tools-version:6.1
// The fuzzers, in a package of their own so that the sanitizer flags never reach the normal
// build. Build them only through run.sh (they need -sanitize=fuzzer to link); see README.md.
import PackageDescription

let package = Package(
    name: "CaretFuzz",
    // The fuzzers build Caret with its test storage (chunks of at most 4 bytes, nodes of four,
    // invariants checked after every edit), so that the short inputs libFuzzer favours build
    // deep trees with a seam at nearly every cluster. `--disable-default-traits` (FUZZ_SHAPES=
    // standard in run.sh) fuzzes the standard storage instead.
    traits: [
        .trait(name: "TinyShapes", description: "Build Caret with its TinyShapes trait."),
        .default(enabledTraits: ["TinyShapes"]),
    ],
    dependencies: [
        .package(
            name: "Caret", path: "../..",
            traits: [.trait(name: "TinyShapes", condition: .when(traits: ["TinyShapes"]))]
        ),
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
        .executableTarget(name: "FuzzChangeSet", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzFiles", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzRangeSet", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
        .executableTarget(name: "FuzzSearch", dependencies: ["CaretFuzzHarness", "FuzzDriver"]),
    ]
)
