/// Adding nodes that were checked beforehand, for loading a graph file (``CheckedNodes``).
extension Graph {
    /// The graph's table index for a kind, registering it on first use; `nil` when the table is full.
    mutating func kindIndexForLoading(_ kind: any NodeKind) -> UInt16? {
        store.kindIndex(named: kind.name)
    }

    /// Adds a node without checking it or recomputing anything.
    ///
    /// The caller has checked everything `performAddNode(_:roots:)` checks: the id is valid and not
    /// in the graph; the position is within ``Position/validRange``; `parameter` is coerced to the
    /// kind's parameter type and present exactly when the kind has one; there are at most as many
    /// upstreams as the kind has slots, each a node of this graph whose output type the slot
    /// accepts. The storage is unique (``makeUnique()``). These are the storage steps of
    /// `performAddNode(_:roots:)`, which must change together with this.
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
        let node = store.allocateNode(id.compacted)
        store.idTable.insert(id, index: node, ids: store.ids.buffer)
        store.kind[node] = kindIndex
        store.x[node] = x
        store.y[node] = y
        store.setTag(ValueTag.number.rawValue, of: node)
        store.payload[node] = 0
        store.firstOut[node] = -1
        store.mark[node] = NodeStore.idle
        let start = store.allocateSlots(Int(store.kindSlotCount[Int(kindIndex)]), for: node)
        store.slotStart[node] = start
        if let name { store.names[node] = name }
        if let parameter {
            store.parameters[node] = parameter
            // A number source's value is its held number (evaluation does not read it again).
            if case .number(let number) = parameter, store.fastKind[Int(kindIndex)] == FastKind.heldNumber.rawValue {
                store.payload[node] = number
            }
        }
        store.order[node] = nextPosition()
        for (slot, upstream) in upstreams.enumerated() where upstream >= 0 {
            store.attach(start + Int32(slot), to: upstream)
        }
        store.liveCount += 1
        return node
    }
}
