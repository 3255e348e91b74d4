import NodeGraph

/// A fuzz target: takes arbitrary bytes, must never crash, and reports broken promises.
public struct FuzzTarget: Sendable {
    /// The target's name, as given to `nodegraph-fuzz`.
    public let name: String
    /// Runs one input; returns the broken promises (empty when all held).
    public let run: @Sendable (_ input: [UInt8]) -> [String]

    /// Every target.
    public static let all: [FuzzTarget] = [.graphFile, .journal, .numbers, .canvas, .themeFile, .formula]

    /// The target with this name.
    /// - Parameter name: The target's name.
    /// - Returns: The target, or `nil`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// The demo calculator's shape, the starting graph of input-driven targets.
func startingGraph() -> Graph {
    var graph = Graph()
    do {
        try graph.addNode("one", kind: "number", name: "One", value: .number(1))
        try graph.addNode("two", kind: "number", name: "Two", value: .number(2))
        try graph.addNode("three", kind: "number", name: "Three", value: .number(3))
        try graph.addNode("sum", kind: "add", name: "Add", inputs: ["one", "two"])
        try graph.addNode("difference", kind: "subtract", name: "Subtract", inputs: ["three", "sum"])
        try graph.addNode("product", kind: "multiply", name: "Multiply", inputs: ["sum", "difference"])
        try graph.addNode("color", kind: "color", name: "Color", inputs: ["one", "two", "three"])
    } catch {
        preconditionFailure("the starting graph is valid: \(error)")
    }
    return graph
}
