import NodeGraph

/// The recent values of the plot nodes a canvas shows (view state: not saved, not journaled,
/// cleared on open). The canvas records a plot node's value each time it is recomputed, and
/// when the canvas opens; a plot draws the last of them (see ``PlotBodyRenderer``).
public final class PlotHistory: @unchecked Sendable {
    /// Each plot node's values, oldest first, at most as many as it shows.
    private var samples: [NodeID: [Double]] = [:]
    /// The graph's plot nodes, followed change by change: a change to a graph without plots
    /// costs nothing here, however many nodes it recomputed.
    private(set) var plotNodes: Set<NodeID> = []

    /// An empty history.
    public init() {}

    /// The values recorded for a node, oldest first (a value that is not a number is `nan`:
    /// a gap in the chart).
    /// - Parameter node: The node.
    /// - Returns: Its values; empty for a node never recorded.
    public func values(of node: NodeID) -> [Double] { samples[node] ?? [] }

    /// Forgets every value, e.g. when the graph is replaced.
    public func removeAll() {
        samples.removeAll()
        plotNodes.removeAll()
    }

    /// Records every plot node's current value, e.g. when the canvas opens.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n*).
    public func recordAll(in graph: Graph) {
        plotNodes = Set(graph.nodeIDs.lazy.filter { graph.kind(of: $0) is PlotKind })
        for id in plotNodes { record(id, in: graph) }
    }

    /// Records the value of every plot node a change recomputed.
    /// - Parameters:
    ///   - change: The change.
    ///   - graph: The graph after it.
    /// - Complexity: O(1) for a graph without plot nodes; else O(*r*) in the nodes recomputed.
    public func record(_ change: Change, in graph: Graph) {
        followPlotNodes(after: change.edit, in: graph)
        guard !plotNodes.isEmpty else { return }
        if change.recomputed.count <= 4 * plotNodes.count + 64 {
            for id in change.recomputed where plotNodes.contains(id) { record(id, in: graph) }
        } else {
            for id in plotNodes where change.recomputed.contains(id) { record(id, in: graph) }
        }
    }

    /// Keeps `plotNodes` up to date after an edit: the nodes it adds, removes or changes the kind
    /// of are looked at; an edit of groups (which makes and removes nodes of its own) has the
    /// graph looked at whole.
    private func followPlotNodes(after edit: Edit, in graph: Graph) {
        edit.forEachEditAtThisLevel { plain in
            let named: NodeID
            switch plain {
            case .addNode(let node): named = node.id
            case .removeNode(let id): named = id
            case .setKind(let id, _): named = id
            case .link, .unlink, .toggleLink, .setValue, .setFormula, .setBypass, .rename, .move, .inside,
                .addDefinition, .removeDefinition, .setInputOrder:
                return
            case .batch, .group, .ungroup:
                plotNodes = Set(graph.nodeIDs.lazy.filter { graph.kind(of: $0) is PlotKind })
                return
            }
            if graph.kind(of: named) is PlotKind {
                plotNodes.insert(named)
            } else {
                plotNodes.remove(named)
                samples[named] = nil
            }
        }
    }

    /// Records a node's value, when it is a plot node, dropping the oldest beyond what it shows.
    private func record(_ id: NodeID, in graph: Graph) {
        guard graph.kind(of: id) is PlotKind, let value = graph.value(of: id) else { return }
        let limit = PlotKind.samples(in: graph.parameter(of: id))
        var values = samples.removeValue(forKey: id) ?? []
        values.append(value.number ?? .nan)
        if values.count > limit { values.removeFirst(values.count - limit) }
        samples[id] = values
    }
}
