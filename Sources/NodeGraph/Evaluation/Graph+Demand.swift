import Synchronization

/// A tool's observation of some nodes of a graph (see ``Graph/observe(_:)``): while any exists,
/// the graph evaluates on demand. Ending it (``end()``, or dropping the last reference to it)
/// unobserves the nodes.
public final class NodeObservation: Sendable {
    /// The nodes observed.
    public let nodes: [NodeID]
    private let observations: Observations
    private let ended = Atomic<Bool>(false)

    init(_ nodes: [NodeID], _ observations: Observations) {
        self.nodes = nodes
        self.observations = observations
    }

    /// Unobserves the nodes; ending an observation again does nothing.
    public func end() {
        if !ended.exchange(true, ordering: .relaxed) { observations.remove(nodes) }
    }

    deinit { end() }
}

/// The nodes a graph's tools observe, with how many observations name each. Shared by a graph's
/// copies: observing is about the tool looking, not the graph's contents.
final class Observations: Sendable {
    private let counts = Mutex<[NodeID: Int]>([:])
    /// How many observations are live: read on every edit, without taking the lock.
    private let live = Atomic<Int>(0)

    /// Whether any observation is live.
    @inline(__always) var isActive: Bool { live.load(ordering: .relaxed) > 0 }

    func add(_ nodes: [NodeID]) {
        counts.withLock { counts in for node in nodes { counts[node, default: 0] += 1 } }
        live.wrappingAdd(1, ordering: .relaxed)
    }

    func remove(_ nodes: [NodeID]) {
        counts.withLock { counts in
            for node in nodes {
                let count = (counts[node] ?? 1) - 1
                counts[node] = count > 0 ? count : nil
            }
        }
        live.wrappingSubtract(1, ordering: .relaxed)
    }

    /// The indices of the observed nodes that `store` holds.
    func indices(in store: NodeStore) -> Set<Int32> {
        counts.withLock { counts in Set(counts.keys.compactMap { store.index(of: $0) }) }
    }
}

extension Graph {
    /// Observes nodes: while any observation of this graph lives, the graph evaluates on demand.
    /// An edit then recomputes the observed nodes it affects and the nodes they depend on that
    /// are out of date, and marks the other nodes it affects stale; reading a stale node's value
    /// (``value(of:)-(NodeID)``, a new observation, comparing graphs) brings it up to date first, each
    /// node once. Without observations, an edit recomputes everything it affects, as always
    /// (bringing up to date first any node a past observation left stale).
    ///
    /// ```swift
    /// let shown = graph.observe(["total", "chart"])   // what the tool shows
    /// try graph.setValue(.number(5), of: "input")     // recomputes what "total" and "chart" need
    /// shown.end()                                     // or drop it
    /// ```
    ///
    /// A canvas observes the nodes on screen; `watch` observes every node.
    /// - Parameter ids: The nodes to observe (unknown ones are observed should they appear).
    /// - Returns: The observation: end it, or drop it, to unobserve.
    /// - Complexity: O(*k*) for *k* nodes, besides bringing stale ones up to date.
    public func observe(_ ids: [NodeID]) -> NodeObservation {
        observations.add(ids)
        for id in ids { if let node = store.index(of: id) { store.bringUpToDate(node) } }
        return NodeObservation(ids, observations)
    }

    /// Whether a node's value is out of date (an edit under demand-driven evaluation left it
    /// so): reading it brings it up to date.
    /// - Parameter id: The node's identifier.
    /// - Returns: Whether it is stale; `false` for an unknown node.
    public func isStale(_ id: NodeID) -> Bool {
        guard let node = store.index(of: id) else { return false }
        return store.stale.contains(node)
    }

    /// Whether an edit's recompute goes on demand: an observation lives, or a past one left
    /// stale nodes (which the recompute then brings up to date where it needs them).
    @inline(__always) var evaluatesOnDemand: Bool { observations.isActive || !store.stale.isEmpty }

