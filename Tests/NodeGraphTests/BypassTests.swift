import NodeGraph
import Testing

/// `one` (1) and `five` (5) feeding `sum` = one + five, and `twice` = sum × two (2).
private func sumGraph() throws -> Graph {
    var graph = Graph()
    try graph.addNode("one", kind: "number", value: .number(1))
    try graph.addNode("five", kind: "number", value: .number(5))
    try graph.addNode("two", kind: "number", value: .number(2))
    try graph.addNode("sum", kind: "add", inputs: ["one", "five", nil])
    try graph.addNode("twice", kind: "multiply", inputs: ["sum", "two"])
    return graph
}

@Suite struct BypassTests {
    @Test func aBypassedNodePassesItsFirstConnectedInputThroughAndDownstreamFollows() throws {
        var graph = try sumGraph()
        #expect(graph.value(of: "twice") == .number(12))
        let change = try graph.setBypass(of: "sum", to: true)
        #expect(graph.isBypassed("sum"))
        #expect(graph.value(of: "sum") == .number(1))
        #expect(graph.value(of: "twice") == .number(2))
        #expect(Array(change.recomputed) == ["sum", "twice"])
        #expect(change.inverse == .setBypass(node: "sum", bypassed: false))
    }

    @Test func theFirstConnectedSlotCountsNotTheFirstSlot() throws {
        var graph = try sumGraph()
        try graph.unlink(to: "sum", slot: 0)
        try graph.setBypass(of: "sum", to: true)
        #expect(graph.value(of: "sum") == .number(5))
    }

    @Test func aBypassedNodeWithNothingConnectedReadsWhatAnUnconnectedSlotReads() throws {
        var graph = Graph()
        try graph.addNode("sum", kind: "add")
        try graph.addNode("r", kind: "number", value: .number(300))
        try graph.addNode("c", kind: "color", inputs: ["r"])
        try graph.setBypass(of: "sum", to: true)
        try graph.setBypass(of: "c", to: true)
        #expect(graph.value(of: "sum") == .number(0))
        // A color made of numbers has no color input: it passes what a color slot reads, black
        // (and not the error its red channel of 300 gives).
        #expect(graph.value(of: "c") == .color(.black))
    }

    @Test func anErrorInTheInputPassedThroughStaysAnErrorFromItsOrigin() throws {
        var graph = try sumGraph()
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("ratio", kind: "divide", inputs: ["one", "zero"])
        try graph.addNode("after", kind: "add", inputs: ["ratio", "one", nil])
        try graph.setBypass(of: "after", to: true)
        #expect(graph.value(of: "after")?.error?.origin == "ratio")
        // An error in a slot that is not passed through does not matter.
        try graph.link(from: "one", to: "after", slot: 0)
        try graph.link(from: "ratio", to: "after", slot: 1)
        #expect(graph.value(of: "after") == .number(1))
    }

    @Test func stoppingTheBypassComputesTheNodeAgain() throws {
        var graph = try sumGraph()
        try graph.setBypass(of: "sum", to: true)
        let change = try graph.setBypass(of: "sum", to: false)
        #expect(!graph.isBypassed("sum"))
        #expect(graph.value(of: "twice") == .number(12))
        #expect(change.inverse == .setBypass(node: "sum", bypassed: true))
    }

    @Test func undoAndRedoRestoreTheBypassAndTheValues() throws {
        let document = GraphDocument(graph: try sumGraph())
        try document.apply(.setBypass(node: "sum", bypassed: true))
        #expect(document.graph.value(of: "twice") == .number(2))
        try document.undo()
        #expect(!document.graph.isBypassed("sum"))
        #expect(document.graph.value(of: "twice") == .number(12))
        try document.redo()
        #expect(document.graph.isBypassed("sum"))
        #expect(document.graph.value(of: "twice") == .number(2))
    }

