/// `group` and `ungroup`, each as the plain edits it amounts to, applied as one batch (so their
/// inverse is the batch's, restoring ids and all) at the top level or inside a definition.
extension Graph {
    /// Makes nodes a definition and replaces them by one instance of it.
    ///
    /// The nodes become definition `kind` (display name `name`), replaced by one instance `id` at
    /// the first node's position. Each distinct node outside the list that feeds a listed node
    /// becomes an input of the definition (in the order of the listed nodes, then slot), named
    /// after it, and feeds the instance's slot. The output is the one listed node feeding nodes
    /// outside the list, or, when none does, the one listed node no other listed node depends on.
    /// Afterwards every value outside the group is unchanged and the instance's value is the old
    /// output's.
    /// - Parameters:
    ///   - nodes: The nodes to group (at least one).
    ///   - kind: The new definition's kind, e.g. `average`.
    ///   - name: The new definition's display name, e.g. `Average`.
    ///   - id: The instance's id (free, or one of `nodes`).
    /// - Returns: The change.
    /// - Throws: ``GraphError/severalGroupOutputs(_:feedOutside:)`` naming the candidates,
    ///   ``GraphError/kindTaken(_:)``, an unknown node, and the like.
    @discardableResult
    public mutating func group(_ nodes: [NodeID], kind: String, name: String, id: NodeID) throws(GraphError)
        -> Change
    {
        try apply(.group(nodes: nodes, kind: kind, name: name, id: id))
    }

    /// Replaces an instance by copies of its definition's nodes, wired to the instance's
    /// upstream and downstream nodes; every value stays as it was. An inner id is kept where it
    /// is free, else it gets the smallest number after it that is (`sum` → `sum2`). The
    /// definition stays. What a bypassed instance fed is fed by what it passed through (its
    /// first connected input of its output type, or a node holding what it passed without one),
    /// and the copies feed nothing outside.
    /// - Parameter id: The instance.
    /// - Returns: The change.
    /// - Throws: ``GraphError/notAnInstance(_:)`` or an unknown node.
    @discardableResult
    public mutating func ungroup(_ id: NodeID) throws(GraphError) -> Change {
        try apply(.ungroup(id))
    }

    /// The graph at a level: the top, or inside a definition.
    private func level(_ definition: String?) -> Graph {
        definition.map { groups.definitions[$0]!.graph } ?? self
    }

    /// Applies edits of a level's nodes: at the top, or inside a definition, as one edit there.
    private mutating func performAtLevel(
        _ definition: String?, _ edits: [Edit], before first: [Edit] = [], roots: inout [Int32]
    ) throws(GraphError) -> Edit {
        let levelEdit: Edit = definition.map { .inside(definition: $0, .batch(edits)) } ?? .batch(edits)
        return try performBatch(first + [levelEdit], roots: &roots)
    }

    mutating func performGroup(
        _ ids: [NodeID], kind: String, name: String, id: NodeID, in definition: String? = nil,
        roots: inout [Int32]
    ) throws(GraphError) -> Edit {
        let graph = level(definition)
        let grouping = try Grouping(ids, in: graph, kind: kind, name: name, id: id)
        if let definition, let output = groups.definitions[definition]?.output,
            ids.contains(output), id != output
        {
            throw .inDefinition(definition, .definitionOutputRemoved(node: output, definition: definition))
        }
        return try performAtLevel(
            definition, grouping.edits, before: [.addDefinition(grouping.definition)], roots: &roots)
    }

    mutating func performUngroup(_ id: NodeID, in definition: String? = nil, roots: inout [Int32])
        throws(GraphError) -> Edit
    {
        let graph = level(definition)
        guard graph.contains(id) else { throw wrapped(.unknownNode(id), in: definition) }
        guard let kind = graph.instanceKind(of: id), let inner = groups.definitions[kind] else {
            throw wrapped(.notAnInstance(id), in: definition)
        }
        let edits = Ungrouping(id, of: inner, in: graph).edits
        return try performAtLevel(definition, edits, roots: &roots)
    }

    private func wrapped(_ error: GraphError, in definition: String?) -> GraphError {
        definition.map { .inDefinition($0, error) } ?? error
    }
}

/// What grouping some nodes of a level amounts to: the definition, and the edits of the level.
private struct Grouping {
    var definition: DefinitionDescription
    var edits: [Edit] = []

