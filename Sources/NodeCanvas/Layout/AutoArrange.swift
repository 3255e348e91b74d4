import NodeGraph

/// Lays a graph out in layers by dependency: sources in the first column, every other node one
/// column right of its deepest input.
public enum AutoArrange {
    /// A node's place in an arrangement.
    package struct Placement: Equatable {
        /// The node.
        package var id: NodeID
        /// Where it was.
        package var previous: Position
        /// Where the arrangement puts it.
        package var position: Position
    }

    /// Where every node goes, arranged in layers.
    ///
    /// A node's layer is the length of the longest path from a source to it. Within a layer,
    /// nodes are ordered by the average row of their inputs (so links cross less), then by their
    /// previous row, then by identifier; layers are as wide as their widest node plus
    /// `spacing.layerGap`.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - spacing: Gaps and insets.
    ///   - size: The size of a node's widget.
    /// - Returns: Every node with where it was and where it goes, layer by layer from the left,
    ///   top to bottom within a layer.
    /// - Complexity: O(*n* log *n* + *e*).
    package static func placements(
        for graph: Graph, spacing: SpacingFamily = .standard, size: (NodeID) -> Size
    ) -> [Placement] {
        // The nodes come numbered, each after its inputs, with their inputs listed by number:
        // layering and ordering index arrays instead of hashing identifiers.
        let nodes = graph.nodesInOrder()
        var layer = [Int](repeating: 0, count: nodes.count)
        var layers: [[Int]] = []
        for index in 0..<nodes.count {
            var depth = 0
            for input in nodes.inputs(of: index) { depth = max(depth, layer[input] + 1) }
            layer[index] = depth
            while layers.count <= depth { layers.append([]) }
            layers[depth].append(index)
        }
        var result: [Placement] = []
        result.reserveCapacity(nodes.count)
        var rowCenter = [Double](repeating: 0, count: nodes.count)
        var x = spacing.leftInset
        for members in layers {
            let keyed = members.map { index -> (index: Int, key: Double, previous: Int) in
                let inputs = nodes.inputs(of: index)
                let key = inputs.isEmpty ? -1 : inputs.reduce(0) { $0 + rowCenter[$1] } / Double(inputs.count)
                return (index, key, nodes.positions[index].y)
            }.sorted {
                ($0.key, $0.previous) != ($1.key, $1.previous)
                    ? ($0.key, $0.previous) < ($1.key, $1.previous)
                    : nodes.ids[$0.index] < nodes.ids[$1.index]
            }
            var y = spacing.topInset
            var widest = 0
            for (index, _, _) in keyed {
                let nodeSize = size(nodes.ids[index])
                result.append(
                    Placement(
                        id: nodes.ids[index], previous: nodes.positions[index], position: Position(x: x, y: y)
                    ))
                rowCenter[index] = Double(y) + Double(nodeSize.height) / 2
                y += nodeSize.height + spacing.nodeGap
                widest = max(widest, nodeSize.width)
            }
            x += widest + spacing.layerGap
        }
        return result
    }

    /// The position of every node, arranged in layers (see `placements(for:spacing:size:)`).
    /// - Parameters:
    ///   - graph: The graph.
    ///   - spacing: Gaps and insets.
    ///   - size: The size of a node's widget.
    /// - Returns: A position for every node.
    /// - Complexity: O(*n* log *n* + *e*).
    package static func positions(
        for graph: Graph, spacing: SpacingFamily = .standard, size: (NodeID) -> Size
    ) -> [NodeID: Position] {
        Dictionary(
            uniqueKeysWithValues: placements(for: graph, spacing: spacing, size: size).map {
                ($0.id, $0.position)
            })
    }
}
