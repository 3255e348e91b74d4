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
        return facts(ofNodeAt: node)
    }

    /// One more than the largest place a node is kept at (see ``forEachNodePlace(_:)``): the size
    /// of a table by place.
    package var nodePlaceEnd: Int { Int(store.nodeEnd) }

    /// Calls `body` with each node and the place the graph keeps it at, in ``nodeIDs``' order,
    /// with no lookup of an id: what a tool that lays out every node at once walks, asking about
    /// each node and its links by place (``facts(ofNodeAt:)``, ``forEachUpstream(ofNodeAt:_:)``).
    /// A place is good until the graph changes.
    package func forEachNodePlace(_ body: (_ place: Int32, _ id: NodeID) -> Void) {
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            body(node, store.ids[Int(node)])
        }
    }

    /// What the node kept at a place is and holds (``facts(of:)`` without the lookup).
    /// - Parameter node: A place from ``forEachNodePlace(_:)``.
    package func facts(ofNodeAt node: Int32) -> NodeFacts {
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

    /// Calls `body` with each linked slot of the node kept at a place and the place of the node
    /// feeding it, with no lookup of an id.
    /// - Parameters:
    ///   - node: A place from ``forEachNodePlace(_:)``.
    ///   - body: Called with the slot's index and the upstream node's place, slot by slot.
    package func forEachUpstream(ofNodeAt node: Int32, _ body: (_ slot: Int, _ upstream: Int32) -> Void) {
        let start = store.nodes.slotStart[node]
        for offset in 0..<store.slotCount(of: node) {
            let upstream = store.slots.source[start + Int32(offset)]
            if upstream >= 0 { body(offset, upstream) }
        }
    }
}
