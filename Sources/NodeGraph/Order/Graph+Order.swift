extension Graph {
    /// Makes room in the maintained topological order for a new link `upstream → downstream`,
    /// or reports the loop it would close.
    /// - Throws: ``GraphError/wouldCreateCycle(path:)``, the loop named.
    /// - Complexity: See ``placeLink(from:to:)``.
    mutating func orderForLink(from upstream: Int32, to downstream: Int32) throws(GraphError) {
        if let path = placeLink(from: upstream, to: downstream).loop { throw .wouldCreateCycle(path: path) }
    }

    /// ``orderForLink(from:to:)``, saying what it did.
    ///
    /// When `upstream` already comes first this is O(1). Otherwise a two-way ``OrderSearch``
    /// decides. A loop is named from the two searches, which stop as soon as they meet. Without
    /// one, both searches are finished and the nodes they reached are reordered as Pearce and
    /// Kelly do: those that reach `upstream` take, in their order, the first of the places all of
    /// them held, then those that `downstream` reaches.
    /// - Complexity: O(1) for a link that agrees with the order; otherwise O(*r* + *a*), the nodes
    ///   the searches reach and the links they follow, and O(*r* log *r*) more to reorder.
    /// - Returns: The loop the link would close (`downstream → … → upstream → downstream`; then
    ///   nothing changed), or `nil` once the order has room for it; and how many nodes the
    ///   searches reached.
    mutating func placeLink(from upstream: Int32, to downstream: Int32) -> (loop: NodeList?, reached: Int) {
        let store = self.store
        if upstream == downstream { return (NodeList(indices: [upstream, upstream], in: store.ids), 0) }
        let marks = store.nodes.searchState
        guard let positions = store.positions else {
            if upstream < downstream { return (nil, 0) }
            let order = IndexOrderBounds(upstream: upstream, downstream: downstream)
            var search = OrderSearch(store, from: upstream, to: downstream, marks: marks, order: order)
            return store.withSearchLists { place(&search, lists: &$0) }
        }
        let upper = positions[upstream], lower = positions[downstream]
        if upper < lower { return (nil, 0) }
        let order = PositionBounds(positions: positions, upper: upper, lower: lower)
        var search = OrderSearch(store, from: upstream, to: downstream, marks: marks, order: order)
        return store.withSearchLists { place(&search, lists: &$0) }
    }

    /// ``placeLink(from:to:)`` once the search is set up.
    private func place<Order: OrderBounds>(
        _ search: inout OrderSearch<Column<Int32>, Order>, lists: inout SearchLists
    ) -> (loop: NodeList?, reached: Int) {
        if case .loop(let forwardEnd, let backwardStart) = search.run(in: &lists, completing: true) {
            let path = search.loop(forwardEnd: forwardEnd, backwardStart: backwardStart, lists: lists) {
                store.reusableList(count: $0, filling: $1)
            }
            search.clearMarks(lists)
            return (path, lists.reachedCount)
        }
        search.clearMarks(lists)
        reorder(lists)
        return (nil, lists.reachedCount)
    }

    /// Pearce–Kelly: the nodes that reach `upstream` (the backward search's) move before those that
    /// `downstream` reaches (the forward search's), into the places all of them held.
    private func reorder(_ lists: SearchLists) {
        store.storePositions()
        let position = store.positions!
        var backward = lists.backward.elements, forward = lists.forward.elements
        backward.sort { position[$0] < position[$1] }
        forward.sort { position[$0] < position[$1] }
        var places = [Int32](unsafeUninitializedCapacity: backward.count + forward.count) { buffer, count in
            for (index, node) in backward.enumerated() { buffer[index] = position[node] }
            for (index, node) in forward.enumerated() { buffer[backward.count + index] = position[node] }
            count = backward.count + forward.count
        }
        places.sort()
        for (index, node) in backward.enumerated() { position[node] = places[index] }
        for (index, node) in forward.enumerated() { position[node] = places[backward.count + index] }
    }

    /// The live nodes by maintained topological position.
    /// - Complexity: O(*n* + *p*), where *p* is the highest position handed out.
    func maintainedOrder() -> [Int32] {
        withMaintainedOrder { nodes in
            [Int32](unsafeUninitializedCapacity: nodes.count) { buffer, count in
                for (index, node) in nodes.enumerated() { (buffer.baseAddress! + index).initialize(to: node) }
                count = nodes.count
            }
        }
    }

    /// Calls `body` with the live nodes in maintained topological position order, in a
    /// temporary buffer (this reads only: no shared scratch column is touched).
    func withMaintainedOrder<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        let store = self.store
        if store.indexOrderIsTopological {
            // Index order is the maintained order: list the live indices.
            let kind = store.nodes.kind, free = NodeStore.freeKind
            let nodes = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(store.liveCount, 1))
            defer { nodes.deallocate() }
            var count = 0
            for node in 0..<store.nodeEnd where kind[node] != free {
                nodes[count] = node
                count += 1
            }
            return body(UnsafeBufferPointer(start: nodes, count: count))
        }
        let end = Int(store.positionEnd)
        let byPosition = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(end, 1))
        defer { byPosition.deallocate() }
        byPosition.initialize(repeating: -1, count: end)
        let position = store.positions!, kind = store.nodes.kind, free = NodeStore.freeKind
        for node in 0..<store.nodeEnd where kind[node] != free { byPosition[Int(position[node])] = node }
        // Close the holes left by removed nodes, in place.
        var count = 0
        for position in 0..<end where byPosition[position] >= 0 {
            byPosition[count] = byPosition[position]
            count += 1
        }
        return body(UnsafeBufferPointer(start: byPosition, count: count))
    }

    /// Gives the next free topological position, renumbering densely when positions run out or
    /// when removed nodes have left more holes than live nodes (so positions, and the arrays
    /// indexed by them, stay proportional to the graph, not to its history).
    /// Only used once positions are explicit (``NodeStore/positions``).
    mutating func nextPosition() -> Int32 {
        let position = store.positions!
        if store.positionEnd == Int32.max || Int(store.positionEnd) > 2 * store.liveCount + 1024 {
            let order = maintainedOrder()
            for (place, node) in order.enumerated() { position[node] = Int32(place) }
            store.positionEnd = Int32(order.count)
        }
        defer { store.positionEnd += 1 }
        return store.positionEnd
    }

    /// Every node in an order where each node comes after all of its inputs.
    ///
    /// This is the order the graph maintains for evaluation; it depends on the history of edits.
    /// Use ``dependencyOrder()`` for an order that depends only on the graph.
    /// - Returns: The node identifiers.
    /// - Complexity: O(*n*).
    public func topologicalOrder() -> NodeList {
        let store = self.store
        if store.indexOrderIsTopological && store.liveCount == Int(store.nodeEnd) {
            // Every index is live and in order: the stored identifiers are the order.
            return NodeList(prefix: Int(store.nodeEnd), of: store.ids)
        }
        return withMaintainedOrder { nodes in NodeList(indices: nodes, in: store.ids) }
    }

    /// Every node in dependency order, ties broken by identifier: the same graph always gives
    /// the same order, whatever edits built it. Files and `eval` output use this order.
    /// - Returns: The node identifiers.
    /// - Complexity: O(*n* log *n* + *e*), where *e* is the number of links.
    public func dependencyOrder() -> [NodeID] {
        canonicalOrder().map { store.ids[Int($0)] }
    }

    /// Calls `body` with every node's identifier, display name and value, in
    /// ``dependencyOrder()``: what `eval` prints. Each is read by the node's index, with no
    /// identifier looked up (as ``name(of:)`` and ``value(of:)`` would, twice a node).
    /// - Parameter body: Called once a node, in dependency order.
    /// - Complexity: As ``dependencyOrder()``.
    package func forEachInDependencyOrder(_ body: (NodeID, String, Value) throws -> Void) rethrows {
        let store = self.store
        for node in canonicalOrder() { try body(store.ids[node], name(at: node), store.value(of: node)) }
    }

    /// Kahn's algorithm over all nodes, always taking the ready node with the smallest id.
    func canonicalOrder() -> [Int32] {
        let store = self.store
        let live = (0..<store.nodeEnd).filter { store.nodes.kind[$0] != NodeStore.freeKind }
        let sorted = sortedByID(live)
        var rank = [Int32](repeating: 0, count: Int(store.nodeEnd))
        for (position, node) in sorted.enumerated() { rank[Int(node)] = Int32(position) }
        var pending = [Int32](repeating: 0, count: Int(store.nodeEnd))
        var ready = RankQueue(bound: sorted.count)
        for node in live {
            let start = store.nodes.slotStart[node]
            var count: Int32 = 0
            for slot in start..<start + Int32(store.slotCount(of: node)) where store.slots.source[slot] >= 0 {
                count += 1
            }
            pending[Int(node)] = count
            if count == 0 { ready.insert(rank[Int(node)]) }
        }
        var result: [Int32] = []
        result.reserveCapacity(live.count)
        while let next = ready.popMin() {
            let node = sorted[Int(next)]
            result.append(node)
            var slot = store.nodes.firstOut[node]
            while slot >= 0 {
                let target = store.slots.outLink[slot].owner
                pending[Int(target)] -= 1
                if pending[Int(target)] == 0 { ready.insert(rank[Int(target)]) }
                slot = store.slots.outLink[slot].next
            }
        }
        return result
    }
}

