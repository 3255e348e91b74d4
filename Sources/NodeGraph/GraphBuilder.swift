/// Builds a graph from many nodes at once. Nodes are numbered 0, 1, 2… in the order they are
/// added; a node names its inputs by those numbers, so each input is a node added before it. The
/// graph is evaluated once, at the end.
///
/// Adding nodes one at a time with ``Graph/addNode(_:kind:name:at:value:inputs:)`` looks up every
/// input by its id, recomputes the new node and returns a ``Change`` with its inverse. A builder
/// does none of the three, so constructing a large graph is several times faster. A script that
/// already numbers its nodes can pass its own numbers as inputs.
///
/// ```swift
/// var builder = GraphBuilder()
/// let a = try builder.add("a", kind: "number", value: .number(2))   // 0
/// let b = try builder.add("b", kind: "number", value: .number(3))   // 1
/// try builder.add("sum", kind: "add", inputs: [a, b])
/// let graph = builder.finish()
/// graph.value(of: "sum")  // .number(5)
/// ```
///
/// Every add is checked as ``Graph/addNode(_:kind:name:at:value:inputs:)`` checks it: the id, the
/// kind, the name, the position, the value, the number of inputs and the type each slot accepts.
/// An input must be the number of a node already in the builder. A refused add throws a
/// ``GraphError`` and changes nothing. Because every input was added earlier, a builder cannot make
/// a cycle. Adds are not edits: they have no inverse and are not journaled.
public struct GraphBuilder: Sendable {
    var graph: Graph
    /// The output type shared by every kind in the graph's kind table, if there is only one.
    /// A slot that accepts it needs no look at the node feeding it.
    private(set) var onlyOutputType: ValueType?
    /// The kind-table size `onlyOutputType` was computed for.
    private var kindsSeen = 0
    /// The nodes below this index hold the values ``finish()``'s evaluation would give them: the
    /// column entry evaluates the adds and number sources it stores in place while every node
    /// before them does (a node stored any other way stops it there).
    var evaluatedEnd: Int32 = 0

    /// Starts an empty graph.
    /// - Parameter registry: The kinds the graph accepts; the calculator's by default.
    public init(registry: KindRegistry = .standard) {
        self.init(graph: Graph(registry: registry))
    }

    private init(graph: Graph) { self.graph = graph }

    /// Starts from an existing graph, whose nodes are numbered 0..<`graph.count`; ``number(of:)``
    /// finds a node's number.
    /// - Parameter graph: The graph to add to (your copy is unchanged).
    /// - Complexity: O(*n* + *e*) when `graph` had nodes removed (its storage is compacted so that
    ///   numbers are storage indices); O(1) otherwise.
    public init(extending graph: Graph) {
        if graph.store.liveCount == Int(graph.store.nodeEnd) {
            self.init(graph: graph)
            return
        }
        self.init(registry: graph.registry)
        let order = graph.topologicalOrder()
        reserveCapacity(nodes: order.count, slots: Int(graph.store.slotEnd))
        var number: [NodeID: Int] = [:]
        number.reserveCapacity(order.count)
        for id in order {
            let node = graph.node(id)!
            do {
                number[id] = try add(
                    id, kind: node.kind, name: node.name, at: node.position, value: node.value,
                    inputs: node.inputs.map { $0.map { number[$0]! } })
            } catch {
                preconditionFailure("a node of a valid graph was refused: \(error)")
            }
        }
    }

    /// The number of nodes, including those of the graph the builder started from. The next
    /// node added gets this number.
    public var count: Int { graph.count }

    /// Reserves room for a number of nodes and input slots (see ``Graph/reserveCapacity(nodes:slots:)``).
    /// - Parameters:
    ///   - nodes: The number of nodes the graph will hold.
    ///   - slots: The total number of input slots of those nodes.
    public mutating func reserveCapacity(nodes: Int, slots: Int) {
        graph.reserveCapacity(nodes: nodes, slots: slots)
    }

    /// The number of a node in the builder.
    /// - Parameter id: The node's identifier.
    /// - Returns: Its number, or `nil` when there is no such node.
    public func number(of id: NodeID) -> Int? {
        graph.store.index(of: id).map(Int.init)
    }

    /// The identifier of a node in the builder.
    /// - Parameter number: A number in `0..<count`.
    public func id(of number: Int) -> NodeID {
        precondition(number >= 0 && number < count, "no node \(number) in a builder of \(count)")
        return graph.store.ids[number]
    }

    /// Adds a node. Its value is computed by ``finish()``.
    /// - Parameters:
    ///   - id: The new node's identifier.
    ///   - kind: The name of its kind.
    ///   - name: Its display name; the kind's title when `nil`.
    ///   - position: Its position on the canvas.
    ///   - value: The value a source node holds; the kind's default when `nil`.
    ///   - inputs: The number of the node feeding each slot from the first, or `nil`.
    /// - Returns: The new node's number (the `count` before the add).
    /// - Throws: ``GraphError`` for a duplicate or invalid id, an unknown kind, a bad name,
    ///   position or value, more inputs than slots, an input that is not a node in the builder
    ///   (``GraphError/unknownInput(node:slot:input:count:)``), or one whose type the slot does not
    ///   accept. A refused add changes nothing.
    /// - Complexity: O(*m* + *s*): the id's length and the kind's slot count. No lookups by id.
    @discardableResult
    public mutating func add(
        _ id: NodeID, kind: String, name: String? = nil, at position: Position = .zero, value: Value? = nil,
        inputs: [Int?] = []
    ) throws(GraphError) -> Int {
        graph.makeUnique()
        let new = try graph.checkNewNode(
            id, kind: kind, name: name, position: position, value: value, inputCount: inputs.count)
        refreshOnlyOutputType()
        let store = graph.store
        let end = Int(store.nodeEnd)
        let onlyOutputType = self.onlyOutputType, entry = new.entry
        let upstreams = try store.resolveInputs(inputs) { slot, input throws(GraphError) in
            guard input >= 0 && input < end else {
                throw .unknownInput(node: id, slot: slot, input: input, count: end)
            }
            let upstream = Int32(input)
            if onlyOutputType != entry.slots[slot].type {
                try store.checkNewInput(upstream, to: id, slot: slot, of: entry)
            }
            return upstream
        }
        return Int(graph.insertNode(id, new, at: position, upstreams: upstreams))
    }

    /// Updates ``onlyOutputType`` after kinds were registered.
    mutating func refreshOnlyOutputType() {
        let store = graph.store
        guard store.kinds.count != kindsSeen else { return }
        kindsSeen = store.kinds.count
        let types = Set(store.kinds.map(\.outputType))
        onlyOutputType = types.count == 1 ? types.first : nil
    }

    /// The graph, every node evaluated.
    /// - Complexity: O(*n* + *e*), one evaluation of the whole graph; O(1) when every node was
    ///   added by ``add(ids:kinds:kindOfNode:inputs:slotsPerNode:values:names:positions:)`` as a
    ///   number source or an add with finite values, which that call evaluates as it stores them.
    public consuming func finish() -> Graph {
        if evaluatedEnd != graph.store.nodeEnd { graph.evaluateAll() }
        return graph
    }
}
