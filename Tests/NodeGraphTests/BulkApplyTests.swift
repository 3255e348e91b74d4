import NodeGraph
import Testing

/// `GraphDocument.applyInBulk`: many edits, each its own undo step, heard by observers once.
@Suite struct BulkApplyTests {
    @Test func batchObserversHearABulkApplicationOnceAtTheEnd() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        document.applyInBulk { document in
            for value in 1...5 {
                _ = try? document.apply(.setValue(node: "one", value: .number(Double(value))))
            }
            #expect(batches.isEmpty)
        }
        #expect(batches.count == 1)
        #expect(
            batches.first?.map(\.edit) == (1...5).map { .setValue(node: "one", value: .number(Double($0))) })
    }

    @Test func changeObserversHearEveryChangeInOrderWhenTheBulkApplicationEnds() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var heard: [Edit] = []
        document.observe { heard.append($0.edit) }
        document.applyInBulk { document in
            _ = try? document.apply(.setValue(node: "one", value: .number(4)))
            _ = try? document.apply(.rename(node: "sum", name: "Total"))
            #expect(heard.isEmpty)
        }
        #expect(heard == [.setValue(node: "one", value: .number(4)), .rename(node: "sum", name: "Total")])
    }

    @Test func eachEditAppliedInBulkIsItsOwnUndoStep() throws {
        let document = GraphDocument(graph: try smallCalculator())
        document.applyInBulk { document in
            for value in 1...3 {
                _ = try? document.apply(.setValue(node: "one", value: .number(Double(value))))
            }
        }
        #expect(document.history.undoSteps.count == 3)
        try document.undo()
        #expect(document.graph.value(of: "one") == .number(2))
    }

    @Test func aRefusedEditInABulkApplicationChangesNothingAndIsNotHeard() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        let before = document.graph
        _ = document.applyInBulk { document in
            #expect(throws: GraphError.self) { try document.apply(.link(from: "sum", to: "sum", slot: 0)) }
        }
        #expect(document.graph == before)
        #expect(batches.isEmpty)
    }

    @Test func nestedBulkApplicationsAreHeardWhenTheOutermostEnds() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        document.applyInBulk { document in
            document.applyInBulk { document in
                _ = try? document.apply(.setValue(node: "one", value: .number(3)))
            }
            #expect(batches.isEmpty)
            _ = try? document.apply(.setValue(node: "one", value: .number(4)))
        }
        #expect(batches.map(\.count) == [2])
    }

    @Test func aBulkApplicationThatThrowsStillTellsTheObserversWhatItApplied() throws {
        struct Stop: Error {}
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        #expect(throws: Stop.self) {
            try document.applyInBulk { document in
                try document.apply(.setValue(node: "one", value: .number(3)))
                throw Stop()
            }
        }
        #expect(batches.map(\.count) == [1])
        #expect(document.graph.value(of: "one") == .number(3))
    }

    @Test func singleEditsAreBatchesOfOne() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        try document.apply(.setValue(node: "one", value: .number(5)))
        try document.undo()
        #expect(batches.map(\.count) == [1, 1])
    }
}
