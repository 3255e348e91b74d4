extension GraphBuilder {
    /// Adds many nodes at once, described column by column: no array, no optional and no kind
    /// name per node.
    ///
    /// Node `k` of the call gets the number `count + k` (the ``count`` before the call). Its kind
    /// is `kinds[kindOfNode[k]]`; its inputs are `inputs[k * slotsPerNode ..< (k + 1) * slotsPerNode]`,
    /// the number of the node feeding each slot from the first, or -1 for an empty slot. As with
    /// ``add(_:kind:name:at:value:inputs:)``, an input is a node added before it (in the builder
    /// already, or earlier in the same call).
    ///
    /// ```swift
    /// var builder = GraphBuilder()
    /// try builder.add(
    ///     ids: ["a", "b", "sum"], kinds: ["number", "add"], kindOfNode: [0, 0, 1],
    ///     inputs: [-1, -1, -1, -1, 0, 1], slotsPerNode: 2,
    ///     values: [.number(2), .number(3), nil])
    /// let graph = builder.finish()
    /// graph.value(of: "sum")  // .number(5)
    /// ```
    ///
    /// Every node is checked as ``add(_:kind:name:at:value:inputs:)`` checks it (the id, the kind,
    /// the name, the position, the value, the slots and the type each slot accepts). The first node
    /// refused ends the call with its ``GraphError``, and the builder is left exactly as it was
    /// before the call (only its graph's table of kinds in use may have grown, as with a refused
    /// single add).
    /// - Parameters:
    ///   - ids: The new nodes' identifiers, in the order they are numbered.
    ///   - kinds: The names of the kinds the nodes use.
    ///   - kindOfNode: For each node, the index of its kind in `kinds`.
    ///   - inputs: `slotsPerNode` entries a node: the number of the node feeding each slot, or -1.
    ///   - slotsPerNode: The number of `inputs` entries each node has; a node whose kind has fewer
    ///     slots must leave the others -1.
    ///   - values: The value each source holds (`nil`: the kind's default); empty: every node its
    ///     kind's default.
    ///   - names: Each node's display name (`nil`: the kind's title); empty: every node its title.
    ///   - positions: Each node's position; empty: every node at ``Position/zero``.
    /// - Returns: The numbers of the new nodes.
    /// - Throws: ``GraphError``, as ``add(_:kind:name:at:value:inputs:)`` throws it, for the first
    ///   node refused: a duplicate or invalid id (a duplicate of a node earlier in the same call
    ///   too), an unknown kind, a bad name, position or value, an input in a slot the kind does
    ///   not have (``GraphError/unknownSlot(node:slot:slotCount:)``), a node fed from itself
    ///   (``GraphError/wouldCreateCycle(path:)``), or from a later node, closing a loop
    ///   (``GraphError/wouldCreateCycle(path:)``, the loop named) or not
    ///   (``GraphError/unknownInput(node:slot:input:count:)``), or an input whose type the slot
    ///   does not accept. A kind name in `kinds` that no node uses is still looked up.
    /// - Precondition: `kindOfNode` has one entry a node, each an index of `kinds`; `inputs` has
    ///   `slotsPerNode` entries a node; `values`, `names` and `positions` are empty or have one
    ///   entry a node.
    /// - Complexity: O(*n* · `slotsPerNode` + *m*): the nodes, their inputs and their ids' bytes.
    ///   No lookup by kind name or by id but the check that each id is new.
    @discardableResult
    public mutating func add(
        ids: [NodeID], kinds: [String], kindOfNode: [UInt16], inputs: [Int32], slotsPerNode: Int,
        values: [Value?] = [], names: [String?] = [], positions: [Position] = []
    ) throws(GraphError) -> Range<Int> {
        let count = ids.count
        precondition(
            kindOfNode.count == count, "kindOfNode has \(kindOfNode.count) entries for \(count) nodes")
        precondition(slotsPerNode >= 0, "slotsPerNode must not be negative")
        precondition(
            inputs.count == count * slotsPerNode,
            "inputs has \(inputs.count) entries for \(count) nodes of \(slotsPerNode) slots")
        precondition(
            values.isEmpty || values.count == count, "values has \(values.count) entries for \(count) nodes")
        precondition(
            names.isEmpty || names.count == count, "names has \(names.count) entries for \(count) nodes")
        precondition(
            positions.isEmpty || positions.count == count,
            "positions has \(positions.count) entries for \(count) nodes")
        graph.makeUnique()
        let first = graph.count
        var batch = ColumnBatch(kinds: kinds.count, first: first, ids: ids, slotsPerNode: slotsPerNode)
        for name in kinds { try batch.resolve(kind: name, in: &graph) }
        refreshOnlyOutputType()
        batch.settle(onlyOutputType: onlyOutputType)
        let slotTotal = kindOfNode.reduce(0) { total, kind in
            precondition(Int(kind) < kinds.count, "kindOfNode names kind \(kind) of \(kinds.count)")
            return total + batch.slotCount(of: kind)
        }
        graph.store.reserveNodes(Int(graph.store.nodeEnd) + count)
        graph.store.reserveSlots(Int(graph.store.slotEnd) + slotTotal)
        let checkpoint = graph.store.checkpoint
        do {
            try inputs.withUnsafeBufferPointer { inputs throws(GraphError) in
                var kindsSeen = graph.store.kinds.count
                var k = 0
                while k < count {
                    // The nodes with nothing to refuse and nothing but their kind, position and
                    // inputs to store, in place; the next node (if any) takes the checks below.
                    k = kindOfNode.withUnsafeBufferPointer { kindOfNode in
                        values.withUnsafeBufferPointer { values in
                            names.withUnsafeBufferPointer { names in
                                positions.withUnsafeBufferPointer { positions in
                                    batch.storePlainNodes(
                                        from: k, kindOfNode: kindOfNode, inputs: inputs, values: values,
                                        names: names, positions: positions, evaluatedEnd: &evaluatedEnd,
                                        into: &graph)
                                }
                            }
                        }
                    }
                    guard k < count else { break }
                    try batch.insert(
                        ids[k], kind: kindOfNode[k],
                        inputs: inputs.extracting(k * slotsPerNode..<(k + 1) * slotsPerNode),
                        value: values.isEmpty ? nil : values[k], name: names.isEmpty ? nil : names[k],
                        position: positions.isEmpty ? .zero : positions[k], onlyOutputType: onlyOutputType,
                        allInputs: inputs, into: &graph)
                    // A node whose kind follows its value (a formula) may have registered a kind of
                    // another output type: the type checks skipped so far no longer may be.
                    if graph.store.kinds.count != kindsSeen {
                        kindsSeen = graph.store.kinds.count
                        refreshOnlyOutputType()
                        batch.settle(onlyOutputType: onlyOutputType)
                    }
                    k += 1
                }
            }
        } catch {
            graph.store.restore(checkpoint)
            evaluatedEnd = Swift.min(evaluatedEnd, graph.store.nodeEnd)
            throw error
        }
        return first..<first + count
    }
}