    init(_ ids: [NodeID], in graph: Graph, kind: String, name: String, id: NodeID) throws(GraphError) {
        guard !ids.isEmpty else { throw .invalidGroup(reason: "a group needs at least one node") }
        let listed = Set(ids)
        guard listed.count == ids.count else {
            let twice = ids.first { id in ids.filter { $0 == id }.count > 1 }!
            throw .invalidGroup(reason: "node '\(twice.rawValue.escapedForMessage)' is listed twice")
        }
        for node in ids {
            guard let kind = graph.kind(of: node) else { throw .unknownNode(node) }
            if kind is GroupInputKind {
                throw .invalidGroup(
                    reason: "group input '\(node.rawValue.escapedForMessage)' stays in its definition")
            }
        }
        if graph.contains(id) && !listed.contains(id) { throw .duplicateNode(id) }
        if let problem = id.validationProblem { throw .invalidNodeID(id, reason: problem) }
        let descriptions = ids.map { graph.node($0)! }

        // The inputs: each outside node feeding a listed node, once, in listed order then slot.
        var inputs: [NodeID] = []
        for node in descriptions {
            for case let input? in node.inputs where !listed.contains(input) && !inputs.contains(input) {
                inputs.append(input)
            }
        }
        // The output: the listed node feeding the outside, or the one nothing listed depends on.
        let dependents = Dictionary(uniqueKeysWithValues: ids.map { ($0, graph.dependents(of: $0)) })
        var output = ids.filter { node in dependents[node]!.contains { !listed.contains($0.node) } }
        let feedOutside = !output.isEmpty
        if output.isEmpty { output = ids.filter { node in dependents[node]!.isEmpty } }
        guard output.count == 1 else { throw .severalGroupOutputs(output.sorted(), feedOutside: feedOutside) }

        // The definition: the nodes as they are, outside inputs replaced by group inputs placed
        // in a column left of them.
        let left = descriptions.map(\.position.x).min()! - 20
        let top = descriptions.map(\.position.y).min()!
        var nodes: [NodeDescription] = []
        for (slot, input) in inputs.enumerated() {
            let type = graph.kind(of: input)!.outputType
            guard GroupInputKind.types.contains(type) else {
                throw .groupInputType(node: input, got: "a \(type)")
            }
            nodes.append(
                NodeDescription(
                    id: input, kind: GroupInputKind.kindName,
                    name: graph.givenName(of: input) ?? input.rawValue,
                    position: Position(x: left, y: top + 5 * slot),
                    value: GroupInputKind(type: type).defaultParameter))
        }
        nodes += descriptions
        definition = DefinitionDescription(
            kind: kind, name: name, inputs: inputs, output: output[0], nodes: nodes)

        // The level: the nodes go, the instance comes in their place, fed as they were, feeding
        // what the output fed.
        edits = ids.map { .removeNode($0) }
        edits.append(
            .addNode(NodeDescription(id: id, kind: kind, position: descriptions[0].position, inputs: inputs)))
        for dependent in dependents[output[0]]! where !listed.contains(dependent.node) {
            edits.append(.link(from: id, to: dependent.node, slot: dependent.slot))
        }
    }
}

/// What replacing an instance by its definition's nodes amounts to, as edits of its level.
private struct Ungrouping {
    var edits: [Edit] = []

    init(_ instance: NodeID, of definition: Definition, in graph: Graph) {
        let inner = definition.graph
        let slotInputs = graph.inputs(of: instance)
        let anchor = graph.position(of: instance)!
        var taken: Set<NodeID> = []
        func freeID(like id: NodeID) -> NodeID {
            let id = graph.freeID(like: id, taken: taken, except: instance)
            taken.insert(id)
            return id
        }
        edits.append(.removeNode(instance))

        // What stands for each group input: what feeds its slot, or (when nothing does and it
        // holds more than an unfed slot reads) a node holding its value.
        let copied = inner.nodes.filter { !(inner.kind(of: $0.id) is GroupInputKind) }
        let corner = Position(
            x: copied.map(\.position.x).min() ?? 0, y: copied.map(\.position.y).min() ?? 0)
        func placed(_ position: Position) -> Position {
            Position(x: anchor.x + position.x - corner.x, y: anchor.y + position.y - corner.y)
        }
        var replacement: [NodeID: NodeID?] = [:]
        for (slot, input) in definition.inputs.enumerated() {
            if slot < slotInputs.count, let source = slotInputs[slot] {
                replacement[input] = .some(source)
                continue
            }
            let node = inner.node(input)!
            let value = node.value ?? .number(0)
            if value == GroupInputKind(type: value.type ?? .number).defaultParameter {
                replacement[input] = .some(nil)
                continue
            }
            let id = freeID(like: input)
            replacement[input] = .some(id)
            edits += Ungrouping.constant(
                value, id: id, name: node.name, at: placed(node.position), freeID: freeID)
        }
        // The copies, each after its inputs.
        for node in copied { replacement[node.id] = .some(freeID(like: node.id)) }
        for node in copied {
            var copy = node
            copy.id = replacement[node.id]!!
            copy.position = placed(node.position)
            copy.inputs = node.inputs.map { input in input.flatMap { replacement[$0] ?? nil } }
            edits.append(.addNode(copy))
        }
        // What the instance fed, the output's stand-in feeds; a bypassed instance's, what it
        // passed through.
        let dependents = graph.dependents(of: instance)
        guard !dependents.isEmpty else { return }
        let feeder =
            graph.isBypassed(instance)
            ? passedThrough(
                instance, of: definition, inputs: slotInputs, at: anchor, freeID: { freeID(like: $0) })
            : replacement[definition.output] ?? nil
        if let feeder {
            for dependent in dependents {
                edits.append(.link(from: feeder, to: dependent.node, slot: dependent.slot))
            }
        }
    }

