import NodeCanvas
import NodeGraph
import Testing

/// A frame's cost follows what is visible, not the size of the graph.
@Suite struct PerformanceTests {
    /// A grid of `columns` × `rows` nodes: ones in the first column, then subtractions (or nodes
    /// of `kind`) fed by the two nearest nodes of the previous column (as `nodecanvas-bench` draws).
    static func grid(
        columns: Int, rows: Int, kind: String = "subtract", registry: KindRegistry = .standard
    ) throws -> Graph {
        var graph = Graph(registry: registry)
        graph.reserveCapacity(nodes: columns * rows, slots: columns * rows * 3)
        for column in 0..<columns {
            for row in 0..<rows {
                let position = Position(x: 2 + column * 26, y: 1 + row * 7)
                if column == 0 {
                    try graph.addNode("n\(column)_\(row)", kind: "number", at: position, value: .number(1))
                } else {
                    let inputs: [NodeID?] = [
                        "n\(column - 1)_\(row)", row + 1 < rows ? "n\(column - 1)_\(row + 1)" : nil,
                    ]
                    try graph.addNode("n\(column)_\(row)", kind: kind, at: position, inputs: inputs)
                }
            }
        }
        return graph
    }

    /// A frame of a 10,000-node graph lays out and draws only what the view shows. (How long it
    /// takes is the benchmark's business, in release: `swift run -c release nodecanvas-bench`;
    /// a timed unit test would only measure how busy the machine is.)
    @Test func aFrameOfATenThousandNodeGraphDrawsWhatIsVisible() throws {
        let canvas = Canvas(
            document: GraphDocument(graph: try Self.grid(columns: 100, rows: 100)), width: 200, height: 60)
        canvas.send(.viewPlaced(origin: Position(x: 1300, y: 400), cursor: Position(x: 1300, y: 400)))
        for step in 0..<4 {
            canvas.send(.character(step % 2 == 0 ? "L" : "J"))
            _ = canvas.render()
            let shown = canvas.lastFrame.nodes.count
            #expect(shown > 20 && shown < 120, "\(shown) nodes drawn for a 200×60 view")
            #expect(canvas.lastFrame.links.count > 20)
            #expect(canvas.lastFrame.links.count < 400)
        }
    }

    @Test func anEditRebuildsOnlyTheWidgetsItTouches() throws {
        let canvas = Canvas(
            document: GraphDocument(graph: try Self.grid(columns: 100, rows: 100)), width: 200, height: 60)
        let before = canvas.scene.models.buildCount, laidOut = canvas.scene.layoutCount
        #expect(canvas.scene.models["n50_50"] == nil)
        try canvas.document.apply(.move(node: "n50_50", to: Position(x: 0, y: 0)))
        // A move only shifts the layout; the node, never shown before, gets its first model as
        // it comes into view.
        #expect(canvas.scene.layoutCount == laidOut)
        #expect(canvas.scene.models.buildCount == before + 1)
        #expect(canvas.scene.models["n50_50"] != nil)
        #expect(canvas.scene.layouts["n50_50"]?.frame.minX == 0)
        try canvas.document.apply(.setValue(node: "n0_0", value: .number(5)))
        let recomputed = canvas.document.graph.dependents(of: "n0_0").count
        #expect(recomputed == 1)
        // n0_0 feeds n1_0, which feeds n2_0 … : one node per column recomputes.
        #expect(canvas.scene.models.buildCount - before < 2 + 200)
    }
}
