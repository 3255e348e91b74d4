import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension Graph {
    /// The number of processors online: the default ``parallelism``.
    public static let processorCount: Int = {
        #if canImport(Glibc)
            return Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            return 1
        #endif
    }()

    /// The least estimated cost (the sum of ``NodeKind/evaluationCost`` over the independent
    /// nodes evaluated together) for which those nodes are handed to other threads: below it,
    /// waking threads would cost more than it saves, so they are evaluated one after the other.
    public static let parallelThreshold: Duration = .microseconds(50)

    /// Whether a recompute may evaluate independent nodes in parallel: more than one thread is
    /// allowed and a kind of this graph evaluates on any thread. Otherwise (the calculator's
    /// kinds, any graph with ``parallelism`` 1) evaluation is the sequential passes, unchanged.
    @inline(__always) var evaluatesInParallel: Bool { store.hasParallelKinds && parallelism > 1 }

    /// ``recomputeTrace(from:)`` by wavefronts: the region downstream of `roots` is ordered as
    /// the sequential passes order it, split into levels (a node's level is one more than its
    /// inputs' in the region: nodes of a level are independent), and each level is evaluated,
    /// its nodes of kinds that evaluate on any thread in parallel when they cost enough.
    ///
    /// Values, errors, exactly-once and the trace are those of the sequential passes: a node is
    /// recomputed when it is a root or an input of it changed, after all its inputs; the trace
    /// lists the recomputed nodes in the order the sequential route would (the order it releases
    /// the region in, or index order where it would sweep).
    /// - Parameters:
    ///   - roots: The nodes to recompute.
    ///   - changedSource: A root whose value is known to have changed (a number source just
    ///     set), not evaluated again; -1 for none.
    /// - Returns: The recomputed nodes, in order.
    /// - Complexity: O(*r* + *l*) besides the evaluations, the region's nodes and links.
    func recomputeByWavefronts(from roots: some Collection<Int32>, changedSource: Int32) -> [Int32] {
        let store = self.store
        defer { store.forgetChangedNumbers() }
        let region = Region(from: roots, in: store)
        guard !region.nodes.isEmpty else { return [] }
        let rootCount = region.rootCount, order = region.order
        // A node's level: one more than its inputs' in the region (they come first in the order).
        var level = [Int32](repeating: 0, count: region.nodes.count)
        for index in order {
            store.forEachDependent(of: region.nodes[index]) { target in
                let targetIndex = region.index(of: target)!
                level[targetIndex] = Swift.max(level[targetIndex], level[index] + 1)
            }
        }
        // Level by level: a node must be recomputed when it is a root or an input changed.
        var changed = [Bool](repeating: false, count: region.nodes.count)
        var recomputed = [Bool](repeating: false, count: region.nodes.count)
        let evaluator = Evaluator(store)
        for levelNodes in Graph.levels(of: order, level) {
            var batch = ParallelBatch()
            for index in levelNodes {
                let node = region.nodes[index]
                var must = index < rootCount
                if !must {
                    store.forEachInput(of: node) { upstream in
                        if let upstreamIndex = region.index(of: upstream), changed[upstreamIndex] {
                            must = true
                        }
                    }
                }
                guard must else { continue }
                recomputed[index] = true
                if node == changedSource {
                    changed[index] = true
                } else if !batch.add(node, tag: index, in: store) {
                    changed[index] = evaluator.recompute(node)
                }
            }
            batch.run(in: store, threads: parallelism) { index, didChange in changed[index] = didChange }
        }
        let sweeps =
            store.indexOrderIsTopological
            && region.nodes.count - rootCount > regionBudget(from: region.nodes.min()!)
        if sweeps { return region.nodes.indices.filter { recomputed[$0] }.map { region.nodes[$0] }.sorted() }
        return order.filter { recomputed[$0] }.map { region.nodes[$0] }
    }

    /// ``evaluateAll()`` by wavefronts: every node in levels, the nodes of a level evaluated
    /// together (in parallel when their kinds allow and they cost enough).
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*) besides the evaluations.
    mutating func evaluateAllByWavefronts() -> Int {
        let store = self.store
        store.releaseBoxedValues()
        let order = withMaintainedOrder { Array($0) }
        var level = [Int32](repeating: 0, count: Int(store.nodeEnd))
        var maximum: Int32 = 0
        for node in order {
            var nodeLevel: Int32 = 0
            store.forEachInput(of: node) { nodeLevel = Swift.max(nodeLevel, level[Int($0)] + 1) }
            level[Int(node)] = nodeLevel
            maximum = Swift.max(maximum, nodeLevel)
        }
        var levels = [[Int32]](repeating: [], count: Int(maximum) + 1)
        for node in order where !store.isNumberSource(node) { levels[Int(level[Int(node)])].append(node) }
        let evaluator = Evaluator(store)
        for nodes in levels {
            var batch = ParallelBatch()
            for node in nodes where !batch.add(node, tag: 0, in: store) { evaluator.recompute(node) }
            batch.run(in: store, threads: parallelism) { _, _ in }
        }
        return order.count
    }

    /// `order`'s indices grouped by `level`, each group in `order`'s order.
    private static func levels(of order: [Int], _ level: [Int32]) -> [[Int]] {
        var groups: [[Int]] = []
        for index in order {
            let nodeLevel = Int(level[index])
            while groups.count <= nodeLevel { groups.append([]) }
            groups[nodeLevel].append(index)
        }
        return groups
    }
}