    @Test func aSourceCannotBeBypassedAndTheRefusalSaysWhyAndChangesNothing() throws {
        var graph = try sumGraph()
        let before = graph
        #expect(
            throws: GraphError.cannotBypass(
                "one", kind: "number", reason: "it is a source, with no input to pass through")
        ) {
            try graph.setBypass(of: "one", to: true)
        }
        #expect(graph == before)
        #expect(
            graph.bypassProblem("one")?.description
                == "'one' (number) cannot be bypassed: it is a source, with no input to pass through")
        #expect(graph.bypassProblem("sum") == nil)
        #expect(throws: GraphError.unknownNode("ghost")) { try graph.setBypass(of: "ghost", to: true) }
    }

    @Test func aBatchWithARefusedBypassLeavesEverythingAsItWas() throws {
        var graph = try sumGraph()
        let before = graph
        #expect(throws: GraphError.self) {
            try graph.apply(
                .batch([.setBypass(node: "sum", bypassed: true), .setBypass(node: "two", bypassed: true)]))
        }
        #expect(graph == before)
        #expect(!graph.isBypassed("sum"))
    }

    @Test func theBypassIsPartOfTheNodesDescriptionAndSurvivesRemovalAndUndo() throws {
        var graph = try sumGraph()
        try graph.setBypass(of: "sum", to: true)
        #expect(graph.node("sum")?.bypassed == true)
        #expect(graph.node("twice")?.bypassed == false)
        let removal = try graph.apply(.removeNode("sum"))
        try graph.apply(removal.inverse)
        #expect(graph.isBypassed("sum"))
        #expect(graph.value(of: "twice") == .number(2))
        // Two graphs differing only in a bypass are not equal.
        var other = graph
        try other.setBypass(of: "sum", to: false)
        try other.setBypass(of: "sum", to: true)
        #expect(other == graph)
        try other.setBypass(of: "sum", to: false)
        #expect(other != graph)
    }

    @Test func addingABypassedNodeBypassesItAndARefusedOneAddsNothing() throws {
        var graph = try sumGraph()
        try graph.apply(
            .addNode(NodeDescription(id: "s2", kind: "subtract", inputs: ["five", "one"], bypassed: true)))
        #expect(graph.value(of: "s2") == .number(5))
        #expect(throws: GraphError.self) {
            try graph.apply(.addNode(NodeDescription(id: "n", kind: "number", bypassed: true)))
        }
        #expect(graph.node("n") == nil)
    }

    @Test func changingTheKindOfABypassedNodeKeepsTheBypass() throws {
        var graph = try sumGraph()
        try graph.setBypass(of: "twice", to: true)
        let change = try graph.apply(.setKind(node: "twice", kind: "divide"))
        #expect(graph.isBypassed("twice"))
        #expect(graph.value(of: "twice") == .number(6))
        try graph.apply(change.inverse)
        #expect(graph.isBypassed("twice"))
        #expect(graph.kind(of: "twice")?.name == "multiply")
    }

    @Test func changingABypassedNodeIntoASourceDropsTheBypassAndUndoBringsItBack() throws {
        var graph = try sumGraph()
        try graph.setBypass(of: "twice", to: true)
        let change = try graph.apply(.setKind(node: "twice", kind: "number"))
        #expect(!graph.isBypassed("twice"))
        try graph.apply(change.inverse)
        #expect(graph.isBypassed("twice"))
        #expect(graph.value(of: "twice") == .number(6))
    }

    @Test func aBypassedFormulaKeepsItsBypassWhenItsFormulaChanges() throws {
        var graph = try sumGraph()
        try graph.addNode("f", kind: "formula", value: FormulaKind.formula("a * 10"), inputs: ["five"])
        try graph.setBypass(of: "f", to: true)
        #expect(graph.value(of: "f") == .number(5))
        try graph.setFormula(of: "f", to: "a * 100 + b")
        #expect(graph.isBypassed("f"))
        #expect(graph.formula(of: "f")?.text == "a * 100 + b")
        #expect(graph.value(of: "f") == .number(5))
        // A formula without variables is a constant: it cannot stay bypassed, and undo restores it.
        let change = try graph.setFormula(of: "f", to: "2 * pi")
        #expect(!graph.isBypassed("f"))
        try graph.apply(change.inverse)
        #expect(graph.isBypassed("f"))
        #expect(graph.value(of: "f") == .number(5))
    }

    @Test func aBypassInsideADefinitionChangesEveryInstance() throws {
        var graph = try averageGraph()
        #expect(graph.value(of: "avg") == .number(3))
        let change = try graph.apply(.inside(definition: "average", .setBypass(node: "half", bypassed: true)))
        // half passes sum through: 1 + 5.
        #expect(graph.value(of: "avg") == .number(6))
        #expect(graph.definition(named: "average")?.graph.isBypassed("half") == true)
        try graph.apply(change.inverse)
        #expect(graph.value(of: "avg") == .number(3))
        #expect(graph.definition(named: "average")?.graph.isBypassed("half") == false)
    }

    @Test func aBypassedInstancePassesItsFirstInputThrough() throws {
        var graph = try averageGraph()
        try graph.setBypass(of: "avg", to: true)
        #expect(graph.value(of: "avg") == .number(1))
        // A new version of the definition keeps the instance bypassed.
        try graph.apply(.inside(definition: "average", .setValue(node: "two", value: .number(4))))
        #expect(graph.value(of: "avg") == .number(1))
        try graph.setBypass(of: "avg", to: false)
        #expect(graph.value(of: "avg") == .number(1.5))
    }

    @Test func aBypassedInstanceInsideAnotherDefinitionEvaluatesThroughThePlan() throws {
        var graph = try averageGraph()
        try graph.apply(.inside(definition: "average", .setBypass(node: "sum", bypassed: true)))
        // sum passes a through: (1) / 2.
        #expect(graph.value(of: "avg") == .number(0.5))
        try graph.setValue(.number(8), of: "one")
        #expect(graph.value(of: "avg") == .number(4))
    }

    @Test func incrementalValuesWithBypassesMatchAFullEvaluation() throws {
        var graph = try sumGraph()
        try graph.addNode(
            "f", kind: "formula", value: FormulaKind.formula("a - b"), inputs: ["twice", "sum"])
        try graph.setBypass(of: "sum", to: true)
        try graph.setValue(.number(7), of: "one")
        try graph.setBypass(of: "twice", to: true)
        try graph.setValue(.number(-3), of: "five")
        var fresh = graph
        fresh.evaluateAll()
        for id in graph.nodeIDs { #expect(graph.value(of: id) == fresh.value(of: id), "\(id)") }
        #expect(graph.value(of: "f") == .number(0))
    }
}
