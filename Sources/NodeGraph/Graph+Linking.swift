extension Graph {
    mutating func performLink(
        from upstreamID: NodeID, to downstreamID: NodeID, slot: Int, roots: inout [Int32]
    )
        throws(GraphError) -> Edit
    {
        let upstream = try index(of: upstreamID)
        let downstream = try index(of: downstreamID)
        let (inverse, changed) = try performLink(
            from: upstream, to: downstream, slot: slot, downstreamID: downstreamID)
        if changed { roots.append(downstream) }
        return inverse
    }

    /// ``performLink(from:to:slot:roots:)`` between two live nodes: checks the slot, the types
    /// and the order, then links. Returns the inverse and whether anything changed (the slot
    /// was fed by another node or none).
    mutating func performLink(from upstream: Int32, to downstream: Int32, slot: Int, downstreamID: NodeID)
        throws(GraphError) -> (inverse: Edit, changed: Bool)
    {
        let slotIndex = try slotIndex(slot, of: downstream)
        try checkTypes(from: upstream, to: downstream, slot: slot)
        let previous = store.slots.source[slotIndex]
        if previous == upstream { return (.batch([]), false) }
        try orderForLink(from: upstream, to: downstream)
        store.detach(slotIndex)
        store.attach(slotIndex, to: upstream)
        if previous >= 0 {
            return (.link(from: store.ids[Int(previous)], to: downstreamID, slot: slot), true)
        }
        return (.unlink(to: downstreamID, slot: slot), true)
    }

    mutating func performUnlink(to downstreamID: NodeID, slot: Int, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let downstream = try index(of: downstreamID)
        let slotIndex = try slotIndex(slot, of: downstream)
        let previous = store.slots.source[slotIndex]
        guard previous >= 0 else { throw .slotNotLinked(node: downstreamID, slot: slot) }
        store.detach(slotIndex)
        roots.append(downstream)
        return .link(from: store.ids[Int(previous)], to: downstreamID, slot: slot)
    }

    mutating func performToggle(
        from upstreamID: NodeID, to downstreamID: NodeID, slot: Int, roots: inout [Int32]
    )
        throws(GraphError) -> Edit
    {
        let upstream = try index(of: upstreamID)
        let downstream = try index(of: downstreamID)
        let slotIndex = try slotIndex(slot, of: downstream)
        if store.slots.source[slotIndex] == upstream {
            return try performUnlink(to: downstreamID, slot: slot, roots: &roots)
        }
        return try performLink(from: upstreamID, to: downstreamID, slot: slot, roots: &roots)
    }

    /// Throws when the slot does not accept what `upstream` produces.
    func checkTypes(from upstream: Int32, to downstream: Int32, slot: Int) throws(GraphError) {
        // A number into a kind that takes numbers only: no kind entry to read (nor retain).
        let numbersOnly = store.kindColumns.numbersOnly
        if numbersOnly[Int(store.nodes.kind[upstream])] & numbersOnly[Int(store.nodes.kind[downstream])] == 1
        {
            return
        }
        let produces = store.entry(of: upstream).outputType
        let spec = store.entry(of: downstream).slots[slot]
        guard produces == spec.type else {
            throw .slotTypeMismatch(
                from: store.ids[Int(upstream)], produces: produces, to: store.ids[Int(downstream)],
                slot: slot,
                label: spec.label, accepts: spec.type)
        }
    }

    /// Whether `upstream` may feed a slot of `downstream`, and why not.
    ///
    /// Answers without changing the graph; the link itself may still be applied with
    /// ``link(from:to:slot:)-(NodeID,NodeID,Int)``.
    /// - Parameters:
    ///   - upstream: The node whose output would feed the slot.
    ///   - downstream: The node that owns the slot.
    ///   - slot: The slot's index.
    /// - Returns: `nil` when the link is allowed, or the error linking would throw.
    /// - Complexity: O(1) when `upstream` precedes `downstream` in the maintained order;
    ///   otherwise what a two-way search from the link's ends touches before the searches meet
    ///   or one runs out (at most the region between the two ends).
    public func linkRefusal(from upstream: NodeID, to downstream: NodeID, slot: Int) -> GraphError? {
        guard let from = store.index(of: upstream) else { return .unknownNode(upstream) }
        guard let to = store.index(of: downstream) else { return .unknownNode(downstream) }
        return linkRefusal(from: from, to: to, slot: slot)
    }

    /// ``linkRefusal(from:to:slot:)-(NodeID,NodeID,Int)`` for two live nodes.
    func linkRefusal(from: Int32, to: Int32, slot: Int) -> GraphError? {
        // The usual case in a few loads: an existing slot, numbers both sides, and a link that
        // agrees with the maintained order (so it cannot close a loop).
        let toKind = Int(store.nodes.kind[to])
        if slot >= 0 && slot < Int(store.kindColumns.slotCount[toKind])
            && store.kindColumns.numbersOnly[toKind]
                & store.kindColumns.numbersOnly[Int(store.nodes.kind[from])] == 1
            && (store.positions.map { $0[from] < $0[to] } ?? (from < to))
        {
            return nil
        }
        do throws(GraphError) {
            _ = try slotIndex(slot, of: to)
            try checkTypes(from: from, to: to, slot: slot)
            if let path = cyclePath(from: from, to: to) { throw .wouldCreateCycle(path: path) }
            return nil
        } catch {
            return error
        }
    }

    /// The loop a link `upstream → downstream` would close, or `nil`: the two-way
    /// ``OrderSearch`` with its marks in a dictionary, so that asking writes nothing that copies
    /// of the graph share.
    func cyclePath(from upstream: Int32, to downstream: Int32) -> NodeList? {
        let ids = store.ids
        if upstream == downstream { return NodeList(indices: [upstream, upstream], in: ids) }
        let upper = store.position(of: upstream), lower = store.position(of: downstream)
        if upper < lower { return nil }
        func loop<Order: OrderBounds>(_ order: Order) -> NodeList? {
            var search = OrderSearch(
                store, from: upstream, to: downstream, marks: DictionaryMarks(), order: order)
            var lists = SearchLists()
            guard case .loop(let forwardEnd, let backwardStart) = search.run(in: &lists, completing: false)
            else { return nil }
            return search.loop(forwardEnd: forwardEnd, backwardStart: backwardStart, lists: lists) {
                NodeList(count: $0, in: ids, filling: $1)
            }
        }
        if let positions = store.positions {
            return loop(PositionBounds(positions: positions, upper: upper, lower: lower))
        }
        return loop(IndexOrderBounds(upstream: upstream, downstream: downstream))
    }

    /// For a source node, every slot of every other node: may it be linked, and why not.
    ///
    /// The canvas uses this to mark valid targets in link mode. Candidates come in no particular
    /// node order, each node's slots in order. A refused cycle's path is named when its
    /// ``LinkCandidate/refusal`` is read, so the call stays linear however long the paths are.
    /// - Parameter upstream: The node whose output would feed the slots.
    /// - Returns: One candidate per slot of every node (empty for an unknown node).
    /// - Complexity: O(*n* + *e*).
    public func linkCandidates(from upstream: NodeID) -> [LinkCandidate] {
        guard let from = store.index(of: upstream) else { return [] }
        let produces = store.entry(of: from).outputType
        // Every node that reaches `from` (its ancestors) would close a loop; remember the next
        // step towards `from` to name the path (`unvisited` for other nodes, -1 at `from`).
        let unvisited = Int32.min
        var towardsSource = [Int32](repeating: unvisited, count: Int(store.nodeEnd))
        towardsSource[Int(from)] = -1
        var stack = [from]
        while let current = stack.popLast() {
            let start = store.nodes.slotStart[current]
            for slot in start..<start + Int32(store.slotCount(of: current)) {
                let previous = store.slots.source[slot]
                if previous >= 0 && towardsSource[Int(previous)] == unvisited {
                    towardsSource[Int(previous)] = current
                    stack.append(previous)
                }
            }
        }
        let paths = CyclePaths(towardsSource: towardsSource, ids: store.ids)
        var candidates: [LinkCandidate] = []
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            let entry = store.entry(of: node)
            let id = store.ids[Int(node)]
            let closesLoop = towardsSource[Int(node)] != unvisited
            for (slot, spec) in entry.slots.enumerated() {
                var candidate = LinkCandidate(
                    node: id, slot: slot, label: spec.label, refusal: nil,
                    isLinked: store.slots.source[store.nodes.slotStart[node] + Int32(slot)] == from)
                if closesLoop {
                    candidate.cycle = CycleReference(paths: paths, node: node)
                } else if spec.type != produces {
                    candidate.refusal = .slotTypeMismatch(
                        from: upstream, produces: produces, to: id, slot: slot, label: spec.label,
                        accepts: spec.type)
                }
                candidates.append(candidate)
            }
        }
        return candidates
    }
}

