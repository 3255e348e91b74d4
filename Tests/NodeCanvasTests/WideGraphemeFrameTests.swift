import NodeCanvas
import NodeGraph
import Testing

/// A frame copies cached widget images and link cells onto the screen, with fast paths for runs
/// of cells one column wide; wide graphemes must still stay whole wherever widgets overlap or the
/// view cuts them.
@Suite struct WideGraphemeFrameTests {
    /// Nodes with wide names, overlapping one another by odd numbers of columns.
    static func graph() throws -> Graph {
        var graph = Graph()
        let names = ["漢字の箱", "界山川", "👍🏽表示", "Mixed 界 text"]
        for (index, name) in names.enumerated() {
            try graph.addNode(
                NodeID("n\(index)"), kind: "number", name: name,
                at: Position(x: 3 + index * 9, y: 1 + index * 2),
                value: .number(Double(index)))
        }
        try graph.addNode(
            "sum", kind: "add", name: "合計", at: Position(x: 40, y: 3), inputs: ["n0", "n1", "n3"])
        return graph
    }

    /// Every wide cell has its continuation beside it, and every continuation its wide cell.
    func expectWellFormed(_ surface: Surface, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let cell = surface[x, y]
                if cell.isWide {
                    #expect(
                        x + 1 < surface.width && surface[x + 1, y].isContinuation,
                        "wide cell at (\(x), \(y))",
                        sourceLocation: sourceLocation)
                }
                if cell.isContinuation {
                    #expect(
                        x > 0 && surface[x - 1, y].isWide, "continuation at (\(x), \(y))",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func wideNamesStayWholeWhereWidgetsOverlapAndTheViewCutsThem() throws {
        let canvas = makeCanvas(try Self.graph(), width: 50, height: 14)
        var sawWideText = false
        for selected in [false, true] {
            if selected { canvas.send(.tab) }
            for shift in -3...12 {
                canvas.send(.viewPlaced(origin: Position(x: shift, y: 0), cursor: Position(x: shift, y: 0)))
                let frame = canvas.render()
                expectWellFormed(frame)
                sawWideText = sawWideText || frame.cells.contains { $0.isWide }
                // A canvas that has not drawn these widgets before draws the same frame.
                let fresh = makeCanvas(try Self.graph(), width: 50, height: 14)
                if selected { fresh.send(.tab) }
                fresh.send(.viewPlaced(origin: Position(x: shift, y: 0), cursor: Position(x: shift, y: 0)))
                #expect(fresh.render() == frame, "view at x = \(shift)")
            }
        }
        #expect(sawWideText)
    }
}
