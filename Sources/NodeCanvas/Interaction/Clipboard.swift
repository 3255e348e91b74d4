import NodeGraph

/// What `y` copies: the selected nodes with the links among them, the links that fed them from
/// nodes outside the selection (which `P` keeps), and the definitions the groups among them use.
public struct ClipboardContents: Hashable, Sendable {
    /// The copied nodes; their inputs name only other copied nodes.
    public var nodes: [NodeDescription]
    /// The links from nodes outside the copy into copied nodes, as `link` edits.
    package var outsideInputs: [Edit]
    /// The definitions the copied groups use, directly or through others, each after the ones it
    /// uses: a paste into a graph without them adds them.
    public var definitions: [DefinitionDescription]

    /// Creates clipboard contents.
    /// - Parameters:
    ///   - nodes: The nodes, inputs naming only each other.
    ///   - outsideInputs: The links from outside nodes into them.
    ///   - definitions: The definitions the nodes' groups use, each after the ones it uses.
    public init(
        nodes: [NodeDescription], outsideInputs: [Edit] = [], definitions: [DefinitionDescription] = []
    ) {
        self.nodes = nodes
        self.outsideInputs = outsideInputs
        self.definitions = definitions
    }

    /// Copies some nodes of a graph, with the definitions their groups use.
    /// - Parameters:
    ///   - ids: The nodes to copy.
    ///   - graph: The graph: the document's, or inside a group the definition's.
    ///   - document: The document's graph, which holds the definitions; `nil`: `graph`.
    /// - Returns: The contents, nodes in the graph's dependency order.
    /// - Complexity: O(*n* + *e*), plus the definitions used.
    package static func copying(_ ids: some Sequence<NodeID>, from graph: Graph, document: Graph? = nil)
        -> ClipboardContents
    {
        let chosen = Set(ids)
        var nodes: [NodeDescription] = []
        var outside: [Edit] = []
        for var node in graph.nodes where chosen.contains(node.id) {
            for (slot, input) in node.inputs.enumerated() {
                guard let input, !chosen.contains(input) else { continue }
                outside.append(.link(from: input, to: node.id, slot: slot))
                node.inputs[slot] = nil
            }
            nodes.append(node)
        }
        let document = document ?? graph
        var used = Set(nodes.compactMap { graph.instanceSummary(of: $0.id)?.kind })
        var stack = Array(used)
        while let kind = stack.popLast() {
            for inner in document.definition(named: kind)?.usedDefinitions ?? []
            where used.insert(inner).inserted {
                stack.append(inner)
            }
        }
        let definitions =
            used.isEmpty ? [] : document.definitions.filter { used.contains($0.kind) }.map(\.description)
        return ClipboardContents(nodes: nodes, outsideInputs: outside, definitions: definitions)
    }

    /// The edit that adds the copied nodes to a graph with fresh ids and free names, moved so
    /// their top left lands at `origin`, with the links among them (and, when
    /// `keepingOutsideInputs`, the links from outside nodes that exist in the graph and fit).
    /// - Parameters:
    ///   - graph: The graph pasted into.
    ///   - origin: Where the copy's top left goes.
    ///   - keepingOutsideInputs: Whether to keep the links from outside nodes.
    ///   - addingDefinitions: Whether the edit first adds the copied definitions `graph` lacks
    ///     (a definition of the same kind already there is used as it is). Pasting inside a
    ///     group, where definitions cannot be added, passes `false`.
    /// - Returns: One batch edit (one undo step), and the new ids in order.
    /// - Complexity: O(*n* + *c*) for *c* copied nodes.
    func pasteEdit(
        into graph: Graph, at origin: Position, keepingOutsideInputs: Bool, addingDefinitions: Bool = true
    ) -> (edit: Edit, ids: [NodeID]) {
        guard let first = nodes.first else { return (.batch([]), []) }
        let left = nodes.dropFirst().reduce(first.position.x) { min($0, $1.position.x) }
        let top = nodes.dropFirst().reduce(first.position.y) { min($0, $1.position.y) }
        var takenIDs = Set<NodeID>()
        var takenNames = Set(graph.nodes.compactMap { graph.name(of: $0.id) })
        var renamed: [NodeID: NodeID] = [:]
        var edits: [Edit] = []
        if addingDefinitions {
            for definition in definitions
            where graph.definition(named: definition.kind) == nil
                && graph.registry.kind(named: definition.kind) == nil
            {
                edits.append(.addDefinition(definition))
            }
        }
        for node in nodes {
            let id = Self.freeID(like: node.id, in: graph, taken: takenIDs)
            takenIDs.insert(id)
            renamed[node.id] = id
            let title = graph.registry.kind(named: node.kind)?.title ?? node.kind
            let name = Self.freeName(like: node.name ?? title, taken: takenNames)
            takenNames.insert(name)
            var copy = node
            copy.id = id
            copy.name = name
            copy.position = Position(
                x: node.position.x - left + origin.x, y: node.position.y - top + origin.y)
            copy.inputs = node.inputs.map { $0.flatMap { renamed[$0] } }
            edits.append(.addNode(copy))
        }
        // Inputs naming a node copied later in the list (the list is in dependency order, so
        // none do) would be dropped above; links from outside come last.
        if keepingOutsideInputs {
            for case .link(let from, let to, let slot) in outsideInputs {
                guard graph.contains(from), let target = renamed[to] else { continue }
                edits.append(.link(from: from, to: target, slot: slot))
            }
        }
        return (.batch(edits), nodes.compactMap { renamed[$0.id] })
    }

    /// `id` when free, else the id with the smallest number after it that is (`add` → `add2`).
    private static func freeID(like id: NodeID, in graph: Graph, taken: Set<NodeID>) -> NodeID {
        if !graph.contains(id) && !taken.contains(id) { return id }
        let base = String(id.rawValue.reversed().drop { $0.isNumber }.reversed())
        var number = 2
        while true {
            let candidate = NodeID("\(base.isEmpty ? "node" : base)\(number)")
            if !graph.contains(candidate) && !taken.contains(candidate) { return candidate }
            number += 1
        }
    }

    /// `name` when free, else `name 2`, `name 3`…
    private static func freeName(like name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name) \(number)") { number += 1 }
        return "\(name) \(number)"
    }
}
