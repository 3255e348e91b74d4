extension Graph {
    /// The live nodes in an order where every node comes after the nodes feeding it, each with
    /// its identifier, its position and the places (in that order) of the nodes feeding it: what
    /// a layout of the whole graph reads, read off the columns without hashing an identifier.
    package struct NodesInOrder {
        /// Each node's identifier.
        package var ids: [NodeID] = []
        /// Each node's position.
        package var positions: [Position] = []
        /// Where each node's inputs start in `inputs`; `inputStart[place + 1]` ends them.
        package var inputStart: [Int] = [0]
        /// The places of the nodes feeding each node's linked slots, slot by slot; each is
        /// smaller than the place of the node it feeds.
        package var inputs: [Int] = []

        /// The number of nodes.
        package var count: Int { ids.count }

        /// The places of the nodes feeding the node at `place`.
        package func inputs(of place: Int) -> ArraySlice<Int> {
            inputs[inputStart[place]..<inputStart[place + 1]]
        }
    }

    /// The live nodes, each after the nodes feeding it (see ``NodesInOrder``).
    /// - Complexity: O(*n* + *s*), the nodes and their slots.
    package func nodesInOrder() -> NodesInOrder {
        let store = self.store
        return withMaintainedOrder { order in
            var result = NodesInOrder()
            result.ids.reserveCapacity(order.count)
            result.positions.reserveCapacity(order.count)
            result.inputStart.reserveCapacity(order.count + 1)
            var place = [Int](repeating: -1, count: Int(store.nodeEnd))
            for (index, node) in order.enumerated() { place[Int(node)] = index }
            for node in order {
                result.ids.append(store.ids[Int(node)])
                result.positions.append(Position(x: Int(store.nodes.x[node]), y: Int(store.nodes.y[node])))
                let start = store.nodes.slotStart[node]
                for slot in start..<start + Int32(store.slotCount(of: node)) {
                    let upstream = store.slots.source[slot]
                    if upstream >= 0 { result.inputs.append(place[Int(upstream)]) }
                }
                result.inputStart.append(result.inputs.count)
            }
            return result
        }
    }
}
