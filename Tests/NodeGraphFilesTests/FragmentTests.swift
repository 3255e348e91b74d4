import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Fragments: graph files whose inputs may name nodes outside them (the clipboard).
@Suite struct FragmentTests {
    /// Add and Multiply of the small calculator, without One and Two, which fed Add.
    func copiedPart() throws -> (graph: Graph, outside: [Edit]) {
        var graph = Graph()
        try graph.addNode("sum", kind: "add", name: "Add", inputs: [nil, nil, nil])
        try graph.addNode("prod", kind: "multiply", name: "Multiply", inputs: ["sum", nil])
        return (graph, [.link(from: "one", to: "sum", slot: 0), .link(from: "two", to: "sum", slot: 2)])
    }

    @Test func aFragmentWritesItsOutsideInputsInTheirSlotsAndReadsThemBack() throws {
        let (graph, outside) = try copiedPart()
        let text = try GraphFile.encode(graph, outsideInputs: outside)
        #expect(
            String(decoding: text, as: UTF8.self).contains(
                #"{"id": "sum", "inputs": ["one", null, "two"], "kind": "add""#))
        let fragment = try GraphFile.decodeFragment(text)
        #expect(fragment.graph == graph)
        #expect(fragment.outsideInputs == outside)
    }

    @Test func withoutOutsideInputsAFragmentIsTheGraphsOwnText() throws {
        let (graph, _) = try copiedPart()
        #expect(try GraphFile.encode(graph, outsideInputs: []) == GraphFile.encode(graph))
    }

    @Test func readAsAWholeGraphAFragmentsOutsideInputsNameNoNode() throws {
        let (graph, outside) = try copiedPart()
        let text = try GraphFile.encode(graph, outsideInputs: outside)
        let problems = GraphFile.problems(in: text)
        #expect(problems.map(\.kind) == [.danglingInput, .danglingInput])
    }

    @Test func aFragmentIsCheckedLikeAnyGraphFileApartFromItsOutsideInputs() throws {
        let text = Data(
            """
            {"format": "nodegraph", "version": 1, "nodes": [
              {"id": "a", "kind": "add", "inputs": ["elsewhere", "b"]},
              {"id": "b", "kind": "add", "inputs": ["a"]},
              {"id": "c", "kind": "teleport"}
            ]}
            """.utf8)
        let error = #expect(throws: GraphFileError.self) { try GraphFile.decodeFragment(text) }
        let problems = error?.problems.map(\.kind) ?? []
        #expect(problems.contains(.cycle))
        #expect(problems.contains(.unknownKind))
        #expect(!problems.contains(.danglingInput))
    }

    @Test func outsideLinksThatDoNotEndInTheFragmentAreLeftOut() throws {
        let (graph, outside) = try copiedPart()
        let extra: [Edit] =
            outside + [.link(from: "one", to: "ghost", slot: 0), .rename(node: "sum", name: "x")]
        #expect(
            try GraphFile.encode(graph, outsideInputs: extra)
                == GraphFile.encode(graph, outsideInputs: outside))
    }
}
