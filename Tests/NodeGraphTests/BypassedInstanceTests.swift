import NodeGraph
import NodeGraphTesting
import Testing

/// `double` (x → x × 2): a definition with one group input, which an edit inside it can remove.
private func doubleDefinition(kind: String = "double") -> DefinitionDescription {
    DefinitionDescription(
        kind: kind, name: "Double", inputs: ["x"], output: "twice",
        nodes: [
            NodeDescription(id: "x", kind: "groupInput", name: "x", value: .number(0)),
            NodeDescription(id: "two", kind: "number", value: .number(2)),
            NodeDescription(id: "twice", kind: "multiply", inputs: ["x", "two"]),
        ])
}

/// `five` (5) feeding `d`, a bypassed instance of `double` (so 5), and `after` = d + five.
private func bypassedDoubleGraph() throws -> Graph {
    var graph = Graph()
    try graph.apply(.addDefinition(doubleDefinition()))
    try graph.addNode("five", kind: "number", value: .number(5))
    try graph.addNode("d", kind: "double", inputs: ["five"])
    try graph.addNode("after", kind: "add", inputs: ["d", "five", nil])
    try graph.setBypass(of: "d", to: true)
    return graph
}

/// A bypassed group instance whose definition loses its last group input has nothing left to pass
/// through: the edit stops bypassing it, and its inverse bypasses it again once the input is back.
///
/// Found by `PropertyTests.randomEditSequencesKeepEveryPromise` (seed
/// `IeQWHbbink0y2OeZL7dZPvHI91YVlyT0ga07RFsFS5g=`): the instance stayed bypassed, a state
/// `setBypass` refuses, and the inverse of a later `setKind` could not restore it.
@Suite struct BypassedInstanceTests {
    @Test func aBypassedInstanceWhoseDefinitionLostItsInputIsRestoredByTheInverseOfSetKind() {
        var checker = GraphChecker(graph: Graph())
        let edits: [Edit] = [
            .addNode(NodeDescription(id: "n1", kind: "colorAdjust", position: Position(x: 0, y: 0))),
            .group(nodes: ["n1"], kind: "g1", name: "Group 1", id: "n1"),
            .inside(
                definition: "g1",
                .addNode(
                    NodeDescription(
                        id: "in", kind: "groupInput", position: Position(x: 0, y: 5), value: .number(1)))),
            .setBypass(node: "n1", bypassed: true),
            .inside(definition: "g1", .removeNode("in")),
            .setKind(node: "n1", kind: "plot"),
            .setKind(node: "n1", kind: "g1"),
            .setBypass(node: "n1", bypassed: true),
            .inside(definition: "g1", .addNode(NodeDescription(id: "in", kind: "groupInput"))),
            .setBypass(node: "n1", bypassed: true),
        ]
        for edit in edits { checker.apply(edit) }
        checker.checkUndoAll()
        #expect(checker.violations == [])
        #expect(checker.graph.isBypassed("n1"))
    }

    @Test func removingTheOnlyGroupInputStopsBypassingTheInstanceAndItsInverseBypassesItAgain() throws {
        var graph = try bypassedDoubleGraph()
        let before = graph
        #expect(graph.value(of: "d") == .number(5))
        let change = try graph.apply(.inside(definition: "double", .removeNode("x")))
        #expect(!graph.isBypassed("d"))
        #expect(graph.bypassProblem("d") != nil)
        // Computed now: 0 × 2, and `after` follows.
        #expect(graph.value(of: "d") == .number(0))
        #expect(graph.value(of: "after") == .number(5))
        #expect(Array(change.recomputed) == ["d", "after"])
        #expect(throws: Never.self) { try graph.checkInvariants() }
        let after = graph

        var undone = graph
        let undo = try undone.apply(change.inverse)
        #expect(undone == before)
        #expect(undone.isBypassed("d"))
        #expect(undone.value(of: "after") == .number(10))
        var redone = undone
        try redone.apply(undo.inverse)
        #expect(redone == after)
    }

