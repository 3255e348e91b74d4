import NodeGraph

/// The widget models of the nodes a frame or a question needed, each rebuilt only when a change
/// touches its node.
///
/// A model is built when first needed (``build(_:in:)``: the ``CanvasScene`` asks for the nodes
/// a frame shows and the nodes the commands act on), not for every node of the graph: a node
/// never shown costs no model. ``trim(keeping:)`` forgets the models of nodes that went out of
/// view once there are many.
///
/// A change touches the nodes its edit and inverse name (both ends of a link, a new or removed
/// node…) and, for a rename, the nodes that show the renamed node's name: its direct dependents
/// (their input rows) and the nodes its error blocks. Those models are rebuilt (built, for a
/// named node that had none: the scene measures it); a node that only moved keeps its model
/// with the new position. The nodes a change *recomputed* that have a model are rebuilt too
/// when there are at most `eagerRecomputeLimit` of them; after a larger change they are left
/// as they were, and `refreshValues(of:in:)` brings one up to date when it is needed (the
/// ``CanvasScene`` does so for what a frame shows), so an edit that recomputes half of a large
/// graph costs what the screen shows. A model's identity, kind, name, position and links are
/// always current: only values can be behind.
package struct WidgetModelCache: Sendable {
    /// The most nodes a change may recompute (beyond those it names) for their models to be
    /// rebuilt with it; after a larger change they are brought up to date when needed.
    static var eagerRecomputeLimit: Int { 64 }

    /// The models built so far, by node.
    package private(set) var models: [NodeID: NodeWidgetModel] = [:]
    /// How many models were built so far (for tests and diagnostics).
    package private(set) var buildCount = 0

    /// What one update did to the models.
    struct Update {
        /// The nodes whose models were rebuilt (or removed, for removed nodes).
        var rebuilt: Set<NodeID> = []
        /// The nodes that only moved: their models have the new position.
        var moved: Set<NodeID> = []
        /// The nodes that only moved and have a model, each once, with its new position.
        var movedTo: [(id: NodeID, position: Position)] = []
        /// Whether the changes recomputed more than `eagerRecomputeLimit` nodes, which were
        /// left as they were: any model may now be behind the graph's values.
        var leftValuesBehind = false
    }

    /// Creates a cache holding no model yet.
    package init() {}

    /// Creates a cache holding the model of every node of a graph.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n* + *e*).
    package init(graph: Graph) {
        for id in graph.nodeIDs { rebuild(id, in: graph) }
    }

    /// Forgets every model, e.g. after the document's graph was replaced.
    mutating func removeAll() {
        models.removeAll()
    }

    /// Forgets a node's model.
    /// - Parameter id: The node.
    mutating func forget(_ id: NodeID) {
        models[id] = nil
    }

    /// Forgets the model of every node but some.
    /// - Parameter kept: Whether to keep a node's model.
    /// - Complexity: O(*m*), the models kept so far.
    mutating func trim(keeping kept: (NodeID) -> Bool) {
        models = models.filter { kept($0.key) }
    }

    /// The number of models kept.
    package var count: Int { models.count }

    /// The model of a node, when one was built.
    /// - Parameter id: The node.
    package subscript(id: NodeID) -> NodeWidgetModel? { models[id] }

    /// Builds a node's model when it has none.
    /// - Parameters:
    ///   - id: The node.
    ///   - graph: The graph.
    /// - Returns: Whether a model was built (`false`: it had one, or the graph has no such node).
    /// - Complexity: O(*s*), the node's slot count.
    @discardableResult
    mutating func build(_ id: NodeID, in graph: Graph) -> Bool {
        guard models[id] == nil else { return false }
        rebuild(id, in: graph)
        return models[id] != nil
    }

    /// Rebuilds the models a change touched and forgets those of removed nodes; rebuilds the
    /// nodes it recomputed that have a model when they are few, else leaves them to
    /// `refreshValues(of:in:)`.
    /// - Parameters:
    ///   - change: The change, as the document reported it.
    ///   - graph: The graph after the change.
    /// - Returns: The nodes whose models were rebuilt, moved or removed.
    /// - Complexity: O(*t*), the touched nodes and their slots; O(1) for the recomputed nodes of
    ///   a large change.
    @discardableResult
    package mutating func update(after change: Change, in graph: Graph) -> Set<NodeID> {
        let update = apply(CollectionOfOne(change), in: graph)
        return update.rebuilt.union(update.moved)
    }

    /// Takes in changes made one after another, as one update.
    mutating func apply(_ changes: some Collection<Change>, in graph: Graph) -> Update {
        var update = Update()
        var recomputedCount = 0
        for change in changes {
            Self.collectNodes(in: change.edit, named: &update.rebuilt, moved: &update.moved)
            // Moves are undone by moves of the same nodes: only another edit's inverse may name
            // a node its edit does not (an arrange's 20,000 moves are not collected twice).
            if !Self.isMovesOnly(change.edit) {
                Self.collectNodes(in: change.inverse, named: &update.rebuilt, moved: &update.moved)
            }
            recomputedCount += change.recomputed.count
            for id in Self.renamedNodes(in: change.edit) where graph.contains(id) {
                update.rebuilt.formUnion(nodesShowingName(of: id, in: graph))
            }
        }
        if recomputedCount > Self.eagerRecomputeLimit {
            update.leftValuesBehind = true
        } else {
            // A node without a model shows nothing yet: its model is built when first needed.
            for change in changes {
                for id in change.recomputed where models[id] != nil { update.rebuilt.insert(id) }
            }
        }
        if !update.rebuilt.isEmpty { update.moved.subtract(update.rebuilt) }
        for id in update.rebuilt { rebuild(id, in: graph) }
        update.movedTo.reserveCapacity(update.moved.count)
        for id in update.moved {
            guard let position = graph.position(of: id) else { continue }
            // A model changes in place, through its index: the dictionary's subscript would copy
            // it out and back. A node without a model moves its box all the same.
            if let index = models.index(forKey: id) { models.values[index].position = position }
            update.movedTo.append((id, position))
        }
        return update
    }

    /// Brings a node's model up to date with the graph's values: the node's value and its
    /// inputs' are compared with the model's, and the model is rebuilt only when one differs.
    /// - Parameters:
    ///   - id: The node.
    ///   - graph: The graph.
    /// - Returns: Whether the model changed.
    /// - Complexity: O(*s*), the node's slot count.
    @discardableResult
    mutating func refreshValues(of id: NodeID, in graph: Graph) -> Bool {
        guard let model = models[id] else { return false }
        let isCurrent =
            graph.value(of: id) == model.value
            && model.inputs.allSatisfy { row in row.upstream.map { graph.value(of: $0) == row.value } ?? true
            }
        if isCurrent { return false }
        rebuild(id, in: graph)
        return models[id] != model
    }

    private mutating func rebuild(_ id: NodeID, in graph: Graph) {
        models[id] = NodeWidgetModel(node: id, in: graph)
        if models[id] != nil { buildCount += 1 }
    }

    /// The nodes a change recomputed or whose identifiers its edit or inverse names.
    /// - Parameter change: The change.
    /// - Returns: The touched nodes.
    static func touchedNodes(of change: Change) -> Set<NodeID> {
        var named: Set<NodeID> = []
        var moved: Set<NodeID> = []
        collectNodes(in: change.edit, named: &named, moved: &moved)
        collectNodes(in: change.inverse, named: &named, moved: &moved)
        return named.union(moved).union(change.recomputed)
    }

    /// Collects the nodes an edit names: moved nodes apart from the others (a node named by
    /// anything but a move ends up in `named` only, once the caller subtracts).
    private static func collectNodes(in edit: Edit, named: inout Set<NodeID>, moved: inout Set<NodeID>) {
        switch edit {
        case .addNode(let description):
            named.insert(description.id)
            for case let upstream? in description.inputs { named.insert(upstream) }
        case .removeNode(let id): named.insert(id)
        case .link(let from, let to, _), .toggleLink(let from, let to, _):
            named.insert(from)
            named.insert(to)
        case .unlink(let to, _): named.insert(to)
        case .setValue(let id, _), .setKind(let id, _), .setFormula(let id, _), .setBypass(let id, _),
            .rename(let id, _):
            named.insert(id)
        case .move(let id, _): moved.insert(id)
        case .batch(let edits): for edit in edits { collectNodes(in: edit, named: &named, moved: &moved) }
        case .group(let grouped, _, _, let id):
            named.formUnion(grouped)
            named.insert(id)
        case .ungroup(let id): named.insert(id)
        // Inside a definition, its instances change: the change recomputed them.
        case .inside, .addDefinition, .removeDefinition, .setInputOrder: break
        }
    }

    /// Whether an edit moves nodes and does nothing else.
    private static func isMovesOnly(_ edit: Edit) -> Bool {
        switch edit {
        case .move: true
        case .batch(let edits): edits.allSatisfy(isMovesOnly)
        default: false
        }
    }

    private static func renamedNodes(in edit: Edit) -> [NodeID] {
        var renamed: [NodeID] = []
        edit.forEachEditAtThisLevel { if case .rename(let id, _) = $0 { renamed.append(id) } }
        return renamed
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
