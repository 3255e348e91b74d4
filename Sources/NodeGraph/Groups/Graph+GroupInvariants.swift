extension Graph {
    /// The structural rules of definitions (see ``checkInvariants()``).
    func checkGroupInvariants() throws(InvariantViolation) {
        try checkInstanceList(at: isDefinitionGraph ? "this level" : "the top level")
        for definition in groups.definitions.values {
            let kind = definition.kind
            let prefix = "definition '\(kind)'"
            do throws(InvariantViolation) {
                try definition.graph.checkInvariants()
            } catch {
                throw InvariantViolation("\(prefix): \(error)")
            }
            let groupInputs = definition.graph.groupInputIDs()
            guard Set(definition.inputs) == groupInputs, definition.inputs.count == groupInputs.count else {
                throw InvariantViolation("\(prefix): its inputs are not its group inputs")
            }
            guard definition.graph.contains(definition.output) else {
                throw InvariantViolation("\(prefix): its output '\(definition.output)' is missing")
            }
            for used in definition.usedDefinitions {
                guard groups.definitions[used] != nil else {
                    throw InvariantViolation("\(prefix) uses '\(used)', which is not a definition")
                }
                try definition.graph.checkInstalledKind(of: groups.definitions[used]!, at: prefix)
            }
            if definition.usedDefinitions.contains(where: { usePath(from: $0, to: kind) != nil }) {
                throw InvariantViolation("\(prefix) uses itself")
            }
            let chain = nestingBelow(kind)
            if chain.count > Graph.maximumNesting {
                throw InvariantViolation(
                    "definitions nest \(chain.count) deep: \(chain.joined(separator: " › "))")
            }
            try checkInstalledKind(of: definition, at: "the top level")
        }
    }

    /// Every node at this level whose kind is a definition is listed as an instance, and only
    /// those; no group input at the top level.
    private func checkInstanceList(at level: String) throws(InvariantViolation) {
        var found: [String: Set<NodeID>] = [:]
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            let entry = store.entry(of: node)
            if entry.kind is DefinitionKind { found[entry.name, default: []].insert(store.ids[Int(node)]) }
            if entry.kind is GroupInputKind && !isDefinitionGraph {
                throw InvariantViolation("group input '\(store.ids[Int(node)])' at \(level)")
            }
        }
        guard found == groups.instances else {
            throw InvariantViolation("the list of instances at \(level) is not the instances there")
        }
    }

    /// Whether this is a definition's graph (whose store knows group inputs).
    var isDefinitionGraph: Bool { store.localKinds[GroupInputKind.kindName] != nil }

    /// The kind this level's instances of `definition` have is the definition as it is now.
    func checkInstalledKind(of definition: Definition, at level: String) throws(InvariantViolation) {
        guard let index = store.kindIndexByName[definition.kind] else { return }
        guard let installed = store.kinds[Int(index)].kind as? DefinitionKind,
            installed.plan === definition.plan,
            Int(store.kindColumns.slotCount[Int(index)]) == definition.inputs.count
        else {
            throw InvariantViolation(
                "instances of '\(definition.kind)' at \(level) evaluate an old definition")
        }
    }

    /// Compiles every definition again from its nodes, each after those it uses, and installs
    /// the new kinds everywhere, evaluating each definition's graph from scratch.
    mutating func recompileDefinitions() {
        guard !groups.definitions.isEmpty else { return }
        var unused: [Int32] = []
        for kind in definitionOrder() {
            groups.definitions[kind]!.graph.evaluateAll()
            groups.definitions[kind]!.recompile()
            let newKind = DefinitionKind(groups.definitions[kind]!)
            _ = install(newKind, roots: &unused)
            for user in users(of: kind) {
                _ = groups.definitions[user]!.graph.install(newKind, roots: &unused)
            }
        }
    }
}
