/// A definition whose nodes passed every check a graph file's reader makes: with
/// ``CheckedNodes/makeGraph(registry:definitions:order:)``, the bulk-load entry of a file with
/// definitions (groups), for NodeGraphFiles.
///
/// The reader checks what ``Edit/addDefinition(_:)`` checks: the kind is free and acceptable, the
/// name is valid, the inputs are the definition's `groupInput` nodes (each holding a number or a
/// color), the output is one of its nodes, no definition uses itself or nests deeper than
/// ``Graph/maximumNesting``; and its nodes as ``CheckedNodes`` (a `groupInput` node's kind being
/// a ``GroupInputKind`` of its value's type; a node of a definition's kind, any kind of that name).
package struct CheckedDefinition {
    /// The kind instances have.
    package var kind: String
    /// The display name.
    package var name: String
    /// The `groupInput` nodes, in slot order.
    package var inputs: [NodeID]
    /// The output node.
    package var output: NodeID
    /// The nodes.
    package var nodes: CheckedNodes
    /// Every node once, each after the nodes feeding it.
    package var order: [Int32]

    /// A checked definition.
    package init(
        kind: String, name: String, inputs: [NodeID], output: NodeID, nodes: CheckedNodes, order: [Int32]
    ) {
        self.kind = kind
        self.name = name
        self.inputs = inputs
        self.output = output
        self.nodes = nodes
        self.order = order
    }
}

extension CheckedNodes {
    /// A graph holding the definitions and the nodes, every node evaluated.
    /// - Parameters:
    ///   - registry: The registry the kinds came from.
    ///   - definitions: The definitions, each after the definitions it uses.
    ///   - order: Every file index of the top-level nodes once, each after the nodes feeding it.
    /// - Returns: The graph, or `nil` when a graph cannot take another kind (65,535 of them).
    /// - Complexity: O(*n* + *e*) over every node, the definitions' included.
    package func makeGraph(registry: KindRegistry, definitions: [CheckedDefinition], order: [Int32]) -> Graph?
    {
        var graph = Graph(registry: registry)
        var unused: [Int32] = []
        for checked in definitions {
            var inner = Graph(registry: registry)
            inner.store.localKinds = GroupInputKind.localKinds
            for kind in Set(checked.nodes.kinds.map(\.name)) {
                if let used = graph.groups.definitions[kind] {
                    _ = inner.install(DefinitionKind(used), roots: &unused)
                }
            }
            guard checked.nodes.insert(into: &inner, order: checked.order) else { return nil }
            inner.indexInstances()
            inner.evaluateAll()
            let definition = Definition(
                kind: checked.kind, name: checked.name, graph: inner, inputs: checked.inputs,
                output: checked.output)
            graph.groups.definitions[checked.kind] = definition
            _ = graph.install(DefinitionKind(definition), roots: &unused)
        }
        guard insert(into: &graph, order: order) else { return nil }
        graph.indexInstances()
        graph.evaluateAll()
        return graph
    }
}

extension Graph {
    /// Lists this level's instances, after nodes were added without edits.
    /// - Complexity: O(*n*).
    mutating func indexInstances() {
        groups.instances = [:]
        groups.instanceNodes = [:]
        guard groups.tracksInstances else { return }
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            let entry = store.entry(of: node)
            if entry.kind is DefinitionKind {
                groups.instances[entry.name, default: []].insert(store.ids[Int(node)])
            }
        }
    }
}
