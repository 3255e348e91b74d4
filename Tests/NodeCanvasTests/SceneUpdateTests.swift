import NodeCanvas
import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

/// An edit costs what it changes on screen: the scene takes in a large change's values where a
/// frame needs them, and every frame is the frame a fresh canvas would draw.
@Suite struct SceneUpdateTests {
    /// A canvas opened afresh on the same graph, in the same state, having drawn its frame.
    static func freshCanvas(like canvas: Canvas) -> (Canvas, Surface) {
        let fresh = Canvas(
            document: GraphDocument(graph: canvas.document.graph), width: canvas.state.viewport.width,
            height: canvas.state.viewport.height, levelOfDetail: canvas.state.levelOfDetail,
            theme: canvas.theme)
        fresh.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: canvas.state.cursor))
        return (fresh, fresh.render())
    }

    /// Expects a canvas's latest frame to be the frame a fresh canvas draws (in the scene's area:
    /// the status line also says whether the document was modified), reporting the rows that
    /// differ.
    static func expectFreshFrame(
        _ surface: Surface, of canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let area = canvas.area
        func scene(_ surface: Surface) -> Surface {
            var cropped = Surface(width: area.width, height: area.height)
            for y in area.minY..<area.maxY {
                for x in area.minX..<area.maxX { cropped[x - area.minX, y - area.minY] = surface[x, y] }
            }
            return cropped
        }
        let (freshCanvas, freshSurface) = freshCanvas(like: canvas)
        #expect(freshCanvas.state.cursorNode == canvas.state.cursorNode, sourceLocation: sourceLocation)
        let links = canvas.lastFrame.links, freshLinks = freshCanvas.lastFrame.links
        if let index = (0..<max(links.count, freshLinks.count)).first(where: {
            $0 >= links.count || $0 >= freshLinks.count || links[$0] != freshLinks[$0]
        }) {
            func describe(_ list: [DrawnLink]) -> String {
                guard index < list.count else { return "none" }
                return "\(list[index].upstream) → \(list[index].key.downstream) along \(list[index].route)"
            }
            Issue.record(
                Comment(
                    rawValue: "link \(index) differs: drawn \(describe(links)); fresh \(describe(freshLinks))"
                ),
                sourceLocation: sourceLocation)
        }
        #expect(canvas.lastFrame.nodes == freshCanvas.lastFrame.nodes, sourceLocation: sourceLocation)
        let drawn = scene(surface), fresh = scene(freshSurface)
        guard drawn != fresh else { return }
        let rows = drawn.rows(trimmingTrailingSpaces: true),
            freshRows = fresh.rows(trimmingTrailingSpaces: true)
        let differing = rows.indices.filter { rows[$0] != freshRows[$0] }
        let report =
            differing.isEmpty
            ? "the same text in other styles"
            : differing.prefix(6).map { "row \($0):\n  drawn |\(rows[$0])|\n  fresh |\(freshRows[$0])|" }
                .joined(separator: "\n")
        Issue.record(
            Comment(rawValue: "the frame differs from a fresh canvas's:\n" + report),
            sourceLocation: sourceLocation)
    }

    /// A 20 × 20 grid whose bottom-left source feeds 210 nodes, far below the top-left view.
    static func canvasAtTheTopLeft() throws -> Canvas {
        makeCanvas(try PerformanceTests.grid(columns: 20, rows: 20), width: 80, height: 24)
    }

    @Test func anEditFarOffScreenBuildsLaysOutAndDrawsOnlyTheEditedNode() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        _ = canvas.render()
        let built = canvas.scene.models.buildCount, laidOut = canvas.scene.layoutCount
        let change = try canvas.document.apply(.setValue(node: "n0_19", value: .number(7)))
        #expect(change.recomputed.count == 210)
        _ = canvas.render()
        // The edited node is named by the edit; the 209 nodes it recomputed are all off screen.
        #expect(canvas.scene.models.buildCount - built == 1)
        #expect(canvas.scene.layoutCount - laidOut == 1)
        #expect(canvas.lastFrame.redrawn.isEmpty)
        #expect(canvas.scene.hasPossiblyStaleNodes)
    }

    @Test func nodesLeftBehindByALargeEditAreUpToDateWhenTheyComeIntoView() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        try canvas.document.apply(.setValue(node: "n0_19", value: .number(7)))
        _ = canvas.render()
        let built = canvas.scene.models.buildCount
        canvas.send(.viewPlaced(origin: Position(x: 260, y: 100), cursor: Position(x: 260, y: 100)))
        #expect(canvas.scene.models.buildCount > built, "the nodes come up to date as the view moves")
        let rendered = canvas.scene.models.buildCount
        let surface = canvas.render()
        #expect(canvas.scene.models.buildCount == rendered, "drawing changes nothing")
        #expect(!canvas.lastFrame.redrawn.isEmpty)
        Self.expectFreshFrame(surface, of: canvas)
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n10_16" })
        #expect(canvas.scene.models["n10_16"]?.value == canvas.document.graph.value(of: "n10_16"))
    }

    /// `seed` feeds `wide` (at `position`) and 70 nodes far away, so that setting `seed`
    /// recomputes more nodes than the scene takes in at once.
    static func seedFeeding(wideAt position: Position) throws -> Graph {
        var graph = Graph()
        try graph.addNode("seed", kind: "number", at: Position(x: 400, y: 400), value: .number(1))
        try graph.addNode("wide", kind: "add", at: position, inputs: ["seed"])
        for index in 0..<70 {
            try graph.addNode(
                NodeID("far\(index)"), kind: "add", at: Position(x: 400, y: 410 + 7 * index), inputs: ["seed"]
            )
        }
        return graph
    }

    @Test func aValueThatChangesItsWidthMovesNoBoxAndNoLink() throws {
        var graph = try Self.seedFeeding(wideAt: Position(x: 5, y: 2))
        try graph.addNode("near", kind: "add", at: Position(x: 40, y: 2), inputs: ["wide"])
        let canvas = makeCanvas(graph, width: 80, height: 24)
        canvas.send(.viewPlaced(origin: .zero, cursor: Position(x: 6, y: 3)))
        _ = canvas.render()
        let frames = canvas.lastFrame.nodes.map(\.frame), links = canvas.lastFrame.links
        let geometry = canvas.scene.geometryRevision
        try canvas.document.apply(.setValue(node: "seed", value: .number(-1.2345678901234567e-300)))
        canvas.send(.right)
        let surface = canvas.render()
        #expect(canvas.scene.geometryRevision == geometry)
        #expect(canvas.lastFrame.nodes.map(\.frame) == frames)
        #expect(canvas.lastFrame.links == links)
        // A value too long for its row is shortened; the inspector shows it whole.
        #expect(surface.text.contains("= -1.23456789012…"))
        #expect(!surface.text.contains("-1.2345678901234567e-300"))
        #expect(canvas.scene.models["wide"]?.value == .number(-1.2345678901234567e-300))
        Self.expectFreshFrame(surface, of: canvas)
    }

    @Test func anErrorTooLongForItsRowIsShortenedAndItsBoxKeepsItsSize() throws {
        var graph = Graph()
        try graph.addNode("one", kind: "number", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("zero", kind: "number", at: Position(x: 2, y: 8), value: .number(0))
        try graph.addNode("ratio", kind: "divide", at: Position(x: 22, y: 1), inputs: ["one", "zero"])
        try graph.addNode("next", kind: "add", at: Position(x: 22, y: 8), inputs: ["ratio"])
        let canvas = makeCanvas(graph, width: 60, height: 18)
        _ = canvas.render()
        let frames = canvas.lastFrame.nodes.map(\.frame)
        try canvas.document.apply(.setValue(node: "zero", value: .number(3)))
        _ = canvas.render()
        #expect(canvas.lastFrame.nodes.map(\.frame) == frames)
        let fresh = makeCanvas(canvas.document.graph, width: 60, height: 18)
        _ = fresh.render()
        #expect(fresh.lastFrame.nodes.map(\.frame) == frames)
    }

    @Test func arrangingAfterALargeEditMeasuresEveryBoxAsItIsNow() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        _ = canvas.render()
        try canvas.document.apply(.setValue(node: "n0_19", value: .number(123_456_789)))
        canvas.send(.character("a"))
        // A canvas opened on the edited graph measures every box as it is.
        var edited = try PerformanceTests.grid(columns: 20, rows: 20)
        try edited.setValue(.number(123_456_789), of: "n0_19")
        let fresh = makeCanvas(edited, width: 80, height: 24)
        fresh.send(.character("a"))
        let positions = { (canvas: Canvas) in canvas.document.graph.nodes.map(\.position) }
        #expect(positions(canvas) == positions(fresh))
    }

    /// Every shown node's layout and every link's ends, as a scene keeps them, in a fixed order.
    static func geometry(of canvas: Canvas) -> (layouts: [NodeLayout], links: [LinkKey]) {
        let everything = Rect(x: -10_000, y: -10_000, width: 40_000, height: 40_000)
        let layouts = canvas.scene.layouts.values.sorted { $0.id < $1.id }
        let links = canvas.scene.links(in: everything).map(\.key).sorted {
            ($0.downstream, $0.slot) < ($1.downstream, $1.slot)
        }
        return (layouts, links)
    }

    @Test func arrangingMostBoxesAndItsUndoKeepEveryLayoutAndLinkAsAFreshSceneHasThem() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        _ = canvas.render()
        let before = canvas.document.graph.nodes.map(\.position)
        let built = canvas.scene.models.buildCount, laidOut = canvas.scene.layoutCount
        let kept = canvas.scene.models.count
        canvas.send(.character("a"))
        let after = canvas.document.graph.nodes.map(\.position)
        // Most boxes move at once: the scene shifts them all and files everything anew. No model
        // is rebuilt: the only ones built are those of nodes that came into view.
        #expect(zip(before, after).filter { $0 != $1 }.count > 256)
        #expect(canvas.scene.models.buildCount - built == canvas.scene.models.count - kept)
        #expect(canvas.scene.layoutCount == laidOut)
        for step in ["a", "u"] {
            if step == "u" { canvas.send(.character("u")) }
            let surface = canvas.render()
            let (fresh, _) = Self.freshCanvas(like: canvas)
            let kept = Self.geometry(of: canvas), anew = Self.geometry(of: fresh)
            #expect(kept.layouts == anew.layouts, "after \(step)")
            #expect(kept.links == anew.links, "after \(step)")
            #expect(kept.links.count == 20 * 19 * 2 - 19, "after \(step)")
            Self.expectFreshFrame(surface, of: canvas)
        }
    }

    @Test func aMoveShiftsTheBoxWithoutBuildingOrLayingOut() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        _ = canvas.render()
        let built = canvas.scene.models.buildCount, laidOut = canvas.scene.layoutCount
        try canvas.document.apply(.move(node: "n1_1", to: Position(x: 40, y: 3)))
        let surface = canvas.render()
        #expect(canvas.scene.models.buildCount == built)
        #expect(canvas.scene.layoutCount == laidOut)
        #expect(canvas.scene.layouts["n1_1"]?.frame.minX == 40)
        Self.expectFreshFrame(surface, of: canvas)
    }

    @Test func changesAppliedInBulkAreTakenInOnce() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        _ = canvas.render()
        let revision = canvas.scene.revision
        canvas.document.applyInBulk { document in
            for value in 2...40 {
                _ = try? document.apply(.setValue(node: "n0_0", value: .number(Double(value))))
            }
        }
        // One update of the scene, then one refresh of the values the view shows.
        #expect(canvas.scene.revision == revision + 2)
        Self.expectFreshFrame(canvas.render(), of: canvas)
    }

    /// What the property test does: an edit through the document or a move of the view.
    static func step(_ code: Int, on canvas: Canvas) {
        let row = code / 7 % 20, column = code / 140 % 20
        switch code % 7 {
        case 0, 1:
            _ = try? canvas.document.apply(
                .setValue(node: NodeID("n0_\(row)"), value: .number(Double(code % 2_000))))
        case 2:
            _ = try? canvas.document.apply(
                .move(node: NodeID("n\(column)_\(row)"), to: Position(x: code % 500, y: code / 3 % 140)))
        case 3:
            _ = try? canvas.document.apply(
                .toggleLink(from: NodeID("n0_\(row)"), to: NodeID("n\(column)_\(row)"), slot: 1))
        case 4:
            let origin = Position(x: code % 480 - 40, y: code / 5 % 140 - 10)
            canvas.send(.viewPlaced(origin: origin, cursor: origin))
        case 5:
            canvas.send(.levelOfDetailChosen(LevelOfDetail.allCases[code / 7 % 3]))
        default:
            _ = try? canvas.document.undo()
        }
    }

    /// Found by the property test: a move, a large edit, a pan (routes kept), then a large edit
    /// that widens boxes along a long link off screen: the kept routes must not be reused.
    @Test func aLargeEditRoutesAgainAroundBoxesItMayHaveWidenedOffScreen() throws {
        let canvas = try Self.canvasAtTheTopLeft()
        for code in [295_815, 388_073, 228_813, 558_824] {
            Self.step(code, on: canvas)
            canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: canvas.state.cursor))
            Self.expectFreshFrame(canvas.render(), of: canvas)
        }
    }

    /// A pan or a cursor move within the routing window keeps every route, coming back to a
    /// level of detail reuses its routes, and each of those frames is the frame a fresh canvas
    /// draws (the window follows the view alone).
    @Test func panningWithinTheRoutingWindowAndComingBackToALevelOfDetailRouteNothingAgain() throws {
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 20, rows: 20), width: 80, height: 24)
        canvas.send(.viewPlaced(origin: Position(x: 64, y: 16), cursor: Position(x: 66, y: 17)))
        Self.expectFreshFrame(canvas.render(), of: canvas)
        let routed = canvas.routingCount
        // Eight columns a pan: the view's left edge (from 64) stays in the tile 64..<128 seven times.
        for _ in 0..<7 {
            canvas.send(.character("L"))
            Self.expectFreshFrame(canvas.render(), of: canvas)
        }
        #expect(canvas.routingCount == routed)
        // The eighth pan takes the view's left edge into the next tile: routed once more.
        canvas.send(.character("L"))
        Self.expectFreshFrame(canvas.render(), of: canvas)
        #expect(canvas.routingCount == routed + 1)
        // Each level of detail is routed on its first frame; coming back to one showing the same
        // view reuses its routes. (The cursor leaves and comes back, so the node under it is
        // found as a fresh canvas finds it.)
        let origin = canvas.state.viewport.origin, cursor = canvas.state.cursor
        func show(_ level: LevelOfDetail) {
            canvas.send(.levelOfDetailChosen(level))
            canvas.send(.viewPlaced(origin: origin, cursor: Position(x: -100_000, y: -100_000)))
            canvas.send(.viewPlaced(origin: origin, cursor: cursor))
            Self.expectFreshFrame(canvas.render(), of: canvas)
        }
        for level in [LevelOfDetail.compact, .dot, .full] { show(level) }
        let everyLevel = canvas.routingCount
        #expect(everyLevel == routed + 3)
        for level in [LevelOfDetail.compact, .dot, .full, .dot, .compact] { show(level) }
        #expect(canvas.routingCount == everyLevel)
        // A box that moves changes the routes: the kept ones are not used again.
        _ = try canvas.document.apply(.move(node: "n5_5", to: Position(x: 100, y: 30)))
        Self.expectFreshFrame(canvas.render(), of: canvas)
        #expect(canvas.routingCount == everyLevel + 1)
    }

    @Test func everyFrameIsTheFrameAFreshCanvasDraws() async throws {
        await propertyCheck(
            count: PropertyCaseCount.scaled(20), input: Gen.int(in: 0...1_000_000).array(of: 1...30)
        ) { codes in
            let canvas = try! Self.canvasAtTheTopLeft()
            for code in codes {
                Self.step(code, on: canvas)
                // The node under the cursor is drawn on top: found again as a fresh canvas finds
                // it (the cursor leaves first, so the node it was on is not preferred).
                let (origin, cursor) = (canvas.state.viewport.origin, canvas.state.cursor)
                canvas.send(.viewPlaced(origin: origin, cursor: Position(x: -100_000, y: -100_000)))
                canvas.send(.viewPlaced(origin: origin, cursor: cursor))
                Self.expectFreshFrame(canvas.render(), of: canvas)
            }
        }
    }
}
