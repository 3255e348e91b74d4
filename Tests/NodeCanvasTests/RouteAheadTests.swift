import NodeCanvas
import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

/// While the editor idles the canvas routes ahead the windows the next keys are likely to show
/// (``CanvasAction/idle``), a short slice at a time; a frame then draws exactly what it would
/// have drawn without.
@Suite struct RouteAheadTests {
    /// A 20 × 20 grid (520 × 140 cells) in an 80 × 24 view well inside it.
    static func canvas() throws -> Canvas {
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 20, rows: 20), width: 80, height: 24)
        canvas.send(.viewPlaced(origin: Position(x: 64, y: 16), cursor: Position(x: 66, y: 17)))
        _ = canvas.render()
        return canvas
    }

    /// Sends idle events until nothing remains to route ahead; returns how many it took.
    @discardableResult
    static func idle(_ canvas: Canvas) -> Int {
        var slices = 0
        while canvas.hasWorkAhead {
            canvas.send(.idle)
            slices += 1
        }
        return slices
    }

    @Test func idleRoutesTheFourWindowsAPanEntersAndTheViewAtTheOtherLevelsOfDetail() throws {
        let canvas = try Self.canvas()
        let routed = canvas.routingCount
        #expect(canvas.hasWorkAhead)
        Self.idle(canvas)
        // Right, left, below, above, and the view in compact and in dot detail.
        #expect(canvas.routedAheadCount == 6)
        #expect(canvas.routingCount == routed + 6)
        #expect(!canvas.hasWorkAhead)
        // Another idle event once all is routed routes nothing.
        canvas.send(.idle)
        #expect(canvas.routingCount == routed + 6)
    }

    /// Expects two canvases to show the same frame, links and routes alike.
    static func expectSameFrame(
        _ canvas: Canvas, _ twin: Canvas, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let surface = canvas.render(), twinSurface = twin.render()
        #expect(surface.rows == twinSurface.rows, sourceLocation: sourceLocation)
        #expect(canvas.lastFrame.links == twin.lastFrame.links, sourceLocation: sourceLocation)
        #expect(canvas.lastFrame.links.count > 0, sourceLocation: sourceLocation)
    }

    @Test func keysThatEnterAWindowRoutedAheadRouteNothingAndDrawWhatTheyDrawWithout() throws {
        // `twin` gets the same keys without idling between them.
        let canvas = try Self.canvas(), twin = try Self.canvas()
        func press(_ key: Character) {
            Self.idle(canvas)
            let routed = canvas.routingCount
            canvas.send(.character(key))
            twin.send(.character(key))
            Self.expectSameFrame(canvas, twin)
            #expect(canvas.routingCount == routed, "the frame after \(key) routed its window again")
        }
        // `z` three times: compact, dot and back to full detail, each routed ahead.
        for _ in 0..<3 { press("z") }
        #expect(canvas.state.levelOfDetail == .full)
        // Eight pans right, then four down, idling between presses as a person's presses let the
        // editor: one of each set enters a new window, routed ahead.
        for _ in 0..<8 { press("L") }
        for _ in 0..<4 { press("J") }
        #expect(twin.routingCount > 1)
        SceneUpdateTests.expectFreshFrame(canvas.render(), of: canvas)
    }

    @Test func aSliceRoutesPartOfAWindowAndAFrameFinishesTheRoutingUnderWay() throws {
        let canvas = try Self.canvas()
        canvas.routeAheadSlice = .zero
        let routed = canvas.routingCount
        // A slice of no time routes one link: the first window ahead is not finished.
        canvas.send(.idle)
        #expect(canvas.routedAheadCount == 0)
        #expect(canvas.routingCount == routed)
        #expect(canvas.hasWorkAhead)
        // The window under way is the one a pan right enters: its frame finishes it, once.
        for _ in 0..<8 { canvas.send(.character("L")) }
        SceneUpdateTests.expectFreshFrame(canvas.render(), of: canvas)
        #expect(canvas.routingCount == routed + 1)
        // Routing ahead a link a slice takes more slices than there are windows, and ends: the
        // view's neighbours but the one to the left (the window first shown), and the view at
        // the other levels of detail.
        let slices = Self.idle(canvas)
        #expect(slices > 5)
        #expect(canvas.routedAheadCount == 5)
    }

    @Test func routingAheadKeepsAtMostTheLimitOfRoutings() throws {
        let canvas = try Self.canvas()
        for key in ["L", "J", "L", "J", "H", "K", "z", "L"] as [Character] {
            for _ in 0..<8 {
                canvas.send(.character(key))
                _ = canvas.render()
                Self.idle(canvas)
                #expect(canvas.keptRoutingCount <= Canvas.keptRoutingLimit)
            }
        }
        #expect(canvas.keptRoutingCount >= 7)
    }

    /// Random edits, moves, pans and changes of detail (as in `SceneUpdateTests`), each followed
    /// by a random number of idle slices of no time, so routings are left under way across
    /// edits that move boxes: every frame is still the frame a fresh canvas draws.
    @Test func everyFrameDrawnAfterIdleSlicesIsTheFrameAFreshCanvasDraws() async throws {
        let input = Gen.int(in: 0...1_000_000).array(of: 1...30)
        await propertyCheck(count: PropertyCaseCount.scaled(20), input: input) { codes in
            let canvas = try! SceneUpdateTests.canvasAtTheTopLeft()
            canvas.routeAheadSlice = .zero
            for code in codes {
                SceneUpdateTests.step(code, on: canvas)
                for _ in 0..<(code / 11 % 40) { canvas.send(.idle) }
                let (origin, cursor) = (canvas.state.viewport.origin, canvas.state.cursor)
                canvas.send(.viewPlaced(origin: origin, cursor: Position(x: -100_000, y: -100_000)))
                canvas.send(.viewPlaced(origin: origin, cursor: cursor))
                SceneUpdateTests.expectFreshFrame(canvas.render(), of: canvas)
            }
            #expect(canvas.keptRoutingCount <= Canvas.keptRoutingLimit)
        }
    }
}
