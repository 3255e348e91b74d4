extension Graph {
    /// What a node is and holds, read with one lookup of its id: what a tool that lays out many
    /// nodes at once (a canvas opening a graph) asks of each, without a lookup per question.
    package struct NodeFacts {
        /// The node's kind.
        package var kind: any NodeKind
        /// Its display name (``Graph/name(of:)``).
        package var name: String
        /// Its position (``Graph/position(of:)``).
        package var position: Position
        /// Its value (``Graph/value(of:)``).
        package var value: Value
        /// The value it holds, for a source (``Graph/parameter(of:)``).
        package var parameter: Value?
        /// The node feeding each slot, or `nil` (``Graph/inputs(of:)``).
        package var inputs: [NodeID?]
        /// The value of the node feeding each slot, or `nil` for an unconnected slot.
        package var inputValues: [Value?]
        /// Whether the node is an instance of a group's definition (``Graph/instanceSummary(of:)``
        /// is not `nil`).
        package var isInstance: Bool
    }

    /// What a node is and holds, with one lookup of its id.
    /// - Parameter id: The node's identifier.
    /// - Returns: The facts, or `nil` when there is no such node.
    package func facts(of id: NodeID) -> NodeFacts? {
        guard let node = store.index(of: id) else { return nil }
        let entry = store.entry(of: node)
        let start = store.nodes.slotStart[node]
        let slots = store.slotCount(of: node)
        var inputs: [NodeID?] = []
        var inputValues: [Value?] = []
        inputs.reserveCapacity(slots)
        inputValues.reserveCapacity(slots)
        for offset in 0..<slots {
            let upstream = store.slots.source[start + Int32(offset)]
            inputs.append(upstream >= 0 ? store.ids[Int(upstream)] : nil)
            inputValues.append(upstream >= 0 ? store.value(of: upstream) : nil)
        }
        return NodeFacts(
            kind: entry.kind, name: name(at: node),
            position: Position(x: Int(store.nodes.x[node]), y: Int(store.nodes.y[node])),
            value: store.value(of: node), parameter: store.parameter(of: node), inputs: inputs,
            inputValues: inputValues, isInstance: entry.kind is DefinitionKind)
    }
}
