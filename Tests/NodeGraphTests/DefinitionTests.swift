import NodeGraph
import Testing

@Suite struct DefinitionTests {
    @Test func anInstanceEvaluatesItsDefinitionWithWhatFeedsItsSlots() throws {
        let graph = try averageGraph()
        #expect(graph.value(of: "avg") == .number(3))
        #expect(graph.kind(of: "avg")?.inputs.map(\.label) == ["a", "b"])
        #expect(graph.kind(of: "avg")?.title == "Average")
    }

    @Test func anUnfedSlotReadsItsGroupInputsValue() throws {
        var graph = Graph()
        var definition = averageDefinition()
        definition.nodes[1].value = .number(7)
        try graph.apply(.addDefinition(definition))
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("avg", kind: "average", inputs: ["one"])
        #expect(graph.value(of: "avg") == .number(4))
    }

    @Test func aColorGroupInputMakesAColorSlot() throws {
        var graph = Graph()
        try graph.apply(.addDefinition(dimDefinition))
        try graph.addNode("dim", kind: "dim")
        #expect(graph.kind(of: "dim")?.inputs.first?.type == .color)
        #expect(graph.value(of: "dim") == .color(Color(red: 100, green: 50, blue: 0)))
        #expect(graph.definition(named: "dim")?.graph.node("c")?.kind == "groupInput")
    }

