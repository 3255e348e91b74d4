import Foundation
import NodeCommandLine
import NodeGraph
import NodeGraphFiles
import Testing

@testable import nodeui_tui

/// The calculator's demo graph, which lives in the calculator (not in the engine).
@Suite struct DemoCalculatorTests {
    /// The repository's `Examples/graphs` directory.
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/graphs")

    @Test func theCalculatorExampleIsWhatSavingTheDemoGraphProduces() throws {
        let file = try Data(contentsOf: Self.examples.appendingPathComponent("calculator.json"))
        #expect(try GraphFile.encode(Graph.demoCalculator()) == file)
    }

    @Test func theDemoCalculatorComputesItsValues() {
        let graph = Graph.demoCalculator()
        #expect(graph.value(of: "add") == .number(3))
        #expect(graph.value(of: "subtract") == .number(2))
        #expect(graph.value(of: "multiply") == .number(6))
    }

    @Test func theCalculatorOpensItsDemoWithoutAFile() {
        #expect(CommandLineTool.calculator.editor.demo.graph == Graph.demoCalculator())
    }
}