    /// ``recomputeTrace(from:)`` on demand: of the region downstream of `roots` (in the order the
    /// sequential passes release it), recomputes the nodes an observed node of the region
    /// depends on (all of them when nothing is observed), each once, after its inputs, when it is
    /// a root, was stale, or an input changed or was stale (brought up to date first); marks
    /// stale every other node the edit may have changed. Returns the recomputed nodes, in order.
    /// - Complexity: O(*r* + *l*) besides the evaluations, the region's nodes and links.
    func recomputeOnDemand(from roots: some Collection<Int32>, changedSource: Int32) -> [Int32] {
        let store = self.store
        defer { store.changedNumbers.removeAll() }
        let region = Region(from: roots, in: store)
        guard !region.nodes.isEmpty else { return [] }
        // The nodes an observed node of the region depends on: its inputs in the region, theirs…
        // (the reverse of the order visits a node's dependents before it).
        var needed = [Bool](repeating: !observations.isActive, count: region.nodes.count)
        if observations.isActive {
            let observed = observations.indices(in: store)
            // A background node is never left stale: its runner hears of it only when an edit
            // recomputes it, so it counts as observed.
            let observesBackground = hasBackgroundKinds
            for index in region.order.reversed() {
                let node = region.nodes[index]
                if observed.contains(node) || (observesBackground && store.entry(of: node).isBackground) {
                    needed[index] = true
                }
                guard needed[index] else { continue }
                store.forEachInput(of: node) { upstream in
                    if let upstreamIndex = region.position[upstream] { needed[upstreamIndex] = true }
                }
            }
        }
        var changed = [Bool](repeating: false, count: region.nodes.count)
        var trace: [Int32] = []
        let evaluator = Evaluator(store)
        for index in region.order {
            let node = region.nodes[index]
            var must = index < region.rootCount || store.stale.contains(node)
            var staleInputs = false
            store.forEachInput(of: node) { upstream in
                if let upstreamIndex = region.position[upstream], changed[upstreamIndex] { must = true }
                if store.stale.contains(upstream) { staleInputs = true }
            }
            guard needed[index] else {
                if must || staleInputs { store.stale.insert(node) }
                continue
            }
            if staleInputs {
                // Left stale by an earlier edit: up to date first, and then this node may change.
                store.forEachInput(of: node) { store.bringUpToDate($0) }
                must = true
            }
            guard must else { continue }
            store.stale.remove(node)
            trace.append(node)
            changed[index] = node == changedSource || evaluator.recompute(node)
        }
        return trace
    }
}

/// The region downstream of some roots: the roots (live, each once), then every node an
/// out-link reaches, and a topological order of it — the one the sequential passes release it
/// in (Kahn's algorithm from the roots that wait on no input, in the roots' order).
struct Region {
    /// The region's nodes: the roots first.
    var nodes: [Int32] = []
    /// Each node's index in `nodes`.
    var position: [Int32: Int] = [:]
    /// How many of `nodes` are roots.
    var rootCount = 0
    /// Indices into `nodes`, in a topological order.
    var order: [Int] = []

    init(from roots: some Collection<Int32>, in store: NodeStore) {
        for root in roots where store.isLive(root) && position[root] == nil {
            position[root] = nodes.count
            nodes.append(root)
        }
        rootCount = nodes.count
        var next = 0
        while next < nodes.count {
            let node = nodes[next]
            next += 1
            store.forEachDependent(of: node) { target in
                if position[target] == nil {
                    position[target] = nodes.count
                    nodes.append(target)
                }
            }
        }
        var pending = [Int32](repeating: 0, count: nodes.count)
        for node in nodes { store.forEachDependent(of: node) { pending[position[$0]!] += 1 } }
        order.reserveCapacity(nodes.count)
        for root in 0..<rootCount where pending[root] == 0 { order.append(root) }
        var head = 0
        while head < order.count {
            let index = order[head]
            head += 1
            store.forEachDependent(of: nodes[index]) { target in
                let targetIndex = position[target]!
                pending[targetIndex] -= 1
                if pending[targetIndex] == 0 { order.append(targetIndex) }
            }
        }
    }
}

extension NodeStore {
    /// Brings a stale node up to date, with the stale nodes it depends on, each once, after its
    /// inputs; does nothing for a node that is not stale.
    /// - Complexity: O(*s*) evaluations, the stale nodes it depends on.
    func bringUpToDate(_ node: Int32) {
        guard stale.contains(node) else { return }
        var order: [Int32] = []
        var visited: Set<Int32> = [node]
        var stack: [(node: Int32, slot: Int)] = [(node, 0)]
        while let (current, slot) = stack.popLast() {
            if slot < slotCount(of: current) {
                stack.append((current, slot + 1))
                let upstream = slots.source[nodes.slotStart[current] + Int32(slot)]
                if upstream >= 0 && stale.contains(upstream) && visited.insert(upstream).inserted {
                    stack.append((upstream, 0))
                }
            } else {
                order.append(current)
            }
        }
        let evaluator = Evaluator(self)
        for current in order {
            stale.remove(current)
            evaluator.recompute(current)
        }
    }
}
