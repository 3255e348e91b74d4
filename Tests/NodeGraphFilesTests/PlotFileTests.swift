import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

@Suite struct PlotFileTests {
    @Test func aPlotSavesItsSamplesUnderTheirOwnNameAndNothingOfItsHistory() throws {
        let text = graphFile(
            """
            {"id": "n", "kind": "number", "value": 3},
            {"id": "p", "kind": "plot", "name": "Trend", "samples": 120, "inputs": ["n"]}
            """)
        let graph = try loadGraph(text)
        #expect(graph.parameter(of: "p") == .number(120))
        #expect(graph.value(of: "p") == .number(3))
        let saved = try canonicalText(graph)
        #expect(
            saved.contains(
                #"{"id": "p", "inputs": ["n"], "kind": "plot", "name": "Trend", "samples": 120, "x": 0, "y": 0}"#
            ))
        #expect(try canonicalText(try loadGraph(saved)) == saved)
    }

    @Test func badSamplesNameTheNodeAndTheField() throws {
        let text = graphFile(#"{"id": "p", "kind": "plot", "samples": 1}"#)
        let problem = try expectSingleProblem(text, .invalidValue)
        #expect(problem.description.contains("node 'p', field 'samples'"), "\(problem)")
        #expect(problem.description.hasSuffix("must be a whole number from 2 to 1000"), "\(problem)")
    }
}
