import NodeGraph
import Synchronization
import Testing

/// A node feeds at most `limit` inputs, at whatever level the edit is.
struct FanOutRule: EditRule {
    var limit: Int
    func refusal(of proposal: ProposedEdit) -> String? {
        let graph = proposal.levelGraph
        for node in proposal.linkedFrom where graph.dependents(of: node).count > limit {
            return "fan-out of \(graph.name(of: node) ?? node.rawValue) is limited to \(limit)"
        }
        return nil
    }
}

/// Refuses every removal of a node, and remembers what it was asked.
final class NoRemovals: EditRule {
    let asked = Mutex<[(ProposedEdit.Origin, String?)]>([])
    func refusal(of proposal: ProposedEdit) -> String? {
        asked.withLock { $0.append((proposal.origin, proposal.definition)) }
        let removes = proposal.edits.contains { if case .removeNode = $0 { true } else { false } }
        return removes ? "nodes stay" : nil
    }
}

@Suite struct EditRuleTests {
    @Test func aRefusedEditChangesNothingAndNoObserverHearsOfIt() throws {
        let document = GraphDocument(graph: try smallCalculator())
        document.rule = FanOutRule(limit: 1)
        try document.apply(.addNode(NodeDescription(id: "prod", kind: "multiply")))
        let before = document.graph
        let steps = document.history.undoSteps.count
        var heard = 0
        _ = document.observe { _ in heard += 1 }
        #expect(throws: GraphError.refusedByRule("fan-out of One is limited to 1")) {
            try document.apply(.link(from: "one", to: "prod", slot: 0))
        }
        #expect(document.graph == before)
        #expect(document.history.undoSteps.count == steps)
        #expect(heard == 0)
        try document.apply(.link(from: "sum", to: "prod", slot: 0))
        #expect(heard == 1, "an edit the rule allows goes through")
    }

    @Test func theRuleVetoesAnUndo() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let rule = NoRemovals()
        document.rule = rule
        try document.apply(.addNode(NodeDescription(id: "prod", kind: "multiply")))
        let before = document.graph
        #expect(throws: GraphError.refusedByRule("nodes stay")) { try document.undo() }
        #expect(document.graph == before)
        #expect(document.history.canUndo && !document.history.canRedo, "the history is as it was")
        #expect(rule.asked.withLock { $0.map(\.0) } == [.edit, .undo])
    }

    @Test func theRuleVetoesARedo() throws {
        let document = GraphDocument(graph: try smallCalculator())
        try document.apply(.removeNode("two"))
        try document.undo()
        let rule = NoRemovals()
        document.rule = rule
        let before = document.graph
        #expect(throws: GraphError.refusedByRule("nodes stay")) { try document.redo() }
        #expect(document.graph == before)
        #expect(document.history.canRedo && !document.history.canUndo, "the history is as it was")
        #expect(rule.asked.withLock { $0.map(\.0) } == [.redo])
    }

    @Test func theRuleKnowsTheDefinitionAnEditIsInside() throws {
        let document = GraphDocument(graph: try averageGraph())
        let rule = NoRemovals()
        document.rule = rule
        #expect(throws: GraphError.refusedByRule("nodes stay")) {
            try document.apply(.inside(definition: "average", .removeNode("two")))
        }
        try document.apply(.inside(definition: "average", .setValue(node: "two", value: .number(4))))
        #expect(rule.asked.withLock { $0.map(\.1) } == ["average", "average"])
        #expect(document.graph.value(of: "avg") == .number(1.5))
    }

    @Test func aRuleAtTheDefinitionsLevelReadsTheDefinitionsGraph() throws {
        let document = GraphDocument(graph: try averageGraph())
        document.rule = FanOutRule(limit: 1)
        #expect(throws: GraphError.refusedByRule("fan-out of a is limited to 1")) {
            try document.apply(.inside(definition: "average", .link(from: "a", to: "sum", slot: 2)))
        }
        #expect(document.graph.definition(named: "average")?.graph.inputs(of: "sum") == ["a", "b", nil])
    }
}
