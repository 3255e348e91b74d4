import NodeGraph

/// Lays a graph out in layers by dependency: sources in the first column, every other node one
/// column right of its deepest input.
public enum AutoArrange {
    /// The position of every node, arranged in layers.
    ///
    /// A node's layer is the length of the longest path from a source to it. Within a layer,
    /// nodes are ordered by the average row of their inputs (so links cross less), then by their
    /// previous row; layers are as wide as their widest node plus `spacing.layerGap`.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - spacing: Gaps and insets.
    ///   - size: The size of a node's widget.
    /// - Returns: A position for every node.
    /// - Complexity: O(*n* log *n* + *e*).
    package static func positions(
        for graph: Graph, spacing: SpacingFamily = .standard, size: (NodeID) -> Size
    ) -> [NodeID: Position] {
        let order = graph.dependencyOrder()
        var layer: [NodeID: Int] = [:]
        var layers: [[NodeID]] = []
        for id in order {
            let depth = graph.inputs(of: id).compactMap { $0.flatMap { layer[$0] } }.max().map { $0 + 1 } ?? 0
            layer[id] = depth
            while layers.count <= depth { layers.append([]) }
            layers[depth].append(id)
        }
        var result: [NodeID: Position] = [:]
        var rowCenter: [NodeID: Double] = [:]
        var x = spacing.leftInset
        for members in layers {
            let keyed = members.map { id -> (id: NodeID, key: Double, previous: Int) in
                let centers = graph.inputs(of: id).compactMap { $0.flatMap { rowCenter[$0] } }
                let key = centers.isEmpty ? -1 : centers.reduce(0, +) / Double(centers.count)
                return (id, key, graph.position(of: id)?.y ?? 0)
            }.sorted { ($0.key, $0.previous, $0.id) < ($1.key, $1.previous, $1.id) }
            var y = spacing.topInset
            var widest = 0
            for (id, _, _) in keyed {
                let nodeSize = size(id)
                result[id] = Position(x: x, y: y)
                rowCenter[id] = Double(y) + Double(nodeSize.height) / 2
                y += nodeSize.height + spacing.nodeGap
                widest = max(widest, nodeSize.width)
            }
            x += widest + spacing.layerGap
        }
        return result
    }
}
