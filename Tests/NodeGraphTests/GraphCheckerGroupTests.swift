import NodeGraph
import NodeGraphTesting
import Testing

/// The checker's own judgement across groups: what it calls a violation must be one.
@Suite struct GraphCheckerGroupTests {
    @Test func aBatchThatGroupsThenUngroupsIsNoViolationThoughItGivesAnIdBack() throws {
        var graph = try SampleGraphs.halfOfASum()
        try graph.addNode(
            "out", kind: "add", name: "Out", at: Position(x: 50, y: 12), inputs: ["half", "one", nil])
        var checker = GraphChecker(graph: graph)
        let change = checker.apply(
            .batch([
                .group(nodes: ["sum", "two", "half"], kind: "average", name: "Average", id: "sum"),
                .ungroup("sum"),
            ]))
        #expect(change != nil)
        #expect(checker.graph.contains("sum"), "ungrouping gave the id back")
        #expect(checker.violations == [])
    }
}
