import NodeGraph

/// The widget model of every node, each rebuilt only when a change touches its node.
///
/// A change touches the nodes its edit and inverse name (both ends of a link, a new or removed
/// node…) and, for a rename, the nodes that show the renamed node's name: its direct dependents
/// (their input rows) and the nodes its error blocks. Those models are rebuilt; a node that only
/// moved keeps its model with the new position. The nodes a change *recomputed* are rebuilt too
/// when there are at most `eagerRecomputeLimit` of them; after a larger change they are left
/// as they were, and `refreshValues(of:in:)` brings one up to date when it is needed (the
/// ``CanvasScene`` does so for what a frame shows), so an edit that recomputes half of a large
/// graph costs what the screen shows. A model's identity, kind, name, position and links are
/// always current: only values can be behind.
package struct WidgetModelCache: Sendable {
    /// The most nodes a change may recompute (beyond those it names) for their models to be
    /// rebuilt with it; after a larger change they are brought up to date when needed.
    static var eagerRecomputeLimit: Int { 64 }

    /// The models, by node.
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

    /// Creates a cache holding the model of every node of a graph.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n* + *e*).
    package init(graph: Graph) {
        rebuildAll(from: graph)
    }

    /// Rebuilds every model, e.g. after the document's graph was replaced.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n* + *e*).
    mutating func rebuildAll(from graph: Graph) {
        models.removeAll(keepingCapacity: true)
        for id in graph.nodeIDs { rebuild(id, in: graph) }
    }

    /// The model of a node.
    /// - Parameter id: The node.
    package subscript(id: NodeID) -> NodeWidgetModel? { models[id] }

    /// Where a node's model places it, read without copying the model.
    /// - Parameter id: The node.
    func position(of id: NodeID) -> Position? { models[id]?.position }

    /// Rebuilds the models a change touched and forgets those of removed nodes; rebuilds the
    /// nodes it recomputed when they are few, else leaves them to `refreshValues(of:in:)`.
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
            for change in changes { update.rebuilt.formUnion(change.recomputed) }
        }
        if !update.rebuilt.isEmpty { update.moved.subtract(update.rebuilt) }
        for id in update.rebuilt { rebuild(id, in: graph) }
        update.movedTo.reserveCapacity(update.moved.count)
        for id in update.moved {
            // The model changes in place, through its index: the dictionary's subscript would
            // copy it out and back.
            guard let index = models.index(forKey: id), let position = graph.position(of: id) else {
                continue
            }
            models.values[index].position = position
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
