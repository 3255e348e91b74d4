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

    /// Calls `body` with the index of each observed node that `store` holds.
    func forEachIndex(in store: NodeStore, _ body: (Int32) -> Void) {
        counts.withLock { counts in
            for id in counts.keys { if let index = store.index(of: id) { body(index) } }
        }
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

    /// Whether some kind of this graph's nodes costs at least a microsecond an evaluation
    /// (``NodeKind/evaluationCost``). Only then does evaluating just what a tool observes save
    /// work: a graph of cheaper kinds recomputes all that an edit reaches sooner than it could
    /// keep track of what is left stale, so a tool (the canvas) observes nothing there.
    /// - Complexity: O(*k*), the kinds the graph's nodes use.
    public var hasCostlyKinds: Bool {
        store.kinds.contains { $0.costNanoseconds >= NodeStore.leastParallelCost }
    }

    /// Whether some node's value is out of date: an edit under demand-driven evaluation left it
    /// so, and reading it brings it up to date. A tool that keeps copies of values (a canvas's
    /// drawn boxes) reads them again when this is true after an edit.
    public var hasStaleNodes: Bool { !store.stale.isEmpty }

    /// Whether an edit's recompute goes on demand: an observation lives, or a past one left
    /// stale nodes (which the recompute then brings up to date where it needs them).
    @inline(__always) var evaluatesOnDemand: Bool { observations.isActive || !store.stale.isEmpty }

    /// ``recomputeTrace(from:)`` on demand: of the region downstream of `roots`, recomputes the
    /// nodes an observed node of the region depends on (all of them when nothing is observed),
    /// each once, after its inputs, when it is a root, was stale, or an input changed or was stale
    /// (brought up to date first); marks stale every other node the edit may have changed.
    /// Returns the recomputed nodes, in order.
    ///
    /// The region is found as the sequential passes find theirs: by following out-links, in the
    /// order those passes release it, or — once it outgrows ``regionBudget(from:)`` while index
    /// order is a topological order — by a sweep over the indices from the first root on, which
    /// reads the columns in order instead of a dependent cache miss a link.
    /// - Complexity: O(*r* + *l*) besides the evaluations, the region's nodes and links (for a
    ///   sweep, the nodes and links after the first root).
    func recomputeOnDemand(from roots: some Collection<Int32>, changedSource: Int32) -> [Int32] {
        let store = self.store
        defer { store.forgetChangedNumbers() }
        var first = Int32.max
        for root in roots where store.isLive(root) { first = Swift.min(first, root) }
        guard first != Int32.max else { return [] }
        guard let region = Region(from: roots, in: store, budget: regionBudget(from: first)) else {
            return recomputeOnDemandBySweep(from: roots, first: first, changedSource: changedSource)
        }
        // The nodes an observed node of the region depends on: its inputs in the region, theirs…
        // (the reverse of the order visits a node's dependents before it).
        var needed = [Bool](repeating: !observations.isActive, count: region.nodes.count)
        if observations.isActive {
            observations.forEachIndex(in: store) { node in
                if let index = region.index(of: node) { needed[index] = true }
            }
            // A background node is never left stale: its runner hears of it only when an edit
            // recomputes it, so it counts as observed.
            if hasBackgroundKinds {
                for (index, node) in region.nodes.enumerated() where store.entry(of: node).isBackground {
                    needed[index] = true
                }
            }
            for index in region.order.reversed() where needed[index] {
                store.forEachInput(of: region.nodes[index]) { upstream in
                    if let upstreamIndex = region.index(of: upstream) { needed[upstreamIndex] = true }
                }
            }
        }
        var changed = [Bool](repeating: false, count: region.nodes.count)
        var trace: [Int32] = []
        let evaluator = Evaluator(store)
        for index in region.order {
            let node = region.nodes[index]
            var inputChanged = false
            var staleInputs = false
            store.forEachInput(of: node) { upstream in
                if let upstreamIndex = region.index(of: upstream), changed[upstreamIndex] {
                    inputChanged = true
                }
                if store.stale.contains(upstream) { staleInputs = true }
            }
            changed[index] = settle(
                node, isRoot: index < region.rootCount, inputChanged: inputChanged, staleInputs: staleInputs,
                needed: needed[index], changedSource: changedSource, evaluator: evaluator, trace: &trace)
        }
        return trace
    }

    /// ``recomputeOnDemand(from:changedSource:)`` over a region too large to follow link by link,
    /// while index order is a topological order: one sweep back from the last node marks what
    /// the observed nodes need (their inputs, theirs…), and one forward from the first root finds
    /// the region (a root, or a node with an input in it) and settles each of its nodes, in index
    /// order.
    private func recomputeOnDemandBySweep(
        from roots: some Collection<Int32>, first: Int32, changedSource: Int32
    ) -> [Int32] {
        let store = self.store
        let end = store.nodeEnd
        // Marks relative to the first root: a region node, a root, needed, changed.
        let inRegion: UInt8 = 1, isRoot: UInt8 = 2, isNeeded: UInt8 = 4, hasChanged: UInt8 = 8
        var marks = [UInt8](repeating: 0, count: Int(end - first))
        @inline(__always) func mark(_ node: Int32) -> UInt8 { node >= first ? marks[Int(node - first)] : 0 }
        for root in roots where store.isLive(root) { marks[Int(root - first)] = inRegion | isRoot }
        if observations.isActive {
            // Needed: an observed node, a background one (see above), or an input of a needed
            // node; nodes outside the region are never settled, so marking them costs nothing.
            observations.forEachIndex(in: store) { node in
                if node >= first && node < end { marks[Int(node - first)] |= isNeeded }
            }
            if hasBackgroundKinds {
                for node in first..<end where store.isLive(node) && store.entry(of: node).isBackground {
                    marks[Int(node - first)] |= isNeeded
                }
            }
            for node in stride(from: end - 1, through: first, by: -1) where mark(node) & isNeeded != 0 {
                store.forEachInput(of: node) { upstream in
                    if upstream >= first { marks[Int(upstream - first)] |= isNeeded }
                }
            }
        } else {
            for index in marks.indices { marks[index] |= isNeeded }
        }
        var trace: [Int32] = []
        let evaluator = Evaluator(store)
        for node in first..<end where store.isLive(node) {
            var flags = mark(node)
            var inputChanged = false
            var staleInputs = false
            store.forEachInput(of: node) { upstream in
                let upstreamFlags = mark(upstream)
                if upstreamFlags & inRegion != 0 { flags |= inRegion }
                if upstreamFlags & hasChanged != 0 { inputChanged = true }
                if store.stale.contains(upstream) { staleInputs = true }
            }
            guard flags & inRegion != 0 else { continue }
            if settle(
                node, isRoot: flags & isRoot != 0, inputChanged: inputChanged, staleInputs: staleInputs,
                needed: flags & isNeeded != 0, changedSource: changedSource, evaluator: evaluator,
                trace: &trace)
            {
                flags |= hasChanged
            }
            marks[Int(node - first)] = flags
        }
        return trace
    }

    /// Settles one node of an on-demand recompute, its inputs settled before it: a needed node
    /// that must be recomputed (a root, stale, or an input changed or was stale, brought up to
    /// date first) is recomputed and added to `trace`; a node not needed that may have changed
    /// is marked stale. Returns whether the node's value changed.
    @inline(__always)
    private func settle(
        _ node: Int32, isRoot: Bool, inputChanged: Bool, staleInputs: Bool, needed: Bool,
        changedSource: Int32, evaluator: Evaluator, trace: inout [Int32]
    ) -> Bool {
        var must = isRoot || inputChanged || store.stale.contains(node)
        guard needed else {
            if must || staleInputs { store.stale.insert(node) }
            return false
        }
        if staleInputs {
            // Left stale by an earlier edit: up to date first, and then this node may change.
            store.forEachInput(of: node) { store.bringUpToDate($0) }
            must = true
        }
        guard must else { return false }
        store.stale.remove(node)
        trace.append(node)
        return node == changedSource || evaluator.recompute(node)
    }
}