    @Test func aBatchInsideADefinitionThatRemovesAColorGroupInputAndFailsLeavesItAsItWas() throws {
        // The batch's rollback adds the group input back from its inverse (`groupInput` holding a
        // color), which once crashed: inside, the kind of a color group input is stored apart.
        var graph = Graph()
        try graph.apply(.addDefinition(dimDefinition))
        try graph.addNode("dim", kind: "dim")
        let before = graph
        #expect(throws: GraphError.inDefinition("dim", .unknownNode("c"))) {
            try graph.apply(
                .inside(
                    definition: "dim", .batch([.removeNode("c"), .setValue(node: "c", value: .number(5))])))
        }
        #expect(graph == before)
        // Removing it and undoing that gives the color slot back, too.
        let change = try graph.apply(.inside(definition: "dim", .removeNode("c")))
        try graph.apply(change.inverse)
        #expect(graph.kind(of: "dim")?.inputs.first?.type == .color)
        #expect(graph.value(of: "dim") == .color(Color(red: 100, green: 50, blue: 0)))
    }

    @Test func aResultThatIsNotFiniteInsideAnInstanceIsAnErrorThereAsInTheGraph() throws {
        // 5 ÷ (x + x) is 0 over plain numbers when x + x overflows; in the graph x + x is an error.
        var graph = Graph()
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "tiny", name: "Tiny", inputs: ["x"], output: "ratio",
                    nodes: [
                        NodeDescription(id: "x", kind: "groupInput", value: .number(0)),
                        NodeDescription(id: "twice", kind: "add", inputs: ["x", "x"]),
                        NodeDescription(id: "five", kind: "number", value: .number(5)),
                        NodeDescription(id: "ratio", kind: "divide", inputs: ["five", "twice"]),
                    ])))
        try graph.addNode("big", kind: "number", value: .number(1e308))
        try graph.addNode("t", kind: "tiny", inputs: ["big"])
        #expect(
            graph.value(of: "t")
                == .error(
                    ValueError(reason: "result is not a finite number", origin: "t", innerPath: ["twice"])))
    }

    @Test func anUnfedSlotOfANestedInstanceReadsItsGroupInputsValue() throws {
        var graph = Graph()
        var average = averageDefinition()
        average.nodes[1].value = .number(7)
        try graph.apply(.addDefinition(average))
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "half", name: "Half", inputs: ["x"], output: "mean",
                    nodes: [
                        NodeDescription(id: "x", kind: "groupInput", value: .number(0)),
                        NodeDescription(id: "mean", kind: "average", inputs: ["x"]),
                    ])))
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("h", kind: "half", inputs: ["one"])
        #expect(graph.value(of: "h") == .number(4))
    }

    @Test func anEditInsideADefinitionRecomputesEveryInstanceOnceThenWhatFollows() throws {
        var graph = try averageGraph()
        try graph.addNode("avg2", kind: "average", inputs: ["five", "five"])
        try graph.addNode("total", kind: "add", inputs: ["avg", "avg2"])
        let change = try graph.apply(
            .inside(definition: "average", .setValue(node: "two", value: .number(4))))
        #expect(change.recomputed == ["avg", "avg2", "total"])
        #expect(graph.value(of: "avg") == .number(1.5))
        #expect(graph.value(of: "avg2") == .number(2.5))
        #expect(graph.value(of: "total") == .number(4))
    }

    @Test func anEditInsideADefinitionReachesTheInstancesOfDefinitionsUsingIt() throws {
        var graph = try averageGraph()
        try graph.apply(.addDefinition(scaledDefinition()))
        try graph.addNode("scaled", kind: "scaled", inputs: ["five"])
        try graph.addNode("total", kind: "add", inputs: ["avg", "scaled"])
        #expect(graph.value(of: "scaled") == .number(50))
        let change = try graph.apply(
            .inside(definition: "average", .setValue(node: "two", value: .number(1))))
        #expect(Set(change.recomputed) == ["avg", "scaled", "total"])
        #expect(change.recomputed.last == "total")
        #expect(graph.value(of: "scaled") == .number(100))
        #expect(graph.value(of: "total") == .number(106))
        #expect(graph.definition(named: "scaled")?.graph.value(of: "mean") == .number(0))
    }

    @Test func aRenameInsideADefinitionRecomputesNothing() throws {
        var graph = try averageGraph()
        let change = try graph.apply(.inside(definition: "average", .rename(node: "two", name: "Two")))
        #expect(change.recomputed.isEmpty)
        #expect(graph.definition(named: "average")?.graph.name(of: "two") == "Two")
    }

    @Test func anErrorInsideAnInstanceNamesTheInstanceAndTheWayIn() throws {
        var graph = try averageGraph()
        try graph.addNode("total", kind: "add", inputs: ["avg"])
        try graph.apply(.inside(definition: "average", .setValue(node: "two", value: .number(0))))
        let error = ValueError(reason: "division by zero", origin: "avg", innerPath: ["half"])
        #expect(graph.value(of: "avg") == .error(error))
        #expect(graph.value(of: "total") == .error(error))
        #expect(error.path == ["avg", "half"])
        #expect(error.description == "division by zero (at avg › half)")
    }

    @Test func anErrorInsideANestedInstanceNamesEveryStep() throws {
        var graph = try averageGraph()
        try graph.apply(.addDefinition(scaledDefinition()))
        try graph.addNode("scaled", kind: "scaled", inputs: ["five"])
        try graph.apply(.inside(definition: "average", .setValue(node: "two", value: .number(0))))
        #expect(graph.value(of: "scaled")?.error?.path == ["scaled", "mean", "half"])
    }

    @Test func aDefinitionUsingItselfIsRefusedWithTheLoopNamed() throws {
        var graph = try averageGraph()
        try graph.apply(.addDefinition(scaledDefinition()))
        let before = graph
        #expect(throws: GraphError.definitionLoop(path: ["average", "scaled", "average"])) {
            try graph.apply(
                .inside(definition: "average", .addNode(NodeDescription(id: "s", kind: "scaled"))))
        }
        #expect(throws: GraphError.definitionLoop(path: ["average", "average"])) {
            try graph.apply(
                .inside(definition: "average", .addNode(NodeDescription(id: "s", kind: "average"))))
        }
        #expect(graph == before)
        #expect(
            GraphError.definitionLoop(path: ["average", "scaled", "average"]).description
                == "definition loop: average → scaled → average")
    }

    @Test func aDefinitionMayNotUseItselfWhenAdded() throws {
        var graph = Graph()
        var definition = averageDefinition()
        definition.nodes.append(NodeDescription(id: "again", kind: "average"))
        #expect(throws: GraphError.definitionLoop(path: ["average", "average"])) {
            try graph.apply(.addDefinition(definition))
        }
        #expect(graph.definitions.isEmpty)
    }

    @Test func aCycleInsideADefinitionIsNamedAtThatLevel() throws {
        var graph = try averageGraph()
        let before = graph
        #expect(
            throws: GraphError.inDefinition("average", .wouldCreateCycle(path: ["sum", "half", "sum"]))
        ) {
            try graph.apply(.inside(definition: "average", .link(from: "half", to: "sum", slot: 2)))
        }
        #expect(graph == before)
    }

    @Test func definitionsNestAtMostSixteenDeep() throws {
        var graph = Graph()
        func level(_ depth: Int) -> DefinitionDescription {
            DefinitionDescription(
                kind: "d\(depth)", name: "D\(depth)", inputs: [], output: "out",
                nodes: [NodeDescription(id: "out", kind: depth == 1 ? "number" : "d\(depth - 1)")])
        }
        for depth in 1...16 { try graph.apply(.addDefinition(level(depth))) }
        #expect(throws: GraphError.self) { try graph.apply(.addDefinition(level(17))) }
        guard case .nestingTooDeep(let path)? = graph.refusal(of: .addDefinition(level(17))) else {
            Issue.record("deeper nesting was not refused")
            return
        }
        #expect(path.count == 17)
        #expect(path.first == "d17")
    }

    @Test func aGroupInputBelongsInsideADefinition() throws {
        var graph = Graph()
        #expect(throws: GraphError.unknownKind("groupInput")) {
            try graph.addNode("a", kind: "groupInput")
        }
        #expect(
            GraphError.unknownKind("groupInput").description
                == "unknown kind 'groupInput': a group input belongs inside a definition")
    }

    @Test func addingAGroupInputGivesEveryInstanceASlot() throws {
        var graph = try averageGraph()
        try graph.addNode("avg2", kind: "average", inputs: ["one"])
        try graph.apply(
            .inside(definition: "average", .addNode(NodeDescription(id: "c", kind: "groupInput", name: "c"))))
        #expect(graph.kind(of: "avg")?.inputs.map(\.label) == ["a", "b", "c"])
        #expect(graph.inputs(of: "avg") == ["one", "five", nil])
        #expect(graph.inputs(of: "avg2") == ["one", nil, nil])
        try graph.link(from: "five", to: "avg2", slot: 2)
        #expect(graph.value(of: "avg") == .number(3))
    }

    @Test func removingAGroupInputRemovesItsSlotAndLinksAndUndoBringsThemBack() throws {
        let document = GraphDocument(graph: try averageGraph())
        let before = document.graph
        try document.apply(.inside(definition: "average", .removeNode("a")))
        #expect(document.graph.inputs(of: "avg") == ["five"])
        #expect(document.graph.kind(of: "avg")?.inputs.map(\.label) == ["b"])
        #expect(document.graph.value(of: "avg") == .number(2.5))
        try document.undo()
        #expect(document.graph == before)
        #expect(document.graph.inputs(of: "avg") == ["one", "five"])
        try document.redo()
        #expect(document.graph.inputs(of: "avg") == ["five"])
    }

    @Test func orderingTheInputsReordersEverySlotWithItsLink() throws {
        var graph = try averageGraph()
        try graph.apply(.inside(definition: "average", .setInputOrder(["b", "a"])))
        #expect(graph.inputs(of: "avg") == ["five", "one"])
        #expect(graph.kind(of: "avg")?.inputs.map(\.label) == ["b", "a"])
        #expect(graph.value(of: "avg") == .number(3))
        #expect(throws: GraphError.invalidInputOrder(definition: "average", expected: ["b", "a"])) {
            try graph.apply(.inside(definition: "average", .setInputOrder(["a"])))
        }
    }

    @Test func theOutputStaysAndKeepsItsType() throws {
        var graph = try averageGraph()
        let before = graph
        #expect(
            throws: GraphError.inDefinition(
                "average", .definitionOutputRemoved(node: "half", definition: "average"))
        ) {
            try graph.apply(.inside(definition: "average", .removeNode("half")))
        }
        #expect(
            throws: GraphError.inDefinition(
                "average", .definitionOutputType(definition: "average", from: .number, to: .color))
        ) {
            try graph.apply(.inside(definition: "average", .setKind(node: "half", kind: "color")))
        }
        #expect(graph == before)
    }

    @Test func aNodeDoesNotBecomeAGroupInputNorStopBeingOne() throws {
        var graph = try averageGraph()
        let before = graph
        #expect(throws: GraphError.inDefinition("average", .groupInputKindChange("two"))) {
            try graph.apply(.inside(definition: "average", .setKind(node: "two", kind: "groupInput")))
        }
        #expect(throws: GraphError.inDefinition("average", .groupInputKindChange("a"))) {
            try graph.apply(.inside(definition: "average", .setKind(node: "a", kind: "number")))
        }
        #expect(graph == before)
    }

    @Test func aDefinitionInUseIsNotRemoved() throws {
        var graph = try averageGraph()
        #expect(throws: GraphError.definitionInUse("average", instances: 1)) {
            try graph.apply(.removeDefinition("average"))
        }
        try graph.removeNode("avg")
        let change = try graph.apply(.removeDefinition("average"))
        #expect(graph.definitions.isEmpty)
        #expect(change.inverse == .addDefinition(averageDefinitionAsSaved()))
        try graph.apply(change.inverse)
        try graph.addNode("avg", kind: "average", inputs: ["one", "five"])
        #expect(graph.value(of: "avg") == .number(3))
    }

    @Test func aKindThatIsTakenCannotNameADefinition() throws {
        var graph = try averageGraph()
        #expect(throws: GraphError.kindTaken("add")) {
            try graph.apply(.addDefinition(averageDefinition(kind: "add")))
        }
        #expect(throws: GraphError.kindTaken("average")) {
            try graph.apply(.addDefinition(averageDefinition()))
        }
    }

    @Test func theGraphInsideAnInstanceHoldsThatInstancesValues() throws {
        var graph = try averageGraph()
        try graph.addNode("avg2", kind: "average", inputs: ["five", "five"])
        let inside = try #require(graph.graph(insideInstance: ["avg2"]))
        #expect(inside.value(of: "sum") == .number(10))
        #expect(inside.value(of: "half") == .number(5))
        #expect(inside.value(of: "a") == .number(5))
        #expect(inside.parameter(of: "a") == .number(0))
        #expect(graph.graph(insideInstance: ["one"]) == nil)
    }

    @Test func everyEditInsideADefinitionIsUndoneAndRedone() throws {
        let edits: [Edit] = [
            .addNode(NodeDescription(id: "three", kind: "number", value: .number(3))),
            .addNode(NodeDescription(id: "c", kind: "groupInput", value: .number(9))),
            .removeNode("b"),
            .removeNode("two"),
            .link(from: "a", to: "sum", slot: 2),
            .unlink(to: "sum", slot: 0),
            .toggleLink(from: "b", to: "sum", slot: 1),
            .setValue(node: "two", value: .number(8)),
            .setValue(node: "a", value: .number(1)),
            .setKind(node: "sum", kind: "multiply"),
            .rename(node: "sum", name: "Total"),
            .move(node: "sum", to: Position(x: 9, y: 9)),
            .setInputOrder(["b", "a"]),
            .batch([.removeNode("a"), .setValue(node: "two", value: .number(3))]),
            .group(nodes: ["two", "half"], kind: "inner", name: "Inner", id: "half"),
        ]
        for edit in edits {
            var start = try averageGraph()
            try start.addNode("avg2", kind: "average", inputs: ["five"])
            let document = GraphDocument(graph: start)
            try document.apply(.inside(definition: "average", edit))
            let after = document.graph
            try document.undo()
            #expect(document.graph == start, "undo of \(edit)")
            try document.redo()
            #expect(document.graph == after, "redo of \(edit)")
            #expect(
                document.graph.valuesFromScratch() == document.graph.currentValues(), "values after \(edit)")
            try document.graph.checkInvariants()
        }
    }
}