/// A set of ranks below a fixed bound that gives back its smallest first: a bit a rank, and
/// above them a bit a word of the level below, up to one word, so that adding a rank and taking
/// the smallest are a few word operations each, in memory that stays small (an eighth of a byte
/// a rank), where a binary heap of a million ranks moves items across megabytes.
struct RankQueue {
    /// Every level's words, the ranks' own bits first.
    private var words: [UInt64]
    /// Where each level starts in `words`; the last level is one word.
    private let starts: [Int]

    /// An empty queue for ranks in `0..<bound`.
    init(bound: Int) {
        var starts: [Int] = []
        var total = 0
        var size = Swift.max(bound, 1)
        repeat {
            starts.append(total)
            size = (size + 63) / 64
            total += size
        } while size > 1
        self.starts = starts
        words = [UInt64](repeating: 0, count: total)
    }

    /// Adds `rank`, which must be below the bound and not in the queue.
    mutating func insert(_ rank: Int32) {
        var index = Int(rank)
        for start in starts {
            let word = start + index >> 6
            let before = words[word]
            words[word] = before | 1 << UInt64(index & 63)
            if before != 0 { return }  // the levels above already mark this word
            index >>= 6
        }
    }

    /// Takes out and returns the smallest rank; `nil` when the queue is empty.
    mutating func popMin() -> Int32? {
        guard words[starts[starts.count - 1]] != 0 else { return nil }
        var index = 0
        for start in starts.reversed() { index = index << 6 | words[start + index].trailingZeroBitCount }
        var clear = index
        for start in starts {
            let word = start + clear >> 6
            words[word] &= ~(1 << UInt64(clear & 63))
            if words[word] != 0 { break }
            clear >>= 6
        }
        return Int32(index)
    }
}
