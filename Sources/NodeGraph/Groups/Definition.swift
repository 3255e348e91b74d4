/// A definition (a group): a kind made of a graph. Its `groupInput` nodes are the slots of an
/// instance, in ``inputs`` order, and its ``output`` node's value is an instance's value.
///
/// A graph holds its definitions beside its nodes (``Graph/definitions``); an instance is a node
/// whose kind is the definition's ``kind``. Ids inside a definition are its own.
public struct Definition: Equatable, Sendable {
    /// The kind instances have, e.g. `average`.
    public let kind: String
    /// The display name, e.g. `Average`: an instance's title.
    public let name: String
    /// The nodes inside, with the values they have when every slot reads its `groupInput`'s value.
    public internal(set) var graph: Graph
    /// The `groupInput` nodes, in slot order.
    public internal(set) var inputs: [NodeID]
    /// The node whose value is an instance's value.
    public let output: NodeID
    /// The nodes compiled for evaluation.
    var plan: DefinitionPlan

    init(kind: String, name: String, graph: Graph, inputs: [NodeID], output: NodeID) {
        self.kind = kind
        self.name = name
        self.graph = graph
        self.inputs = inputs
        self.output = output
        plan = DefinitionPlan(graph: graph, inputs: inputs, output: output)
    }

    /// Compiles the plan again after the graph or the inputs changed.
    mutating func recompile() { plan = DefinitionPlan(graph: graph, inputs: inputs, output: output) }

    /// An instance's slots: one per group input, labelled with its name (or its id when it has
    /// none of its own), typed and defaulting by its held value.
    public var slots: [SlotSpec] {
        inputs.map { input in
            let value = graph.parameter(of: input) ?? .number(0)
            return SlotSpec(
                graph.givenName(of: input) ?? input.rawValue, value.type ?? .number, default: value)
        }
    }

    /// The type an instance outputs: the output node's.
    public var outputType: ValueType { graph.kind(of: output)?.outputType ?? .number }

    /// The definition as ``Edit/addDefinition(_:)`` takes it and a file holds it.
    public var description: DefinitionDescription {
        DefinitionDescription(kind: kind, name: name, inputs: inputs, output: output, nodes: graph.nodes)
    }

    /// The kinds of the definitions this one's nodes are instances of, sorted.
    public var usedDefinitions: [String] { graph.groups.instances.keys.sorted() }

    /// Two definitions are equal when their kind, name, nodes, inputs and output are.
    /// - Parameters:
    ///   - lhs: A definition.
    ///   - rhs: Another definition.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.inputs == rhs.inputs && lhs.output == rhs.output
            && lhs.graph == rhs.graph
    }
}

/// Everything needed to create a definition: what ``Edit/addDefinition(_:)`` takes and what a
/// graph file holds.
public struct DefinitionDescription: Hashable, Sendable {
    /// The kind instances will have.
    public var kind: String
    /// The display name.
    public var name: String
    /// The `groupInput` nodes, in slot order.
    public var inputs: [NodeID]
    /// The node whose value is an instance's value.
    public var output: NodeID
    /// The nodes inside, in any order (inputs may name nodes listed later).
    public var nodes: [NodeDescription]

    /// Creates a definition description.
    /// - Parameters:
    ///   - kind: The kind instances will have.
    ///   - name: The display name.
    ///   - inputs: The `groupInput` nodes, in slot order.
    ///   - output: The output node.
    ///   - nodes: The nodes inside.
    public init(kind: String, name: String, inputs: [NodeID], output: NodeID, nodes: [NodeDescription]) {
        self.kind = kind
        self.name = name
        self.inputs = inputs
        self.output = output
        self.nodes = nodes
    }
}

/// What a graph knows about definitions at its level.
struct GroupState {
    /// The definitions, by kind: at the top level only (a definition's graph has none).
    var definitions: [String: Definition] = [:]
    /// This level's instances, by the kind of their definition.
    var instances: [String: Set<NodeID>] = [:]
    /// Whether this level's store knows a definition's kind, so that adding, removing and
    /// changing the kind of nodes keeps ``instances``.
    var tracksInstances = false
    /// The kind-table indices of removed definitions' kinds, for their return.
    var retiredKinds: [String: UInt16] = [:]
    /// The node indices of ``instances``, in index order, by kind: asked for on every edit inside
    /// a definition, kept until its instances change (a live node keeps its index).
    var instanceNodes: [String: [Int32]] = [:]

    /// The number of instances at this level of a definition.
    func instanceCount(of kind: String) -> Int { instances[kind]?.count ?? 0 }

    /// Notes that node `id` is now of kind `new` rather than `old` (either `nil` for not an
    /// instance, or no node).
    mutating func noteKind(of id: NodeID, from old: String?, to new: String?) {
        guard old != new else { return }
        if let old {
            instances[old]?.remove(id)
            if instances[old]?.isEmpty == true { instances[old] = nil }
            instanceNodes[old] = nil
        }
        if let new {
            instances[new, default: []].insert(id)
            instanceNodes[new] = nil
        }
    }
}

/// What an instance is, as a canvas shows it: its definition's kind and display name and how
/// many nodes the definition holds.
public struct InstanceSummary: Hashable, Sendable {
    /// The definition's kind, e.g. `average`.
    public var kind: String
    /// The definition's display name, e.g. `Average`.
    public var name: String
    /// The number of nodes inside the definition, group inputs included.
    public var nodeCount: Int

    /// Creates a summary.
    /// - Parameters:
    ///   - kind: The definition's kind.
    ///   - name: Its display name.
    ///   - nodeCount: The nodes inside it.
    public init(kind: String, name: String, nodeCount: Int) {
        self.kind = kind
        self.name = name
        self.nodeCount = nodeCount
    }
}
