import NodeGraph

extension Graph {
    /// The calculator's demo: the graph `nodeui-tui` opens when given no file, and
    /// `Examples/graphs/calculator.json` holds. The calculator's, not the engine's: another tool
    /// brings its own demo (``EditorConfiguration/Demo``).
    ///
    /// Three numbers feed three operators, laid out for a 100 × 30 terminal:
    ///
    /// ```
    /// One (1) ──┬─► Add (One + Two = 3) ───────┐
    /// Two (2) ──┘                              ├─► Multiply (Add × Subtract = 6)
    /// Three (3) ──► Subtract (Three − One = 2) ┘
    /// ```
    ///
    /// `Add`'s third slot is free, for a first link of your own.
    /// - Returns: The graph, evaluated.
    static func demoCalculator() -> Graph {
        var graph = Graph(registry: .standard)
        let nodes = [
            NodeDescription(
                id: "one", kind: "number", name: "One", position: Position(x: 2, y: 1), value: .number(1)),
            NodeDescription(
                id: "two", kind: "number", name: "Two", position: Position(x: 2, y: 10), value: .number(2)),
            NodeDescription(
                id: "three", kind: "number", name: "Three", position: Position(x: 2, y: 19), value: .number(3)
            ),
            NodeDescription(
                id: "add", kind: "add", name: "Add", position: Position(x: 30, y: 2),
                inputs: ["one", "two", nil]),
            NodeDescription(
                id: "subtract", kind: "subtract", name: "Subtract", position: Position(x: 30, y: 14),
                inputs: ["three", "one"]),
            NodeDescription(
                id: "multiply", kind: "multiply", name: "Multiply", position: Position(x: 58, y: 8),
                inputs: ["add", "subtract"]),
        ]
        for node in nodes {
            do throws(GraphError) {
                try graph.apply(.addNode(node))
            } catch {
                preconditionFailure("the demo calculator is invalid: \(error)")
            }
        }
        return graph
    }
}
