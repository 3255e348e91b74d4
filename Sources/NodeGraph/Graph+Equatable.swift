extension Graph: Equatable {
    /// Two graphs are equal when they hold the same nodes (by identifier) with the same kinds,
    /// names, positions, held values, links and current values, and the same definitions.
    /// Internal storage order and edit history do not matter.
    /// - Parameters:
    ///   - lhs: A graph.
    ///   - rhs: Another graph.
    /// - Returns: Whether they hold the same nodes.
    /// - Complexity: O(*n* + *e*).
    public static func == (lhs: Graph, rhs: Graph) -> Bool {
        guard lhs.groups.definitions == rhs.groups.definitions else { return false }
        if lhs.store === rhs.store { return true }
        guard lhs.count == rhs.count else { return false }
        for node in 0..<lhs.store.nodeEnd where lhs.store.nodes.kind[node] != NodeStore.freeKind {
            let id = lhs.store.ids[Int(node)]
            guard let other = rhs.store.index(of: id) else { return false }
            guard lhs.description(at: node) == rhs.description(at: other),
                lhs.store.value(of: node) == rhs.store.value(of: other)
            else { return false }
        }
        return true
    }
}
