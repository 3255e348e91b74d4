import NodeCanvas
import NodeGraph
import Testing

/// A plugin that writes down what happens to it.
final class RecordingPlugin: CanvasPlugin {
    let name: String
    let log: Log
    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
    }
    func didLoad(into canvas: Canvas) { log.lines.append("\(name) loaded") }
    func willUnload(from canvas: Canvas) { log.lines.append("\(name) unloading") }
    func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        if case .documentChanged(let change, _) = notification {
            log.lines.append("\(name) heard \(change.edit.operationName)")
        }
    }
    func draw(on surface: inout Surface, canvas: Canvas) {
        surface.put(name, x: 0, y: 0)
    }
}

final class Log { var lines: [String] = [] }

/// A delegate that writes down what it hears and vetoes links into `add`.
final class RecordingDelegate: CanvasDelegate {
    var events: [String] = []
    func canvas(_ canvas: Canvas, didNotify notification: CanvasNotification) {
        switch notification {
        case .selectionChanged(let node, _): events.append("selected \(node?.rawValue ?? "nothing")")
        case .documentChanged(let change, _):
            switch change.edit {
            case .move(let node, let position): events.append("moved \(node) to \(position)")
            case .addNode(let description): events.append("created \(description.id)")
            case .removeNode(let node): events.append("deleted \(node)")
            case .toggleLink(let upstream, let downstream, let slot):
                events.append("toggled \(upstream) to \(downstream).\(slot)")
            default: break
            }
        default: break
        }
    }
    func shouldOfferLinkTarget(_ candidate: LinkCandidate, from upstream: NodeID) -> Bool {
        candidate.node != "add"
    }
}

/// A data source that hides one node and draws number bodies its own way.
final class HidingDataSource: CanvasDataSource {
    struct StarBody: NodeBodyRenderer {
        func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
            Size(width: 5, height: 1)
        }
        func draw(
            _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
        ) {
            surface.put("★ \(node.value)", in: region)
        }
    }
    func shouldShow(_ node: NodeWidgetModel) -> Bool { node.id != "three" }
    func renderers(for node: NodeWidgetModel) -> NodeRenderers {
        var renderers = StandardRenderers.renderers(for: node)
        if node.kind == "number" { renderers.body = StarBody() }
        return renderers
    }
}