/// Independent nodes of kinds that evaluate on any thread, with their inputs gathered: evaluated
/// together, on up to a number of threads, then stored on the caller's thread.
struct ParallelBatch {
    struct Job {
        let node: Int32
        let tag: Int
        let entry: KindEntry
        let inputs: [Value]
        let parameter: Value?
        let origin: NodeID
    }

    private(set) var jobs: [Job] = []
    private var costNanoseconds = 0

    /// Takes `node` into the batch when its kind evaluates on any thread; `false` (taking
    /// nothing) otherwise, and for a node with an error input (the caller's route passes the
    /// error on, with no evaluation).
    mutating func add(_ node: Int32, tag: Int, in store: NodeStore) -> Bool {
        let entry = store.entry(of: node)
        guard entry.evaluatesInParallel else { return false }
        let start = store.nodes.slotStart[node]
        var values: [Value] = []
        values.reserveCapacity(entry.slotCount)
        for offset in 0..<entry.slotCount {
            let upstream = store.slots.source[start + Int32(offset)]
            if upstream < 0 {
                values.append(entry.slots[offset].defaultValue)
                continue
            }
            let value = store.value(of: upstream)
            if value.passesOn { return false }  // passed on by the kind route, at once
            values.append(value)
        }
        jobs.append(
            Job(
                node: node, tag: tag, entry: entry, inputs: values, parameter: store.parameter(of: node),
                origin: store.ids[Int(node)]))
        costNanoseconds &+= entry.costNanoseconds
        return true
    }

    /// Evaluates the jobs — on up to `threads` threads when there are two or more and they cost
    /// at least ``Graph/parallelThreshold``, else one after the other — and stores each value,
    /// in the batch's order, calling `stored` with the job's tag and whether its value changed.
    func run(in store: NodeStore, threads: Int, stored: (Int, Bool) -> Void) {
        guard !jobs.isEmpty else { return }
        let jobs = self.jobs
        let results = UnsafeMutableBufferPointer<Value>.allocate(capacity: jobs.count)
        defer { results.deallocate() }
        let threshold = Graph.parallelThreshold.components
        let thresholdNanoseconds =
            Int(threshold.seconds) * 1_000_000_000 + Int(threshold.attoseconds / 1_000_000_000)
        let workers = Swift.min(threads, jobs.count)
        if workers > 1 && costNanoseconds >= thresholdNanoseconds {
            let nextJob = Atomic<Int>(0)
            // Each thread writes the results of the jobs it takes, no two the same.
            let base = UnsafeSendablePointer(results.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let index = nextJob.wrappingAdd(1, ordering: .relaxed).oldValue
                    if index >= jobs.count { return }
                    let job = jobs[index]
                    (base.pointer + index).initialize(
                        to: job.entry.value(of: job.inputs, parameter: job.parameter, origin: job.origin))
                }
            }
        } else {
            for (index, job) in jobs.enumerated() {
                (results.baseAddress! + index).initialize(
                    to: job.entry.value(of: job.inputs, parameter: job.parameter, origin: job.origin))
            }
        }
        for (index, job) in jobs.enumerated() {
            let value = (results.baseAddress! + index).move()
            stored(job.tag, store.setValue(value, of: job.node))
        }
    }
}

extension NodeStore {
    /// Calls `body` with each node that one of `node`'s out-links feeds (a node fed twice, twice).
    @inline(__always) func forEachDependent(of node: Int32, _ body: (Int32) -> Void) {
        var slot = nodes.firstOut[node]
        while slot >= 0 {
            let link = slots.outLink[slot]
            body(link.owner)
            slot = link.next
        }
    }

    /// Calls `body` with the node feeding each connected slot of `node`.
    @inline(__always) func forEachInput(of node: Int32, _ body: (Int32) -> Void) {
        let start = nodes.slotStart[node]
        for offset in 0..<Int32(slotCount(of: node)) {
            let upstream = slots.source[start + offset]
            if upstream >= 0 { body(upstream) }
        }
    }
}

extension NodeStore {
    /// Copies a trace into the work list the sequential passes leave theirs in, and returns it
    /// there (valid until the next mutation, like theirs).
    func keepTrace(_ trace: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        withWorkLists { _, queue in
            queue.removeAll()
            while queue.capacity < trace.count { queue.grow() }
            for (index, node) in trace.enumerated() { queue.base[index] = node }
            queue.count = trace.count
            return UnsafeMutableBufferPointer(start: queue.base, count: trace.count)
        }
    }
}

/// A pointer handed to other threads that each write elements no other thread touches.
struct UnsafeSendablePointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
}