    @Test func undoAndRedoThroughTheHistoryRoundTrip() throws {
        var graph = try bypassedDoubleGraph()
        let before = graph
        var history = History()
        history.record(try graph.apply(.inside(definition: "double", .removeNode("x"))))
        let after = graph
        for _ in 0..<2 {
            _ = try history.undo(on: &graph)
            #expect(graph == before)
            _ = try history.redo(on: &graph)
            #expect(graph == after)
        }
    }

    @Test func removingOneOfSeveralGroupInputsKeepsTheBypass() throws {
        var graph = try averageGraph()
        try graph.setBypass(of: "avg", to: true)
        let change = try graph.apply(.inside(definition: "average", .removeNode("a")))
        #expect(graph.isBypassed("avg"))
        // Slot b (fed by five) is now the first slot.
        #expect(graph.value(of: "avg") == .number(5))
        try graph.apply(change.inverse)
        #expect(graph.isBypassed("avg"))
        #expect(graph.value(of: "avg") == .number(1))
    }

    /// A definition whose output is a bypassed instance of `double`, fed by its one input.
    static let outerHoldingABypassedDouble = DefinitionDescription(
        kind: "outer", name: "Outer", inputs: ["y"], output: "inner",
        nodes: [
            NodeDescription(id: "y", kind: "groupInput", name: "y", value: .number(0)),
            NodeDescription(id: "inner", kind: "double", inputs: ["y"], bypassed: true),
        ])

    @Test func everyInstanceLosesItsBypassInsideOtherDefinitionsToo() throws {
        var checker = GraphChecker(graph: try bypassedDoubleGraph())
        checker.apply(.addDefinition(Self.outerHoldingABypassedDouble))
        checker.apply(.addNode(NodeDescription(id: "o", kind: "outer", inputs: ["five"])))
        #expect(checker.graph.value(of: "o") == .number(5))
        checker.apply(.inside(definition: "double", .removeNode("x")))
        #expect(checker.graph.definition(named: "outer")?.graph.isBypassed("inner") == false)
        #expect(!checker.graph.isBypassed("d"))
        #expect(checker.graph.value(of: "o") == .number(0))
        checker.apply(.inside(definition: "double", .addNode(NodeDescription(id: "x", kind: "groupInput"))))
        checker.checkUndoAll()
        #expect(checker.violations == [])
        #expect(checker.appliedCount == 4)
    }

