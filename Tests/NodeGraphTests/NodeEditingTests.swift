import NodeGraph
import Testing

@Suite struct NodeEditingTests {
    @Test func addingADuplicateOrInvalidNodeIsRefused() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.duplicateNode("one")) { try graph.addNode("one", kind: "number") }
        #expect(throws: GraphError.unknownKind("sqrt")) { try graph.addNode("root", kind: "sqrt") }
        #expect(throws: GraphError.invalidNodeID("", reason: "a node id must not be empty")) {
            try graph.addNode("", kind: "number")
        }
        #expect(throws: GraphError.notASource("x", kind: "add")) {
            try graph.addNode("x", kind: "add", value: .number(1))
        }
        #expect(throws: GraphError.nonFiniteValue(node: "x")) {
            try graph.addNode("x", kind: "number", value: .number(.infinity))
        }
        #expect(graph.count == 3)
    }

    @Test func aNewNodeTakesItsKindsTitleAndDefaultValue() throws {
        var graph = Graph()
        let change = try graph.addNode("n", kind: "number", at: Position(x: 4, y: 2))
        #expect(change.recomputed == ["n"])
        #expect(graph.name(of: "n") == "Number")
        #expect(graph.parameter(of: "n") == .number(0))
        #expect(graph.position(of: "n") == Position(x: 4, y: 2))
        #expect(change.inverse == .removeNode("n"))
    }

    @Test func removingANodeClearsTheSlotsItFedAndRecomputesThem() throws {
        var graph = try smallCalculator()
        let before = graph
        let change = try graph.removeNode("one")
        #expect(change.recomputed == ["sum"])
        #expect(graph.inputs(of: "sum") == [nil, nil, "two"])
        #expect(graph.value(of: "sum") == .number(2))
        #expect(!graph.contains("one"))
        try graph.checkInvariants()
        try graph.apply(change.inverse)
        #expect(graph == before)
    }

    @Test func settingAValueOnAnOperatorIsRefused() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.notASource("sum", kind: "add")) {
            try graph.setValue(.number(1), of: "sum")
        }
        #expect(throws: GraphError.valueTypeMismatch(node: "one", expected: .number, got: "a color")) {
            try graph.setValue(.color(.black), of: "one")
        }
        #expect(throws: GraphError.nonFiniteValue(node: "one")) {
            try graph.setValue(.number(.nan), of: "one")
        }
    }

    @Test func changingAKindKeepsFittingLinksAndTruncatesTheRest() throws {
        var graph = try smallCalculator()
        let before = graph
        let change = try graph.setKind("multiply", of: "sum")
        #expect(graph.inputs(of: "sum") == ["one", nil])
        #expect(graph.value(of: "sum") == .number(0))
        #expect(graph.name(of: "sum") == "Multiply")  // a default name follows the kind
        #expect(change.recomputed == ["sum"])
        try graph.apply(change.inverse)
        #expect(graph == before)
    }

    @Test func changingAKindDropsLinksWhoseTypeNoLongerFits() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum", "one"])
        let before = graph
        let change = try graph.setKind("color", of: "sum")
        #expect(graph.inputs(of: "sum") == ["one", nil, "two"])
        #expect(graph.inputs(of: "prod") == [nil, "one"])
        #expect(Set(change.recomputed) == ["sum", "prod"])
        try graph.apply(change.inverse)
        #expect(graph == before)
    }

    @Test func changingASourceToAnOperatorAndBackRestoresItsValue() throws {
        var graph = try smallCalculator()
        let before = graph
        let change = try graph.setKind("add", of: "two")
        #expect(graph.parameter(of: "two") == nil)
        #expect(graph.value(of: "sum") == .number(1))
        try graph.apply(change.inverse)
        #expect(graph == before)
        #expect(graph.parameter(of: "two") == .number(2))
    }

    @Test func redoingASourceTurnedOperatorRecomputesItsDependents() throws {
        // The redo is one batch: the held number set back, then the kind changed; the number
        // the batch stored must not hide the change from the nodes downstream.
        let document = GraphDocument(graph: Graph())
        try document.apply(.addNode(NodeDescription(id: "a", kind: "number", value: .number(9))))
        try document.apply(.addNode(NodeDescription(id: "b", kind: "add", inputs: ["a", "a"])))
        try document.apply(.setKind(node: "a", kind: "subtract"))
        #expect(document.graph.value(of: "b") == .number(0))
        try document.undo()
        #expect(document.graph.value(of: "b") == .number(18))
        let redone = try document.redo()
        #expect(redone.recomputed == ["a", "b"])
        #expect(document.graph.value(of: "b") == .number(0))
        #expect(document.graph.currentValues() == document.graph.valuesFromScratch())
    }

    @Test func aDefaultNameFollowsTheKind() throws {
        var graph = Graph()
        try graph.addNode("op", kind: "add")
        try graph.setKind("divide", of: "op")
        #expect(graph.name(of: "op") == "Divide")
        try graph.rename("op", to: "Ratio")
        try graph.setKind("multiply", of: "op")
        #expect(graph.name(of: "op") == "Ratio")
    }

    @Test func renamingAndMovingRecomputeNothing() throws {
        var graph = try smallCalculator()
        let rename = try graph.rename("sum", to: "Total")
        let move = try graph.move("sum", to: Position(x: 40, y: 7))
        #expect(rename.recomputed.isEmpty && move.recomputed.isEmpty)
        #expect(rename.inverse == .rename(node: "sum", name: "Add"))
        #expect(move.inverse == .move(node: "sum", to: .zero))
        #expect(throws: GraphError.invalidName(node: "sum", reason: "a name must not be empty")) {
            try graph.rename("sum", to: "")
        }
        #expect(throws: GraphError.invalidPosition(node: "sum")) {
            try graph.move("sum", to: Position(x: 2_000_000_000, y: 0))
        }
    }

    @Test func aBatchIsAppliedWholeOrNotAtAll() throws {
        var graph = try smallCalculator()
        let before = graph
        #expect(throws: GraphError.unknownNode("ghost")) {
            try graph.apply(
                .batch([
                    .setValue(node: "one", value: .number(10)), .removeNode("two"),
                    .link(from: "ghost", to: "sum", slot: 0),
                ]))
        }
        #expect(graph == before)
        try graph.checkInvariants()
        let change = try graph.apply(
            .batch([.setValue(node: "one", value: .number(10)), .removeNode("two")]))
        #expect(graph.value(of: "sum") == .number(10))
        #expect(Set(change.recomputed).count == change.recomputed.count)
        try graph.apply(change.inverse)
        #expect(graph == before)
    }

    @Test func aCopyOfAGraphIsIndependent() throws {
        let original = try smallCalculator()
        var copy = original
        try copy.setValue(.number(100), of: "one")
        #expect(original.value(of: "sum") == .number(3))
        #expect(copy.value(of: "sum") == .number(102))
    }

    @Test func removedNodeIdsCanBeReused() throws {
        var graph = try smallCalculator()
        try graph.removeNode("sum")
        try graph.addNode("sum", kind: "subtract", inputs: ["two", "one"])
        #expect(graph.value(of: "sum") == .number(1))
        try graph.checkInvariants()
    }
}
