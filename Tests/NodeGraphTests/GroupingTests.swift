import NodeGraph
import Testing

@Suite struct GroupingTests {
    /// one, five → sum → half (÷ two) → total: DESIGN.md's `group` example before grouping.
    func ungroupedAverage() throws -> Graph {
        var graph = Graph()
        try graph.addNode("one", kind: "number", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("five", kind: "number", at: Position(x: 2, y: 9), value: .number(5))
        try graph.addNode("sum", kind: "add", at: Position(x: 30, y: 3), inputs: ["one", "five"])
        try graph.addNode("two", kind: "number", at: Position(x: 30, y: 12), value: .number(2))
        try graph.addNode("half", kind: "divide", at: Position(x: 50, y: 5), inputs: ["sum", "two"])
        try graph.addNode("total", kind: "add", at: Position(x: 70, y: 5), inputs: ["half", "one"])
        return graph
    }

    @Test func groupingReplacesTheNodesByOneInstanceFedAsTheyWere() throws {
        var graph = try ungroupedAverage()
        try graph.group(["sum", "two", "half"], kind: "average", name: "Average", id: "avg")
        let definition = try #require(graph.definition(named: "average"))
        #expect(definition.inputs == ["one", "five"])
        #expect(definition.output == "half")
        #expect(definition.graph.nodeIDs.sorted() == ["five", "half", "one", "sum", "two"])
        #expect(graph.nodeIDs.sorted() == ["avg", "five", "one", "total"])
        #expect(graph.inputs(of: "avg") == ["one", "five"])
        #expect(graph.position(of: "avg") == Position(x: 30, y: 3))
        #expect(graph.name(of: "avg") == "Average")
        #expect(graph.kind(of: "avg")?.inputs.map(\.label) == ["one", "five"])
        #expect(graph.inputs(of: "total") == ["avg", "one", nil])
        #expect(graph.value(of: "avg") == .number(3))
        #expect(graph.value(of: "total") == .number(4))
        try graph.checkInvariants()
    }

    @Test func aGroupWithTwoOutputsIsRefusedNamingBoth() throws {
        var graph = try ungroupedAverage()
        try graph.addNode("other", kind: "add", inputs: ["sum"])
        let before = graph
        #expect(throws: GraphError.severalGroupOutputs(["half", "sum"], feedOutside: true)) {
            try graph.group(["sum", "two", "half"], kind: "average", name: "Average", id: "avg")
        }
        #expect(graph == before)
        #expect(
            GraphError.severalGroupOutputs(["half", "sum"], feedOutside: true).description
                == "a group has one output, but 'half' and 'sum' each feed nodes outside it")
    }

    @Test func aGroupFeedingNothingOutsideHasTheNodeNothingInsideUses() throws {
        var graph = try ungroupedAverage()
        try graph.group(["sum", "two", "half", "total"], kind: "average", name: "Average", id: "avg")
        #expect(graph.definition(named: "average")?.output == "total")
        #expect(graph.value(of: "avg") == .number(4))
        try graph.addNode("three", kind: "number")
        try graph.addNode("four", kind: "number")
        #expect(throws: GraphError.severalGroupOutputs(["four", "three"], feedOutside: false)) {
            try graph.group(["three", "four"], kind: "pair", name: "Pair", id: "pair")
        }
    }

    @Test func groupingThenUndoingRestoresEverythingAndForgetsTheDefinition() throws {
        let document = GraphDocument(graph: try ungroupedAverage())
        let before = document.graph
        try document.apply(
            .group(nodes: ["sum", "two", "half"], kind: "average", name: "Average", id: "half"))
        #expect(document.graph.value(of: "half") == .number(3))
        try document.undo()
        #expect(document.graph == before)
        #expect(document.graph.definitions.isEmpty)
        try document.redo()
        #expect(document.graph.definition(named: "average") != nil)
    }

    @Test func ungroupingRestoresTheNodesAndKeepsTheDefinition() throws {
        var graph = try ungroupedAverage()
        let values = graph.currentValues()
        try graph.group(["sum", "two", "half"], kind: "average", name: "Average", id: "avg")
        try graph.ungroup("avg")
        #expect(graph.nodeIDs.sorted() == ["five", "half", "one", "sum", "total", "two"])
        #expect(graph.currentValues() == values)
        #expect(graph.inputs(of: "total") == ["half", "one", nil])
        #expect(graph.position(of: "sum") == Position(x: 30, y: 3))
        #expect(graph.position(of: "half") == Position(x: 50, y: 5))
        #expect(graph.definition(named: "average") != nil)
        try graph.checkInvariants()
    }

    @Test func ungroupingGivesTakenIdsTheSmallestFreeNumber() throws {
        var graph = try averageGraph()
        try graph.addNode("sum", kind: "number")
        try graph.addNode("sum2", kind: "number")
        try graph.ungroup("avg")
        #expect(Set(graph.nodeIDs) == ["one", "five", "sum", "sum2", "sum3", "two", "half"])
        #expect(graph.inputs(of: "sum3") == ["one", "five", nil])
        #expect(graph.value(of: "half") == .number(3))
    }

    @Test func ungroupingAnUnfedSlotKeepsWhatItRead() throws {
        var graph = Graph()
        var definition = averageDefinition()
        definition.nodes[1].value = .number(7)
        try graph.apply(.addDefinition(definition))
        try graph.addNode("avg", kind: "average")
        try graph.addNode("after", kind: "add", inputs: ["avg"])
        try graph.ungroup("avg")
        #expect(graph.value(of: "b") == .number(7))
        #expect(graph.value(of: "after") == .number(3.5))
        #expect(graph.inputs(of: "sum") == [nil, "b", nil])
    }

    @Test func ungroupingANonInstanceIsRefused() throws {
        var graph = try averageGraph()
        #expect(throws: GraphError.notAnInstance("one")) { try graph.ungroup("one") }
        #expect(throws: GraphError.unknownNode("nope")) { try graph.ungroup("nope") }
    }

    @Test func groupingInsideADefinitionNestsTheNewDefinition() throws {
        var graph = try averageGraph()
        try graph.apply(
            .inside(definition: "average", .group(nodes: ["sum"], kind: "plus", name: "Plus", id: "sum")))
        #expect(graph.definition(named: "average")?.usedDefinitions == ["plus"])
        #expect(graph.value(of: "avg") == .number(3))
        let change = try graph.apply(.inside(definition: "plus", .setKind(node: "sum", kind: "multiply")))
        #expect(change.recomputed == ["avg"])
        #expect(graph.value(of: "avg") == .number(2.5))
    }

    @Test func groupingAnEmptyListOrANodeTwiceIsRefused() throws {
        var graph = try ungroupedAverage()
        #expect(throws: GraphError.invalidGroup(reason: "a group needs at least one node")) {
            try graph.group([], kind: "k", name: "K", id: "k")
        }
        #expect(throws: GraphError.invalidGroup(reason: "node 'sum' is listed twice")) {
            try graph.group(["sum", "sum"], kind: "k", name: "K", id: "k")
        }
        #expect(throws: GraphError.duplicateNode("one")) {
            try graph.group(["sum"], kind: "k", name: "K", id: "one")
        }
    }
}
