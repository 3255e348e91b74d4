extension Graph {
    /// Bypasses a node, or stops bypassing it (``Edit/setBypass(node:bypassed:)``). A bypassed
    /// node's value is the value of its first connected input of its own output type; with none,
    /// what an unconnected slot of that type reads. Its links, held value and kind stay as they
    /// are. Undo restores the old state. A bypassed group instance stops being bypassed when an
    /// edit inside its definition removes the last group input (the edit's inverse bypasses it
    /// again).
    ///
    /// ```swift
    /// try graph.setBypass(of: "sum", to: true)   // "sum" now passes its first number through
    /// ```
    /// - Parameters:
    ///   - id: The node.
    ///   - bypassed: Whether it is to be bypassed.
    /// - Returns: The change: the node and its downstream recomputed when the state changed.
    /// - Throws: ``GraphError/cannotBypass(_:kind:reason:)`` for a source (it has no input to pass
    ///   through); an unknown node.
    /// - Complexity: O(*s* + *a*): the node's slots, plus the nodes recomputed.
    @discardableResult
    public mutating func setBypass(of id: NodeID, to bypassed: Bool) throws(GraphError) -> Change {
        try apply(.setBypass(node: id, bypassed: bypassed))
    }

    /// Whether a node is bypassed; `false` for an unknown node.
    /// - Parameter id: The node.
    /// - Returns: Whether the node is bypassed.
    public func isBypassed(_ id: NodeID) -> Bool {
        guard let node = store.index(of: id) else { return false }
        return store.isBypassed(node)
    }

    /// Why a node cannot be bypassed, or `nil` when it can (or is already): a source has no
    /// input to pass through. For an editor, to refuse before asking anything.
    /// - Parameter id: The node.
    /// - Returns: The refusal ``setBypass(of:to:)`` would throw, or `nil`.
    public func bypassProblem(_ id: NodeID) -> GraphError? {
        guard let node = store.index(of: id) else { return .unknownNode(id) }
        let entry = store.entry(of: node)
        guard let reason = entry.bypassProblem else { return nil }
        return .cannotBypass(id, kind: entry.name, reason: reason)
    }

    mutating func performSetBypass(_ bypassed: Bool, of id: NodeID, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let node = try index(of: id)
        let inverse = Edit.setBypass(node: id, bypassed: store.isBypassed(node))
        if bypassed == store.isBypassed(node) { return inverse }
        let index = store.nodes.kind[node]
        store.nodes.kind[node] =
            bypassed
            ? try bypassedKindIndex(of: store.kinds[Int(index)], at: index, for: id)
            : store.unbypassedKind(of: index)
        // A number source is never bypassed, so the node's value is in its payload or boxed,
        // and its recompute stores the new one.
        roots.append(node)
        return inverse
    }

    /// The table index of the bypassed variant of the kind `entry` at `index`, for node `id`.
    /// - Throws: ``GraphError/cannotBypass(_:kind:reason:)`` when nodes of the kind cannot be
    ///   bypassed, or the kind table is full.
    func bypassedKindIndex(of entry: KindEntry, at index: UInt16, for id: NodeID) throws(GraphError) -> UInt16
    {
        if let reason = entry.bypassProblem { throw .cannotBypass(id, kind: entry.name, reason: reason) }
        guard let variant = store.bypassVariant(of: index) else {
            throw .cannotBypass(
                id, kind: entry.name, reason: "the graph holds as many different kinds as it can")
        }
        return variant
    }
}
