import Testing

@testable import NodeGraph

/// The nodes as a layout of the whole graph reads them: by place, each after its inputs.
@Suite struct NodesInOrderTests {
    /// Every node once, after the nodes feeding it, with its own position and inputs.
    static func expectConsistent(_ nodes: Graph.NodesInOrder, with graph: Graph) {
        #expect(nodes.count == graph.count)
        #expect(Set(nodes.ids) == Set(graph.nodeIDs))
        #expect(nodes.inputStart.count == nodes.count + 1)
        for place in 0..<nodes.count {
            let id = nodes.ids[place]
            #expect(nodes.positions[place] == graph.position(of: id), "\(id)")
            let inputs = nodes.inputs(of: place)
            #expect(inputs.allSatisfy { $0 < place }, "\(id) comes after its inputs")
            #expect(inputs.map { nodes.ids[$0] } == graph.inputs(of: id).compactMap { $0 }, "\(id)")
        }
    }

    @Test func everyNodeComesAfterItsInputsWithItsPositionAndInputs() throws {
        let graph = try OrderSearchTests.randomWorkload(500)
        Self.expectConsistent(graph.nodesInOrder(), with: graph)
    }

    @Test func removedNodesAndLinksAgainstTheIndexOrderLeaveNoHoles() throws {
        var graph = Graph()
        try graph.addNode("late", kind: "number", at: Position(x: 4, y: 1), value: .number(2))
        try graph.addNode("sum", kind: "add", at: Position(x: 20, y: 3))
        try graph.addNode("early", kind: "number", at: Position(x: 1, y: 9), value: .number(1))
        try graph.addNode("gone", kind: "number")
        // `sum` was added before `early`: linking it from `early` goes against the index order.
        try graph.link(from: "early", to: "sum", slot: 0)
        try graph.link(from: "late", to: "sum", slot: 2)
        try graph.removeNode("gone")
        let nodes = graph.nodesInOrder()
        Self.expectConsistent(nodes, with: graph)
        #expect(nodes.count == 3)
        let sum = try #require(nodes.ids.firstIndex(of: "sum"))
        #expect(nodes.inputs(of: sum).map { nodes.ids[$0] } == ["early", "late"])
    }
}
