/// Edits of definitions: adding and removing them, and every edit inside one.
///
/// An edit inside a definition is validated and applied on the definition's graph (so a refusal
/// names the nodes at that level), the definition is compiled again, and every instance of it —
/// and of every definition using it, up to the top level — becomes a root of the one top-level
/// recompute of the edit: each top-level node recomputes once, after its inputs.
extension Graph {
    /// ``perform(_:roots:)`` at a level that holds instances: keeps the list of them.
    mutating func performKeepingInstances(_ edit: Edit, roots: inout [Int32]) throws(GraphError) -> Edit {
        switch edit {
        case .addNode(let description):
            let inverse = try performAtThisLevel(edit, roots: &roots)
            groups.noteKind(
                of: description.id, from: nil, to: isDefinitionKind(description.kind) ? description.kind : nil
            )
            return inverse
        case .removeNode(let id):
            let old = instanceKind(of: id)
            let inverse = try performAtThisLevel(edit, roots: &roots)
            groups.noteKind(of: id, from: old, to: nil)
            return inverse
        case .setKind(let id, let kind):
            let old = instanceKind(of: id)
            let inverse = try performAtThisLevel(edit, roots: &roots)
            groups.noteKind(of: id, from: old, to: isDefinitionKind(kind) ? kind : nil)
            return inverse
        default:
            return try performAtThisLevel(edit, roots: &roots)
        }
    }

    // MARK: Adding and removing definitions

    mutating func performAddDefinition(_ description: DefinitionDescription, roots: inout [Int32])
        throws(GraphError) -> Edit
    {
        let kind = description.kind
        try checkNewKind(kind)
        if let problem = nameProblem(description.name) {
            throw .inDefinition(kind, .invalidName(node: NodeID(kind), reason: problem))
        }
        var inner = Graph(registry: registry)
        inner.store.localKinds = GroupInputKind.localKinds
        var nodes = try dependencyOrder(of: description.nodes, in: kind)
        for index in nodes.indices {
            nodes[index] = try checkedForDefinition(nodes[index], in: kind, inner: &inner)
        }
        do throws(GraphError) {
            try inner.apply(.batch(nodes.map(Edit.addNode)))
        } catch {
            throw .inDefinition(kind, error)
        }
        try checkInterface(of: inner, inputs: description.inputs, output: description.output, in: kind)
        let definition = Definition(
            kind: kind, name: description.name, graph: inner, inputs: description.inputs,
            output: description.output)
        let depth = nestingBelow(kind, using: definition.usedDefinitions)
        if depth.count > Graph.maximumNesting { throw .nestingTooDeep(path: depth) }
        groups.definitions[kind] = definition
        _ = install(DefinitionKind(definition), roots: &roots)
        return .removeDefinition(kind)
    }

    mutating func performRemoveDefinition(_ kind: String) throws(GraphError) -> Edit {
        guard let definition = groups.definitions[kind] else { throw .unknownDefinition(kind) }
        let count =
            groups.instanceCount(of: kind)
            + users(of: kind).reduce(0) {
                $0 + groups.definitions[$1]!.graph.groups.instanceCount(of: kind)
            }
        guard count == 0 else { throw .definitionInUse(kind, instances: count) }
        groups.definitions[kind] = nil
        retireDefinitionKind(kind)
        for other in Array(groups.definitions.keys)
        where groups.definitions[other]!.graph.store.localKinds[kind] != nil {
            groups.definitions[other]!.graph.retireDefinitionKind(kind)
        }
        return .addDefinition(definition.description)
    }