@Suite struct PluginTests {
    @Test func pluginsLoadHearActionsAndDrawInDeclaredOrderAndUnload() throws {
        let log = Log()
        let canvas = Canvas(
            document: GraphDocument(graph: try demoCalculator()), width: 80, height: 24,
            plugins: [RecordingPlugin("first", log: log), RecordingPlugin("second", log: log)])
        canvas.select("two")
        canvas.send(.character("x"))
        #expect(
            log.lines == [
                "first loaded", "second loaded", "first heard removeNode", "second heard removeNode",
            ])
        #expect(screen(canvas.render())[0].hasPrefix("second"))
        canvas.unloadPlugin(named: "first")
        #expect(log.lines.last == "first unloading")
        #expect(canvas.dispatcher.plugins.map(\.name) == ["second"])
    }

    @Test func theStandardPluginsAreTheInspectorMinimapStatusBarHelpAndMessages() throws {
        let canvas = makeCanvas(try demoCalculator())
        #expect(
            canvas.dispatcher.plugins.map(\.name) == ["inspector", "minimap", "status", "help", "messages"])
        let inspector = try #require(canvas.dispatcher.plugin(named: "inspector") as? InspectorPlugin)
        canvas.select("multiply")
        #expect(inspector.lines(for: canvas).contains("from   Add × Subtract"))
        #expect(inspector.lines(for: canvas).contains("  x ← Add = 3"))
        canvas.send(.character("i"))
        #expect(canvas.state.isInspectorShown)
        #expect(canvas.area.width == 80 - 32)
        let help = try #require(canvas.dispatcher.plugin(named: "help") as? HelpOverlayPlugin)
        canvas.send([.character("?"), .escape])
        #expect(help.timesShown == 1)
    }

    @Test func theInspectorSaysWhereAnErrorCameFrom() throws {
        var graph = try demoCalculator()
        try graph.setKind("divide", of: "multiply")
        try graph.setValue(.number(2), of: "three")
        try graph.addNode(
            "after", kind: "add", name: "After", at: Position(x: 70, y: 1), inputs: ["multiply"])
        let canvas = makeCanvas(graph)
        let inspector = try #require(canvas.dispatcher.plugin(named: "inspector") as? InspectorPlugin)
        canvas.select("multiply")
        #expect(inspector.lines(for: canvas).contains("from   division by zero here"))
        canvas.select("after")
        #expect(inspector.lines(for: canvas).contains("from   blocked by Divide: division by zero"))
    }

    @Test func observersSeeEveryChangeIncludingUndoAndEveryNotification() throws {
        let canvas = makeCanvas(try demoCalculator())
        var changes: [String] = []
        var causes: [ChangeCause] = []
        canvas.observeChanges { changes.append($0.edit.operationName) }
        canvas.observeNotifications { if case .documentChanged(_, let cause) = $0 { causes.append(cause) } }
        canvas.select("one")
        canvas.send([.character("+"), .character("u"), .character("U")])
        let step = Edit.setValue(node: "one", value: .number(2))
        #expect(causes == [.edit, .undo(of: step), .redo(of: step)])
        #expect(changes == ["setValue", "setValue", "setValue"])
    }

    @Test func theDelegateHearsSelectionsCreationsDeletionsMovesAndLinks() throws {
        let canvas = makeCanvas(try demoCalculator())
        let delegate = RecordingDelegate()
        canvas.delegate = delegate
        canvas.select("one")
        canvas.send([.character("m"), .right, .enter])
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 4, y: 17)))
        canvas.send([.character("n")] + InputEvent.typing("div") + [.enter])
        canvas.select("one")
        canvas.send([.character("l"), .tab, .enter, .escape])
        canvas.select("divide1")
        canvas.send(.character("x"))
        #expect(delegate.events.contains("selected one"))
        #expect(delegate.events.contains("moved one to (3, 1)"))
        #expect(delegate.events.contains("created divide1"))
        #expect(delegate.events.contains { $0.hasPrefix("toggled one to ") })
        #expect(delegate.events.contains("deleted divide1"))
    }

    @Test func theDelegateHearsANodeChosenFromCodeAsASelectionLikeAKey() throws {
        let canvas = Canvas(document: GraphDocument(graph: try demoCalculator()), width: 80, height: 24)
        let delegate = RecordingDelegate()
        canvas.delegate = delegate
        canvas.send(.nodeChosen("subtract"))
        #expect(canvas.state.cursorNode == "subtract")
        #expect(delegate.events == ["selected subtract"])
    }

    @Test func aVetoedTargetIsMarkedInvalidAndNeverCurrentAtFirst() throws {
        let canvas = makeCanvas(try demoCalculator())
        let delegate = RecordingDelegate()
        canvas.delegate = delegate
        canvas.select("one")
        canvas.send(.character("l"))
        guard case .link(let link) = canvas.state.mode else {
            Issue.record("not in link mode")
            return
        }
        #expect(link.targets.filter { $0.node == "add" }.allSatisfy { !$0.isAllowed && $0.isVetoed })
        #expect(link.currentTarget?.node != "add")
        _ = canvas.render()
        let row = try #require(canvas.cell(ofSlot: 0, of: "add"))
        #expect(canvas.render()[row.x - 1, row.y].character == "·")
        withExtendedLifetime(delegate) {}
    }

    @Test func aDataSourceChoosesTheNodesShownAndTheirRenderers() throws {
        let canvas = Canvas(
            document: GraphDocument(graph: try demoCalculator()), width: 80, height: 24,
            dataSource: HidingDataSource())
        let text = canvas.render().text
        #expect(!text.contains("Three"))
        #expect(text.contains("★ 1"))
        #expect(!canvas.lastFrame.links.contains { $0.upstream == "three" })
    }
}

/// A delegate that refuses every edit, as a read-only session does.
final class ReadOnlyDelegate: CanvasDelegate {
    func refusal(of edit: Edit) -> String? { "read-only: open in another nodeui-tui (pid 42)" }
}

@Suite struct DelegateVetoTests {
    @Test func aVetoedEditChangesNothingAndSaysWhy() throws {
        let canvas = makeCanvas(try demoCalculator())
        let delegate = ReadOnlyDelegate()
        canvas.delegate = delegate
        canvas.send(.nodeChosen("one"))
        canvas.send([.character("+"), .character("x")])
        #expect(canvas.document.graph == (try demoCalculator()))
        #expect(!canvas.document.history.canUndo)
        #expect(
            canvas.state.message
                == StatusMessage("refused: read-only: open in another nodeui-tui (pid 42)", isError: true))
        withExtendedLifetime(delegate) {}
    }
}
