// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NodeGraph",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NodeGraph", targets: ["NodeGraph"]),
        .library(name: "NodeGraphFiles", targets: ["NodeGraphFiles"]),
        .library(name: "NodeGraphSources", targets: ["NodeGraphSources"]),
        .library(name: "NodeGraphTesting", targets: ["NodeGraphTesting"]),
        .library(name: "NodeCanvas", targets: ["NodeCanvas"]),
        .library(name: "NodeTerminal", targets: ["NodeTerminal"]),
        .library(name: "NodeCommandLine", targets: ["NodeCommandLine"]),
        .executable(name: "nodeui-tui", targets: ["nodeui-tui"]),
        .executable(name: "logic-gates", targets: ["logic-gates"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // The graph engine: kinds, values, linking, incremental evaluation, edits and undo.
        .target(name: "NodeGraph", dependencies: ["CNodeGraphPrefetch"]),
        // A prefetch hint (one inline C function over `__builtin_prefetch`), for the engine's
        // column entry: Swift has no prefetch instruction of its own.
        .target(name: "CNodeGraphPrefetch"),
        // Every format: JSON reading and writing, graph files, journals, atomic saves.
        .target(name: "NodeGraphFiles", dependencies: ["NodeGraph"]),
        // Live sources run: clocks and watched files (inotify, or polling) pushing values into a
        // graph's live-source nodes, on a thread of their own. Beside NodeGraphFiles, not in it:
        // following the world (threads, timers, kernel notifications) is not a file format, and
        // a tool may use either alone.
        .target(name: "NodeGraphSources", dependencies: ["NodeGraph"]),
        // Random edit sequences and invariant checks for tools built on NodeGraph.
        .target(name: "NodeGraphTesting", dependencies: ["NodeGraph"]),
        // The terminal-independent canvas: surface, renderers, layout, interaction.
        .target(name: "NodeCanvas", dependencies: ["NodeGraph", "NodeGraphFiles"]),
        // ncursesw, through a shim header. Linked by its module map, not by pkg-config: pkg-config's
        // ncursesw flags carry -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, which SwiftPM drops with a
        // warning on every build; the shim defines what they were for.
        .systemLibrary(name: "CNcurses"),
        // The terminal node editor: ncurses screen, event decoding, the event loop, and the editing
        // session any tool configures (files, autosave, recovery, locks, clipboard). The only code
        // that calls ncurses.
        .target(
            name: "NodeTerminal",
            dependencies: ["NodeCanvas", "NodeGraph", "NodeGraphFiles", "NodeGraphSources", "CNcurses"]),
        // The command line every node tool shares: `open` (the editor) and the headless eval,
        // render, replay, check and watch, with the tool's kinds. A library of its own, above
        // NodeTerminal: a program can run the editor without an argument parser, and scripts'
        // commands are not the terminal's concern.
        .target(
            name: "NodeCommandLine",
            dependencies: [
                "NodeGraph", "NodeGraphFiles", "NodeGraphSources", "NodeCanvas", "NodeTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The calculator: its configuration of the editor and the command line.
        .executableTarget(
            name: "nodeui-tui", dependencies: ["NodeGraph", "NodeCanvas", "NodeTerminal", "NodeCommandLine"]),
        // A second tool on the public libraries only: built without package access, as another
        // package would be, so the libraries' `package` declarations are out of its reach.
        .executableTarget(
            name: "logic-gates",
            dependencies: ["NodeGraph", "NodeGraphSources", "NodeCanvas", "NodeTerminal", "NodeCommandLine"],
            path: "Examples/LogicGates", exclude: ["half-adder.circuit"], packageAccess: false),
        // The tutorial "Building a node tool": its code blocks, in order (DocumentationTests and
        // Scripts/check-tutorial.sh keep the two the same), built without package access.
        .executableTarget(
            name: "halver",
            dependencies: ["NodeGraph", "NodeGraphSources", "NodeCanvas", "NodeTerminal", "NodeCommandLine"],
            path: "Examples/Halver", packageAccess: false),
        .executableTarget(name: "HeadlessEval", dependencies: ["NodeGraph"], path: "Examples/HeadlessEval"),
        .executableTarget(
            name: "CustomKinds", dependencies: ["NodeGraph", "NodeGraphFiles", "NodeGraphTesting"],
            path: "Examples/CustomKinds"
        ),
        // Test tools, in no product: saves over one file until killed (CrashSafeSaveTests), and a
        // small program on NodeTerminal's event loop that posts ticks and crashes on `!` (e2e).
        .executableTarget(
            name: "nodegraph-save-stress", dependencies: ["NodeGraph", "NodeGraphFiles"],
            path: "Tests/SaveStress"),
        .executableTarget(
            name: "nodeterminal-probe", dependencies: ["NodeTerminal", "NodeCanvas"],
            path: "Tests/TerminalProbe"),
        // A long random mix of edits on a large graph: `swift run -c release nodegraph-soak`.
        .executableTarget(
            name: "nodegraph-soak", dependencies: ["NodeGraph", "NodeGraphFiles", "NodeGraphTesting"],
            path: "Tests/Soak"),
        // Fuzz targets: checks shared by the libFuzzer driver and by CI's replay of the corpus.
        .target(
            name: "FuzzTargets", dependencies: ["NodeGraph", "NodeGraphFiles", "NodeCanvas"],
            path: "Fuzz/Targets"),
        .executableTarget(name: "nodegraph-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Driver"),
        // The canvas figures (frames, edit to frame, arrange, recovery, key bursts):
        // `swift run -c release nodecanvas-bench`.
        // Live sources under load: 1,000 updates a second into 100,000 nodes, with the frame
        // following: `swift run -c release nodesources-bench`.
        .executableTarget(
            name: "nodesources-bench", dependencies: ["NodeGraph", "NodeCanvas"],
            path: "Benchmarks/LiveSources"),
        .executableTarget(
            name: "nodecanvas-bench", dependencies: ["NodeGraph", "NodeGraphFiles", "NodeCanvas"],
            path: "Benchmarks/CanvasFrame"),
        .testTarget(
            name: "NodeGraphTests",
            dependencies: [
                "NodeGraph", "NodeGraphTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "NodeGraphSourcesTests",
            dependencies: [
                "NodeGraphSources", "NodeGraph", .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "NodeGraphFilesTests",
            dependencies: ["NodeGraphFiles", "NodeGraph", "NodeGraphTesting"]
        ),
        .testTarget(
            name: "NodeCanvasTests",
            dependencies: [
                "NodeCanvas", "NodeGraph", "NodeGraphFiles", "NodeGraphTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "NodeTerminalTests",
            dependencies: [
                "NodeTerminal", "NodeCanvas", "NodeGraph", "NodeGraphFiles", "NodeGraphTesting", "CNcurses",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "NodeUITests",
            dependencies: [
                "nodeui-tui", "nodegraph-save-stress", "NodeGraph", "NodeGraphFiles", "NodeCanvas",
                "NodeCommandLine", "HeadlessEval",
                "CustomKinds", "logic-gates",
            ]),
    ]
)
