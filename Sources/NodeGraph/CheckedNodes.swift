/// The nodes of a graph file that passed every check, in file order, as flat columns, ready to
/// join a graph.
///
/// Both ways of reading a file produce it: ``GraphFileReader`` (one pass over the bytes, for files
/// with nothing unusual in them) and ``GraphFileDecoder`` (every check, every problem reported).
/// ``makeGraph(registry:order:)`` then builds the graph the same way for both.
struct CheckedNodes {
    /// The kinds the nodes use; `kindOfNode` indexes this list.
    var kinds: [any NodeKind] = []
    /// Per node, in file order.
    var ids: [NodeID] = []
    var kindOfNode: [Int32] = []
    /// The display name given in the file; `nil` when none was, or when it is the kind's title.
    var names: [String?] = []
    var x: [Int32] = []
    var y: [Int32] = []
    /// The held value, coerced to the kind's parameter type; `nil` exactly for kinds without one.
    var parameters: [Value?] = []
    /// Node `i`'s inputs are `inputs[inputStart[i]..<inputStart[i + 1]]`: the file index of the
    /// node feeding each slot, or -1. At most as many as the kind has slots.
    var inputStart: [Int32] = [0]
    var inputs: [Int32] = []

    var count: Int { kindOfNode.count }

    /// The nodes in an order where each follows its inputs: Kahn's algorithm, file order among
    /// ready nodes (the order ``GraphFileDecoder/checkCycles(_:firstIndexOfID:)`` gives).
    /// - Returns: File indices, or `nil` when inputs form a cycle.
    /// - Complexity: O(*n* + *e*).
    func dependencyOrder() -> [Int32]? {
        let count = self.count
        var pending = [Int32](repeating: 0, count: count)
        // The dependents of each node, in file order (a node fed twice by one node is listed twice).
        var dependentStart = [Int32](repeating: 0, count: count + 1)
        for input in inputs where input >= 0 { dependentStart[Int(input) + 1] += 1 }
        for index in 0..<count { dependentStart[index + 1] += dependentStart[index] }
        var dependents = [Int32](repeating: 0, count: Int(dependentStart[count]))
        var fill = dependentStart
        for node in 0..<count {
            for slot in Int(inputStart[node])..<Int(inputStart[node + 1]) {
                let upstream = Int(inputs[slot])
                guard upstream >= 0 else { continue }
                pending[node] += 1
                dependents[Int(fill[upstream])] = Int32(node)
                fill[upstream] += 1
            }
        }
        var order: [Int32] = []
        order.reserveCapacity(count)
        for node in 0..<count where pending[node] == 0 { order.append(Int32(node)) }
        var next = 0
        while next < order.count {
            let node = Int(order[next])
            for position in Int(dependentStart[node])..<Int(dependentStart[node + 1]) {
                let dependent = Int(dependents[position])
                pending[dependent] -= 1
                if pending[dependent] == 0 { order.append(Int32(dependent)) }
            }
            next += 1
        }
        return order.count == count ? order : nil
    }

    /// A graph holding the nodes, every node evaluated.
    ///
    /// Nodes are added in `order`, so each one's inputs are already in the graph; they are added
    /// structurally (no per-node recompute or `Change`) and the graph is evaluated once at the end.
    /// - Parameters:
    ///   - registry: The registry the kinds came from.
    ///   - order: Every file index once, each after the nodes feeding it.
    /// - Returns: The graph, or `nil` when the graph cannot take another kind (65,535 of them).
    /// - Complexity: O(*n* + *e*).
    func makeGraph(registry: KindRegistry, order: [Int32]) -> Graph? {
        var graph = Graph(registry: registry)
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
                guard let index = graph.kindIndexForLoading(kinds[kind]) else { return nil }
                kindIndices[kind] = index
            }
            upstreams.removeAll(keepingCapacity: true)
            for slot in Int(inputStart[node])..<Int(inputStart[node + 1]) {
                let upstream = inputs[slot]
                upstreams.append(upstream >= 0 ? nodeIndex[Int(upstream)] : -1)
            }
            var name = names[node]
            if name == titles[kind] { name = nil }
            nodeIndex[node] = upstreams.withUnsafeBufferPointer { upstreams in
                graph.addCheckedNode(
                    ids[node], kindIndex: kindIndices[kind]!, name: name, x: x[node], y: y[node],
                    parameter: parameters[node], upstreams: upstreams)
            }
        }
        graph.evaluateAll()
        return graph
    }
}
