extension Graph {
    /// Recomputes `roots` and everything downstream whose inputs change, each node once and
    /// after all of its inputs, and returns the recomputed nodes in order.
    ///
    /// A node is recomputed only when it is a root or one of its inputs changed value (cutoff);
    /// an unchanged node still lets its dependents go ahead. The region downstream of the roots
    /// is recomputed in one of two ways: by following links, in two passes over the region
    /// alone (``RegionPasses/count(_:budget:)``, then ``RegionPasses/release(_:changedSource:)``), or, when the
    /// region turns out large and index order is a topological order, by one pass over the
    /// indices from the first root on (``recomputeBySweep(from:into:changedSource:)``).
    mutating func recompute(from roots: some Collection<Int32>) -> NodeList {
        guard !roots.isEmpty else { return NodeList() }
        if _slowPath(evaluatesOnDemand) {
            return store.list(of: UnsafeBufferPointer(recomputeTrace(from: roots)))
        }
        if roots.count == 1, case let root = roots.first!, store.isLive(root), store.nodes.firstOut[root] < 0
        {
            // One root that nothing depends on (a node just added, a slot of a sink relinked):
            // it alone is recomputed.
            Evaluator(store).recompute(root)
            store.forgetChangedNumbers()
            return store.list(of: root)
        }
        let trace = recomputeTrace(from: roots)
        return store.list(of: UnsafeBufferPointer(trace))
    }

    /// ``recompute(from:)`` without converting the trace to identifiers. The buffer is valid
    /// until the next mutation.
    mutating func recomputeTrace(from roots: some Collection<Int32>) -> UnsafeMutableBufferPointer<Int32> {
        if _slowPath(evaluatesOnDemand) {
            return store.keepTrace(recomputeOnDemand(from: roots, changedSource: -1))
        }
        if evaluatesInParallel {
            return store.keepTrace(recomputeByWavefronts(from: roots, changedSource: -1))
        }
        defer { store.forgetChangedNumbers() }
        let store = self.store
        return store.withWorkLists { found, queue in
            let passes = RegionPasses(store)
            found.removeAll()
            queue.removeAll()
            var firstRoot = Int32.max
            for root in roots where store.isLive(root) && passes.state[root] == RecomputeState.idle {
                passes.state[root] = RecomputeState.mustRecompute
                found.append(root)
                queue.append(root)
                firstRoot = Swift.min(firstRoot, root)
            }
            if firstRoot == Int32.max { return UnsafeMutableBufferPointer(start: queue.base, count: 0) }
            if !passes.count(&found, budget: regionBudget(from: firstRoot)) {
                return recomputeBySweep(from: firstRoot, into: &queue, changedSource: -1)
            }
            // Roots fed by other roots wait for them.
            var kept = 0
            for index in 0..<queue.count where passes.state[queue[index]] & RecomputeState.pendingMask == 0 {
                queue[kept] = queue[index]
                kept += 1
            }
            queue.count = kept
            return passes.release(&queue, changedSource: -1)
        }
    }

    /// ``recompute(from:)`` for one number source whose held number an edit has just stored, so
    /// its value changed (its value is its held number): the source is not evaluated again, and
    /// nothing is noted in ``NodeStore/changedNumbers``.
    ///
    /// When the same source is set twice in a row, the region downstream of it is kept, in a
    /// topological order, as the store's plan (``NodeStore/planned``) until a link changes:
    /// setting it again (a value dragged, a parameter swept) follows that order in one pass,
    /// recomputing the nodes whose inputs changed, instead of finding and counting the region
    /// again. A source set once is recomputed as any root is.
    @inline(__always)
    func recompute(changedSource source: Int32) -> NodeList {
        if _slowPath(evaluatesOnDemand) {
            let trace = recomputeOnDemand(from: CollectionOfOne(source), changedSource: source)
            return trace.withUnsafeBufferPointer { store.list(of: $0) }
        }
        if evaluatesInParallel {
            let trace = recomputeByWavefronts(from: CollectionOfOne(source), changedSource: source)
            return trace.withUnsafeBufferPointer { store.list(of: $0) }
        }
        if store.planSource != source {
            guard store.lastChangedSource == source, plan(from: source) else { return recomputeOnce(source) }
        }
        let trace = RegionPasses(store).run(store.planned, into: store.planTrace!)
        return store.list(of: UnsafeBufferPointer(trace))
    }

