import NodeGraph
import NodeGraphTesting
import Testing

/// The checker's own judgement across groups: what it calls a violation must be one.
@Suite struct GraphCheckerGroupTests {
    @Test func aBatchThatGroupsThenUngroupsIsNoViolationThoughItGivesAnIdBack() throws {
        var graph = Graph()
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("five", kind: "number", name: "Five", at: Position(x: 2, y: 7), value: .number(5))
        try graph.addNode(
            "sum", kind: "add", name: "Sum", at: Position(x: 26, y: 1), inputs: ["one", "five", nil])
        try graph.addNode("two", kind: "number", name: "Two", at: Position(x: 26, y: 9), value: .number(2))
        try graph.addNode(
            "half", kind: "divide", name: "Half", at: Position(x: 50, y: 4), inputs: ["sum", "two"])
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
