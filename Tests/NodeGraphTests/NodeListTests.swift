import NodeGraph
import Testing

/// `NodeList`: the identifier lists a graph hands out resolve lazily, so they must keep reading
/// the same identifiers whatever the graph does afterwards.
@Suite struct NodeListTests {
    func chain(_ count: Int) throws -> Graph {
        var graph = Graph()
        try graph.addNode("n0", kind: "number", value: .number(1))
        for index in 1..<count {
            try graph.addNode("n\(index)", kind: "add", inputs: ["n\(index - 1)"])
        }
        return graph
    }

    @Test func recomputedComparesHashesAndPrintsAsAnArray() throws {
        var graph = try chain(4)
        let recomputed = try graph.setValue(.number(2), of: "n0").recomputed
        #expect(recomputed == ["n0", "n1", "n2", "n3"])
        #expect(recomputed != ["n0", "n1", "n2"])
        #expect(Array(recomputed) == ["n0", "n1", "n2", "n3"] as [NodeID])
        #expect(recomputed.count == 4 && recomputed[2] == "n2")
        #expect(recomputed.hashValue == NodeList(["n0", "n1", "n2", "n3"] as [NodeID]).hashValue)
        #expect(recomputed.description == "[n0, n1, n2, n3]")
        let one = try graph.addNode("solo", kind: "number").recomputed
        #expect(one == ["solo"] && one.count == 1 && one.first == "solo")
    }

    @Test func aListKeepsItsIdentifiersWhenTheirIndicesAreReused() throws {
        var graph = try chain(3)
        let change = try graph.setValue(.number(2), of: "n0")
        let order = graph.topologicalOrder()
        // Free n2's index and n1's, then reuse them for new nodes with other identifiers.
        try graph.removeNode("n2")
        try graph.removeNode("n1")
        try graph.addNode("other1", kind: "number")
        try graph.addNode("other2", kind: "add", inputs: ["other1"])
        #expect(change.recomputed == ["n0", "n1", "n2"])
        #expect(order == ["n0", "n1", "n2"])
        #expect(Set(graph.topologicalOrder()) == ["n0", "other1", "other2"])
    }

    @Test func aListKeepsItsIdentifiersWhenTheGraphGrows() throws {
        var graph = try chain(2)
        let order = graph.topologicalOrder()
        let change = try graph.setValue(.number(3), of: "n0")
        // Far past the initial capacity: the identifier storage moves.
        for index in 0..<5_000 { try graph.addNode("grow\(index)", kind: "number") }
        #expect(order == ["n0", "n1"])
        #expect(change.recomputed == ["n0", "n1"])
        #expect(graph.topologicalOrder().count == 5_002)
    }

    @Test func aCopyOfTheGraphDoesNotDisturbListsOfTheOriginal() throws {
        let graph = try chain(3)
        var copy = graph
        let order = graph.topologicalOrder()
        try copy.removeNode("n2")
        try copy.addNode("x", kind: "number")
        #expect(order == ["n0", "n1", "n2"])
        #expect(graph.topologicalOrder() == ["n0", "n1", "n2"])
    }

    @Test func aCyclePathStaysNamedAfterTheGraphChanges() throws {
        var graph = try chain(4)
        let refusal = #expect(throws: GraphError.self) { try graph.link(from: "n3", to: "n1", slot: 0) }
        guard case .wouldCreateCycle(let path)? = refusal else {
            Issue.record("expected a cycle refusal, got \(String(describing: refusal))")
            return
        }
        #expect(path == ["n1", "n2", "n3", "n1"])
        try graph.removeNode("n3")
        try graph.addNode("z", kind: "number")
        #expect(path == ["n1", "n2", "n3", "n1"])
        #expect(refusal?.description == "would create a cycle: n1 → n2 → n3 → n1")
    }
}
