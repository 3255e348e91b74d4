extension Graph {
    /// Evaluates every node from scratch, in topological order. (A number source's value is the
    /// number it holds, kept once: there is nothing to compute for it.)
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*).
    @discardableResult
    public mutating func evaluateAll() -> Int {
        makeUnique()
        // Every node is computed again: none stays stale.
        store.stale.removeAll()
        if evaluatesInParallel { return evaluateAllByWavefronts() }
        let store = self.store
        let evaluator = Evaluator(store)
        // Every value is computed again, boxed ones too: none is kept to compare with.
        store.releaseBoxedValues()
        if store.indexOrderIsTopological {
            // Index order is a topological order: one sequential pass, whose adds run in
            // `SequentialPass`; the node it stops at is recomputed out of line.
            let pass = SequentialPass(store)
            let end = Int(store.nodeEnd)
            var node = 0
            while node < end {
                node = pass.evaluate(from: node, to: end)
                if node == end { break }
                let kindIndex = store.nodes.kind[node]
                if kindIndex != NodeStore.freeKind {
                    evaluator.recomputeOutOfLine(Int32(node), Int(kindIndex))
                }
                node += 1
            }
            return store.liveCount
        }
        // Otherwise in the maintained order, listed in a temporary buffer (O(n) like the pass).
        return withMaintainedOrder { order in
            for node in order where !store.isNumberSource(node) { evaluator.recompute(node) }
            return order.count
        }
    }
}
