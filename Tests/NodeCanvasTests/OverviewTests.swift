import NodeCanvas
import NodeGraph
import Testing

/// The overview (DESIGN.md, "Plot, bypass, inspection, overview"): `f` shows the whole graph at
/// the most detailed level of detail that fits, else opens the minimap; `M` toggles the minimap,
/// a click in it moves the view, and it hides itself on a small screen.
@Suite struct OverviewTests {
    /// Numbers on a grid, `columns` across and `rows` down, `spacing` canvas cells apart.
    static func grid(columns: Int, rows: Int, spacing: (x: Int, y: Int)) -> Graph {
        var graph = Graph()
        for row in 0..<rows {
            for column in 0..<columns {
                try! graph.addNode(
                    NodeID("n\(row)_\(column)"), kind: "number",
                    at: Position(x: 2 + column * spacing.x, y: 1 + row * spacing.y), value: .number(1))
            }
        }
        return graph
    }

    @Test func fShowsTheWholeGraphInFullDetailWhenItFits() {
        let canvas = makeCanvas(Self.grid(columns: 3, rows: 2, spacing: (22, 8)), width: 100, height: 30)
        canvas.send(.character("f"))
        _ = canvas.render()
        #expect(canvas.state.levelOfDetail == .full)
        #expect(canvas.lastFrame.nodes.count == 6)
        #expect(!canvas.state.showsMinimap)
    }

    @Test func fPicksTheMostDetailedLevelAtWhichEveryNodeIsInView() {
        // 8 × 4 boxes 22 apart: 170 columns in full and compact detail, 43 in dots.
        let canvas = makeCanvas(Self.grid(columns: 8, rows: 4, spacing: (22, 8)), width: 100, height: 30)
        canvas.send(.character("f"))
        _ = canvas.render()
        #expect(canvas.state.levelOfDetail == .dot)
        #expect(canvas.lastFrame.nodes.count == 32)
        #expect(!canvas.state.showsMinimap)
        #expect(canvas.state.message?.text.contains("whole graph is in view") == true)

        // Two boxes one above the other, as far apart as a compact box (3 rows) allows in view
        // but a full one (4 rows) does not.
        let height = makeCanvas(Graph(), width: 80, height: 24).area.height
        let compact = makeCanvas(
            Self.grid(columns: 1, rows: 2, spacing: (22, height - 3)), width: 80, height: 24)
        compact.send(.character("f"))
        _ = compact.render()
        #expect(compact.state.levelOfDetail == .compact)
        #expect(compact.lastFrame.nodes.count == 2)
    }

    @Test func fOpensTheMinimapWhenEvenDotsDoNotFit() {
        let canvas = makeCanvas(Self.grid(columns: 40, rows: 10, spacing: (22, 8)), width: 100, height: 30)
        canvas.send(.character("f"))
        let surface = canvas.render()
        #expect(canvas.state.levelOfDetail == .dot)
        #expect(canvas.state.showsMinimap)
        #expect(surface.text.contains(" map "))
        #expect(canvas.state.message?.text.contains("minimap shows all of it") == true)
    }

    @Test func mTogglesTheMinimapWithTheGraphShadedAndTheViewOnIt() {
        let canvas = makeCanvas(Self.grid(columns: 40, rows: 10, spacing: (22, 8)), width: 100, height: 30)
        #expect(!canvas.render().text.contains(" map "))
        canvas.send(.character("M"))
        let surface = canvas.render()
        #expect(canvas.state.showsMinimap)
        let rows = surface.text.split(separator: "\n", omittingEmptySubsequences: false)
        let mapRow = rows.firstIndex { $0.contains(" map ") }
        #expect(mapRow != nil, "\(surface.text)")
        // Shaded cells and reversed cells (the view) inside the panel, at the bottom right.
        let frame = Rect(x: 100 - 33, y: 29 - 9, width: 33, height: 9)
        var shaded = 0, reversed = 0
        for y in frame.minY..<frame.maxY {
            for x in frame.minX..<frame.maxX {
                if "░▒▓█".contains(surface[x, y].character) { shaded += 1 }
                if surface[x, y].style.reverse { reversed += 1 }
            }
        }
        #expect(shaded > 20, "\(surface.text)")
        #expect(reversed > 0 && reversed < 40, "the view is a small part of the map: \(reversed)")
        canvas.send(.character("M"))
        #expect(!canvas.render().text.contains(" map "))
    }

    @Test func aClickInTheMinimapMovesTheViewThere() throws {
        let canvas = makeCanvas(Self.grid(columns: 40, rows: 10, spacing: (22, 8)), width: 100, height: 30)
        canvas.send(.character("M"))
        _ = canvas.render()
        #expect(!canvas.lastFrame.nodes.contains { $0.id == "n9_39" })
        // The bottom-right cell inside the map: the graph's far corner.
        let area = canvas.area
        let inside = Rect(x: area.maxX - 33, y: area.maxY - 9, width: 33, height: 9).insetBy(dx: 1, dy: 1)
        canvas.send(.mousePress(x: inside.maxX - 1, y: inside.maxY - 1))
        _ = canvas.render()
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n9_39" }, "\(canvas.state.viewport.origin)")
    }

    @Test func theMinimapHidesItselfOnAScreenTooSmallForIt() {
        let canvas = makeCanvas(Self.grid(columns: 40, rows: 10, spacing: (22, 8)), width: 40, height: 14)
        canvas.send(.character("M"))
        #expect(!canvas.render().text.contains(" map "))
        #expect(canvas.state.message?.text.contains("too small for the minimap") == true)
    }
}