/// `averageDefinition()` as a graph describes it back: names filled in, positions given.
func averageDefinitionAsSaved() -> DefinitionDescription {
    var description = averageDefinition()
    description.nodes = [
        NodeDescription(id: "a", kind: "groupInput", name: "a", value: .number(0)),
        NodeDescription(id: "b", kind: "groupInput", name: "b", value: .number(0)),
        NodeDescription(id: "sum", kind: "add", name: "Add", inputs: ["a", "b", nil]),
        NodeDescription(id: "two", kind: "number", name: "Number", value: .number(2)),
        NodeDescription(id: "half", kind: "divide", name: "Divide", inputs: ["sum", "two"]),
    ]
    return description
}

extension Graph {
    /// Why the edit would be refused, leaving this graph as it is.
    func refusal(of edit: Edit) -> GraphError? {
        var copy = self
        do throws(GraphError) {
            try copy.apply(edit)
            return nil
        } catch {
            return error
        }
    }
}

/// `dim`: a color group input `c`, halved by a `colorAdjust`.
private let dimDefinition = DefinitionDescription(
    kind: "dim", name: "Dim", inputs: ["c"], output: "out",
    nodes: [
        NodeDescription(id: "c", kind: "groupInput", value: .color(Color(red: 200, green: 100, blue: 0))),
        NodeDescription(id: "half", kind: "number", value: .number(0.5)),
        NodeDescription(id: "out", kind: "colorAdjust", inputs: ["c", "half"]),
    ])
