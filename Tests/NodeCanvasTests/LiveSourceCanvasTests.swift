import NodeCanvas
import NodeGraph
import Testing

/// A clock feeding an add, and a number beside them.
private func liveGraph() throws -> Graph {
    var graph = Graph()
    try graph.addNode("tick", kind: "clock", name: "Tick", at: Position(x: 2, y: 1))
    try graph.addNode("n", kind: "number", name: "N", at: Position(x: 2, y: 9), value: .number(5))
    try graph.addNode("sum", kind: "add", name: "Sum", at: Position(x: 30, y: 3), inputs: ["tick", "n"])
    return graph
}

private func tick(_ seconds: Double) -> [SourceUpdate] {
    [SourceUpdate(node: "tick", value: .number(seconds))]
}

@Suite struct LiveSourceCanvasTests {
    @Test func aLiveSourceShowsItsValueAndThatItIsLive() throws {
        let canvas = makeCanvas(try liveGraph())
        canvas.document.applySourceUpdates(tick(3))
        let screen = canvas.render().rows(trimmingTrailingSpaces: true).joined(separator: "\n")
        #expect(screen.contains("◷ 3"))
        #expect(screen.contains("live · every 1 s"))
        #expect(screen.contains("x + y + z     = 8"))
    }

    @Test func anUpdateRedrawsWithoutAKeyAndKeepsLinkMode() throws {
        let canvas = makeCanvas(try liveGraph())
        canvas.send(.nodeChosen("n"))
        canvas.send([.character("l"), .tab])
        let before = canvas.state
        guard case .link = before.mode else { throw LinkModeNotEntered() }
        canvas.document.applySourceUpdates(tick(7))
        #expect(canvas.state == before)
        let screen = canvas.render().rows(trimmingTrailingSpaces: true).joined(separator: "\n")
        #expect(screen.contains("x + y + z    = 12"))
        #expect(canvas.status.contains("Enter"))
    }

    @Test func anUpdateRedrawsWithoutAKeyAndKeepsTheValueEditorOpen() throws {
        let canvas = makeCanvas(try liveGraph())
        canvas.send(.nodeChosen("n"))
        canvas.send([.character("e"), .character("4"), .character("2")])
        let before = canvas.state
        canvas.document.applySourceUpdates(tick(9))
        #expect(canvas.state == before)
        let screen = canvas.render().rows(trimmingTrailingSpaces: true).joined(separator: "\n")
        #expect(screen.contains("◷ 9"))
        #expect(screen.contains("42▏"))
        canvas.send(.enter)
        #expect(canvas.document.graph.value(of: "sum") == .number(51))
    }

    @Test func anUpdateIsNotAnUndoStep() throws {
        let canvas = makeCanvas(try liveGraph())
        canvas.document.applySourceUpdates(tick(2))
        canvas.send(.character("u"))
        #expect(canvas.status.contains("nothing to undo"))
        #expect(canvas.document.graph.value(of: "tick") == .number(2))
    }

    @Test func theStatusLineSaysHowManySourcesAreLiveAndWhichFail() throws {
        let canvas = makeCanvas(try liveGraph(), width: 100)
        #expect(!canvas.status.contains("live"))
        canvas.send(.liveSourcesReported(LiveSourceStatus(live: 1)))
        #expect(canvas.status.contains("1 live"))
        canvas.send(.liveSourcesReported(LiveSourceStatus(live: 1, failing: ["tick": "cannot read 'x'"])))
        #expect(canvas.status.contains("1 live · Tick failing"))
    }

    @Test func editingAClockEditsItsIntervalOnTheLiveLine() throws {
        let canvas = makeCanvas(try liveGraph())
        canvas.send(.nodeChosen("tick"))
        canvas.send([.character("e"), .backspace, .character("2")])
        let screen = canvas.render().rows(trimmingTrailingSpaces: true).joined(separator: "\n")
        #expect(screen.contains("2▏"))
        canvas.send(.enter)
        #expect(canvas.document.graph.parameter(of: "tick") == .number(2))
        #expect(canvas.render().rows(trimmingTrailingSpaces: true).joined().contains("live · every 2 s"))
    }
}

private struct LinkModeNotEntered: Error {}
