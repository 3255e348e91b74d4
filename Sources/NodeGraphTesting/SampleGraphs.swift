import NodeGraph

/// Small graphs that tests of several modules build the same way.
public enum SampleGraphs {
    /// One (1) and Five (5) feed Sum (6), and Sum ÷ Two is Half (3), laid out left to right:
    /// the nodes a test groups as an average.
    /// - Returns: The graph.
    /// - Throws: Never for the standard kinds; a `GraphError` if they are missing.
    public static func halfOfASum() throws -> Graph {
        var graph = Graph()
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("five", kind: "number", name: "Five", at: Position(x: 2, y: 7), value: .number(5))
        try graph.addNode(
            "sum", kind: "add", name: "Sum", at: Position(x: 26, y: 1), inputs: ["one", "five", nil])
        try graph.addNode("two", kind: "number", name: "Two", at: Position(x: 26, y: 9), value: .number(2))
        try graph.addNode(
            "half", kind: "divide", name: "Half", at: Position(x: 50, y: 4), inputs: ["sum", "two"])
        return graph
    }
}
