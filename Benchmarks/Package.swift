// swift-tools-version: 6.0
// The NodeGraph benchmarks: a separate package, so the main build and test stay lean.
// Run: swift run -c release --package-path Benchmarks nodegraph-bench --help
import PackageDescription

let package = Package(
    name: "NodeGraphBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NodeGraph", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "nodegraph-bench",
            dependencies: [
                .product(name: "NodeGraph", package: "NodeGraph"),
                .product(name: "NodeGraphFiles", package: "NodeGraph"),
                .product(name: "NodeCanvas", package: "NodeGraph"),
            ]
        )
    ],
    swiftLanguageModes: [.v5]
)
