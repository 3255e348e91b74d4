import NodeGraph

/// The widget model of every node, each rebuilt only when a change touches its node.
///
/// A change touches the nodes it recomputed and the nodes its edit and inverse name (a move,
/// a rename, both ends of a link). A rename also touches the nodes that show the renamed node's
/// name: its direct dependents (their input rows) and the nodes its error blocks.
public struct WidgetModelCache: Sendable {
    /// The models, by node.
    public private(set) var models: [NodeID: NodeWidgetModel] = [:]
    /// How many models were built so far (for tests and diagnostics).
    public private(set) var buildCount = 0

    /// Creates a cache holding the model of every node of a graph.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n* + *e*).
    public init(graph: Graph) {
        rebuildAll(from: graph)
    }

    /// Rebuilds every model, e.g. after the document's graph was replaced.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n* + *e*).
    public mutating func rebuildAll(from graph: Graph) {
        models.removeAll(keepingCapacity: true)
        for id in graph.nodeIDs {
            if let model = NodeWidgetModel(node: id, in: graph) {
                models[id] = model
                buildCount += 1
            }
        }
    }

    /// The model of a node.
    /// - Parameter id: The node.
    public subscript(id: NodeID) -> NodeWidgetModel? { models[id] }

    /// Rebuilds the models a change touched, and forgets those of removed nodes.
    /// - Parameters:
    ///   - change: The change, as the document reported it.
    ///   - graph: The graph after the change.
    /// - Returns: The nodes whose models were rebuilt or removed.
    /// - Complexity: O(*t*), the touched nodes and their slots.
    @discardableResult
    public mutating func update(after change: Change, in graph: Graph) -> Set<NodeID> {
        var touched = Self.touchedNodes(of: change)
        for id in Self.renamedNodes(in: change.edit) where graph.contains(id) {
            touched.formUnion(nodesShowingName(of: id, in: graph))
        }
        for id in touched {
            if let model = NodeWidgetModel(node: id, in: graph) {
                models[id] = model
                buildCount += 1
            } else {
                models[id] = nil
            }
        }
        return touched
    }

    /// The nodes a change recomputed or whose identifiers its edit or inverse names.
    /// - Parameter change: The change.
    /// - Returns: The touched nodes.
    public static func touchedNodes(of change: Change) -> Set<NodeID> {
        var touched = Set(change.recomputed)
        collectNodes(in: change.edit, into: &touched)
        collectNodes(in: change.inverse, into: &touched)
        return touched
    }

    private static func collectNodes(in edit: Edit, into nodes: inout Set<NodeID>) {
        switch edit {
        case .addNode(let description):
            nodes.insert(description.id)
            for case let upstream? in description.inputs { nodes.insert(upstream) }
        case .removeNode(let id): nodes.insert(id)
        case .link(let from, let to, _), .toggleLink(let from, let to, _):
            nodes.insert(from)
            nodes.insert(to)
        case .unlink(let to, _): nodes.insert(to)
        case .setValue(let id, _), .setKind(let id, _), .rename(let id, _), .move(let id, _): nodes.insert(id)
        case .batch(let edits): for edit in edits { collectNodes(in: edit, into: &nodes) }
        }
    }

    private static func renamedNodes(in edit: Edit) -> [NodeID] {
        switch edit {
        case .rename(let id, _): [id]
        case .batch(let edits): edits.flatMap(renamedNodes(in:))
        default: []
        }
    }

    /// The direct dependents of a node and every node whose error arose at it.
    private func nodesShowingName(of id: NodeID, in graph: Graph) -> Set<NodeID> {
        var result: Set<NodeID> = []
        var stack = [id]
        while let current = stack.popLast() {
            for (dependent, _) in graph.dependents(of: current) where !result.contains(dependent) {
                result.insert(dependent)
                if graph.value(of: dependent)?.error?.origin == id { stack.append(dependent) }
            }
        }
        return result
    }
}
