import NodeGraph
import Testing

/// Two clocks, each doubled, and the sum of both doubles: `sum = 2·a + 2·b`.
private func twoClocks() throws -> Graph {
    var graph = Graph()
    try graph.addNode("a", kind: "clock")
    try graph.addNode("b", kind: "clock", value: .number(0.5))
    try graph.addNode("twiceA", kind: "add", inputs: ["a", "a"])
    try graph.addNode("twiceB", kind: "add", inputs: ["b", "b"])
    try graph.addNode("sum", kind: "add", inputs: ["twiceA", "twiceB"])
    return graph
}

private func update(_ node: NodeID, _ number: Double) -> SourceUpdate {
    SourceUpdate(node: node, value: .number(number))
}

@Suite struct LiveSourceTests {
    @Test func anUpdateRecomputesEachDownstreamNodeOnceAfterItsInputs() throws {
        var graph = try twoClocks()
        let change = graph.applySourceUpdates([update("a", 3)])
        #expect(change.sources == ["a"])
        #expect(Array(change.recomputed) == ["a", "twiceA", "sum"])
        #expect(graph.value(of: "sum") == .number(6))
        try graph.checkInvariants()
    }

    @Test func updatesFromSeveralSourcesArrivingTogetherAreOnePass() throws {
        var graph = try twoClocks()
        let change = graph.applySourceUpdates([update("a", 1), update("b", 2)])
        #expect(change.sources == ["a", "b"])
        #expect(change.recomputed.filter { $0 == "sum" }.count == 1)
        #expect(Set(change.recomputed) == ["a", "b", "twiceA", "twiceB", "sum"])
        #expect(change.recomputed.count == 5)
        #expect(graph.value(of: "sum") == .number(6))
    }

    @Test func ofSeveralUpdatesForOneSourceTheLastWins() throws {
        var graph = try twoClocks()
        let change = graph.applySourceUpdates([update("a", 1), update("a", 4)])
        #expect(change.sources == ["a"])
        #expect(Array(change.recomputed) == ["a", "twiceA", "sum"])
        #expect(graph.value(of: "a") == .number(4))
    }

    @Test func anUnchangedValueStopsThePropagation() throws {
        var graph = try twoClocks()
        graph.applySourceUpdates([update("a", 2)])
        let change = graph.applySourceUpdates([update("a", 2)])
        #expect(Array(change.recomputed) == ["a"])
    }

    @Test func updatesForNodesThatAreGoneOrNotLiveAreSkipped() throws {
        var graph = try twoClocks()
        try graph.addNode("n", kind: "number", value: .number(7))
        let before = graph
        let change = graph.applySourceUpdates([update("gone", 1), update("n", 9), update("twiceA", 9)])
        #expect(change.sources.isEmpty)
        #expect(change.recomputed.isEmpty)
        #expect(graph == before)
    }

    @Test func aPushedErrorNamesTheSourceAndBlocksWhatDependsOnIt() throws {
        var graph = try twoClocks()
        let error = ValueError(reason: "cannot read 'x.txt'", origin: NodeID(""))
        graph.applySourceUpdates([SourceUpdate(node: "a", value: .error(error))])
        let expected = Value.error(ValueError(reason: "cannot read 'x.txt'", origin: "a"))
        #expect(graph.value(of: "a") == expected)
        #expect(graph.value(of: "sum") == expected)
    }

    @Test func aPushedValueOfTheWrongTypeBecomesAnErrorOnTheSource() throws {
        var graph = try twoClocks()
        graph.applySourceUpdates([SourceUpdate(node: "a", value: .color(.black))])
        #expect(graph.value(of: "a")?.error?.reason == "clock produced a color, not a number")
    }

    @Test func aSourceShowsItsInitialValueBeforeItsFirstUpdate() throws {
        var graph = Graph()
        try graph.addNode("tick", kind: "clock")
        try graph.addNode("load", kind: "file")
        #expect(graph.value(of: "tick") == .number(0))
        #expect(graph.value(of: "load")?.error?.reason == "waiting for its first update")
        #expect(graph.parameter(of: "load") == FileKind.path("number.txt"))
    }

