// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Caret",
    products: [
        .library(name: "Caret", targets: ["Caret"]),
        .executable(name: "caret", targets: ["caret"]),
        .executable(name: "caret-bench", targets: ["caret-bench"]),
    ],
    targets: [
        // The C boundary: ICU from Debian's libicu-dev, behind version-independent wrappers.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]
        ),
        // The engine: generic rope (Rope/), text storage and segmentation (Text/), public API (Document/).
        .target(
            name: "Caret",
            dependencies: ["CICU"]
        ),
        // zlib, for reading the gzip-compressed editing traces.
        .systemLibrary(
            name: "CZlib",
            path: "Corpus/Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // What the project ships besides the engine: corpus and trace loaders, the generator.
        .target(
            name: "CaretCorpus",
            dependencies: ["Caret", "CZlib"],
            path: "Corpus/Sources/CaretCorpus"
        ),
        // The command-line tool.
        .executableTarget(
            name: "caret",
            dependencies: ["Caret", "CaretCorpus"],
            path: "Sources/CaretCommand"
        ),
        // The benchmark suite (run it in release: swift run -c release caret-bench).
        .executableTarget(
            name: "caret-bench",
            dependencies: ["Caret", "CaretCorpus"],
            path: "Benchmarks/caret-bench"
        ),
        .testTarget(
            name: "CaretTests",
            dependencies: ["Caret", "CaretCorpus"]
        ),
    ]
)
