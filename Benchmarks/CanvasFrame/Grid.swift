import NodeGraph

/// The graph the canvas figures draw: a grid of nodes, ones in the first column, then
/// subtractions fed by two nodes of the column before (the node beside and the one below).
/// Values grow (binomially) from column to column, so boxes widen until neighbouring columns
/// nearly touch and most links take detours: a frame here is mostly routing.
///
/// The first column's bottom node feeds a cone that widens by one row a column: in a square grid
/// it holds half of the graph, so setting it recomputes half the nodes.
struct Grid {
    let columns: Int
    let rows: Int
    let graph: Graph

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        var graph = Graph()
        graph.reserveCapacity(nodes: columns * rows, slots: columns * rows * 3)
        var edits: [Edit] = []
        edits.reserveCapacity(columns * rows)
        for column in 0..<columns {
            for row in 0..<rows {
                let id = Grid.id(column: column, row: row)
                let position = Grid.position(column: column, row: row)
                if column == 0 {
                    edits.append(
                        .addNode(
                            NodeDescription(id: id, kind: "number", position: position, value: .number(1))))
                } else {
                    let inputs: [NodeID?] = [
                        Grid.id(column: column - 1, row: row),
                        row + 1 < rows ? Grid.id(column: column - 1, row: row + 1) : nil,
                    ]
                    edits.append(
                        .addNode(
                            NodeDescription(id: id, kind: "subtract", position: position, inputs: inputs)))
                }
            }
        }
        do throws(GraphError) {
            try graph.apply(.batch(edits))
        } catch {
            fatalError("\(error)")
        }
        self.graph = graph
    }

    /// A square grid of about `nodes` nodes.
    init(nodes: Int) {
        let side = Int(Double(nodes).squareRoot().rounded())
        self.init(columns: side, rows: side)
    }

    static func id(column: Int, row: Int) -> NodeID { NodeID("n\(column)_\(row)") }

    static func position(column: Int, row: Int) -> Position {
        Position(x: 2 + column * 26, y: 1 + row * 7)
    }

    /// The source with half of a square grid downstream: the first column's bottom node.
    var halfSource: NodeID { Grid.id(column: 0, row: rows - 1) }

    /// Where a person editing `halfSource` looks: the view's origin, and the cursor on the node.
    var viewAtHalfSource: (origin: Position, cursor: Position) {
        let node = Grid.position(column: 0, row: rows - 1)
        return (Position(x: 0, y: max(0, node.y - 40)), Position(x: node.x + 2, y: node.y + 1))
    }
}
