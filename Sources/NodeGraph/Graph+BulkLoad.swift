/// Adding nodes that were checked beforehand, for loading a graph file (``CheckedNodes``).
extension Graph {
    /// The graph's table index for a kind, registering it on first use; `nil` when the table is full.
    mutating func kindIndexForLoading(_ kind: any NodeKind) -> UInt16? {
        if let formula = kind as? FormulaKind { return store.kindIndex(for: formula.formula) }
        return store.kindIndex(named: (kind as? GroupInputKind)?.storeKey ?? kind.name)
    }

    /// The table index of the bypassed variant of the kind at `index` (which the caller checked
    /// may be bypassed), registering it on first use; `nil` when the table is full.
    mutating func bypassVariantForLoading(_ index: UInt16) -> UInt16? {
        store.bypassVariant(of: index)
    }

    /// Adds a node without checking it or recomputing anything: ``insertNode(_:hash:kindIndex:name:x:y:parameter:upstreams:)``
    /// for a caller that checked the node its own way.
    ///
    /// The caller has checked everything `performAddNode(_:roots:)` checks: the id is valid and not
    /// in the graph; the position is within ``Position/validRange``; `parameter` is coerced to the
    /// kind's parameter type and present exactly when the kind has one; there are at most as many
    /// upstreams as the kind has slots, each a node of this graph whose output type the slot
    /// accepts. The storage is unique (``makeUnique()``).
    /// - Parameters:
    ///   - id: The node's identifier.
    ///   - kindIndex: From ``kindIndexForLoading(_:)``.
    ///   - name: The display name, `nil` when it is the kind's title.
    ///   - x: The column.
    ///   - y: The row.
    ///   - parameter: The held value.
    ///   - upstreams: The node index feeding each slot from the first, or -1.
    /// - Returns: The new node's index.
    /// - Complexity: O(*s*), the kind's slot count.
    mutating func addCheckedNode(
        _ id: NodeID, kindIndex: UInt16, name: String?, x: Int32, y: Int32, parameter: Value?,
        upstreams: UnsafeBufferPointer<Int32>
    ) -> Int32 {
        insertNode(
            id, hash: store.idTable.probe.hash(id), kindIndex: kindIndex, name: name, x: x, y: y,
            parameter: parameter,
            upstreams: upstreams)
    }
}
