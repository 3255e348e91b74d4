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
    /// - Complexity: O(*n*) in the nodes recorded.
    public var entries: [NodeID: Entry] {
        var entries = measured
        for (id, index) in indexOfID {
            entries[id, default: Entry()].recomputations = Int(counts[Int(index)])
        }
        return entries
    }

    /// The measured figures, by id (their recomputations are counted in `counts`).
    private var measured: [NodeID: Entry] = [:]
    /// Recomputations by the graph's node index, and the node each index counts for: counting a
    /// change that recomputed most of a large graph hashes nothing (an editor counts every change,
    /// timed or not).
    private var counts: [UInt32] = []
    private var countedIDs: [NodeID?] = []
    private var indexOfID: [NodeID: Int32] = [:]

    /// An empty profile.
    public init() {}

    /// The figures of a node; `nil` for one never recorded.
    /// - Parameter id: The node.
    /// - Returns: Its figures.
    public func entry(for id: NodeID) -> Entry? {
        let index = indexOfID[id]
        guard index != nil || measured[id] != nil else { return nil }
        var entry = measured[id] ?? Entry()
        entry.recomputations = index.map { Int(counts[Int($0)]) } ?? 0
        return entry
    }

    /// Counts one recomputation of each node, and, when `measuring`, times its computation.
    /// - Parameters:
    ///   - recomputed: The nodes recomputed (a ``Change``'s, or every node after a full
    ///     evaluation).
    ///   - graph: The graph they are in, after the recompute.
    ///   - measuring: Whether to time each one (it computes each node once more).
    /// - Complexity: O(*r*) without measuring, a few nanoseconds a node for a change's list;
    ///   plus each node's computation with it.
    public mutating func record(_ recomputed: NodeList, in graph: Graph, measuring: Bool = true) {
        let store = graph.store
        let read = recomputed.forEachNodeIndex(readingFrom: store.ids) { index in
            count(index, id: store.ids[index])
        }
        if !read {
            for id in recomputed { if let index = store.index(of: id) { count(index, id: id) } }
        }
        if measuring { measure(recomputed, in: graph) }
    }

    /// Counts one recomputation of each node, and, when `measuring`, times its computation.
    /// - Parameters:
    ///   - recomputed: The nodes recomputed.
    ///   - graph: The graph they are in, after the recompute.
    ///   - measuring: Whether to time each one (it computes each node once more).
    /// - Complexity: O(*r*) without measuring; plus each node's computation with it.
    public mutating func record(_ recomputed: some Sequence<NodeID>, in graph: Graph, measuring: Bool = true)
    {
        let store = graph.store
        for id in recomputed { if let index = store.index(of: id) { count(index, id: id) } }
        if measuring { measure(recomputed, in: graph) }
    }

    /// One more recomputation of the node at an index; an index a removed node left and another
    /// took counts from zero.
    private mutating func count(_ index: Int32, id: NodeID) {
        let slot = Int(index)
        if slot >= counts.count {
            let size = max(slot + 1, counts.count * 2)
            counts.append(contentsOf: repeatElement(0, count: size - counts.count))
            countedIDs.append(contentsOf: repeatElement(nil, count: size - countedIDs.count))
        }
        if countedIDs[slot] != id {
            if let old = countedIDs[slot] { indexOfID[old] = nil }
            countedIDs[slot] = id
            indexOfID[id] = index
            counts[slot] = 0
        }
        counts[slot] &+= 1
    }

    /// Times each node's computation.
    private mutating func measure(_ nodes: some Sequence<NodeID>, in graph: Graph) {
        for id in nodes {
            guard let time = graph.measuredComputeTime(of: id) else { continue }
            var entry = measured[id] ?? Entry()
            entry.total += time
            entry.measurements += 1
            entry.last = time
            measured[id] = entry
        }
    }

    /// Forgets a node's figures (a removed node).
    /// - Parameter id: The node.
    public mutating func forget(_ id: NodeID) {
        measured[id] = nil
        guard let index = indexOfID.removeValue(forKey: id) else { return }
        counts[Int(index)] = 0
        countedIDs[Int(index)] = nil
    }

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