    /// Why a definition's kind is not acceptable (empty, too long, control characters); `nil`
    /// when it is.
    package func kindProblem(_ kind: String) -> String? {
        if kind.isEmpty { return "a kind must not be empty" }
        if kind.utf8.count > NodeID.maximumLength {
            return "a kind must be at most \(NodeID.maximumLength) bytes"
        }
        if kind.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a kind must not contain control characters"
        }
        return nil
    }

    /// Throws unless `kind` may name a new definition.
    private func checkNewKind(_ kind: String) throws(GraphError) {
        if let problem = kindProblem(kind) { throw .invalidKind(kind, reason: problem) }
        if registry.kind(named: kind) != nil || groups.definitions[kind] != nil
            || kind == GroupInputKind.kindName || kind.hasPrefix(GroupInputKind.kindName + ":")
        {
            throw .kindTaken(kind)
        }
    }

    /// The nodes of a new definition, each after the nodes feeding it.
    private func dependencyOrder(of nodes: [NodeDescription], in kind: String) throws(GraphError)
        -> [NodeDescription]
    {
        var position: [NodeID: Int] = [:]
        for (index, node) in nodes.enumerated() {
            guard position.updateValue(index, forKey: node.id) == nil else {
                throw .inDefinition(kind, .duplicateNode(node.id))
            }
        }
        var order: [Int] = []
        var state = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on the walk, 2 placed
        for start in nodes.indices where state[start] == 0 {
            var stack: [(node: Int, input: Int)] = [(start, 0)]
            state[start] = 1
            while let (node, input) = stack.popLast() {
                let inputs = nodes[node].inputs
                guard input < inputs.count else {
                    state[node] = 2
                    order.append(node)
                    continue
                }
                stack.append((node, input + 1))
                guard let upstream = inputs[input] else { continue }
                guard let next = position[upstream] else { throw .inDefinition(kind, .unknownNode(upstream)) }
                if state[next] == 1 {
                    let loop = stack.map(\.node).drop { $0 != next }.map { nodes[$0].id }
                    throw .inDefinition(
                        kind,
                        .wouldCreateCycle(
                            path: NodeList(loop + [next == node ? nodes[node].id : nodes[next].id])))
                }
                if state[next] == 0 {
                    state[next] = 1
                    stack.append((next, 0))
                }
            }
        }
        return order.map { nodes[$0] }
    }

    /// Throws unless every group input of `inner` is among `inputs` once, and `output` is a node.
    private func checkInterface(of inner: Graph, inputs: [NodeID], output: NodeID, in kind: String)
        throws(GraphError)
    {
        let groupInputs = inner.groupInputIDs()
        guard Set(inputs) == groupInputs, inputs.count == groupInputs.count else {
            throw .invalidInputOrder(definition: kind, expected: groupInputs.sorted())
        }
        guard inner.contains(output) else { throw .inDefinition(kind, .unknownNode(output)) }
    }

    /// The group input nodes of this (a definition's) graph.
    func groupInputIDs() -> Set<NodeID> {
        var ids: Set<NodeID> = []
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            if store.entry(of: node).kind is GroupInputKind { ids.insert(store.ids[Int(node)]) }
        }
        return ids
    }

    // MARK: Edits inside a definition

    mutating func performInside(_ kind: String, _ edit: Edit, roots: inout [Int32]) throws(GraphError) -> Edit
    {
        guard groups.definitions[kind] != nil else { throw .unknownDefinition(kind) }
        switch edit {
        case .inside, .addDefinition, .removeDefinition:
            throw .wrongLevel(operation: edit.operationName, insideDefinition: true)
        case .group(let nodes, let newKind, let name, let id):
            return try performGroup(nodes, kind: newKind, name: name, id: id, in: kind, roots: &roots)
        case .ungroup(let id):
            return try performUngroup(id, in: kind, roots: &roots)
        case .setInputOrder(let order):
            return try performSetInputOrder(order, in: kind, roots: &roots)
        case .batch(let edits) where edits.contains(where: \.editsDefinitions):
            return try performBatch(edits.map { .inside(definition: kind, $0) }, roots: &roots)
        default:
            return try performNodeEdit(edit, in: kind, roots: &roots)
        }
    }

    /// An edit of nodes inside a definition.
    private mutating func performNodeEdit(_ edit: Edit, in kind: String, roots: inout [Int32])
        throws(GraphError) -> Edit
    {
        let before = groups.definitions[kind]!
        var definition = before
        let prepared = try prepared(edit, in: kind, inner: &definition.graph)
        let change: Change
        do throws(GraphError) {
            change = try definition.graph.apply(prepared)
        } catch {
            throw .inDefinition(kind, error)
        }
        definition.inputs = try inputsAfter(change, of: definition, before: before)
        let oldInputs = before.inputs
        let slotMap =
            definition.inputs == oldInputs
            ? nil : definition.inputs.map { oldInputs.firstIndex(of: $0) ?? -1 }
        groups.definitions[kind] = definition
        let relinks = definitionChanged(
            kind, slotMap: slotMap, recomputing: edit.changesValues, roots: &roots)
        var inverse: [Edit] = [.inside(definition: kind, change.inverse)]
        if slotMap != nil { inverse.append(.inside(definition: kind, .setInputOrder(oldInputs))) }
        inverse += relinks
        return inverse.count == 1 ? inverse[0] : .batch(inverse)
    }

    /// A definition's inputs after an edit of its nodes: those that remain, in their order, then
    /// the group inputs the edit added. Throws when the edit removed the output, changed its
    /// type, or changed a node's kind to or from a group input (the caller then keeps the
    /// definition as it was).
    private func inputsAfter(_ change: Change, of definition: Definition, before: Definition)
        throws(GraphError) -> [NodeID]
    {
        let kind = definition.kind
        let graph = definition.graph
        guard graph.contains(definition.output) else {
            throw .inDefinition(kind, .definitionOutputRemoved(node: definition.output, definition: kind))
        }
        if definition.outputType != before.outputType {
            throw .inDefinition(
                kind,
                .definitionOutputType(definition: kind, from: before.outputType, to: definition.outputType))
        }
        let groupInputs = graph.groupInputIDs()
        var inputs = before.inputs.filter { groupInputs.contains($0) }
        for id in change.edit.addedNodes where groupInputs.contains(id) && !inputs.contains(id) {
            inputs.append(id)
        }
        if let changed = before.inputs.first(where: { graph.contains($0) && !groupInputs.contains($0) })
            ?? groupInputs.sorted().first(where: { !inputs.contains($0) })
        {
            throw .inDefinition(kind, .groupInputKindChange(changed))
        }
        return inputs
    }

    /// The edit as the definition's graph takes it: group inputs named by the store key of their
    /// type, and the kinds of the definitions it uses installed (refusing a loop or nesting too deep).
    private mutating func prepared(_ edit: Edit, in kind: String, inner: inout Graph) throws(GraphError)
        -> Edit
    {
        switch edit {
        case .addNode(let description):
            return .addNode(try checkedForDefinition(description, in: kind, inner: &inner))
        case .setKind(_, let newKind):
            if newKind.hasPrefix(GroupInputKind.kindName + ":") {
                throw .inDefinition(kind, .unknownKind(newKind))
            }
            try use(newKind, inside: kind, inner: &inner)
            return edit
        case .batch(let edits):
            var prepared: [Edit] = []
            for edit in edits { prepared.append(try self.prepared(edit, in: kind, inner: &inner)) }
            return .batch(prepared)
        default:
            return edit
        }
    }

    /// A node to add inside definition `kind`: a group input gets the store key of its type; an
    /// instance's definition is installed in `inner`.
    private mutating func checkedForDefinition(_ node: NodeDescription, in kind: String, inner: inout Graph)
        throws(GraphError) -> NodeDescription
    {
        var node = node
        if node.kind == GroupInputKind.kindName {
            let type = node.value?.type ?? .number
            guard GroupInputKind.types.contains(type) else {
                throw .inDefinition(
                    kind,
                    .groupInputType(
                        node: node.id, got: node.value.map { "a \($0.type?.name ?? "value")" } ?? "nothing"))
            }
            node.kind = GroupInputKind.storeKey(for: type)
        } else if node.kind.hasPrefix(GroupInputKind.kindName + ":") {
            throw .inDefinition(kind, .unknownKind(node.kind))
        } else {
            try use(node.kind, inside: kind, inner: &inner)
        }
        return node
    }

    /// When `used` names a definition: refuses it inside `kind` if it uses `kind` (a loop) or
    /// would nest too deep, and installs its current kind in `inner`.
    private mutating func use(_ used: String, inside kind: String, inner: inout Graph) throws(GraphError) {
        guard let definition = groups.definitions[used] else {
            if used == kind { throw .definitionLoop(path: [kind, kind]) }
            return
        }
        if let path = usePath(from: used, to: kind) { throw .definitionLoop(path: [kind] + path) }
        let chain = nestingAbove(kind) + [kind] + nestingBelow(used)
        if chain.count > Graph.maximumNesting { throw .nestingTooDeep(path: chain) }
        var unused: [Int32] = []
        _ = inner.install(DefinitionKind(definition), roots: &unused)
    }

    /// The longest chain below a definition about to use `used`, itself included.
    private func nestingBelow(_ kind: String, using used: [String]) -> [String] {
        [kind] + (used.map { nestingBelow($0) }.max { $0.count < $1.count } ?? [])
    }

    /// Inside a definition: orders its inputs.
    private mutating func performSetInputOrder(_ order: [NodeID], in kind: String, roots: inout [Int32])
        throws(GraphError) -> Edit
    {
        let old = groups.definitions[kind]!.inputs
        guard order.count == old.count, Set(order) == Set(old) else {
            throw .invalidInputOrder(definition: kind, expected: old)
        }
        let inverse = Edit.inside(definition: kind, .setInputOrder(old))
        guard order != old else { return inverse }
        groups.definitions[kind]!.inputs = order
        _ = definitionChanged(
            kind, slotMap: order.map { old.firstIndex(of: $0)! }, recomputing: true, roots: &roots)
        return inverse
    }

    /// After definition `kind` changed: compiles it and every definition using it again (each
    /// after those it uses) and installs their kinds wherever they have instances; the top-level
    /// instances join `roots`, the instances inside definitions recompute there. Instances of
    /// `kind` take the new slots by `slotMap`. Returns edits that restore the links dropped with
    /// slots and the bypasses ended with the last slot, once the old slots are back.
    mutating func definitionChanged(_ kind: String, slotMap: [Int]?, recomputing: Bool, roots: inout [Int32])
        -> [Edit]
    {
        var relinks: [Edit] = []
        for changed in [kind] + dependentDefinitions(of: kind) {
            groups.definitions[changed]!.recompile()
            let newKind = DefinitionKind(groups.definitions[changed]!)
            let map = changed == kind ? slotMap : nil
            var topRoots: [Int32] = []
            relinks += install(newKind, slotMap: map, roots: &topRoots)
            if recomputing { roots += topRoots }
            for user in users(of: changed) {
                var innerRoots: [Int32] = []
                let dropped = groups.definitions[user]!.graph.install(
                    newKind, slotMap: map, roots: &innerRoots)
                relinks += dropped.map { .inside(definition: user, $0) }
                if recomputing { _ = groups.definitions[user]!.graph.recompute(from: innerRoots) }
            }
        }
        return relinks
    }
}

extension Edit {
    /// Whether the edit (or one in a batch) acts on definitions rather than on nodes alone.
    var editsDefinitions: Bool {
        switch self {
        case .inside, .group, .ungroup, .addDefinition, .removeDefinition, .setInputOrder: true
        case .batch(let edits): edits.contains(where: \.editsDefinitions)
        default: false
        }
    }

    /// Whether the edit may change values (a rename or a move does not).
    var changesValues: Bool {
        switch self {
        case .rename, .move: false
        case .batch(let edits): edits.contains(where: \.changesValues)
        default: true
        }
    }

    /// The ids of the nodes the edit adds, in order.
    var addedNodes: [NodeID] {
        switch self {
        case .addNode(let node): [node.id]
        case .batch(let edits): edits.flatMap(\.addedNodes)
        default: []
        }
    }
}
