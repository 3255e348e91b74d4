import NodeCanvas
import NodeGraph
import Testing

/// A read-only canvas (another session holds the file) refuses at the door: every key, press or
/// drag that would edit is refused when it comes, before any prompt or mode opens, with the
/// reason on the status line, and nothing is marked modified.
@Suite struct ReadOnlyTests {
    private static let reason = "read-only: open in another nodeui-tui (pid 42)"

    /// The demo calculator, read-only, the cursor on `node` (Add unless told).
    private func readOnlyCanvas(on node: NodeID = "add", graph: Graph? = nil) throws -> Canvas {
        let canvas = makeCanvas(try graph ?? demoCalculator(), width: 100, height: 30)
        canvas.send(.accessDecided(readOnlyReason: Self.reason))
        canvas.select(node)
        return canvas
    }

    /// Checks that a refused event left the graph, the mode and the history alone and said why.
    private func expectRefused(
        _ canvas: Canvas, effects: [CanvasEffect], before: Graph, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(effects.isEmpty, "\(what) asked the host for \(effects)", sourceLocation: sourceLocation)
        #expect(
            canvas.state.mode == .normal, "\(what) opened \(canvas.state.mode.name)",
            sourceLocation: sourceLocation)
        #expect(canvas.document.graph == before, "\(what) changed the graph", sourceLocation: sourceLocation)
        #expect(
            !canvas.document.isModified, "\(what) marked the document modified",
            sourceLocation: sourceLocation)
        #expect(
            canvas.state.message == StatusMessage("refused: " + Self.reason, isError: true),
            "\(what) said \(canvas.state.message?.text ?? "nothing")", sourceLocation: sourceLocation)
        #expect(canvas.status.contains("refused: " + Self.reason), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["n", "r", "e"])
    func aKeyThatOpensAPromptOrThePaletteIsRefusedBeforeItOpens(key: Character) throws {
        let canvas = try readOnlyCanvas(on: "one")
        let before = canvas.document.graph
        let effects = canvas.send(.character(key))
        expectRefused(canvas, effects: effects, before: before, "\(key)")
    }

    @Test func enterOnASourceIsRefusedButOnAGroupItOpensTheGroupToLook() throws {
        let canvas = try readOnlyCanvas(on: "one")
        let before = canvas.document.graph
        expectRefused(canvas, effects: canvas.send(.enter), before: before, "Enter on One")

        var grouped = try demoCalculator()
        try grouped.group(["add", "subtract", "multiply"], kind: "result", name: "Result", id: "result")
        let groups = try readOnlyCanvas(on: "result", graph: grouped)
        groups.send(.enter)
        #expect(groups.state.openedGroups.map(\.instance) == ["result"])
        #expect(groups.document.graph == grouped)
    }

    @Test func groupingIsRefusedBeforeItAsksForAName() throws {
        let canvas = try readOnlyCanvas(on: "add")
        canvas.send(.character(" "))
        canvas.select("subtract")
        let before = canvas.document.graph
        expectRefused(canvas, effects: canvas.send(.character("g")), before: before, "g")
    }

    @Test(arguments: ["l", "m"])
    func linkAndMoveModesDoNotOpenSoArrowsAfterThemMoveOnlyTheCursor(key: Character) throws {
        let canvas = try readOnlyCanvas(on: "add")
        let before = canvas.document.graph
        expectRefused(canvas, effects: canvas.send(.character(key)), before: before, "\(key)")
        let effects = canvas.send([.right, .down, .enter])
        #expect(!effects.contains { if case .beginTransaction = $0 { true } else { false } })
        #expect(canvas.document.graph == before)
        #expect(!canvas.document.isModified)
        #expect(!canvas.status.contains("modified"))
    }

    @Test(arguments: [
        InputEvent.character("x"), .delete, .character("+"), .character("-"), .character("="),
        .character("o"), .character("a"), .character("D"), .character("G"), .character("p"), .character("P"),
        .character("b"),
    ])
    func aKeyThatEditsAtOnceIsRefusedAndAsksTheHostForNothing(key: InputEvent) throws {
        let canvas = try readOnlyCanvas(on: "add")
        let before = canvas.document.graph
        expectRefused(canvas, effects: canvas.send(key), before: before, "\(key)")
    }

    @Test func undoAndRedoAreRefusedOnceTheCanvasIsReadOnly() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30)
        canvas.select("one")
        canvas.send([.character("+"), .character("+"), .character("u")])
        let edited = canvas.document.graph
        canvas.send(.accessDecided(readOnlyReason: Self.reason))
        let history = canvas.document.history
        for key in ["u", "U"] as [Character] {
            let effects = canvas.send(.character(key))
            #expect(effects.isEmpty)
            #expect(canvas.document.graph == edited, "\(key) changed the graph")
            #expect(canvas.document.history.undoSteps.count == history.undoSteps.count)
            #expect(canvas.document.history.redoSteps.count == history.redoSteps.count)
            #expect(canvas.state.message?.text == "refused: " + Self.reason)
        }
    }

    @Test func draggingANodeIsRefusedWhileClickingSelectsAndDraggingTheBackgroundPans() throws {
        let canvas = try readOnlyCanvas(on: "one")
        _ = canvas.render()
        let frame = try #require(canvas.frame(of: "one"))
        let before = canvas.document.graph
        let effects = canvas.send([
            .mousePress(x: frame.minX + 1, y: frame.minY + 1),
            .mouseDrag(x: frame.minX + 3, y: frame.minY + 2),
            .mouseDrag(x: frame.minX + 5, y: frame.minY + 8),
            .mouseRelease(x: frame.minX + 5, y: frame.minY + 8),
        ])
        #expect(canvas.state.cursorNode == "one", "the click still selects")
        expectRefused(canvas, effects: effects, before: before, "a drag of One")

        let origin = canvas.state.viewport.origin
        canvas.send([.mousePress(x: 90, y: 25), .mouseDrag(x: 80, y: 23), .mouseRelease(x: 80, y: 23)])
        #expect(canvas.state.viewport.origin == Position(x: origin.x + 10, y: origin.y + 2))
    }

    @Test func aPressOnADeleteMarkerIsRefused() throws {
        let canvas = try readOnlyCanvas(on: "one")
        _ = canvas.render()
        let layout = try #require(canvas.scene.layouts["multiply"])
        let marker = try #require(layout.deleteMarker)
        let origin = canvas.state.scaledOrigin
        let before = canvas.document.graph
        let effects = canvas.send(.mousePress(x: marker.x - origin.x, y: marker.y - origin.y))
        expectRefused(canvas, effects: effects, before: before, "a press on Multiply's ×")
        #expect(canvas.document.graph.contains("multiply"))
    }

    @Test func lookingAroundCopyingAndQuittingStillWork() throws {
        let canvas = try readOnlyCanvas(on: "add")
        #expect(canvas.send(.character("y")).count == 1, "y copies")
        canvas.send(.character("z"))
        #expect(canvas.state.levelOfDetail == .compact)
        canvas.send([.character("/"), .character("T"), .character("w"), .character("o"), .enter])
        #expect(canvas.state.cursorNode == "two")
        canvas.send([.escape, .character("i")])
        #expect(canvas.state.isInspectorShown)
        #expect(canvas.state.message?.isError != true)
        #expect(canvas.send(.character("q")) == [.quit])
    }

    @Test func becomingReadOnlyPutsAMoveInProgressBackAndEditableAgainEdits() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30)
        canvas.select("add")
        canvas.send([.character("m"), .right, .right])
        #expect(canvas.document.graph.position(of: "add") != Position(x: 26, y: 1))
        canvas.send(.accessDecided(readOnlyReason: Self.reason))
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph == (try demoCalculator()))
        #expect(!canvas.document.isModified)

        canvas.send(.accessDecided(readOnlyReason: nil))
        canvas.select("one")
        canvas.send(.character("+"))
        #expect(canvas.document.graph.parameter(of: "one") == .number(2))
    }

    @Test func theStatusLineSuggestsOnlyKeysThatWorkWhileReadOnly() throws {
        let canvas = try readOnlyCanvas(on: "one")
        canvas.send(.tab)  // a move clears the message: the hints show
        let status = canvas.status
        #expect(status.contains("read-only · / find · y copy · ? help · q quit"), "\(status)")
        for editing in ["l link", "m move", "e edit", "x delete"] {
            #expect(!status.contains(editing), "\(status) suggests \(editing)")
        }
    }
}