    /// ``recompute(changedSource:)`` without a plan: the two passes, or a sweep.
    @inline(never)
    private func recomputeOnce(_ source: Int32) -> NodeList {
        let store = self.store
        store.lastChangedSource = source
        let trace = store.withWorkLists { found, queue in
            let passes = RegionPasses(store)
            if passes.state[source] == RecomputeState.idle {  // else a plan was refused: it left the marks
                passes.state[source] = RecomputeState.mustRecompute
                found.removeAll()
                found.append(source)
                if passes.count(&found, budget: regionBudget(from: source)) {
                    queue.removeAll()
                    queue.append(source)
                    return passes.release(&queue, changedSource: source)
                }
            }
            return recomputeBySweep(from: source, into: &queue, changedSource: source)
        }
        return store.list(of: UnsafeBufferPointer(trace))
    }

    /// Finds the region downstream of `source` and keeps it, in a topological order, as the
    /// store's plan (``NodeStore/keepPlan(_:of:)``); `false` when the region is so large that a
    /// sweep is cheaper (its marks are then left for the sweep to clear).
    @inline(never)
    private func plan(from source: Int32) -> Bool {
        let store = self.store
        return store.withWorkLists { found, queue in
            let passes = RegionPasses(store)
            passes.state[source] = 0
            found.removeAll()
            found.append(source)
            guard passes.count(&found, budget: regionBudget(from: source)) else {
                passes.state[source] = RecomputeState.mustRecompute
                return false
            }
            queue.removeAll()
            queue.append(source)
            passes.order(&queue)
            store.keepPlan(queue.elements, of: source)
            return true
        }
    }

    /// How many nodes a region whose first root is `first` may grow to before one sequential
    /// sweep over the indices after it is cheaper than following out-lists (a dependent cache
    /// miss per link); unbounded unless index order is topological (no sweep then).
    @inline(__always) func regionBudget(from first: Int32) -> Int {
        store.indexOrderIsTopological ? Swift.max(4096, Int(store.nodeEnd - first) / 16) : Int.max
    }

    /// Recomputes, in index order (a topological order here), every node from `first` on that is
    /// a root (its state says it must be recomputed, or it is `changedSource`, whose value is
    /// known to have changed) or has an input that changed; then clears the marks. Region counts
    /// left in the states are ignored. Returns the trace, written into the queue's buffer.
    private func recomputeBySweep(from first: Int32, into queue: inout IndexBuffer, changedSource: Int32)
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
            if node == changedSource || evaluator.recomputeOutOfLine(Int32(node), Int(kindIndex)) {
                state[node] = changed
            }
            trace[traced] = Int32(node)
            traced += 1
        }
        (state.base + start).update(repeating: RecomputeState.idle, count: end - start)
        queue.count = traced
        return UnsafeMutableBufferPointer(start: queue.base, count: traced)
    }
}

/// The two passes of a recompute that follows links, over the columns they read (taken from
/// the store once, so that they stay in registers).
private struct RegionPasses {
    let state: Column<Int32>
    let firstOut: Column<Int32>
    let outLink: Column<OutLink>
    let evaluator: Evaluator

    @inline(__always) init(_ store: NodeStore) {
        state = store.nodes.recomputeState
        firstOut = store.nodes.firstOut
        outLink = store.slots.outLink
        evaluator = Evaluator(store)
    }

