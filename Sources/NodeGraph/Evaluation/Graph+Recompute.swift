extension Graph {
    /// Recomputes `roots` and everything downstream whose inputs change, each node once and
    /// after all of its inputs, and returns the recomputed nodes in order.
    ///
    /// A node is recomputed only when it is a root or one of its inputs changed value (cutoff);
    /// an unchanged node still lets its dependents go ahead. The region downstream of the roots
    /// is recomputed in one of two ways: by following links, in two passes over the region
    /// alone (``countRegion(from:found:queue:)``, then ``recomputeRegion(queue:)``), or, when the
    /// region turns out large and index order is a topological order, by one pass over the
    /// indices from the first root on (``recomputeBySweep(from:into:)``).
    mutating func recompute(from roots: some Collection<Int32>) -> NodeList {
        guard !roots.isEmpty else { return NodeList() }
        if roots.count == 1, case let root = roots.first!, store.isLive(root), store.nodes.firstOut[root] < 0
        {
            // One root that nothing depends on (a node just added, a slot of a sink relinked):
            // it alone is recomputed.
            Evaluator(store).recompute(root)
            store.changedNumbers.removeAll()
            return NodeList(index: root, in: store.ids)
        }
        let trace = recomputeTrace(from: roots)
        return NodeList(indices: UnsafeBufferPointer(trace), in: store.ids)
    }

    /// ``recompute(from:)`` without converting the trace to identifiers. The buffer is valid
    /// until the next mutation.
    mutating func recomputeTrace(from roots: some Collection<Int32>) -> UnsafeMutableBufferPointer<Int32> {
        defer { store.changedNumbers.removeAll() }
        return store.withWorkLists { stack, queue in
            if let firstRoot = countRegion(from: roots, found: &stack, queue: &queue) {
                return recomputeBySweep(from: firstRoot, into: &queue)
            }
            return recomputeRegion(queue: &queue)
        }
    }

    /// The first pass over the region downstream of `roots`: marks each root as one that must
    /// be recomputed and puts it in `queue`, and counts in every other node's mark the links
    /// arriving from inside the region (`found` holds the nodes found, in the order they were
    /// found). While index order is topological, stops once the region exceeds a budget, when
    /// one sequential sweep over the indices after the first root is cheaper than following
    /// out-lists (a dependent cache miss per link), and returns that first root.
    private func countRegion(
        from roots: some Collection<Int32>, found: inout IndexBuffer, queue: inout IndexBuffer
    )
        -> Int32?
    {
        let store = self.store
        let state = store.nodes.recomputeState, firstOut = store.nodes.firstOut, outLink = store.slots.outLink
        let idle = RecomputeState.idle
        found.removeAll()
        queue.removeAll()
        var firstRoot = Int32.max
        for root in roots where store.isLive(root) && state[root] == idle {
            state[root] = RecomputeState.mustRecompute
            found.append(root)
            queue.append(root)
            firstRoot = Swift.min(firstRoot, root)
        }
        let sweepable = store.indexOrderIsTopological && firstRoot != Int32.max
        let budget = sweepable ? Swift.max(4096, Int(store.nodeEnd - firstRoot) / 16) : Int.max
        var discovered = 0
        // Breadth first: the nodes to visit are taken from the front of `found` in the order
        // they were found, so the next one never waits on the loads of the one just visited (a
        // depth-first stack would visit the target it just found, one dependent cache miss
        // after another). The buffer's pointer and counts live in locals (registers); written
        // back only to grow.
        var base = found.base, capacity = found.capacity, count = found.count
        var next = 0
        defer { found.count = 0 }
        while next < count {
            if discovered > budget { return firstRoot }
            let node = base[next]
            next += 1
            var slot = firstOut[node]
            while slot >= 0 {
                let link = outLink[slot]
                let target = link.owner
                let targetState = state[target]
                if targetState == idle {
                    state[target] = 1
                    discovered += 1
                    found.append(target, base: &base, capacity: &capacity, count: &count)
                } else {
                    state[target] = targetState + 1
                }
                slot = link.next
            }
        }
        return nil
    }

    /// The second pass over a counted region: releases nodes in dependency order (Kahn's
    /// algorithm restricted to the region; roots fed by other roots wait their turn), recomputing
    /// those that must be, and marking so the dependents of those whose value changed. The
    /// trace, the nodes recomputed in order, is written over the front of the queue: it never
    /// catches up with the head.
    private func recomputeRegion(queue: inout IndexBuffer) -> UnsafeMutableBufferPointer<Int32> {
        let store = self.store
        let state = store.nodes.recomputeState, firstOut = store.nodes.firstOut, outLink = store.slots.outLink
        let mustRecompute = RecomputeState.mustRecompute, pendingMask = RecomputeState.pendingMask
        let evaluator = Evaluator(store)
        var kept = 0
        for index in 0..<queue.count where state[queue[index]] & pendingMask == 0 {
            queue[kept] = queue[index]
            kept += 1
        }
        var queueBase = queue.base, queueCapacity = queue.capacity, tail = kept
        var head = 0
        var traced = 0
        while head < tail {
            let node = queueBase[head]
            head += 1
            let current = state[node]
            state[node] = RecomputeState.idle
            var changed = false
            if current & mustRecompute != 0 {
                changed = evaluator.recompute(node)
                queueBase[traced] = node
                traced += 1
            }
            let flag = changed ? mustRecompute : 0
            var slot = firstOut[node]
            while slot >= 0 {
                let link = outLink[slot]
                let target = link.owner
                let targetState = (state[target] - 1) | flag
                state[target] = targetState
                if targetState & pendingMask == 0 {
                    queue.append(target, base: &queueBase, capacity: &queueCapacity, count: &tail)
                }
                slot = link.next
            }
        }
        queue.count = tail
        return UnsafeMutableBufferPointer(start: queue.base, count: traced)
    }

    /// Recomputes, in index order (a topological order here), every node from `first` on that is
    /// a root (its state says it must be recomputed) or has an input that changed; then clears the marks.
    /// Region counts left in the states are ignored. Returns the trace, written into the queue's
    /// buffer.
    private func recomputeBySweep(from first: Int32, into queue: inout IndexBuffer)
        -> UnsafeMutableBufferPointer<Int32>
    {
        let store = self.store
        let state = store.nodes.recomputeState, kind = store.nodes.kind, slotStart = store.nodes.slotStart
        let source = store.slots.source, slotCount = store.kindColumns.slotCount
        let mustRecompute = RecomputeState.mustRecompute, free = NodeStore.freeKind,
            changed = RecomputeState.changed
        let start = Int(first), end = Int(store.nodeEnd)
        // The trace holds at most one entry per index swept: room for all of them up front, so
        // the loops below never grow it.
        queue.removeAll()
        while queue.capacity < end - start { queue.grow() }
        let trace = queue.base
        var traced = 0
        let pass = SequentialPass(store)
        let evaluator = Evaluator(store)
        var node = start
        while node < end {
            node = pass.sweep(from: node, to: end, states: state.base, trace: trace, traced: &traced)
            if node == end { break }
            defer { node += 1 }
            let kindIndex = kind[node]
            if kindIndex == free { continue }
            var recompute = state[node] >= mustRecompute
            if !recompute {
                // An empty slot (-1) reads the mark column's guard, idle.
                let slots = Int(slotStart[node])
                for slot in slots..<slots + Int(slotCount[Int(kindIndex)])
                where state[source[slot]] == changed {
                    recompute = true
                    break
                }
                if !recompute { continue }
            }
            if evaluator.recomputeOutOfLine(Int32(node), Int(kindIndex)) { state[node] = changed }
            trace[traced] = Int32(node)
            traced += 1
        }
        (state.base + start).update(repeating: RecomputeState.idle, count: end - start)
        queue.count = traced
        return UnsafeMutableBufferPointer(start: queue.base, count: traced)
    }
}
