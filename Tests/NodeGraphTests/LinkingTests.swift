import Testing
import NodeGraph

/// A graph with two numbers feeding an add node, as in the design's example file.
func smallCalculator() throws -> Graph {
    var graph = Graph()
    try graph.addNode("one", kind: "number", name: "One", value: .number(1))
    try graph.addNode("two", kind: "number", name: "Two", value: .number(2))
    try graph.addNode("sum", kind: "add", name: "Add", inputs: ["one", nil, "two"])
    return graph
}

@Suite struct LinkingTests {
    @Test func linkingFeedsTheSlotAndRecomputesTheTarget() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply")
        let change = try graph.link(from: "sum", to: "prod", slot: 0)
        #expect(change.recomputed == ["prod"])
        #expect(graph.inputs(of: "prod") == ["sum", nil])
        #expect(graph.value(of: "sum") == .number(3))
        #expect(graph.value(of: "prod") == .number(0))
    }

    @Test func refusesALinkThatWouldCreateACycleAndNamesIt() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum"])
        let before = graph
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "prod", "sum"])) {
            try graph.link(from: "prod", to: "sum", slot: 1)
        }
        #expect(graph == before)
        try graph.checkInvariants()
    }

    @Test func refusesASelfLink() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "sum"])) {
            try graph.link(from: "sum", to: "sum", slot: 1)
        }
    }

    @Test func theCycleMessageReadsAsAPath() {
        #expect(GraphError.wouldCreateCycle(path: ["sum", "prod", "sum"]).description
            == "would create a cycle: sum → prod → sum")
    }

    @Test func linkAgainstTheOrderReordersInsteadOfRefusing() throws {
        var graph = Graph()
        try graph.addNode("late", kind: "add")
        try graph.addNode("early", kind: "number", value: .number(4))
        try graph.link(from: "early", to: "late", slot: 0)
        #expect(graph.value(of: "late") == .number(4))
        try graph.checkInvariants()
        #expect(graph.topologicalOrder() == ["early", "late"])
    }

    @Test func refusesASlotTypeMismatchNamingBothTypes() throws {
        var graph = try smallCalculator()
        try graph.addNode("c", kind: "color")
        let error = #expect(throws: GraphError.self) { try graph.link(from: "c", to: "sum", slot: 0) }
        #expect(error?.description == "slot 0 (x) of 'sum' takes a number, but 'c' produces a color")
    }
}
