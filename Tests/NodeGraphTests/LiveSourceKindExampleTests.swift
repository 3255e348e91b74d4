import Foundation
import NodeGraph
import Testing

// The worked example of the DocC article "Live sources" ("Writing a source kind of your own"),
// line for line: it compiles here, and the test below checks the article still shows this code.

/// A thermometer's reading in °C; it holds which sensor to read.
struct ThermometerKind: LiveSourceKind {
    let name = "thermometer"
    let title = "Thermometer"
    let outputType = ValueType.number
    let parameterType: ValueType? = .number
    let defaultParameter: Value? = .number(0)
    /// Saved in graph files as `"sensor": 0`.
    var heldValueName: String { "sensor" }
    func heldValueProblem(_ value: Value) -> String? {
        (value.number ?? -1) >= 0 ? nil : "a sensor number is 0 or more"
    }
}

@Suite struct LiveSourceKindExampleTests {
    @Test func theArticlesThermometerFollowsItsReadingsAndShowsItsFailure() throws {
        var registry = KindRegistry.standard
        registry.register(ThermometerKind())
        let document = GraphDocument(graph: Graph(registry: registry))
        try document.apply(.addNode(NodeDescription(id: "kitchen", kind: "thermometer")))
        try document.apply(.addNode(NodeDescription(id: "warm", kind: "subtract", inputs: ["kitchen"])))

        // A view follows the updates as it follows edits.
        document.observeSourceUpdates { change in print("recomputed", change.recomputed) }

        // On the thread that owns the document, whenever readings arrive (several at once: one pass):
        document.applySourceUpdates([SourceUpdate(node: "kitchen", value: .number(21.5))])
        #expect(document.graph.value(of: "warm") == .number(21.5))

        // A sensor that fails: an error value naming the sensor, never raw data.
        let failure = ValueError(reason: "sensor 0 does not answer", origin: NodeID(""))
        document.applySourceUpdates([SourceUpdate(node: "kitchen", value: .error(failure))])
        #expect(
            document.graph.value(of: "warm")
                == .error(ValueError(reason: "sensor 0 does not answer", origin: "kitchen")))
        #expect(document.history.undoSteps.count == 2)
        #expect(
            throws: GraphError.invalidHeldValue(
                node: "kitchen", name: "sensor", reason: "a sensor number is 0 or more")
        ) { try document.apply(.setValue(node: "kitchen", value: .number(-1))) }
    }

    @Test func theArticleShowsTheCodeThatCompilesHere() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let article = tests.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/NodeGraph/NodeGraph.docc/LiveSources.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.range(of: "## Writing a source kind of your own"))
        let start = try #require(text.range(of: "```swift\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let here = try String(contentsOf: tests, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        // Each line of the article's example, in order, among this file's lines; a line showing
        // a result (`value    // .number(3)`) as the expectation that checks it.
        var remaining = here[...]
        for line in example {
            var wanted = line
            if let comment = line.range(of: "    // "), !line.hasPrefix("//") {
                wanted = "#expect(\(line[..<comment.lowerBound]) == \(line[comment.upperBound...]))"
            }
            guard let found = remaining.firstIndex(of: wanted) else {
                Issue.record("the article's line is not in the compiled example: \(line)")
                return
            }
            remaining = remaining[(found + 1)...]
        }
        #expect(example.count > 20)
    }
}
