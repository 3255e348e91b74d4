import NodeCanvas
import NodeGraph
import Testing

/// Nothing draws over a box: where boxes overlap, or a box sits on a link, the box on top shows
/// exactly what it shows alone.
@Suite struct OverlapTests {
    /// The cells of a node's box in a frame, row by row.
    static func box(_ id: NodeID, in canvas: Canvas, surface: Surface) throws -> [String] {
        let frame = try #require(canvas.lastFrame.nodes.last { $0.id == id }).frame
        return (frame.minY..<frame.maxY).map { y in
            String((frame.minX..<frame.maxX).map { surface[$0, y].character })
        }
    }

    /// The box of `top` drawn in `graph`, and again with every link removed.
    static func boxWithAndWithoutLinks(
        _ top: NodeID, in graph: Graph, cursor: Position? = nil
    ) throws -> (linked: [String], alone: [String]) {
        var unlinked = graph
        for id in graph.nodeIDs {
            for slot in graph.inputs(of: id).indices where graph.inputs(of: id)[slot] != nil {
                try unlinked.unlink(to: id, slot: slot)
            }
        }
        var rows: [[String]] = []
        for version in [graph, unlinked] {
            let canvas = makeCanvas(version, width: 80, height: 24)
            if let cursor { canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: cursor)) }
            let surface = canvas.render()
            rows.append(try box(top, in: canvas, surface: surface))
        }
        return (rows[0], rows[1])
    }

    @Test func aLinkEndingUnderAnotherBoxLeavesThatBoxWhole() throws {
        // `cover` lies over the left edge of `sum`, where the link from `one` ends.
        var graph = Graph()
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("sum", kind: "add", name: "Sum", at: Position(x: 30, y: 1), inputs: ["one"])
        try graph.addNode(
            "cover", kind: "number", name: "Cover", at: Position(x: 24, y: 2), value: .number(7))
        let (linked, alone) = try Self.boxWithAndWithoutLinks("cover", in: graph)
        #expect(linked == alone)
    }

    @Test func aLinkLeavingFromUnderTheSelectedBoxLeavesItsBorderWhole() throws {
        // `source`'s output row lies on the bottom border of `top`, which the cursor selects.
        var graph = Graph()
        try graph.addNode(
            "source", kind: "number", name: "Source", at: Position(x: 2, y: 5), value: .number(1))
        try graph.addNode("top", kind: "number", name: "Top", at: Position(x: 10, y: 4), value: .number(2))
        try graph.addNode("sink", kind: "add", name: "Sink", at: Position(x: 50, y: 6), inputs: ["source"])
        let (linked, alone) = try Self.boxWithAndWithoutLinks("top", in: graph, cursor: Position(x: 22, y: 5))
        #expect(linked == alone)
    }
}