/// The region downstream of some roots: the roots (live, each once), then every node an
/// out-link reaches, and a topological order of it — the one the sequential passes release it
/// in (Kahn's algorithm from the roots that wait on no input, in the roots' order).
struct Region {
    /// The region's nodes: the roots first.
    var nodes: [Int32] = []
    /// Each node's index in `nodes`, by node index; -1 outside the region. Dense, so that a
    /// region of most of the graph is found without hashing.
    private var position: [Int32]
    /// How many of `nodes` are roots.
    var rootCount = 0
    /// Indices into `nodes`, in a topological order.
    var order: [Int] = []

    /// A node's index in `nodes`, or `nil` outside the region.
    @inline(__always) func index(of node: Int32) -> Int? {
        let index = position[Int(node)]
        return index < 0 ? nil : Int(index)
    }

    init(from roots: some Collection<Int32>, in store: NodeStore) {
        self = Region(from: roots, in: store, budget: .max)!
    }

    /// Finds the region, or gives up (`nil`) once it holds more than `budget` nodes.
    init?(from roots: some Collection<Int32>, in store: NodeStore, budget: Int) {
        position = [Int32](repeating: -1, count: Int(store.nodeEnd))
        for root in roots where store.isLive(root) && position[Int(root)] < 0 {
            position[Int(root)] = Int32(nodes.count)
            nodes.append(root)
        }
        rootCount = nodes.count
        var next = 0
        while next < nodes.count {
            if nodes.count > budget { return nil }
            let node = nodes[next]
            next += 1
            store.forEachDependent(of: node) { target in
                if position[Int(target)] < 0 {
                    position[Int(target)] = Int32(nodes.count)
                    nodes.append(target)
                }
            }
        }
        var pending = [Int32](repeating: 0, count: nodes.count)
        for node in nodes { store.forEachDependent(of: node) { pending[Int(position[Int($0)])] += 1 } }
        order.reserveCapacity(nodes.count)
        for root in 0..<rootCount where pending[root] == 0 { order.append(root) }
        var head = 0
        while head < order.count {
            let index = order[head]
            head += 1
            store.forEachDependent(of: nodes[index]) { target in
                let targetIndex = Int(position[Int(target)])
                pending[targetIndex] -= 1
                if pending[targetIndex] == 0 { order.append(targetIndex) }
            }
        }
    }
}

/// The nodes demand-driven evaluation left out of date, marked by node index: asked, added and
/// taken out in constant time, without hashing (an edit may mark most of the graph).
struct StaleNodes {
    private var marks: [Bool] = []
    /// How many nodes are marked.
    private(set) var count = 0

    /// Whether no node is marked.
    @inline(__always) var isEmpty: Bool { count == 0 }

    /// Whether `node` is marked.
    @inline(__always) func contains(_ node: Int32) -> Bool { Int(node) < marks.count && marks[Int(node)] }

    /// Marks `node`.
    mutating func insert(_ node: Int32) {
        let index = Int(node)
        if index >= marks.count {
            marks.append(contentsOf: repeatElement(false, count: index + 1 - marks.count))
        }
        if !marks[index] {
            marks[index] = true
            count += 1
        }
    }

    /// Takes the mark off `node`.
    mutating func remove(_ node: Int32) {
        guard contains(node) else { return }
        marks[Int(node)] = false
        count -= 1
    }

    /// Takes every mark off.
    mutating func removeAll() {
        guard count > 0 else { return }
        marks.removeAll(keepingCapacity: true)
        count = 0
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
