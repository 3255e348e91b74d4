extension NodeStore {
    /// Where the store's appended nodes and slots ended at one moment, to take out everything
    /// appended since (``restore(_:)``).
    struct Checkpoint {
        let nodeEnd: Int32
        let slotEnd: Int32
        let liveCount: Int
        let slotsFollowNodes: Bool
    }

    /// The store's ends now. Valid while nodes are only appended (no free index reused, no slot
    /// range reused, no node removed, no link changed but those of appended nodes' own slots).
    var checkpoint: Checkpoint {
        precondition(freeNodes.isEmpty, "a checkpoint needs a store without free node indices")
        return Checkpoint(
            nodeEnd: nodeEnd, slotEnd: slotEnd, liveCount: liveCount, slotsFollowNodes: slotsFollowNodes)
    }

    /// Takes out every node appended since `checkpoint`, newest first: its links, its id, name
    /// and held value; the store is then as it was at the checkpoint (apart from its capacity and
    /// the kinds registered since).
    /// - Complexity: O(*k* + *s*), the nodes appended since and their slots.
    func restore(_ checkpoint: Checkpoint) {
        let nodes = self.nodes, slots = self.slots
        var node = nodeEnd - 1
        while node >= checkpoint.nodeEnd {
            // Each link was put at the head of its upstream's out-list; newest first, it still is.
            let start = nodes.slotStart[node]
            var slot = start + Int32(slotCount(of: node)) - 1
            while slot >= start {
                let upstream = slots.source[slot]
                if upstream >= 0 { nodes.firstOut[upstream] = slots.outLink[slot].next }
                slots.source[slot] = -1
                slots.outLink[slot] = .none
                slot -= 1
            }
            idTable.remove(ids[node], ids: ids.buffer)
            names[node] = nil
            parameters[node] = nil
            nodes.kind[node] = NodeStore.freeKind
            nodes.firstOut[node] = -1
            node -= 1
        }
        ids.removeLast(ids.count - Int(checkpoint.nodeEnd))
        nodeEnd = checkpoint.nodeEnd
        slotEnd = checkpoint.slotEnd
        liveCount = checkpoint.liveCount
        slotsFollowNodes = checkpoint.slotsFollowNodes
        dropPlan()
    }
}
