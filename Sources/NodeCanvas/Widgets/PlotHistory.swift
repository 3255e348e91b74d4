import NodeGraph

/// The recent values of the plot nodes a canvas shows (view state: not saved, not journaled,
/// cleared on open). The canvas records a plot node's value each time it is recomputed, and
/// when the canvas opens; a plot draws the last of them (see ``PlotBodyRenderer``).
public final class PlotHistory: @unchecked Sendable {
    /// Each plot node's values, oldest first, at most as many as it shows.
    private var samples: [NodeID: [Double]] = [:]

    /// An empty history.
    public init() {}

    /// The values recorded for a node, oldest first (a value that is not a number is `nan`:
    /// a gap in the chart).
    /// - Parameter node: The node.
    /// - Returns: Its values; empty for a node never recorded.
    public func values(of node: NodeID) -> [Double] { samples[node] ?? [] }

    /// Forgets every value, e.g. when the graph is replaced.
    public func removeAll() { samples.removeAll() }

    /// Records every plot node's current value, e.g. when the canvas opens.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n*).
    public func recordAll(in graph: Graph) {
        for id in graph.nodeIDs { record(id, in: graph) }
    }

    /// Records the value of every plot node a change recomputed.
    /// - Parameters:
    ///   - change: The change.
    ///   - graph: The graph after it.
    /// - Complexity: O(*r*), the nodes recomputed.
    public func record(_ change: Change, in graph: Graph) {
        for id in change.recomputed { record(id, in: graph) }
        // A plot node removed by the change: its values go with it.
        for edit in change.edit.plainEdits {
            if case .removeNode(let id) = edit, graph.node(id) == nil { samples[id] = nil }
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
