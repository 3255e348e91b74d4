/// A graph of typed nodes that stays acyclic and recomputes exactly what an edit affects.
///
/// `Graph` is a value: copies are independent (storage is shared until one of them changes).
/// Every change goes through ``apply(_:)`` or one of its shorthands
/// (``link(from:to:slot:)-(NodeID,NodeID,Int)``, ``setValue(_:of:)-(Value,NodeID)``…), which
/// validates the edit, refuses it with a ``GraphError`` that changes nothing, or applies it and
/// returns a ``Change``: the nodes recomputed, in order, and the inverse edit.
///
/// ```swift
/// var graph = Graph()
/// try graph.addNode("a", kind: "number", value: .number(2))
/// try graph.addNode("sum", kind: "add")
/// try graph.link(from: "a", to: "sum", slot: 0)
/// let change = try graph.setValue(.number(5), of: "a")
/// change.recomputed   // ["a", "sum"]
/// graph.value(of: "sum")  // .number(5)
/// ```
public struct Graph: @unchecked Sendable {
    var store: NodeStore
    /// The definitions (groups), at the top level, and this level's instances of them.
    var groups = GroupState()
    /// The nodes tools observe (``observe(_:)``), shared by the graph's copies.
    let observations = Observations()
    /// The most threads evaluation may use at once: independent nodes whose kinds evaluate on
    /// any thread (``NodeKind/evaluatesOnAnyThread``) are evaluated in parallel on up to this many
    /// when they cost enough (``parallelThreshold``). 1 is sequential. Values, errors, each
    /// node's being recomputed once and every ``Change`` are the same whatever it is. The
    /// number of processors by default (``processorCount``); not part of the graph's contents
    /// (it is not compared, saved or journaled).
    public var parallelism: Int = Graph.processorCount {
        didSet { parallelism = Swift.max(1, parallelism) }
    }

    /// Creates an empty graph whose nodes may be of the kinds in `registry`.
    /// - Parameter registry: The kinds this graph accepts; the calculator's by default.
    public init(registry: KindRegistry = .standard) {
        store = NodeStore(registry: registry)
    }

    /// The kinds this graph accepts.
    public var registry: KindRegistry { store.registry }

    /// Makes the storage unique before a mutation (copy-on-write).
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&store) { store = NodeStore(copying: store) }
    }

    /// Reserves room for a number of nodes and input slots, so building a large graph does not
    /// reallocate.
    /// - Parameters:
    ///   - nodes: The number of nodes the graph will hold.
    ///   - slots: The total number of input slots of those nodes.
    /// - Complexity: O(*n*) where *n* is the current node count.
    public mutating func reserveCapacity(nodes: Int, slots: Int) {
        makeUnique()
        store.reserveNodes(nodes)
        store.reserveSlots(slots)
    }

    // MARK: Reading

    /// The number of nodes.
    public var count: Int { store.liveCount }

    /// Whether the graph has no nodes.
    public var isEmpty: Bool { store.liveCount == 0 }

    /// Whether a node with this identifier exists.
    /// - Parameter id: The node's identifier.
    public func contains(_ id: NodeID) -> Bool { store.index(of: id) != nil }

    /// The node's current value; `nil` if there is no such node.
    /// - Parameter id: The node's identifier.
    /// - Returns: The value.
    public func value(of id: NodeID) -> Value? {
        guard let node = store.index(of: id) else { return nil }
        return store.value(of: node)
    }

    /// The node's kind; `nil` if there is no such node.
    /// - Parameter id: The node's identifier.
    /// - Returns: The kind.
    public func kind(of id: NodeID) -> (any NodeKind)? {
        guard let node = store.index(of: id) else { return nil }
        return store.entry(of: node).kind
    }

    /// The node's display name (its kind's title unless renamed); `nil` if there is no such node.
    /// - Parameter id: The node's identifier.
    /// - Returns: The name.
    public func name(of id: NodeID) -> String? {
        guard let node = store.index(of: id) else { return nil }
        return name(at: node)
    }

    func name(at node: Int32) -> String { store.names[node] ?? store.entry(of: node).title }

    /// The node's position; `nil` if there is no such node.
    /// - Parameter id: The node's identifier.
    /// - Returns: The position in cells.
    public func position(of id: NodeID) -> Position? {
        guard let node = store.index(of: id) else { return nil }
        return Position(x: Int(store.nodes.x[node]), y: Int(store.nodes.y[node]))
    }

    /// The value a source node holds; `nil` for other kinds or unknown nodes.
    /// - Parameter id: The node's identifier.
    /// - Returns: The held value.
    public func parameter(of id: NodeID) -> Value? {
        guard let node = store.index(of: id) else { return nil }
        return store.parameter(of: node)
    }

    /// The node feeding each slot of a node, or `nil` for unconnected slots.
    /// - Parameter id: The node's identifier.
    /// - Returns: One entry per slot; empty for unknown nodes.
    /// - Complexity: O(*s*), the node's slot count.
    public func inputs(of id: NodeID) -> [NodeID?] {
        guard let node = store.index(of: id) else { return [] }
        return inputs(at: node)
    }

    func inputs(at node: Int32) -> [NodeID?] {
        let start = store.nodes.slotStart[node]
        return (0..<store.slotCount(of: node)).map { offset in
            let upstream = store.slots.source[start + Int32(offset)]
            return upstream >= 0 ? store.ids[Int(upstream)] : nil
        }
    }

    /// The slots a node feeds, as (downstream node, slot) pairs, oldest link first.
    /// - Parameter id: The node's identifier.
    /// - Returns: The dependents; empty for unknown nodes.
    /// - Complexity: O(*d*), the number of links out of the node.
    public func dependents(of id: NodeID) -> [(node: NodeID, slot: Int)] {
        guard let node = store.index(of: id) else { return [] }
        return store.dependents(of: node).map { (store.ids[Int($0.node)], $0.slot) }
    }

    /// Everything about one node, as a description that ``Edit/addNode(_:)`` would accept.
    /// - Parameter id: The node's identifier.
    /// - Returns: The description, or `nil` if there is no such node.
    public func node(_ id: NodeID) -> NodeDescription? {
        guard let node = store.index(of: id) else { return nil }
        return description(at: node)
    }

    func description(at node: Int32) -> NodeDescription {
        NodeDescription(
            id: store.ids[Int(node)], kind: store.entry(of: node).name, name: name(at: node),
            position: Position(x: Int(store.nodes.x[node]), y: Int(store.nodes.y[node])),
            value: store.parameter(of: node), inputs: inputs(at: node), bypassed: store.isBypassed(node))
    }

    /// Every node identifier, in no particular order.
    /// - Complexity: O(*n*).
    public var nodeIDs: [NodeID] {
        var result: [NodeID] = []
        result.reserveCapacity(store.liveCount)
        for node in 0..<store.nodeEnd where store.nodes.kind[node] != NodeStore.freeKind {
            result.append(store.ids[Int(node)])
        }
        return result
    }

    /// The nodes as descriptions, in ``dependencyOrder()``.
    /// - Complexity: O(*n* log *n*).
    public var nodes: [NodeDescription] {
        canonicalOrder().map { description(at: $0) }
    }
}
