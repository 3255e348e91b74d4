import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// The text of a version-1 graph file holding `nodes` (the inside of the `nodes` list).
func graphFile(_ nodes: String) -> String {
    "{\"format\": \"nodegraph\", \"version\": 1, \"nodes\": [\(nodes)]}"
}

/// The problems loading `text` reports.
func loadProblems(_ text: String, limits: GraphFile.Limits = .standard) -> [LoadProblem] {
    GraphFile.problems(in: Data(text.utf8), limits: limits)
}

/// Loads `text`, which must be a sound graph file.
func loadGraph(_ text: String, registry: KindRegistry = .standard) throws -> Graph {
    try GraphFile.decode(Data(text.utf8), registry: registry)
}

/// The canonical text of a graph.
func canonicalText(_ graph: Graph) throws -> String {
    String(decoding: try GraphFile.encode(graph), as: UTF8.self)
}

/// Expects exactly one problem of `kind`, and returns it.
@discardableResult
func expectSingleProblem(
    _ text: String, _ kind: LoadProblem.Kind, sourceLocation: SourceLocation = #_sourceLocation
) throws -> LoadProblem {
    let problems = loadProblems(text)
    #expect(problems.map(\.kind) == [kind], "\(problems)", sourceLocation: sourceLocation)
    return try #require(problems.first, sourceLocation: sourceLocation)
}

/// The repository's `Examples/graphs` directory.
let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/graphs")

extension Graph {
    /// The calculator's demo graph (which `nodeui-tui` builds), as `Examples/graphs/calculator.json`
    /// holds it: One + Two is Add (3), Three − One is Subtract (2), Add × Subtract is Multiply (6).
    static func demoCalculator() -> Graph {
        do {
            return try GraphFile.load(path: examplesDirectory.appendingPathComponent("calculator.json").path)
        } catch {
            preconditionFailure("Examples/graphs/calculator.json does not load: \(error)")
        }
    }
}

/// A fresh, empty temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("nodegraph-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A graph with two numbers feeding an add node, as in the design's example file.
func smallCalculator() throws -> Graph {
    var graph = Graph()
    try graph.addNode("one", kind: "number", name: "One", value: .number(1))
    try graph.addNode("two", kind: "number", name: "Two", value: .number(2))
    try graph.addNode("sum", kind: "add", name: "Add", inputs: ["one", nil, "two"])
    return graph
}