    /// The node whose value a bypassed `instance` of `definition` fed by `inputs` passes
    /// through: what feeds its first connected slot of its output type, or, with none, a node
    /// added in its place (with its id where free) holding what such a slot reads.
    private mutating func passedThrough(
        _ instance: NodeID, of definition: Definition, inputs: [NodeID?], at position: Position,
        freeID: (NodeID) -> NodeID
    ) -> NodeID {
        let type = definition.outputType
        let slots = definition.slots
        for (slot, spec) in slots.enumerated() where spec.type == type && slot < inputs.count {
            if let source = inputs[slot] { return source }
        }
        let value =
            slots.first { $0.type == type }?.defaultValue ?? (type == .color ? .color(.black) : .number(0))
        let id = freeID(instance)
        edits += Ungrouping.constant(value, id: id, name: nil, at: position, freeID: freeID)
        return id
    }

    /// A node (or, for a color, a color node fed by three numbers) holding `value`.
    private static func constant(
        _ value: Value, id: NodeID, name: String?, at position: Position, freeID: (NodeID) -> NodeID
    ) -> [Edit] {
        guard case .color(let color) = value else {
            return [
                .addNode(
                    NodeDescription(id: id, kind: "number", name: name, position: position, value: value))
            ]
        }
        var edits: [Edit] = []
        var channels: [NodeID] = []
        for (offset, (label, channel)) in [("Red", color.red), ("Green", color.green), ("Blue", color.blue)]
            .enumerated()
        {
            let channelID = freeID(NodeID(id.rawValue + label))
            channels.append(channelID)
            edits.append(
                .addNode(
                    NodeDescription(
                        id: channelID, kind: "number", name: label,
                        position: Position(x: position.x - 20, y: position.y + 5 * offset),
                        value: .number(Double(channel)))))
        }
        edits.append(
            .addNode(NodeDescription(id: id, kind: "color", name: name, position: position, inputs: channels))
        )
        return edits
    }
}

extension Graph {
    /// The name a node was given, or `nil` when it goes by its kind's title (or does not exist).
    func givenName(of id: NodeID) -> String? { store.index(of: id).flatMap { store.names[$0] } }

    /// `id` when no node has it (or only `except`) and it is not `taken`; else the id with the
    /// smallest number from 2 after it that is free (`sum` → `sum2`, `sum2` → `sum3`).
    /// - Parameters:
    ///   - id: The id wanted.
    ///   - taken: Ids also taken, besides the graph's nodes.
    ///   - except: A node whose id counts as free (one about to be removed).
    /// - Returns: A free id.
    /// - Complexity: O(*k*) lookups, where *k* is the number tried.
    public func freeID(like id: NodeID, taken: Set<NodeID> = [], except: NodeID? = nil) -> NodeID {
        func isFree(_ candidate: NodeID) -> Bool {
            (candidate == except || !contains(candidate)) && !taken.contains(candidate)
        }
        if isFree(id) { return id }
        let base = String(id.rawValue.reversed().drop(while: \.isNumber).reversed())
        var number = 2
        while true {
            let candidate = NodeID("\(base.isEmpty ? "node" : base)\(number)")
            if isFree(candidate) { return candidate }
            number += 1
        }
    }
}
