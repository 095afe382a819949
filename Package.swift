// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Caret",
    // Tested by CI on Linux only (Debian 12, x86_64). The Apple minimums are what the code
    // needs to compile there — `Synchronization.Atomic` first ships with macOS 15 / iOS 18 —
    // and are not tested: no Apple machine builds or runs this package's tests.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // What a client may take: the engine and the command. The benchmark harness (caret-bench)
    // is an executable target of this package only — `swift run -c release caret-bench` builds
    // it here, and no dependent package sees it.
    products: [
        .library(name: "Caret", targets: ["Caret"]),
        .executable(name: "caret", targets: ["caret"]),
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
        // ICU, found through pkg-config: the common library (icu-uc) and the
        // internationalisation library (icu-i18n). Only CaretICU's C files see them. Debian and
        // Ubuntu: `apt-get install libicu-dev` (tested). Homebrew: `brew install icu4c`, which is
        // keg-only, so pkg-config needs PKG_CONFIG_PATH="$(brew --prefix icu4c)/lib/pkgconfig"
        // (untested).
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .systemLibrary(
            name: "CICUI18N",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // The C boundary: ICU behind a header of C standard types and Caret's own names, so
        // no ICU type reaches a Swift module (see docs/ARCHITECTURE.md, "The ICU boundary").
        .target(
            name: "CaretICU",
            dependencies: ["CICU", "CICUI18N"]
        ),
        // UTF-8 to UTF-16 with the processor's vector instructions (SSSE3 on x86-64, chosen at
        // run time; elsewhere the Swift loops of UTF8Scalars): C because Swift has no portable
        // byte shuffle. Plain C, no flags: the vector code is marked with a target attribute.
        .target(name: "CaretSIMD"),
        // The engine: generic rope (Rope/), text storage (Text/), public API (Document/); layers in docs/ARCHITECTURE.md.
        .target(
            name: "Caret",
            dependencies: ["CaretICU", "CaretSIMD"]
        ),
        // zlib, for reading the gzip-compressed editing traces.
        .systemLibrary(
            name: "CZlib",
            path: "Corpus/Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
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
