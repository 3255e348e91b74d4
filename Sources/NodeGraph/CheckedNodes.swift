/// Nodes that passed every check a graph file's reader makes, in file order, as flat columns,
/// ready to join a graph: the engine's bulk-load entry, for NodeGraphFiles.
///
/// The reader checks each node as `addNode` would (a valid, unique id; a position within
/// ``Position/validRange``; a parameter coerced to the kind's parameter type, present exactly when
/// the kind has one; at most as many inputs as slots, each a node whose output type the slot
/// accepts), then ``makeGraph(registry:order:)`` adds them all without checking again or
/// recomputing, and evaluates the graph once.
package struct CheckedNodes {
    /// The kinds the nodes use; `kindOfNode` indexes this list.
    package var kinds: [any NodeKind] = []
    /// Per node, in file order. Every id is present: optional only so that the reader's column,
    /// where a node without a valid id has none, is handed over as it is rather than copied.
    package var ids: [NodeID?] = []
    package var kindOfNode: [Int32] = []
    /// The display name given in the file, kept only for the nodes given one; none when it is
    /// the kind's title.
    package var names = SparseColumn<String>()
    package var x: [Int32] = []
    package var y: [Int32] = []
    /// The held value, coerced to the kind's parameter type, kept only for the nodes holding one
    /// (exactly those whose kind has a parameter type).
    package var parameters = SparseColumn<Value>()
    /// Node `i`'s inputs are `inputs[inputStart[i]..<inputStart[i + 1]]`: the file index of the
    /// node feeding each slot, or -1. At most as many as the kind has slots.
    package var inputStart: [Int32] = [0]
    package var inputs: [Int32] = []
    /// Whether each node is bypassed (its kind checked to allow it); empty when none is.
    package var bypassed: [Bool] = []

    /// No nodes.
    package init() {}

    /// The number of nodes.
    package var count: Int { kindOfNode.count }

    /// A graph holding the nodes, every node evaluated.
    ///
    /// Nodes are added in `order`, so each one's inputs are already in the graph; they are added
    /// structurally (no per-node recompute or `Change`) and the graph is evaluated once at the end.
    /// - Parameters:
    ///   - registry: The registry the kinds came from.
    ///   - order: Every file index once, each after the nodes feeding it.
    /// - Returns: The graph, or `nil` when the graph cannot take another kind (65,535 of them).
    /// - Complexity: O(*n* + *e*).
    package func makeGraph(registry: KindRegistry, order: [Int32]) -> Graph? {
        var graph = Graph(registry: registry)
        guard insert(into: &graph, order: order) else { return nil }
        graph.evaluateAll()
        return graph
    }

    /// Adds the nodes to `graph` in `order` without evaluating anything; `false` when the graph
    /// cannot take another kind. The kinds' names (a group input's store key) are looked up in
    /// the graph, so the graph must know a definition's kind before nodes of it are added.
    /// - Complexity: O(*n* + *e*).
    package func insert(into graph: inout Graph, order: [Int32]) -> Bool {
        var slotTotal = 0
        let slotCounts = kinds.map(\.inputs.count)
        for kind in kindOfNode { slotTotal += slotCounts[Int(kind)] }
        graph.reserveCapacity(nodes: count, slots: slotTotal)
        // Kinds join the graph's table in the order nodes first use them, as adding nodes one by
        // one would register them.
        var kindIndices = [UInt16?](repeating: nil, count: kinds.count)
        let titles = kinds.map(\.title)
        var nodeIndex = [Int32](repeating: -1, count: count)
        var upstreams: [Int32] = []
        upstreams.reserveCapacity(slotCounts.max() ?? 0)
        for fileIndex in order {
            let node = Int(fileIndex)
            let kind = Int(kindOfNode[node])
            if kindIndices[kind] == nil {
                guard let index = graph.kindIndexForLoading(kinds[kind]) else { return false }
                kindIndices[kind] = index
            }
            upstreams.removeAll(keepingCapacity: true)
            for slot in Int(inputStart[node])..<Int(inputStart[node + 1]) {
                let upstream = inputs[slot]
                upstreams.append(upstream >= 0 ? nodeIndex[Int(upstream)] : -1)
            }
            var name = names[node]
            if name == titles[kind] { name = nil }
            var kindIndex = kindIndices[kind]!
            if !bypassed.isEmpty && bypassed[node] {
                guard let variant = graph.bypassVariantForLoading(kindIndex) else { return false }
                kindIndex = variant
            }
            nodeIndex[node] = upstreams.withUnsafeBufferPointer { upstreams in
                graph.addCheckedNode(
                    ids[node]!, kindIndex: kindIndex, name: name, x: x[node], y: y[node],
                    parameter: parameters[node], upstreams: upstreams)
            }
        }
        return true
    }
}
