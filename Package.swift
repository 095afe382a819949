// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Caret",
    products: [
        .library(name: "Caret", targets: ["Caret"]),
        .executable(name: "caret", targets: ["caret"]),
        .executable(name: "caret-bench", targets: ["caret-bench"]),
    ],
    // Off by default (a dependent package gets it only by naming it): a build for the tests
    // that stores text in chunks of at most 4 bytes and nodes of at most 4 children, so that a
    // few dozen bytes make a tree several levels deep with a seam at nearly every cluster, and
    // that verifies the whole structure after every edit of a document up to 4 KiB (O(n)
    // each). `swift test --traits TinyShapes`; see README.md and docs/ARCHITECTURE.md
    // ("Storage shapes").
    traits: [
        .trait(
            name: "TinyShapes",
            description: "Tests only: 4-byte chunks, 4-child nodes, invariants checked after every edit."
        ),
    ],
    targets: [
        // ICU from Debian's libicu-dev, found through pkg-config: the common library (icu-uc)
        // and the internationalisation library (icu-i18n). Only CaretICU's C files see them.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]
        ),
        .systemLibrary(
            name: "CICUI18N",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The C boundary: ICU behind a header of C standard types and Caret's own names, so
        // no ICU type reaches a Swift module (see docs/ARCHITECTURE.md, "The ICU boundary").
        .target(
            name: "CaretICU",
            dependencies: ["CICU", "CICUI18N"]
        ),
        // The engine: generic rope (Rope/), text storage and segmentation (Text/), public API (Document/).
        .target(
            name: "Caret",
            dependencies: ["CaretICU"]
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
