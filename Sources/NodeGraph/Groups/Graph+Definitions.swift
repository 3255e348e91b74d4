extension Graph {
    /// The deepest definitions may nest: a definition using one using one… at most this many.
    public static let maximumNesting = 16

    /// The definitions (groups), each after the definitions it uses, ties by kind: the order a
    /// graph file lists them in.
    /// - Complexity: O(*k*²) in the number of definitions.
    public var definitions: [Definition] {
        definitionOrder().map { groups.definitions[$0]! }
    }

    /// The definition of a kind.
    /// - Parameter kind: The definition's kind, e.g. `average`.
    /// - Returns: The definition, or `nil` when no definition has that kind.
    public func definition(named kind: String) -> Definition? { groups.definitions[kind] }

    /// The definition a node is an instance of.
    /// - Parameter id: The node.
    /// - Returns: Its definition, or `nil` when the node is not an instance (or does not exist).
    public func definition(ofInstance id: NodeID) -> Definition? {
        instanceKind(of: id).flatMap { groups.definitions[$0] }
    }

    /// What an instance at this level is: its definition's kind, display name and size. Unlike
    /// ``definition(ofInstance:)`` it answers inside a definition too, where an instance of
    /// another definition is a node like any other.
    /// - Parameter id: The node.
    /// - Returns: The summary, or `nil` when the node is not an instance (or does not exist).
    public func instanceSummary(of id: NodeID) -> InstanceSummary? {
        guard let node = store.index(of: id), let kind = store.entry(of: node).kind as? DefinitionKind else {
            return nil
        }
        return InstanceSummary(kind: kind.name, name: kind.title, nodeCount: kind.nodeCount)
    }

    /// The kinds the definitions add, for a palette beside the registered kinds: one per
    /// definition, in the order of ``definitions``.
    public var definitionKinds: [any NodeKind] { definitionOrder().compactMap { store.localKinds[$0] } }

    /// The nodes at this level that are instances of a definition, in id order.
    /// - Parameter kind: The definition's kind.
    /// - Returns: The instances.
    /// - Complexity: O(*i* log *i*) in the number of instances.
    public func instances(of kind: String) -> [NodeID] { (groups.instances[kind] ?? []).sorted() }

    /// The graph inside an instance, with the values it has there: the definition's nodes, each
    /// holding the value it takes when the instance's slots read what feeds them.
    ///
    /// `path` leads from a top-level instance through instances inside definitions
    /// (`["avg"]`, or `["outer", "inner"]`); the graph returned is the innermost definition's.
    /// Its group inputs hold the definition's values (what an unfed slot reads) while their own
    /// values are what the instance's slots read.
    /// - Parameter path: The instances, outermost first.
    /// - Returns: The graph, or `nil` when a step of the path is not an instance.
    /// - Complexity: O(*d*) per step, the size of its definition.
    public func graph(insideInstance path: [NodeID]) -> Graph? {
        guard !path.isEmpty else { return self }
        var level = self
        for instance in path {
            guard let kind = level.instanceKind(of: instance), let definition = groups.definitions[kind],
                let node = level.store.index(of: instance)
            else { return nil }
            let entry = level.store.entry(of: node)
            let start = level.store.nodes.slotStart[node]
            let slotValues = (0..<entry.slotCount).map { slot in
                let upstream = level.store.slots.source[start + Int32(slot)]
                return upstream >= 0 ? level.store.value(of: upstream) : entry.slots[slot].defaultValue
            }
            var inner = definition.graph
            inner.showSlotValues(slotValues, inputs: definition.inputs)
            level = inner
        }
        return level
    }

    /// Gives each group input the value its slot reads, and recomputes what depends on them.
    private mutating func showSlotValues(_ values: [Value], inputs: [NodeID]) {
        makeUnique()
        var roots: [Int32] = []
        for (slot, input) in inputs.enumerated() {
            guard let node = store.index(of: input), slot < values.count else { continue }
            if store.setValue(values[slot], of: node) {
                roots += store.dependents(of: node).map(\.node)
            }
        }
        _ = recompute(from: roots)
    }

    // MARK: Kinds at a level

    /// The kind of the definition a node at this level is an instance of.
    func instanceKind(of id: NodeID) -> String? {
        guard groups.tracksInstances, let node = store.index(of: id) else { return nil }
        let entry = store.entry(of: node)
        return entry.kind is DefinitionKind ? entry.name : nil
    }

    /// Whether `kind` names a definition this level knows.
    func isDefinitionKind(_ kind: String) -> Bool { store.localKinds[kind] is DefinitionKind }

    /// Makes a definition's current kind the one this level's nodes of that kind have; instances
    /// take the new slots, slot `s` keeping the link of old slot `slotMap[s]` (-1: none), when
    /// `slotMap` is given. A bypassed instance stops being bypassed when the new kind cannot be
    /// (the definition has no group input left to pass through). Appends the instances to
    /// `roots` and returns what was lost — the links dropped (from old slots no new slot keeps)
    /// and the bypasses ended — as edits that restore it once the old slots are back.
    /// - Complexity: O(*i* · *s*), the instances at this level and their slots.
    mutating func install(_ kind: DefinitionKind, slotMap: [Int]? = nil, roots: inout [Int32]) -> [Edit] {
        makeUnique()
        store.localKinds[kind.name] = kind
        groups.tracksInstances = true
        if store.kindIndexByName[kind.name] == nil,
            let retired = groups.retiredKinds.removeValue(forKey: kind.name)
        {
            store.kindIndexByName[kind.name] = retired
        }
        guard let index = store.kindIndexByName[kind.name] else { return [] }
        let instances = instanceNodes(of: kind.name)
        guard let slotMap else {
            store.replaceKind(at: index, with: kind)
            roots += instances
            return unbypassInstances(instances, of: index)
        }
        let oldCount = Int(store.kindColumns.slotCount[Int(index)])
        var dropped: [Edit] = []
        var upstreams: [[Int32]] = []
        for node in instances {
            let start = store.nodes.slotStart[node]
            let sources = (0..<oldCount).map { store.slots.source[start + Int32($0)] }
            for (slot, upstream) in sources.enumerated() where upstream >= 0 {
                store.detach(start + Int32(slot))
                if !slotMap.contains(slot) {
                    dropped.append(
                        .link(from: store.ids[Int(upstream)], to: store.ids[Int(node)], slot: slot))
                }
            }
            store.freeSlots(start: start, count: oldCount)
            upstreams.append(sources)
        }
        store.replaceKind(at: index, with: kind)
        for (node, sources) in zip(instances, upstreams) {
            let start = store.allocateSlots(slotMap.count, for: node)
            store.nodes.slotStart[node] = start
            for (slot, old) in slotMap.enumerated() where old >= 0 && sources[old] >= 0 {
                store.attach(start + Int32(slot), to: sources[old])
            }
        }
        roots += instances
        return dropped + unbypassInstances(instances, of: index)
    }

    /// Stops bypassing those of `instances` that are bypassed when their kind, at table index
    /// `index`, can no longer be bypassed (its definition lost its last group input): a bypassed
    /// node always has an input to pass through, as ``setBypass(of:to:)`` demands.
    /// - Returns: The edits that bypass them again, once their definition has an input again.
    private mutating func unbypassInstances(_ instances: [Int32], of index: UInt16) -> [Edit] {
        guard store.kinds[Int(index)].bypassProblem != nil, let variant = store.bypassVariants[index] else {
            return []
        }
        var restore: [Edit] = []
        for node in instances where store.nodes.kind[node] == variant {
            store.nodes.kind[node] = index
            restore.append(.setBypass(node: store.ids[Int(node)], bypassed: true))
        }
        return restore
    }

    /// This level's instances of a definition, as node indices in index order.
    private mutating func instanceNodes(of kind: String) -> [Int32] {
        if let known = groups.instanceNodes[kind] { return known }
        let nodes = (groups.instances[kind] ?? []).map { store.index(of: $0)! }.sorted()
        groups.instanceNodes[kind] = nodes
        return nodes
    }

    /// Forgets a removed definition's kind at this level (no node has it); its table index is
    /// kept for the kind's return.
    mutating func retireDefinitionKind(_ kind: String) {
        guard store.localKinds[kind] != nil else { return }
        makeUnique()
        store.localKinds[kind] = nil
        if let index = store.kindIndexByName.removeValue(forKey: kind) { groups.retiredKinds[kind] = index }
        store.lastKind = nil
    }

    // MARK: Definitions using definitions

    /// The definitions whose nodes include instances of `kind`.
    func users(of kind: String) -> [String] {
        groups.definitions.values.filter { $0.graph.groups.instanceCount(of: kind) > 0 }.map(\.kind).sorted()
    }

    /// The definitions that use `kind`, directly or through others, each after every definition
    /// it uses.
    func dependentDefinitions(of kind: String) -> [String] {
        var found: Set<String> = []
        var stack = [kind]
        while let next = stack.popLast() {
            for user in users(of: next) where found.insert(user).inserted { stack.append(user) }
        }
        return definitionOrder().filter { found.contains($0) }
    }

    /// Every definition's kind, each after the definitions it uses, ties by kind.
    func definitionOrder() -> [String] {
        var remaining = Set(groups.definitions.keys)
        var order: [String] = []
        while !remaining.isEmpty {
            let ready = remaining.filter { kind in
                groups.definitions[kind]!.graph.groups.instances.keys.allSatisfy { !remaining.contains($0) }
            }
            // A loop is refused on every edit; should one exist, list the rest rather than hang.
            let next = ready.min() ?? remaining.min()!
            order.append(next)
            remaining.remove(next)
        }
        return order
    }

    /// The longest chain of definitions from `kind` down (itself included).
    func nestingBelow(_ kind: String) -> [String] {
        var memo: [String: [String]] = [:]
        func chain(_ kind: String, depth: Int) -> [String] {
            if let known = memo[kind] { return known }
            guard depth <= Graph.maximumNesting + 1, let definition = groups.definitions[kind] else {
                return [kind]
            }
            let deepest = definition.usedDefinitions.map { chain($0, depth: depth + 1) }.max {
                $0.count < $1.count
            }
            let result = [kind] + (deepest ?? [])
            memo[kind] = result
            return result
        }
        return chain(kind, depth: 0)
    }

    /// The longest chain of definitions using `kind`, outermost first (`kind` not included).
    func nestingAbove(_ kind: String) -> [String] {
        var memo: [String: [String]] = [:]
        func chain(_ kind: String, depth: Int) -> [String] {
            if let known = memo[kind] { return known }
            guard depth <= Graph.maximumNesting + 1 else { return [] }
            let longest = users(of: kind).map { chain($0, depth: depth + 1) + [$0] }.max {
                $0.count < $1.count
            }
            memo[kind] = longest ?? []
            return longest ?? []
        }
        return chain(kind, depth: 0)
    }

    /// A way from definition `from` down to definition `to` through the definitions each uses,
    /// both ends included, or `nil`.
    func usePath(from: String, to: String) -> [String]? {
        if from == to { return [from] }
        var parent: [String: String] = [:]
        var stack = [from]
        var seen: Set<String> = [from]
        while let next = stack.popLast() {
            for used in groups.definitions[next]?.usedDefinitions ?? [] where seen.insert(used).inserted {
                parent[used] = next
                if used == to {
                    var path = [to]
                    while let step = parent[path.last!] { path.append(step) }
                    return path.reversed()
                }
                stack.append(used)
            }
        }
        return nil
    }
}
