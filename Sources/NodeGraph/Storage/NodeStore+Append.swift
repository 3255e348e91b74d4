extension NodeStore {
    /// Whether ``appendNode(inline:_:bucket:kind:slotCount:inputs:inputCount:x:y:payload:)`` may store nodes
    /// now: index order is the topological order (no place to hand out) and no removed node's
    /// index waits for reuse.
    var appendsInIndexOrder: Bool { indexOrderIsTopological && freeNodes.isEmpty }

    /// Whether `count` more nodes fit without growing: their columns, identifiers and id table
    /// entries (their slots are asked for one node at a time).
    func hasRoom(forNodes count: Int) -> Bool {
        let end = Int(nodeEnd) + count
        return end <= nodeCapacity && ids.count + count <= ids.capacity && idTable.hasRoom(for: count)
    }

    /// Stores a new node at the end, its slots after the last slots, and links its inputs: the
    /// column entry's store (``GraphBuilder/add(ids:kinds:kindOfNode:inputs:slotsPerNode:values:names:positions:)``),
    /// without the cases `Graph.insertNode` handles (a reused index, a name, a held value but a
    /// number source's, maintained places).
    ///
    /// The caller has checked everything a single add checks; the identifier, whose bits
    /// `low` and `high` are, is stored inline and new, and `bucket` is the empty bucket of the id
    /// table found for it; ``appendsInIndexOrder`` holds; room is reserved for the node, its
    /// identifier, its table entry and its slots; the plan is dropped.
    /// - Parameters:
    ///   - inputs: The node index feeding each of the first `inputCount` slots, or -1; each one
    ///     below the new node's. The slots after them are empty.
    ///   - payload: The node's value until it is evaluated: a number source's held number, 0
    ///     for any other node.
    /// - Returns: The new node's index.
    /// - Complexity: O(*s*), the kind's slot count.
    @inline(__always)
    func appendNode(
        inline low: UInt64, _ high: UInt64, bucket: Int, kind: UInt16, slotCount: Int,
        inputs: UnsafePointer<Int32>, inputCount: Int, x: Int32, y: Int32, payload: Double
    ) -> Int32 {
        let node = nodeEnd, start = slotEnd
        ids.appendInPlace(inline: low, high)
        idTable.insert(node, inEmpty: bucket)
        let nodes = self.nodes, slots = self.slots
        nodes.kind[node] = kind
        nodes.x[node] = x
        nodes.y[node] = y
        nodes.payload[node] = payload
        nodes.firstOut[node] = -1
        nodes.slotStart[node] = start
        for offset in 0..<slotCount {
            let slot = start &+ Int32(truncatingIfNeeded: offset)
            let upstream = offset < inputCount ? inputs[offset] : -1
            slots.source[slot] = upstream
            if upstream >= 0 {
                slots.outLink[slot] = OutLink(next: nodes.firstOut[upstream], owner: node)
                nodes.firstOut[upstream] = slot
            } else {
                slots.outLink[slot] = OutLink(next: -1, owner: node)
            }
        }
        slotEnd = start &+ Int32(truncatingIfNeeded: slotCount)
        nodeEnd = node &+ 1
        liveCount &+= 1
        return node
    }
}