    @Test func aSourceUpdateIsNeitherUndoneNorRecordedNorAModification() throws {
        let document = GraphDocument(graph: try twoClocks())
        var heardEdits = 0
        var heardUpdates: [SourceChange] = []
        document.observe { _ in heardEdits += 1 }
        document.observeBatches { _ in heardEdits += 1 }
        document.observeSourceUpdates { heardUpdates.append($0) }
        try document.apply(.move(node: "sum", to: Position(x: 9, y: 9)))
        heardEdits = 0
        let change = document.applySourceUpdates([update("a", 5)])
        #expect(heardEdits == 0)
        #expect(heardUpdates == [change])
        #expect(document.history.undoSteps.count == 1)
        try document.undo()
        #expect(!document.isModified)
        #expect(document.graph.value(of: "a") == .number(5))
        #expect(document.graph.value(of: "sum") == .number(10))
    }

    @Test func aSourcesSettingIsAnEditThatUndoes() throws {
        let document = GraphDocument(graph: try twoClocks())
        try document.apply(.setValue(node: "a", value: .number(2)))
        #expect(document.graph.parameter(of: "a") == .number(2))
        try document.undo()
        #expect(document.graph.parameter(of: "a") == .number(1))
    }

    @Test func aClockRefusesAnIntervalShorterThanTheMinimum() throws {
        var graph = try twoClocks()
        let before = graph
        #expect(
            throws: GraphError.invalidHeldValue(
                node: "a", name: "interval", reason: "must be at least 0.05 seconds")
        ) {
            try graph.setValue(.number(0.01), of: "a")
        }
        #expect(throws: GraphError.self) { try graph.addNode("c", kind: "clock", value: .number(0)) }
        #expect(graph == before)
        #expect(
            GraphError.invalidHeldValue(node: "a", name: "interval", reason: "must be at least 0.05 seconds")
                .description == "invalid interval for 'a': must be at least 0.05 seconds")
    }

    @Test func aFileSourceRefusesAnEmptyPath() throws {
        var graph = Graph()
        #expect(
            throws: GraphError.invalidHeldValue(node: "f", name: "path", reason: "a path must not be empty")
        ) {
            try graph.addNode("f", kind: "file", value: FileKind.path(""))
        }
    }

    @Test func aNumberTurnedIntoAClockKeepsItsNumberOnlyWhenItIsAValidInterval() throws {
        var graph = Graph()
        try graph.addNode("fast", kind: "number", value: .number(0.01))
        try graph.addNode("slow", kind: "number", value: .number(5))
        try graph.setKind("clock", of: "fast")
        try graph.setKind("clock", of: "slow")
        #expect(graph.parameter(of: "fast") == .number(1))
        #expect(graph.parameter(of: "slow") == .number(5))
    }

    @Test func aRemovedSourceForgetsItsPushedValue() throws {
        let document = GraphDocument(graph: try twoClocks())
        document.applySourceUpdates([update("a", 5)])
        try document.apply(.removeNode("a"))
        try document.undo()
        #expect(document.graph.value(of: "a") == .number(0))
        try document.graph.checkInvariants()
    }

    @Test func aLiveSourceIsRefusedInsideADefinition() throws {
        var graph = try twoClocks()
        let before = graph
        #expect(throws: GraphError.inDefinition("pair", .liveSourceInDefinition(node: "a", kind: "clock"))) {
            try graph.apply(.group(nodes: ["a", "twiceA"], kind: "pair", name: "Pair", id: "p"))
        }
        #expect(graph == before)
        try graph.apply(.group(nodes: ["twiceA"], kind: "double", name: "Double", id: "d"))
        #expect(throws: GraphError.inDefinition("double", .liveSourceInDefinition(node: "t", kind: "clock")))
        {
            try graph.apply(.inside(definition: "double", .addNode(NodeDescription(id: "t", kind: "clock"))))
        }
        #expect(
            GraphError.liveSourceInDefinition(node: "t", kind: "clock").description
                == "'t' is a live source (clock): it cannot be inside a definition; keep it outside and link it to the group's input"
        )
    }

    @Test func aSourceIsListedAsLive() throws {
        let graph = try twoClocks()
        #expect(graph.isLiveSource("a"))
        #expect(!graph.isLiveSource("sum"))
        #expect(Set(graph.liveSources) == ["a", "b"])
    }
}