/// The ancestors of a link source, each with its next step towards the source: shared by the
/// candidates of one ``Graph/linkCandidates(from:)`` call.
final class CyclePaths: Sendable {
    let towardsSource: [Int32]
    let ids: IDStorage

    init(towardsSource: [Int32], ids: IDStorage) {
        self.towardsSource = towardsSource
        self.ids = ids
    }

    /// `node → … → source → node`.
    func path(from node: Int32) -> NodeList {
        var path = [node]
        var step = node
        while case let next = towardsSource[Int(step)], next >= 0 {
            path.append(next)
            step = next
        }
        path.append(node)
        return NodeList(indices: path, in: ids)
    }
}

/// A candidate whose link would close a loop, and where to find the loop.
struct CycleReference: Sendable {
    let paths: CyclePaths
    let node: Int32
}

/// One slot as a target of a link from a given source node: allowed, or why not.
public struct LinkCandidate: Hashable, Sendable {
    /// The node that owns the slot.
    public var node: NodeID
    /// The slot's index.
    public var slot: Int
    /// The slot's label.
    public var label: String
    /// Whether the source already feeds this slot (toggling would remove the link).
    public var isLinked: Bool
    private var otherRefusal: GraphError?
    var cycle: CycleReference?

    /// Why the link would be refused; `nil` when it is allowed.
    /// - Complexity: O(*p*) for a cycle, the length of its path; O(1) otherwise.
    public var refusal: GraphError? {
        get {
            if let cycle { return .wouldCreateCycle(path: cycle.paths.path(from: cycle.node)) }
            return otherRefusal
        }
        set {
            otherRefusal = newValue
            cycle = nil
        }
    }

