extension Graph {
    /// Applies results of background computations, all in one pass: each node downstream of any
    /// of them is recomputed once, after its inputs, and a value that does not change stops there
    /// (cutoff).
    ///
    /// Like a live source's update this is not an edit: nothing here is undone, journaled or
    /// saved. A result is skipped when its node is gone, is not of a ``BackgroundKind``, or has
    /// other inputs (or held value) now than the result was computed from — a newer input
    /// superseded it. Of several results for one node, the last wins.
    ///
    /// ```swift
    /// let request = graph.backgroundRequest(for: "slow")!   // its value is .pending
    /// if let result = await request.compute() {
    ///     graph.applyBackgroundResults([result])            // now it is the result
    /// }
    /// ```
    /// - Parameter results: The results, in the order they arrived.
    /// - Returns: The nodes whose results were applied (as ``SourceChange/sources``) and the nodes
    ///   recomputed, in order.
    /// - Complexity: O(*r* + *a*): the results and the region downstream of their nodes.
    @discardableResult
    public mutating func applyBackgroundResults(_ results: some Sequence<BackgroundResult>) -> SourceChange {
        makeUnique()
        var roots: [Int32] = []
        var seen: Set<Int32> = []
        for result in results {
            guard let node = store.index(of: result.node), store.entry(of: node).isBackground,
                store.backgroundInputs(of: node) == result.inputs,
                store.parameter(of: node) == result.parameter
            else { continue }
            store.backgroundResults[node] = result
            if seen.insert(node).inserted { roots.append(node) }
        }
        let applied = roots.map { store.ids[Int($0)] }
        return SourceChange(sources: applied, recomputed: recompute(from: roots))
    }

    /// The computation a background node waits for: `nil` when there is none to run — the node
    /// is unknown or not of a ``BackgroundKind``, an input of it is an error or pending (it waits
    /// for that first), or the result for its current inputs is already applied.
    /// - Parameter id: The node's identifier.
    /// - Returns: The request, or `nil`.
    /// - Complexity: O(*s*), the node's slot count.
    public func backgroundRequest(for id: NodeID) -> BackgroundRequest? {
        guard let node = store.index(of: id), let kind = store.entry(of: node).kind as? any BackgroundKind,
            let inputs = store.backgroundInputs(of: node)
        else { return nil }
        let parameter = store.parameter(of: node)
        if let result = store.backgroundResults[node], result.inputs == inputs, result.parameter == parameter
        {
            return nil
        }
        return BackgroundRequest(
            node: id, kind: kind, inputs: KindInputs(values: inputs, parameter: parameter))
    }

    /// Whether the node is of a ``BackgroundKind``.
    /// - Parameter id: The node's identifier.
    /// - Returns: `false` for other kinds and unknown nodes.
    public func isBackgroundNode(_ id: NodeID) -> Bool {
        guard let node = store.index(of: id) else { return false }
        return store.entry(of: node).isBackground
    }

    /// Whether a background kind is registered: when not, no node is ever pending and a
    /// ``BackgroundRunner`` following the graph does nothing.
    /// - Complexity: O(*k*), the kinds registered.
    public var hasBackgroundKinds: Bool { store.kinds.contains(where: \.isBackground) }

    /// The nodes of background kinds, in no particular order; none, at once, when no background
    /// kind is registered.
    /// - Complexity: O(*n*) when a background kind is registered, O(*k*) (the kinds) otherwise.
    public var backgroundNodes: [NodeID] {
        guard hasBackgroundKinds else { return [] }
        var result: [NodeID] = []
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            if store.entry(of: node).isBackground { result.append(store.ids[Int(node)]) }
        }
        return result
    }
}

extension NodeStore {
    /// A background node's slot values, as its kind would read them (an unconnected slot its
    /// default); `nil` when one is an error or pending.
    func backgroundInputs(of node: Int32) -> [Value]? {
        let entry = entry(of: node)
        let start = nodes.slotStart[node]
        var values: [Value] = []
        values.reserveCapacity(entry.slotCount)
        for offset in 0..<entry.slotCount {
            let upstream = slots.source[start + Int32(offset)]
            let value = upstream < 0 ? entry.slots[offset].defaultValue : value(of: upstream)
            if value.passesOn { return nil }
            values.append(value)
        }
        return values
    }
}