    /// The first pass: from the roots in `found` (marked as nodes that must be recomputed),
    /// finds the region downstream of them and counts in every other node's mark the links
    /// arriving from inside the region. Returns `false` once the region exceeds `budget` nodes
    /// besides the roots (its marks are then left for the sweep to clear).
    ///
    /// Breadth first: the nodes to visit are taken from the front of `found` in the order they
    /// were found, so the next one never waits on the loads of the one just visited (a
    /// depth-first stack would visit the target it just found, one dependent cache miss after
    /// another). The buffer's pointer and counts live in locals (registers), written back only
    /// to grow.
    @inline(__always) func count(_ found: inout IndexBuffer, budget: Int) -> Bool {
        let idle = RecomputeState.idle
        var base = found.base, capacity = found.capacity, count = found.count
        defer { found.count = 0 }
        var discovered = 0
        var next = 0
        while next < count {
            if discovered > budget { return false }
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
        return true
    }

    /// The second pass over a counted region, without recomputing: Kahn's algorithm from the
    /// roots in `queue`, leaving in `queue` every node of the region in a topological order, and
    /// every mark idle.
    @inline(__always) func order(_ queue: inout IndexBuffer) {
        var queueBase = queue.base, queueCapacity = queue.capacity, tail = queue.count
        var head = 0
        while head < tail {
            let node = queueBase[head]
            head += 1
            state[node] = RecomputeState.idle
            var slot = firstOut[node]
            while slot >= 0 {
                let link = outLink[slot]
                let target = link.owner
                let targetState = state[target] - 1
                state[target] = targetState
                if targetState == 0 {
                    queue.append(target, base: &queueBase, capacity: &queueCapacity, count: &tail)
                }
                slot = link.next
            }
        }
        queue.count = tail
    }

    /// Recomputes a planned region, `plan` (a topological order of a source and the nodes
    /// downstream of it, the source first, every mark idle): the source's value changed, so its
    /// dependents must be recomputed; each node that must be is recomputed, and when its value
    /// changed, its dependents must be too. Writes the trace to `trace` (room for the plan) and
    /// returns it.
    @inline(__always)
    func run(_ plan: UnsafeMutableBufferPointer<Int32>, into trace: UnsafeMutablePointer<Int32>)
        -> UnsafeMutableBufferPointer<Int32>
    {
        let mustRecompute = RecomputeState.mustRecompute
        var traced = 0
        var node = plan[0]
        var changed = true
        var position = 0
        while true {
            trace[traced] = node
            traced += 1
            if changed {
                var slot = firstOut[node]
                while slot >= 0 {
                    let link = outLink[slot]
                    state[link.owner] = mustRecompute
                    slot = link.next
                }
            }
            // The next node that must be recomputed.
            repeat {
                position += 1
                if position == plan.count { return UnsafeMutableBufferPointer(start: trace, count: traced) }
                node = plan[position]
            } while state[node] != mustRecompute
            state[node] = RecomputeState.idle
            changed = evaluator.recompute(node)
        }
    }

    /// The second pass over a counted region, from the roots in `queue` that wait on no input:
    /// releases nodes in dependency order (Kahn's algorithm restricted to the region),
    /// recomputing those that must be, and marking so the dependents of those whose value
    /// changed. `changedSource` (-1: none) is a root whose value is known to have changed, not
    /// evaluated again. The trace, the nodes recomputed in order, is written over the front of
    /// the queue: it never catches up with the head.
    @inline(__always)
    func release(_ queue: inout IndexBuffer, changedSource: Int32) -> UnsafeMutableBufferPointer<Int32> {
        let mustRecompute = RecomputeState.mustRecompute, pendingMask = RecomputeState.pendingMask
        var queueBase = queue.base, queueCapacity = queue.capacity, tail = queue.count
        var head = 0
        var traced = 0
        while head < tail {
            let node = queueBase[head]
            head += 1
            let current = state[node]
            state[node] = RecomputeState.idle
            var changed = false
            if current & mustRecompute != 0 {
                changed = node == changedSource || evaluator.recompute(node)
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
}
