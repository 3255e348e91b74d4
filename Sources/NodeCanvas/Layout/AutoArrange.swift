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
        // Nodes are numbered in dependency order and their inputs listed by number once, so
        // layering and ordering index arrays instead of hashing identifiers.
        let order = graph.dependencyOrder()
        var number: [NodeID: Int] = [:]
        number.reserveCapacity(order.count)
        for (index, id) in order.enumerated() { number[id] = index }
        var inputStart: [Int] = [0]
        var inputNumbers: [Int] = []
        inputStart.reserveCapacity(order.count + 1)
        inputNumbers.reserveCapacity(order.count * 2)
        for id in order {
            for case let upstream? in graph.inputs(of: id) {
                if let upstreamNumber = number[upstream] { inputNumbers.append(upstreamNumber) }
            }
            inputStart.append(inputNumbers.count)
        }
        var layer = [Int](repeating: 0, count: order.count)
        var layers: [[Int]] = []
        for index in order.indices {
            var depth = 0
            for input in inputNumbers[inputStart[index]..<inputStart[index + 1]] {
                depth = max(depth, layer[input] + 1)
            }
            layer[index] = depth
            while layers.count <= depth { layers.append([]) }
            layers[depth].append(index)
        }
        var result: [NodeID: Position] = [:]
        result.reserveCapacity(order.count)
        var rowCenter = [Double](repeating: 0, count: order.count)
        var x = spacing.leftInset
        for members in layers {
            let keyed = members.map { index -> (index: Int, key: Double, previous: Int) in
                let inputs = inputNumbers[inputStart[index]..<inputStart[index + 1]]
                let key = inputs.isEmpty ? -1 : inputs.reduce(0) { $0 + rowCenter[$1] } / Double(inputs.count)
                return (index, key, graph.position(of: order[index])?.y ?? 0)
            }.sorted {
                ($0.key, $0.previous) != ($1.key, $1.previous)
                    ? ($0.key, $0.previous) < ($1.key, $1.previous) : order[$0.index] < order[$1.index]
            }
            var y = spacing.topInset
            var widest = 0
            for (index, _, _) in keyed {
                let nodeSize = size(order[index])
                result[order[index]] = Position(x: x, y: y)
                rowCenter[index] = Double(y) + Double(nodeSize.height) / 2
                y += nodeSize.height + spacing.nodeGap
                widest = max(widest, nodeSize.width)
            }
            x += widest + spacing.layerGap
        }
        return result
    }
}
