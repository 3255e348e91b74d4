import NodeGraph
import Testing

@testable import NodeCanvas

/// In dot detail a node shows one glyph, styled by whether its value is an error and whether it
/// is bypassed: a frame reads those from the graph and builds no widget model (a dot view holds
/// eight times a full view's canvas), and draws every dot as the node's model would.
@Suite struct DotDetailTests {
    /// A 40 × 40 grid of divisions with errors (a source at 0 divides by zero downstream) and a
    /// bypassed node, opened at its top left.
    static func canvas() throws -> Canvas {
        var graph = try PerformanceTests.grid(columns: 40, rows: 40, kind: "divide")
        _ = try graph.setValue(.number(0), of: "n0_5")
        _ = try graph.setBypass(of: "n3_3", to: true)
        return makeCanvas(graph, width: 80, height: 24)
    }

    /// Draws each shown node of the canvas's last frame from its model, as frames did before,
    /// over the frame; returns the cells that changed.
    static func cellsDrawnDifferentlyFromModels(_ surface: Surface, of canvas: Canvas) throws -> [Point] {
        var expected = surface
        for layout in canvas.lastFrame.nodes {
            let model = try #require(NodeWidgetModel(node: layout.id, in: canvas.shownGraph))
            NodeWidgetDrawer.draw(
                layout, model: model, renderers: StandardRenderers.renderers(for: model),
                offset: Point(x: 0, y: 0),
                clip: canvas.area, on: &expected, theme: canvas.theme,
                isSelected: layout.id == canvas.state.cursorNode, editText: nil, marks: [:])
        }
        // The cursor's cell is reversed over its dot.
        let cursor = canvas.state.scaledCursor
        let shift = canvas.state.scaledOrigin
        expected.updateStyle(in: Rect(x: cursor.x - shift.x, y: cursor.y - shift.y, width: 1, height: 1)) {
            $0.reverse.toggle()
        }
        var differing: [Point] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width where expected[x, y] != surface[x, y] {
                differing.append(Point(x: x, y: y))
            }
        }
        return differing
    }

    @Test func theDotViewBuildsNoModelsAndDrawsEachDotAsItsModelWould() throws {
        let canvas = try Self.canvas()
        let built = canvas.scene.models.buildCount
        canvas.send(.levelOfDetailChosen(.dot))
        let surface = canvas.render()
        #expect(canvas.lastFrame.nodes.count > 50, "the dot view shows many nodes")
        #expect(canvas.scene.models.buildCount == built)
        let graph = canvas.shownGraph
        #expect(canvas.lastFrame.nodes.contains { graph.value(of: $0.id)?.error != nil })
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n3_3" })
        #expect(try Self.cellsDrawnDifferentlyFromModels(surface, of: canvas).isEmpty)
    }

    @Test func aLargeChangeSeenInDotDetailShowsTheNewValuesWithoutModels() throws {
        let canvas = try Self.canvas()
        canvas.send(.levelOfDetailChosen(.dot))
        _ = canvas.render()
        let built = canvas.scene.models.buildCount
        // The source of the errors set back to 1: hundreds of nodes recomputed, no error left.
        var recomputed = 0
        canvas.document.observe { recomputed += $0.recomputed.count }
        try canvas.document.apply(.setValue(node: "n0_5", value: .number(1)))
        #expect(recomputed > WidgetModelCache.eagerRecomputeLimit)
        let surface = canvas.render()
        #expect(canvas.scene.models.buildCount <= built + 1, "the edited node's model, at most")
        #expect(!canvas.lastFrame.nodes.contains { canvas.shownGraph.value(of: $0.id)?.error != nil })
        #expect(try Self.cellsDrawnDifferentlyFromModels(surface, of: canvas).isEmpty)
        SceneUpdateTests.expectFreshFrame(surface, of: canvas)
    }
}
