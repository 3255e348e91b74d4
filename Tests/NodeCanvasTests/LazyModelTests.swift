import NodeCanvas
import NodeGraph
import Testing

/// Opening a graph measures every node but builds widget models only for what a frame shows or a
/// command acts on; panning, finding, inspecting, editing and undoing build the rest as they are
/// needed, and every frame is the frame a canvas holding every model would draw.
@Suite struct LazyModelTests {
    /// A 40 × 40 grid (1,600 nodes) opened at its top left in an 80 × 24 view.
    static func gridCanvas(width: Int = 80, height: Int = 24) throws -> Canvas {
        makeCanvas(try PerformanceTests.grid(columns: 40, rows: 40), width: width, height: height)
    }

    /// The nodes whose boxes meet the canvas's view.
    static func nodesInView(of canvas: Canvas) -> Set<NodeID> {
        let view = canvas.area.offsetBy(dx: canvas.state.scaledOrigin.x, dy: canvas.state.scaledOrigin.y)
        return Set(canvas.scene.nodes(in: view).map(\.id))
    }

    @Test func openingBuildsModelsOnlyForTheNodesInView() throws {
        let canvas = try Self.gridCanvas()
        let inView = Self.nodesInView(of: canvas)
        #expect(!inView.isEmpty)
        #expect(canvas.scene.layouts.count == 1_600, "every node is measured and filed")
        // The view's nodes and the cursor's: a few, not 1,600.
        #expect(canvas.scene.models.count <= inView.count + 1)
        #expect(canvas.scene.models.buildCount == canvas.scene.models.count)
        for id in inView { #expect(canvas.scene.models[id] != nil) }
        #expect(canvas.scene.models["n39_39"] == nil)
    }

    @Test func theModelsBuiltFollowTheViewNotTheGraph() throws {
        let small = try Self.gridCanvas()
        let large = makeCanvas(try PerformanceTests.grid(columns: 120, rows: 40), width: 80, height: 24)
        #expect(large.scene.layouts.count == 3 * small.scene.layouts.count)
        #expect(large.scene.models.buildCount == small.scene.models.buildCount)
    }

    @Test func openingAndItsFirstFrameMakeLayoutsForTheNodesInViewNotTheGraph() throws {
        // As the editor opens a file: the canvas, the opening action (which places the cursor at
        // the boxes' top left), the first frame.
        func opened(columns: Int) throws -> (canvas: Canvas, layouts: Int) {
            let canvas = Canvas(
                document: GraphDocument(graph: try PerformanceTests.grid(columns: columns, rows: 40)),
                width: 80, height: 24)
            canvas.send(.documentOpened(welcome: StatusMessage("opened")))
            _ = canvas.render()
            return (canvas, canvas.scene.derivedLayoutCount)
        }
        let small = try opened(columns: 40), large = try opened(columns: 120)
        #expect(large.canvas.state.cursorNode == "n0_0" && small.canvas.state.cursorNode == "n0_0")
        #expect(large.layouts == small.layouts, "the same view, whatever the graph's size")
        #expect(large.layouts < 1_600, "\(large.layouts) layouts made for 4,800 nodes")
    }

    @Test func panningToNodesNeverBuiltDrawsWhatAFreshCanvasDraws() throws {
        let canvas = try Self.gridCanvas()
        _ = canvas.render()
        let built = canvas.scene.models.buildCount
        canvas.send(.viewPlaced(origin: Position(x: 520, y: 140), cursor: Position(x: 520, y: 140)))
        let surface = canvas.render()
        #expect(canvas.scene.models.buildCount > built)
        #expect(!canvas.lastFrame.nodes.isEmpty)
        for node in canvas.lastFrame.nodes { #expect(canvas.scene.models[node.id] != nil) }
        SceneUpdateTests.expectFreshFrame(surface, of: canvas)
    }

    @Test func everyLevelOfDetailAnswersAsTheNodesModelsWould() throws {
        let graph = try PerformanceTests.grid(columns: 12, rows: 12)
        let canvas = makeCanvas(graph, width: 80, height: 24)
        for level in LevelOfDetail.allCases {
            canvas.send(.levelOfDetailChosen(level))
            #expect(canvas.scene.levelOfDetail == level)
            for id in graph.nodeIDs {
                let model = try #require(NodeWidgetModel(node: id, in: graph))
                let expected = NodeLayout(
                    node: model, renderers: StandardRenderers.renderers(for: model), theme: canvas.theme,
                    levelOfDetail: level)
                #expect(canvas.scene.layouts[id] == expected, "\(id) at \(level)")
            }
        }
    }

    @Test func findingANodeNeverBuiltJumpsToItAndDrawsIt() throws {
        var graph = try PerformanceTests.grid(columns: 40, rows: 40)
        _ = try graph.rename("n30_35", to: "Needle")
        let canvas = makeCanvas(graph, width: 80, height: 24)
        #expect(canvas.scene.models["n30_35"] == nil)
        canvas.send([.character(":")] + InputEvent.typing("find needle") + [.enter])
        #expect(canvas.state.cursorNode == "n30_35")
        #expect(canvas.scene.models["n30_35"] != nil)
        let surface = canvas.render()
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n30_35" })
        SceneUpdateTests.expectFreshFrame(surface, of: canvas)
    }

    @Test func theInspectorShowsANodeChosenFarFromTheView() throws {
        let canvas = try Self.gridCanvas()
        let inspector = try #require(canvas.dispatcher.plugin(named: "inspector") as? InspectorPlugin)
        canvas.send(.nodeChosen("n25_30"))
        let lines = inspector.lines(for: canvas)
        #expect(lines.first == "Subtract")
        #expect(lines.contains("id     n25_30"))
        let value = try #require(canvas.document.graph.value(of: "n25_30"))
        #expect(lines.contains("value  \(value.description)"))
    }

    @Test func editsToNodesNeverBuiltAndTheirUndoDrawWhatAFreshCanvasDraws() throws {
        let canvas = try Self.gridCanvas()
        _ = canvas.render()
        // Far below and right of the view: none of these nodes has a model yet.
        try canvas.document.apply(.rename(node: "n20_30", name: "Far away"))
        try canvas.document.apply(.setValue(node: "n0_31", value: .number(42)))
        try canvas.document.apply(.unlink(to: "n21_30", slot: 1))
        try canvas.document.apply(.move(node: "n22_30", to: Position(x: 560, y: 205)))
        #expect(canvas.scene.models.count < 40, "edits build the models of the nodes they name, no more")
        canvas.send(.viewPlaced(origin: Position(x: 520, y: 200), cursor: Position(x: 520, y: 211)))
        var surface = canvas.render()
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n20_30" })
        #expect(screen(surface).contains { $0.contains("Far away") })
        SceneUpdateTests.expectFreshFrame(surface, of: canvas)
        for _ in 0..<4 { try canvas.document.undo() }
        surface = canvas.render()
        #expect(!screen(surface).contains { $0.contains("Far away") })
        SceneUpdateTests.expectFreshFrame(surface, of: canvas)
    }

    @Test func theFirstPressThatRecomputesMostOfTheGraphBuildsModelsForTheViewOnly() throws {
        // The view on the source at the bottom left, which most of the grid depends on; idle
        // first, as the editor routes ahead at every level of detail before the first key.
        func firstPress(columns: Int) throws -> (built: Int, inView: Int, recomputed: Int) {
            let canvas = makeCanvas(
                try PerformanceTests.grid(columns: columns, rows: 40), width: 80, height: 24)
            canvas.send(
                .viewPlaced(origin: Position(x: 0, y: 39 * 7 - 10), cursor: Position(x: 4, y: 39 * 7 + 2)))
            _ = canvas.render()
            #expect(canvas.state.cursorNode == "n0_39")
            while canvas.hasWorkAhead { canvas.send(.idle) }
            let built = canvas.scene.models.buildCount
            var recomputed = 0
            canvas.document.observe { recomputed += $0.recomputed.count }
            canvas.send(.character("+"))
            _ = canvas.render()
            return (canvas.scene.models.buildCount - built, Self.nodesInView(of: canvas).count, recomputed)
        }
        let small = try firstPress(columns: 40), large = try firstPress(columns: 120)
        #expect(small.recomputed > 500 && large.recomputed > 3 * small.recomputed)
        // Only the models of the nodes shown, whose values changed, are built again.
        #expect(small.built > 0 && small.built <= small.inView)
        #expect(large.built == small.built)
    }

    @Test func modelsOfNodesLongOutOfViewAreLetGoOnceThereAreMany() throws {
        // About 800 nodes in view at a time in a 4,500-node grid, panned across from left to
        // right: without letting models go, every node's would be kept.
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 150, rows: 30), width: 700, height: 220)
        var largest = 0, mostInView = 0
        for origin in stride(from: 0, to: 150 * 26, by: 650) {
            canvas.send(.viewPlaced(origin: Position(x: origin, y: 0), cursor: Position(x: origin + 2, y: 1)))
            largest = max(largest, canvas.scene.models.count)
            let inView = Self.nodesInView(of: canvas)
            mostInView = max(mostInView, inView.count)
            for id in inView { #expect(canvas.scene.models[id] != nil) }
        }
        #expect(canvas.scene.models.buildCount >= 4_400, "every node was shown once")
        #expect(canvas.scene.models.count < 3_000)
        #expect(largest <= CanvasScene.keptModelLimit + 2 * mostInView + 1)
        SceneUpdateTests.expectFreshFrame(canvas.render(), of: canvas)
        // Back where it started: the models let go are built again.
        canvas.send(.viewPlaced(origin: Position(x: 0, y: 0), cursor: Position(x: 2, y: 1)))
        for id in Self.nodesInView(of: canvas) { #expect(canvas.scene.models[id] != nil) }
        SceneUpdateTests.expectFreshFrame(canvas.render(), of: canvas)
    }
}
