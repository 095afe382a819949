// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Caret",
    products: [
        .library(name: "Caret", targets: ["Caret"]),
        .executable(name: "caret", targets: ["caret"]),
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
        // The command-line tool.
        .executableTarget(
            name: "caret",
            dependencies: ["Caret"]
        ),
        .testTarget(
            name: "CaretTests",
            dependencies: ["Caret"]
        ),
    ]
)
