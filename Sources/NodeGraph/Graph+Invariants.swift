/// A broken structural rule, found by ``Graph/checkInvariants()``.
public struct InvariantViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates a violation.
    /// - Parameter message: What is wrong.
    public init(_ message: String) { self.message = message }

    /// What is wrong.
    public var description: String { message }
}

extension Graph {
    /// Checks every structural rule the graph maintains: identifiers map to their nodes; each
    /// slot is fed by at most one live node and appears exactly once in that node's list of
    /// dependents; no input dangles; every link goes forward in the maintained topological order
    /// (so the graph is acyclic); a bypassed node has an input to pass through (its kind can be
    /// bypassed); scratch state is idle between edits. For definitions (groups):
    /// each one's graph keeps these rules, its inputs are its group inputs, its output exists,
    /// no definition uses itself or nests deeper than ``maximumNesting``, every instance
    /// evaluates the definition as it is now, and no group input is outside a definition.
    ///
    /// Meant for tests and debugging: it looks at everything.
    /// - Throws: The first ``InvariantViolation`` found.
    /// - Complexity: O(*n* + *s*), nodes plus slots.
    public func checkInvariants() throws(InvariantViolation) {
        let store = self.store
        var live = 0
        var seenOrder = Set<Int32>()
        var outLinks = [Int32: Int]()
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            live += 1
            let id = store.ids[Int(node)]
            guard store.index(of: id) == node else {
                throw InvariantViolation("id '\(id)' does not map to its node")
            }
            guard seenOrder.insert(store.position(of: node)).inserted else {
                throw InvariantViolation("'\(id)' shares its topological position")
            }
            if store.isBypassed(node), let problem = store.entry(of: node).bypassProblem {
                throw InvariantViolation("'\(id)' is bypassed, but \(problem)")
            }
            guard store.nodes.recomputeState[node] == RecomputeState.idle,
                store.nodes.searchState[node] == SearchState.idle
            else {
                throw InvariantViolation("'\(id)' has scratch state left")
            }
            let start = store.nodes.slotStart[node]
            for slot in start..<start + Int32(store.slotCount(of: node)) {
                guard store.slots.outLink[slot].owner == node else {
                    throw InvariantViolation("a slot of '\(id)' has the wrong owner")
                }
                let upstream = store.slots.source[slot]
                guard upstream >= 0 else { continue }
                guard store.isLive(upstream) else { throw InvariantViolation("a slot of '\(id)' dangles") }
                guard store.position(of: upstream) < store.position(of: node) else {
                    throw InvariantViolation(
                        "link '\(store.ids[Int(upstream)])' → '\(id)' goes against the order")
                }
                outLinks[slot] = 0
            }
        }
        guard live == store.liveCount, store.idTable.count == live else {
            throw InvariantViolation("node count \(store.liveCount) but \(live) live nodes")
        }
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            var slot = store.nodes.firstOut[node]
            while slot >= 0 {
                guard store.slots.source[slot] == node, let seen = outLinks[slot] else {
                    throw InvariantViolation("'\(store.ids[Int(node)])' lists a slot it does not feed")
                }
                guard seen == 0 else { throw InvariantViolation("a slot is listed twice as a dependent") }
                outLinks[slot] = 1
                slot = store.slots.outLink[slot].next
            }
        }
        if outLinks.values.contains(0) {
            throw InvariantViolation("a fed slot is missing from its source's dependents")
        }
        try checkGroupInvariants()
    }

    /// The values every node would have if the graph were evaluated from scratch now (each
    /// definition compiled again from its nodes).
    /// - Returns: Each node's value by identifier.
    /// - Complexity: O(*n* + *e*).
    public func valuesFromScratch() -> [NodeID: Value] {
        var copy = self
        copy.recompileDefinitions()
        copy.evaluateAll()
        var values: [NodeID: Value] = [:]
        for node in 0..<copy.store.nodeEnd where copy.store.nodes.kind[node] != NodeStore.freeKind {
            values[copy.store.ids[Int(node)]] = copy.store.value(of: node)
        }
        return values
    }

    /// Every node's current value.
    /// - Returns: Each node's value by identifier.
    /// - Complexity: O(*n*).
    public func currentValues() -> [NodeID: Value] {
        var values: [NodeID: Value] = [:]
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            values[store.ids[Int(node)]] = store.value(of: node)
        }
        return values
    }
}