    @Test func aRefusedBatchThatRemovedTheInputLeavesTheInstanceBypassed() throws {
        var graph = try bypassedDoubleGraph()
        let before = graph
        #expect(throws: GraphError.unknownNode("ghost")) {
            try graph.apply(.batch([.inside(definition: "double", .removeNode("x")), .removeNode("ghost")]))
        }
        #expect(graph == before)
        #expect(graph.isBypassed("d"))
    }

    @Test func aBatchThatRemovesAndAddsBackTheInputEndsTheBypassAndItsInverseRestoresIt() {
        var checker = GraphChecker(graph: try! bypassedDoubleGraph())
        checker.apply(
            .batch([
                .inside(definition: "double", .removeNode("x")),
                .inside(definition: "double", .addNode(NodeDescription(id: "x", kind: "groupInput"))),
            ]))
        #expect(checker.appliedCount == 1)
        #expect(!checker.graph.isBypassed("d"))
        #expect(checker.violations == [])
    }

    @Test func turningTheGroupInputIntoAnotherKindIsRefusedAndKeepsTheBypass() throws {
        var graph = try bypassedDoubleGraph()
        let before = graph
        #expect(throws: GraphError.inDefinition("double", .groupInputKindChange("x"))) {
            try graph.apply(.inside(definition: "double", .setKind(node: "x", kind: "number")))
        }
        #expect(graph == before)
    }

    @Test func aBypassedInstanceOfADefinitionWithoutInputsCannotBeAdded() throws {
        var graph = try bypassedDoubleGraph()
        try graph.apply(.inside(definition: "double", .removeNode("x")))
        let before = graph
        let reason = "it is a source, with no input to pass through"
        #expect(throws: GraphError.cannotBypass("e", kind: "double", reason: reason)) {
            try graph.apply(.addNode(NodeDescription(id: "e", kind: "double", bypassed: true)))
        }
        #expect(throws: GraphError.cannotBypass("d", kind: "double", reason: reason)) {
            try graph.setBypass(of: "d", to: true)
        }
        let outer = DefinitionDescription(
            kind: "outer", name: "Outer", inputs: [], output: "inner",
            nodes: [NodeDescription(id: "inner", kind: "double", bypassed: true)])
        #expect(
            throws: GraphError.inDefinition("outer", .cannotBypass("inner", kind: "double", reason: reason))
        ) {
            try graph.apply(.addDefinition(outer))
        }
        #expect(graph == before)
    }

    @Test func changingABypassedNodeIntoADefinitionWithoutInputsEndsTheBypassAndUndoBringsItBack() throws {
        var graph = try bypassedDoubleGraph()
        try graph.apply(.inside(definition: "double", .removeNode("x")))
        try graph.setBypass(of: "after", to: true)
        let before = graph
        let change = try graph.setKind("double", of: "after")
        #expect(!graph.isBypassed("after"))
        #expect(graph.value(of: "after") == .number(0))
        try graph.apply(change.inverse)
        #expect(graph == before)
        #expect(graph.isBypassed("after"))
    }

    @Test func ungroupingAnInstanceWhoseDefinitionHoldsABypassedInstanceKeepsThatBypass() {
        var checker = GraphChecker(graph: try! bypassedDoubleGraph())
        checker.apply(.addDefinition(Self.outerHoldingABypassedDouble))
        checker.apply(.addNode(NodeDescription(id: "o", kind: "outer", inputs: ["five"])))
        checker.apply(.ungroup("o"))
        #expect(checker.graph.isBypassed("inner"))
        #expect(checker.graph.value(of: "inner") == .number(5))
        checker.apply(.inside(definition: "double", .removeNode("x")))
        #expect(!checker.graph.isBypassed("inner"))
        checker.checkUndoAll()
        #expect(checker.violations == [])
    }

    @Test func ungroupingABypassedInstanceKeepsEveryValueFeedingWhatItPassedThrough() throws {
        var checker = GraphChecker(graph: try bypassedDoubleGraph())
        #expect(checker.graph.value(of: "after") == .number(10))
        checker.apply(.ungroup("d"))
        #expect(!checker.graph.contains("d"))
        #expect(checker.graph.inputs(of: "after") == ["five", "five", nil])
        #expect(checker.graph.value(of: "after") == .number(10))
        // The copies come in, computing, and feed nothing outside.
        #expect(checker.graph.value(of: "twice") == .number(10))
        #expect(checker.graph.dependents(of: "twice").isEmpty)
        checker.checkUndoAll()
        #expect(checker.violations == [])
    }

    @Test func ungroupingABypassedUnfedInstanceFeedsANodeHoldingWhatItPassed() throws {
        var definition = doubleDefinition()
        definition.nodes[0].value = .number(7)
        var graph = Graph()
        try graph.apply(.addDefinition(definition))
        try graph.addNode("d", kind: "double")
        try graph.addNode("after", kind: "add", inputs: ["d"])
        try graph.setBypass(of: "d", to: true)
        #expect(graph.value(of: "after") == .number(7))
        var checker = GraphChecker(graph: graph)
        checker.apply(.ungroup("d"))
        #expect(checker.graph.kind(of: "d")?.name == "number")
        #expect(checker.graph.inputs(of: "after") == ["d", nil, nil])
        #expect(checker.graph.value(of: "after") == .number(7))
        checker.checkUndoAll()
        #expect(checker.violations == [])
    }
}
