extension Graph {
    /// Applies values pushed into live sources from outside the graph, all in one pass: each
    /// node downstream of any of them is recomputed once, after its inputs, and a value that does
    /// not change stops there (cutoff).
    ///
    /// This is not an edit: nothing here is undone, journaled or saved, and a source's setting
    /// (what it holds) is untouched. Updates for nodes that are gone (removed while the update
    /// was on its way) or that are not live sources are skipped; of several updates for one
    /// node, the last wins. A pushed value of the wrong type or a number that is not finite
    /// becomes an error value on the source, as any kind's result would.
    ///
    /// ```swift
    /// var graph = Graph()
    /// try graph.addNode("tick", kind: "clock")
    /// try graph.addNode("double", kind: "add", inputs: ["tick", "tick"])
    /// graph.applySourceUpdates([SourceUpdate(node: "tick", value: .number(3))])
    /// graph.value(of: "double")   // .number(6)
    /// ```
    /// - Parameter updates: The values, in the order they arrived.
    /// - Returns: The sources updated and the nodes recomputed, in order.
    /// - Complexity: O(*u* + *a*): the updates and the region downstream of their sources.
    @discardableResult
    public mutating func applySourceUpdates(_ updates: some Sequence<SourceUpdate>) -> SourceChange {
        makeUnique()
        var roots: [Int32] = []
        var seen: Set<Int32> = []
        for update in updates {
            guard let node = store.index(of: update.node), store.entry(of: node).isLive else { continue }
            store.pushedValues[node] = update.value
            if seen.insert(node).inserted { roots.append(node) }
        }
        let sources = roots.map { store.ids[Int($0)] }
        return SourceChange(sources: sources, recomputed: recompute(from: roots))
    }

    /// Whether the node is a live source (its kind is a ``LiveSourceKind``).
    /// - Parameter id: The node's identifier.
    /// - Returns: `false` for other kinds and unknown nodes.
    public func isLiveSource(_ id: NodeID) -> Bool {
        guard let node = store.index(of: id) else { return false }
        return store.entry(of: node).isLive
    }

    /// The live source nodes, in no particular order.
    /// - Complexity: O(*n*).
    public var liveSources: [NodeID] {
        var result: [NodeID] = []
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            if store.entry(of: node).isLive { result.append(store.ids[Int(node)]) }
        }
        return result
    }
}
