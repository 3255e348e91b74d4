import NodeGraph

/// WORKLOADS.md's `random` graph placed on the canvas: sources at i < 3 and every 50th node, every
/// other node an `add` of three distinct earlier nodes drawn with splitmix64 (seed 42), boxes on
/// a grid by index (150 a row, 22 cells apart, 9 rows apart). Links reach across the whole
/// canvas, far outside any view, and the values grow and change their number of digits with
/// every `+` on source 0, which about 98 % of the graph depends on.
struct RandomShape {
    let graph: Graph

    init(nodes: Int) {
        var graph = Graph()
        graph.reserveCapacity(nodes: nodes, slots: nodes * 3)
        var edits: [Edit] = []
        edits.reserveCapacity(nodes)
        for index in 0..<nodes {
            let id = RandomShape.id(index)
            let position = RandomShape.position(index)
            if index < 3 || index % 50 == 0 {
                edits.append(
                    .addNode(NodeDescription(id: id, kind: "number", position: position, value: .number(1))))
                continue
            }
            let u = UInt64(index)
            let a = splitmix(42, 3 * u) % u
            var b = splitmix(42, 3 * u + 1) % (u - 1)
            if b >= a { b += 1 }
            var c = splitmix(42, 3 * u + 2) % (u - 2)
            if c >= min(a, b) { c += 1 }
            if c >= max(a, b) { c += 1 }
            let inputs: [NodeID?] = [a, b, c].map { RandomShape.id(Int($0)) }
            edits.append(.addNode(NodeDescription(id: id, kind: "add", position: position, inputs: inputs)))
        }
        do throws(GraphError) {
            try graph.apply(.batch(edits))
        } catch {
            fatalError("\(error)")
        }
        self.graph = graph
    }

    static func id(_ index: Int) -> NodeID { NodeID("n\(index)") }

    static func position(_ index: Int) -> Position {
        Position(x: 2 + index % 150 * 22, y: 1 + index / 150 * 9)
    }

    /// The update source: node 0, with about 98 % of the graph downstream.
    var source: NodeID { RandomShape.id(0) }

    /// Where a person editing the source looks: the view's origin, and the cursor on the node.
    var viewAtSource: (origin: Position, cursor: Position) {
        let node = RandomShape.position(0)
        return (Position(x: 0, y: 0), Position(x: node.x + 2, y: node.y + 1))
    }
}

/// splitmix64(seed, i) exactly as ../shared/bench/WORKLOADS.md defines it.
func splitmix(_ seed: UInt64, _ i: UInt64) -> UInt64 {
    var z = seed &+ (i &+ 1) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
