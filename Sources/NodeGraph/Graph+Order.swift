extension Graph {
    /// Makes room in the maintained topological order for a new link `upstream → downstream`,
    /// or reports the cycle it would close (Pearce–Kelly).
    ///
    /// When `upstream` already comes first this is O(1). Otherwise it searches forward from
    /// `downstream` and backward from `upstream`, visiting only nodes whose position lies between
    /// the two, and reorders just those nodes.
    mutating func orderForLink(from upstream: Int32, to downstream: Int32) throws(GraphError) {
        let store = self.store
        if upstream == downstream {
            throw .wouldCreateCycle(path: NodeList(indices: [upstream, upstream], in: store.ids))
        }
        let upperBound = store.position(of: upstream)
        let lowerBound = store.position(of: downstream)
        if upperBound < lowerBound { return }
        let mark = store.nodes.searchState
        let parentOfRoot = SearchState.root

        // Forward: nodes reachable from `downstream` placed before `upstream`. The reusable work
        // lists hold the search (`stack`) and the nodes found (`queue`); marks hold parents.
        let firstOut = store.nodes.firstOut, outLink = store.slots.outLink
        // While index order is the maintained order, comparing indices compares positions.
        let positions = store.positions
        let forwardFound = try store.withWorkLists { (stack, found) throws(GraphError) -> [Int32] in
            found.removeAll()
            stack.removeAll()
            mark[downstream] = parentOfRoot
            found.append(downstream)
            // The work lists' pointers and counts live in locals in the loop; written back to grow.
            var foundBase = found.base, foundCapacity = found.capacity, foundCount = found.count
            var stackBase = stack.base, stackCapacity = stack.capacity
            stackBase[0] = downstream
            var top = 1
            // While index order is the maintained order, a search that grows large finishes as one
            // sequential pass over the indices between the two ends instead of following out-lists
            // (a chain of dependent loads per link), as a large recompute does.
            let budget = positions == nil ? Swift.max(4096, Int(upstream - downstream) / 32) : Int.max
            while top > 0 {
                if foundCount > budget {
                    found.count = foundCount
                    stack.count = 0
                    if let end = sweepForward(from: downstream, to: upstream, found: &found) {
                        let path = closeLoop(
                            at: end, upstream, downstream, found: found, scratch: &stack, swept: true)
                        throw .wouldCreateCycle(path: path)
                    }
                    foundCount = found.count
                    top = 0
                    break
                }
                top -= 1
                let current = stackBase[top]
                var slot = firstOut[current]
                while slot >= 0 {
                    let link = outLink[slot]
                    let next = link.owner
                    if next == upstream {
                        found.count = foundCount
                        stack.count = 0
                        let path = closeLoop(
                            at: current, upstream, downstream, found: found, scratch: &stack, swept: false)
                        throw .wouldCreateCycle(path: path)
                    }
                    if (positions.map { $0[next] < upperBound } ?? (next < upstream))
                        && mark[next] == SearchState.idle
                    {
                        mark[next] = current
                        found.append(next, base: &foundBase, capacity: &foundCapacity, count: &foundCount)
                        stack.append(next, base: &stackBase, capacity: &stackCapacity, count: &top)
                    }
                    slot = link.next
                }
            }
            found.count = foundCount
            stack.count = 0
            return Array(found.elements)
        }
        var forward = forwardFound

        // Backward: nodes that reach `upstream`, placed after `downstream`.
        var backward: [Int32] = [upstream]
        mark[upstream] = parentOfRoot
        var backwardStack = [upstream]
        while let current = backwardStack.popLast() {
            let start = store.nodes.slotStart[current]
            for slot in start..<start + Int32(store.slotCount(of: current)) {
                let previous = store.slots.source[slot]
                if previous >= 0 && mark[previous] == SearchState.idle
                    && store.position(of: previous) > lowerBound
                {
                    mark[previous] = parentOfRoot
                    backward.append(previous)
                    backwardStack.append(previous)
                }
            }
        }
        for node in forward { mark[node] = SearchState.idle }
        for node in backward { mark[node] = SearchState.idle }

        // Everything in `backward` now precedes everything in `forward`, in the same positions.
        store.storePositions()
        let position = store.positions!
        let byPosition: (Int32, Int32) -> Bool = { position[$0] < position[$1] }
        backward.sort(by: byPosition)
        forward.sort(by: byPosition)
        var places = (backward + forward).map { position[$0] }
        places.sort()
        for (node, place) in zip(backward + forward, places) { position[node] = place }
    }

    /// The rest of the forward search as one pass over the indices strictly between
    /// `downstream` and `upstream` (index order being the maintained order): a node is reached
    /// when one of its inputs is, and records that input in its mark (nodes the search already
    /// reached keep theirs). Appends each node it reaches to `found`. Returns a reached input of
    /// `upstream` (the link would close a loop through it), or `nil`.
    private func sweepForward(from downstream: Int32, to upstream: Int32, found: inout IndexBuffer) -> Int32?
    {
        let store = self.store
        let mark = store.nodes.searchState, kind = store.nodes.kind, slotStart = store.nodes.slotStart,
            source = store.slots.source
        let kindSlotCount = store.kindColumns.slotCount
        let idle = SearchState.idle, free = NodeStore.freeKind
        /// The first input of `node` that has been reached, or -1. Inputs before `downstream`
        /// cannot have been (nor can an empty slot, -1).
        @inline(__always) func reachedInput(_ node: Int32, _ kindIndex: UInt16) -> Int32 {
            let start = slotStart[node]
            var slot = start
            let end = start + kindSlotCount[Int(kindIndex)]
            while slot < end {
                let input = source[slot]
                if input >= downstream && mark[input] != idle { return input }
                slot += 1
            }
            return -1
        }
        // The last node found reached, kept in a register: along a chain of reached nodes each
        // would otherwise wait on the mark it has just stored.
        var lastReached = downstream
        var node = downstream + 1
        while node < upstream {
            defer { node += 1 }
            let kindIndex = kind[node]
            if kindIndex == free { continue }
            if mark[node] != idle {
                lastReached = node
                continue
            }
            let input =
                kindSlotCount[Int(kindIndex)] > 0 && source[slotStart[node]] == lastReached
                ? lastReached : reachedInput(node, kindIndex)
            if input >= 0 {
                mark[node] = input
                found.append(node)
                lastReached = node
            }
        }
        let input = reachedInput(upstream, kind[upstream])
        return input >= 0 ? input : nil
    }

    /// The loop that linking `upstream → downstream` would close, read from the forward
    /// search's parent marks (`current` reached `upstream`); then every mark the search set is
    /// cleared. The path is `downstream → … → current → upstream → downstream`.
    ///
    /// After a swept search (`swept`; index order is the maintained order, so every parent has
    /// a lower index than its child) the parents are collected by one backward pass over the
    /// indices instead of a walk up the chain (a dependent load per step), and the marks of the
    /// whole swept range are cleared at once.
    private func closeLoop(
        at current: Int32, _ upstream: Int32, _ downstream: Int32, found: IndexBuffer,
        scratch reversed: inout IndexBuffer, swept: Bool
    ) -> NodeList {
        let mark = store.nodes.searchState
        let parentOfRoot = SearchState.root
        let path: [Int32]
        if swept {
            // Two backward passes over the indices (reads only, no dependent loads): count the
            // path, then write it in place from its end.
            var length = 0
            var wanted = current
            var index = current
            while index >= downstream {
                if index == wanted {
                    length += 1
                    wanted = mark[index]
                }
                index -= 1
            }
            path = [Int32](unsafeUninitializedCapacity: length + 2) { buffer, count in
                let base = buffer.baseAddress!
                var position = length - 1
                wanted = current
                index = current
                while index >= downstream {
                    if index == wanted {
                        (base + position).initialize(to: index)
                        position -= 1
                        wanted = mark[index]
                    }
                    index -= 1
                }
                (base + length).initialize(to: upstream)
                (base + length + 1).initialize(to: downstream)
                count = length + 2
            }
        } else {
            // A walk up the parent chain into the idle stack buffer, then the path in order.
            reversed.removeAll()
            var step = current
            while step != parentOfRoot {
                reversed.append(step)
                step = mark[step]
            }
            let length = reversed.count
            path = [Int32](unsafeUninitializedCapacity: length + 2) { buffer, count in
                let base = buffer.baseAddress!
                for index in 0..<length { (base + index).initialize(to: reversed[length - 1 - index]) }
                (base + length).initialize(to: upstream)
                (base + length + 1).initialize(to: downstream)
                count = length + 2
            }
        }
        if swept {
            (mark.base + Int(downstream)).update(
                repeating: SearchState.idle, count: Int(upstream - downstream))
        } else {
            for index in 0..<found.count { mark[found[index]] = SearchState.idle }
        }
        return NodeList(indices: path, in: store.ids)
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

    /// Kahn's algorithm over all nodes, always taking the ready node with the smallest id.
    func canonicalOrder() -> [Int32] {
        let store = self.store
        let live = (0..<store.nodeEnd).filter { store.nodes.kind[$0] != NodeStore.freeKind }
        let sorted = live.sorted { store.ids[Int($0)] < store.ids[Int($1)] }
        var rank = [Int32](repeating: 0, count: Int(store.nodeEnd))
        for (position, node) in sorted.enumerated() { rank[Int(node)] = Int32(position) }
        var pending = [Int32](repeating: 0, count: Int(store.nodeEnd))
        var ready = MinHeap()
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

/// A binary min-heap of `Int32`.
struct MinHeap {
    private var items: [Int32] = []

    mutating func insert(_ item: Int32) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if items[parent] <= items[child] { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popMin() -> Int32? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let minimum = items[0]
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && items[left] < items[smallest] { smallest = left }
            if right < items.count && items[right] < items[smallest] { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return minimum
    }
}
