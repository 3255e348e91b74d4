import NodeGraph
import NodeGraphTesting

/// A calculator with values to tell operators apart: numbers 2…9 (and one 0), then operators
/// whose every slot is fed by an earlier node, and a color or two.
func randomCalculator(seed: UInt64) -> Graph {
    var generator = SplitMix64(seed: seed)
    func pick(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    var graph = Graph()
    var numbers: [NodeID] = []
    for index in 0..<(4 + pick(5)) {
        let id = NodeID("v\(index)")
        try! graph.addNode(id, kind: "number", value: .number(index == 0 ? 0 : Double(2 + pick(8))))
        numbers.append(id)
    }
    for index in 0..<(4 + pick(12)) {
        let kind = ["add", "subtract", "multiply", "divide", "add", "multiply"][pick(6)]
        let slots = kind == "add" ? 3 : 2
        let inputs = (0..<slots).map { _ in numbers[pick(numbers.count)] as NodeID? }
        let id = NodeID("\(kind)\(index)")
        try! graph.addNode(id, kind: kind, inputs: inputs)
        numbers.append(id)
    }
    if pick(2) == 0 {
        try! graph.addNode(
            "paint", kind: "color", inputs: (0..<3).map { _ in numbers[pick(numbers.count)] as NodeID? })
        try! graph.addNode("dim", kind: "colorAdjust", inputs: ["paint", numbers[pick(numbers.count)]])
    }
    return graph
}

/// DESIGN.md's example: `average` (a, b → (a + b) ÷ 2) and one instance fed by 1 and 5.
func averageDefinition(kind: String = "average") -> DefinitionDescription {
    DefinitionDescription(
        kind: kind, name: "Average", inputs: ["a", "b"], output: "half",
        nodes: [
            NodeDescription(id: "a", kind: "groupInput", name: "a", value: .number(0)),
            NodeDescription(id: "b", kind: "groupInput", name: "b", value: .number(0)),
            NodeDescription(id: "sum", kind: "add", inputs: ["a", "b", nil]),
            NodeDescription(id: "two", kind: "number", value: .number(2)),
            NodeDescription(id: "half", kind: "divide", inputs: ["sum", "two"]),
        ])
}

/// The example graph: one, five, and `avg` averaging them.
func averageGraph() throws -> Graph {
    var graph = Graph()
    try graph.apply(.addDefinition(averageDefinition()))
    try graph.addNode("one", kind: "number", value: .number(1))
    try graph.addNode("five", kind: "number", value: .number(5))
    try graph.addNode("avg", kind: "average", inputs: ["one", "five"])
    return graph
}

/// `scaled` (x → average(x, x) × k): a definition using another.
func scaledDefinition() -> DefinitionDescription {
    DefinitionDescription(
        kind: "scaled", name: "Scaled", inputs: ["x"], output: "times",
        nodes: [
            NodeDescription(id: "x", kind: "groupInput", name: "x", value: .number(0)),
            NodeDescription(id: "mean", kind: "average", inputs: ["x", "x"]),
            NodeDescription(id: "k", kind: "number", value: .number(10)),
            NodeDescription(id: "times", kind: "multiply", inputs: ["mean", "k"]),
        ])
}

/// The same graph as `graph`, every instance replaced by its definition's nodes (ids
/// `instance/inner`), built with plain nodes only: what instances must evaluate to.
func flattened(_ graph: Graph) throws -> (graph: Graph, standIn: [NodeID: NodeID?]) {
    var flat = Graph()
    var standIn: [NodeID: NodeID?] = [:]
    func resolve(_ input: NodeID?, _ map: [NodeID: NodeID?]) -> NodeID? { input.flatMap { map[$0] ?? nil } }
    /// A node holding `value`: a number node, or a color made of three number nodes.
    func addConstant(_ value: Value, as id: NodeID) throws {
        guard case .color(let color) = value else {
            try flat.addNode(id, kind: "number", value: value)
            return
        }
        let levels = [color.red, color.green, color.blue]
        let channels = levels.indices.map { NodeID(id.rawValue + "#\($0)") }
        for (channel, level) in zip(channels, levels) {
            try flat.addNode(channel, kind: "number", value: .number(Double(level)))
        }
        try flat.addNode(id, kind: "color", inputs: channels)
    }
    func expand(
        _ level: Graph, prefix: String, slots: [NodeID?], inputs: [NodeID], into map: inout [NodeID: NodeID?]
    )
        throws
    {
        for node in level.nodes {
            if let slot = inputs.firstIndex(of: node.id) {
                if let source = slots[slot] {
                    map[node.id] = source
                    continue
                }
                // An unfed slot reads the group input's value: a number node holds it.
                let id = NodeID(prefix + node.id.rawValue)
                try addConstant(node.value ?? .number(0), as: id)
                map[node.id] = id
                continue
            }
            let inputs = node.inputs.map { resolve($0, map) }
            if node.bypassed, graph.definition(named: node.kind) != nil, let kind = level.kind(of: node.id) {
                // A bypassed instance passes its first connected input of its output type through.
                let passed = kind.inputs.indices.first {
                    $0 < node.inputs.count && node.inputs[$0] != nil
                        && kind.inputs[$0].type == kind.outputType
                }
                if let passed {
                    map[node.id] = inputs[passed]
                } else {
                    // What an unconnected slot of the output type reads (0 or black without one).
                    let id = NodeID(prefix + node.id.rawValue)
                    let value =
                        kind.inputs.first { $0.type == kind.outputType }?.defaultValue
                        ?? (kind.outputType == .color ? .color(.black) : .number(0))
                    try addConstant(value, as: id)
                    map[node.id] = id
                }
                continue
            }
            if let definition = graph.definition(named: node.kind) {
                var inner: [NodeID: NodeID?] = [:]
                try expand(
                    definition.graph, prefix: prefix + node.id.rawValue + "/", slots: inputs,
                    inputs: definition.inputs, into: &inner)
                map[node.id] = inner[definition.output] ?? nil
                continue
            }
            let id = NodeID(prefix + node.id.rawValue)
            try flat.apply(
                .addNode(
                    NodeDescription(
                        id: id, kind: node.kind, value: node.value, inputs: inputs, bypassed: node.bypassed)))
            map[node.id] = id
        }
    }
    try expand(graph, prefix: "", slots: [], inputs: [], into: &standIn)
    return (flat, standIn)
}

/// A value as the flattened graph would hold it: an error inside an instance arose at the
/// flattened node `instance/…/inner`.
func flattenedForm(_ value: Value) -> Value {
    guard case .error(let error) = value, !error.innerPath.isEmpty else { return value }
    return .error(
        ValueError(reason: error.reason, origin: NodeID(error.path.map(\.rawValue).joined(separator: "/"))))
}
