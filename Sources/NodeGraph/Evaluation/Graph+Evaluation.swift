extension Graph {
    /// Evaluates every node from scratch, in topological order.
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*).
    @discardableResult
    public mutating func evaluateAll() -> Int { evaluateAll(readingHeldNumbers: false) }

    /// ``evaluateAll()``. A number source's value is its held number, which every edit that
    /// sets one recomputes at once (and loading stores directly), so evaluation skips those
    /// nodes unless `readingHeldNumbers` asks it to read each held number again (which is a
    /// table lookup per source: ``valuesFromScratch()`` does, to check that very promise).
    @discardableResult
    mutating func evaluateAll(readingHeldNumbers: Bool) -> Int {
        makeUnique()
        let store = self.store
        let evaluator = Evaluator(store)
        if store.indexOrderIsTopological {
            // Index order is a topological order: one sequential pass, whose adds run in
            // `SequentialPass`; the node it stops at is recomputed out of line.
            let pass = SequentialPass(store)
            let end = Int(store.nodeEnd)
            var node = 0
            while node < end {
                node = pass.evaluate(from: node, to: end, skippingHeldNumbers: !readingHeldNumbers)
                if node == end { break }
                evaluator.recomputeOutOfLine(Int32(node), Int(store.nodes.kind[node]))
                node += 1
            }
            return store.liveCount
        }
        // Otherwise in the maintained order, listed in a temporary buffer (O(n) like the pass).
        return withMaintainedOrder { order in
            for node in order where readingHeldNumbers || !isHeldNumber(node) { evaluator.recompute(node) }
            return order.count
        }
    }
}

extension Graph {
    /// Whether the node is a number source (its value is its held number).
    @inline(__always) func isHeldNumber(_ node: Int32) -> Bool {
        store.kindColumns.kernel[Int(store.nodes.kind[node])] == Kernel.heldNumber.rawValue
    }
}