    /// Creates a candidate.
    /// - Parameters:
    ///   - node: The node that owns the slot.
    ///   - slot: The slot's index.
    ///   - label: The slot's label.
    ///   - refusal: Why the link would be refused, or `nil`.
    ///   - isLinked: Whether the source already feeds the slot.
    public init(node: NodeID, slot: Int, label: String, refusal: GraphError?, isLinked: Bool) {
        self.node = node
        self.slot = slot
        self.label = label
        self.otherRefusal = refusal
        self.isLinked = isLinked
    }

    /// Whether the link is allowed.
    public var isAllowed: Bool { otherRefusal == nil && cycle == nil }

    /// Candidates are equal when they name the same slot, refusal and link state.
    /// - Parameters:
    ///   - lhs: A candidate.
    ///   - rhs: Another candidate.
    /// - Returns: Whether they are equal.
    public static func == (lhs: LinkCandidate, rhs: LinkCandidate) -> Bool {
        guard lhs.node == rhs.node, lhs.slot == rhs.slot, lhs.label == rhs.label, lhs.isLinked == rhs.isLinked
        else { return false }
        if let left = lhs.cycle, let right = rhs.cycle, left.paths === right.paths {
            return left.node == right.node
        }
        return lhs.refusal == rhs.refusal
    }

    /// Hashes the slot, the link state and whether the link is allowed (not the refusal's
    /// details, so hashing never names a cycle's path).
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(slot)
        hasher.combine(label)
        hasher.combine(isLinked)
        hasher.combine(isAllowed)
    }
}
