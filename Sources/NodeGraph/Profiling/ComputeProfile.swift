/// How often each node was recomputed, and how long computing it took: what an editor's timing
/// badges and a `profile` command show.
///
/// The evaluator's passes know nothing of it, so it costs nothing while nobody records: a
/// recorder counts the nodes each ``Change`` lists as recomputed and, when asked to measure, times
/// each one's computation from its inputs again with ``Graph/measuredComputeTime(of:)``.
///
/// ```swift
/// var profile = ComputeProfile()
/// let change = try graph.setValue(.number(3), of: "one")
/// profile.record(change.recomputed, in: graph)
/// profile.entry(for: "sum")?.recomputations   // 1
/// ```
public struct ComputeProfile: Sendable {
    /// One node's figures.
    public struct Entry: Hashable, Sendable {
        /// The times it was recomputed.
        public var recomputations = 0
        /// The time its measured computations took, together.
        public var total = Duration.zero
        /// The times it was measured (recomputations recorded without measuring are not).
        public var measurements = 0
        /// The time its last measured computation took; `nil` before the first.
        public var last: Duration?

        /// The mean time of its measured computations; zero before the first.
        public var mean: Duration { measurements == 0 ? .zero : total / measurements }
    }

    /// Each node's figures, by id.
    public private(set) var entries: [NodeID: Entry] = [:]

    /// An empty profile.
    public init() {}

    /// The figures of a node; `nil` for one never recorded.
    /// - Parameter id: The node.
    /// - Returns: Its figures.
    public func entry(for id: NodeID) -> Entry? { entries[id] }

    /// Counts one recomputation of each node, and, when `measuring`, times its computation.
    /// - Parameters:
    ///   - recomputed: The nodes recomputed (a ``Change``'s, or every node after a full
    ///     evaluation).
    ///   - graph: The graph they are in, after the recompute.
    ///   - measuring: Whether to time each one (it computes each node once more).
    /// - Complexity: O(*r*) without measuring; plus each node's computation with it.
    public mutating func record(_ recomputed: some Sequence<NodeID>, in graph: Graph, measuring: Bool = true)
    {
        for id in recomputed {
            var entry = entries[id] ?? Entry()
            entry.recomputations += 1
            if measuring, let time = graph.measuredComputeTime(of: id) {
                entry.total += time
                entry.measurements += 1
                entry.last = time
            }
            entries[id] = entry
        }
    }

    /// Forgets a node's figures (a removed node).
    /// - Parameter id: The node.
    public mutating func forget(_ id: NodeID) { entries[id] = nil }

    /// The nodes recorded, the longest total time first (ties: more recomputations first, then
    /// by id).
    /// - Complexity: O(*n* log *n*).
    public var byTotalTime: [(id: NodeID, entry: Entry)] {
        entries.map { (id: $0.key, entry: $0.value) }.sorted { a, b in
            if a.entry.total != b.entry.total { return a.entry.total > b.entry.total }
            if a.entry.recomputations != b.entry.recomputations {
                return a.entry.recomputations > b.entry.recomputations
            }
            return a.id < b.id
        }
    }

    /// A duration as a badge or a report writes it: `850ns`, `12.3µs`, `4.5ms`, `1.2s`.
    /// - Parameter duration: The duration.
    /// - Returns: The text.
    public static func text(of duration: Duration) -> String {
        let nanoseconds =
            Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        // Three digits at most: whole above 100, tenths below.
        func rounded(_ value: Double, _ unit: String) -> String {
            (value >= 100 ? Value.format(value.rounded()) : Value.format((value * 10).rounded() / 10)) + unit
        }
        if nanoseconds < 1000 { return "\(Int(nanoseconds.rounded()))ns" }
        if nanoseconds < 1e6 { return rounded(nanoseconds / 1e3, "µs") }
        if nanoseconds < 1e9 { return rounded(nanoseconds / 1e6, "ms") }
        return rounded(nanoseconds / 1e9, "s")
    }
}

extension Graph {
    /// The time computing a node's value from its inputs takes now, as a recompute computes it
    /// (the value is computed and thrown away: nothing changes). For a profile
    /// (``ComputeProfile``): the evaluator's passes themselves are never timed.
    /// - Parameter id: The node.
    /// - Returns: The time, or `nil` for an unknown node.
    /// - Complexity: The node's computation, O(*s*) for the standard kinds.
    public func measuredComputeTime(of id: NodeID) -> Duration? {
        guard let node = store.index(of: id) else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        let value = store.computedValue(of: node)
        let elapsed = clock.now - start
        withExtendedLifetime(value) {}
        return elapsed
    }
}

extension NodeStore {
    /// A node's value computed from its inputs by the route a recompute takes, without storing it.
    func computedValue(of node: Int32) -> Value {
        let kindIndex = Int(nodes.kind[node])
        let kernel = kindColumns.kernel[kindIndex]
        let entry = kinds[kindIndex]
        if kernel == Kernel.heldNumber.rawValue { return .number(nodes.payload[node]) }
        if kernel == Kernel.bypass.rawValue { return bypassedValue(of: node, entry) }
        if Kernel(rawValue: kernel)?.isArithmetic == true,
            let number = Evaluator(self).arithmeticResult(node, kernel)
        {
            return .number(number)
        }
        return evaluateThroughKind(node, entry)
    }
}
