import Synchronization

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
        for (id, slot) in SlotsByID.made(from: countedIDs, since: countedSince) {
            entries[id, default: Entry()].recomputations = Int(counts[Int(slot)])
        }
        return entries
    }

    /// The measured figures, by id (their recomputations are counted in `counts`).
    private var measured: [NodeID: Entry] = [:]
    /// Recomputations by the graph's node index, and the node each index counts for: counting a
    /// change that recomputed most of a large graph hashes nothing (an editor counts every change,
    /// timed or not), not even the first time a node is counted.
    private var counts: [UInt32] = []
    private var countedIDs: [NodeID?] = []
    /// The record (by number) from which each index counts for its node: a node removed without
    /// being forgotten and added again at another index is counted at the later one.
    private var countedSince: [UInt32] = []
    private var records: UInt32 = 0
    /// Where each counted node's figures are, made from `countedIDs` when a node's figures are
    /// first asked for after counting put in new nodes (which drops it).
    private var slots = SlotsByID()

    /// The slot of each node in `countedIDs`, made on first use; shared by copies of the profile
    /// until one of them counts new nodes.
    private final class SlotsByID: Sendable {
        private let table = Mutex<[NodeID: Int32]?>(nil)

        /// The slot `id` is counted in, or `nil`.
        func slot(of id: NodeID, in countedIDs: [NodeID?], since countedSince: [UInt32]) -> Int32? {
            table.withLock { table in
                if table == nil { table = Self.made(from: countedIDs, since: countedSince) }
                return table![id]
            }
        }

        /// Each counted node's slot (the later one for a node counted at two).
        static func made(from countedIDs: [NodeID?], since countedSince: [UInt32]) -> [NodeID: Int32] {
            var made: [NodeID: Int32] = [:]
            made.reserveCapacity(countedIDs.count)
            for (slot, id) in countedIDs.enumerated() {
                guard let id else { continue }
                if let other = made[id], countedSince[Int(other)] > countedSince[slot] { continue }
                made[id] = Int32(slot)
            }
            return made
        }

        /// Whether the table is made.
        var isMade: Bool { table.withLock { $0 != nil } }

        /// Forgets `id`'s slot, when the table is made.
        func remove(_ id: NodeID) {
            table.withLock { _ = $0?.removeValue(forKey: id) }
        }
    }

    /// Whether the table of slots by id is made (it is made when a node's figures are first asked
    /// for after counting met new nodes; for tests).
    package var hasSlotsByID: Bool { slots.isMade }

    /// An empty profile.
    public init() {}

    /// The figures of a node; `nil` for one never recorded.
    /// - Parameter id: The node.
    /// - Returns: Its figures.
    public func entry(for id: NodeID) -> Entry? {
        let slot = slots.slot(of: id, in: countedIDs, since: countedSince)
        guard slot != nil || measured[id] != nil else { return nil }
        var entry = measured[id] ?? Entry()
        entry.recomputations = slot.map { Int(counts[Int($0)]) } ?? 0
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
        records &+= 1
        var countsNewNodes = false
        let ids = store.ids
        if counts.count < ids.count { grow(to: ids.count) }
        // One uniqueness check a column for the whole list, none a node: a change that recomputed
        // most of a large graph counts each node in a few instructions.
        let record = records
        let read = counts.withUnsafeMutableBufferPointer { counts in
            countedIDs.withUnsafeMutableBufferPointer { countedIDs in
                countedSince.withUnsafeMutableBufferPointer { countedSince in
                    recomputed.forEachNodeIndex(readingFrom: ids) { index in
                        let slot = Int(index)
                        if countedIDs[slot] != ids[index] {
                            countedIDs[slot] = ids[index]
                            countedSince[slot] = record
                            counts[slot] = 0
                            countsNewNodes = true
                        }
                        counts[slot] &+= 1
                    }
                }
            }
        }
        if !read {
            for id in recomputed {
                if let index = store.index(of: id) { countsNewNodes = count(index, id: id) || countsNewNodes }
            }
        }
        if countsNewNodes { slots = SlotsByID() }
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
        records &+= 1
        var countsNewNodes = false
        for id in recomputed {
            if let index = store.index(of: id) { countsNewNodes = count(index, id: id) || countsNewNodes }
        }
        if countsNewNodes { slots = SlotsByID() }
        if measuring { measure(recomputed, in: graph) }
    }

    /// One more recomputation of the node at an index; an index a removed node left and another
    /// took counts from zero.
    /// - Returns: Whether the index counts for a node it did not count for before (the slots by
    ///   id are then behind).
    private mutating func count(_ index: Int32, id: NodeID) -> Bool {
        let slot = Int(index)
        if slot >= counts.count { grow(to: max(slot + 1, counts.count * 2)) }
        var isNew = false
        if countedIDs[slot] != id {
            countedIDs[slot] = id
            countedSince[slot] = records
            counts[slot] = 0
            isNew = true
        }
        counts[slot] &+= 1
        return isNew
    }

    /// Makes room for `size` indexes in the counting columns.
    private mutating func grow(to size: Int) {
        counts.append(contentsOf: repeatElement(0, count: size - counts.count))
        countedIDs.append(contentsOf: repeatElement(nil, count: size - countedIDs.count))
        countedSince.append(contentsOf: repeatElement(0, count: size - countedSince.count))
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
        guard let slot = slots.slot(of: id, in: countedIDs, since: countedSince) else { return }
        counts[Int(slot)] = 0
        countedIDs[Int(slot)] = nil
        // Forgetting many nodes keeps one table: this profile's own, or a copy made once.
        if !isKnownUniquelyReferenced(&slots) { slots = SlotsByID() }
        slots.remove(id)
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
