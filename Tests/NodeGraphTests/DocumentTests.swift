import NodeGraph
import Testing

@Suite struct DocumentTests {
    @Test func undoAndRedoWalkTheHistory() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let start = document.graph
        try document.apply(.setValue(node: "one", value: .number(5)))
        try document.apply(.removeNode("two"))
        let edited = document.graph
        try document.undo()
        try document.undo()
        #expect(document.graph == start)
        #expect(throws: GraphError.nothingToUndo) { try document.undo() }
        try document.redo()
        try document.redo()
        #expect(document.graph == edited)
        #expect(throws: GraphError.nothingToRedo) { try document.redo() }
    }

    @Test func aNewEditClearsTheRedoSteps() throws {
        let document = GraphDocument(graph: try smallCalculator())
        try document.apply(.setValue(node: "one", value: .number(5)))
        try document.undo()
        try document.apply(.setValue(node: "two", value: .number(7)))
        #expect(!document.history.canRedo)
    }

    @Test func aRefusedEditLeavesNoHistoryStep() throws {
        let document = GraphDocument(graph: try smallCalculator())
        #expect(throws: GraphError.self) { try document.apply(.link(from: "sum", to: "sum", slot: 0)) }
        #expect(!document.history.canUndo)
    }

    @Test func aTransactionIsOneUndoStep() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let start = document.graph
        try document.transaction { document in
            try document.apply(.move(node: "sum", to: Position(x: 1, y: 0)))
            try document.apply(.move(node: "sum", to: Position(x: 2, y: 0)))
            try document.apply(.setValue(node: "one", value: .number(3)))
        }
        #expect(document.history.undoSteps.count == 1)
        try document.undo()
        #expect(document.graph == start)
    }

    @Test func aCancelledTransactionLeavesTheGraphExactlyAsBefore() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let start = document.graph
        document.beginTransaction()
        try document.apply(.removeNode("one"))
        try document.apply(.addNode(NodeDescription(id: "n", kind: "multiply", inputs: ["two", "sum"])))
        document.cancelTransaction()
        #expect(document.graph == start)
        #expect(!document.history.canUndo)
    }

    @Test func aThrowingTransactionBodyIsReverted() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let start = document.graph
        #expect(throws: GraphError.self) {
            try document.transaction { document in
                try document.apply(.setValue(node: "one", value: .number(3)))
                try document.apply(.link(from: "sum", to: "sum", slot: 0))
            }
        }
        #expect(document.graph == start)
    }

    @Test func observersSeeEveryChangeUntilTheyUnsubscribe() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var seen: [NodeList] = []
        let token = document.observe { seen.append($0.recomputed) }
        try document.apply(.setValue(node: "one", value: .number(5)))
        try document.undo()
        document.removeObserver(token)
        try document.redo()
        #expect(seen == [["one", "sum"], ["one", "sum"]])
    }

    @Test func theHistoryKeepsAtMostItsLimit() throws {
        let document = GraphDocument(graph: try smallCalculator(), historyLimit: 3)
        for step in 1...10 { try document.apply(.move(node: "one", to: Position(x: step, y: 0))) }
        #expect(document.history.undoSteps.count == 3)
        try document.undo()
        #expect(document.graph.position(of: "one") == Position(x: 9, y: 0))
    }

    @Test func modifiedTracksTheSavedState() throws {
        let document = GraphDocument(graph: try smallCalculator())
        #expect(!document.isModified)
        try document.apply(.setValue(node: "one", value: .number(5)))
        #expect(document.isModified)
        document.markSaved()
        #expect(!document.isModified)
        try document.undo()
        #expect(document.isModified)
        try document.redo()
        #expect(!document.isModified)
    }
}
