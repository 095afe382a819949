// swift-tools-version:6.0
// A client of Caret as a new user would write it: Caret taken BY VERSION from a git URL (which
// SwiftPM refuses when a dependency has unsafe flags). Not built on its own: run.sh clones the
// repository to a temporary directory, tags the clone and substitutes its URL for CARET_URL.
import PackageDescription

let package = Package(
    name: "CaretClient",
    dependencies: [
        .package(url: "CARET_URL", from: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "CaretClient",
            dependencies: [.product(name: "Caret", package: "Caret")]
        ),
    ]
)
