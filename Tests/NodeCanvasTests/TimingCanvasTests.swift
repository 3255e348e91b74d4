import NodeCanvas
import NodeGraph
import Testing

/// `t`: each node's badge with its recomputations since the file was opened and its last compute
/// time, and the inspector showing both.
@Suite struct TimingCanvasTests {
    private func canvas() throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30)
        canvas.select("one")
        return canvas
    }

    /// The text on a node's bottom edge.
    private func bottomEdge(of node: NodeID, in canvas: Canvas) throws -> String {
        let surface = canvas.render()
        let frame = try #require(canvas.frame(of: node))
        let row = Array(screen(surface)[frame.maxY - 1])
        return String(row[frame.minX..<min(frame.maxX, row.count)])
    }

    @Test func tShowsABadgeOnEveryNodeAndTAgainHidesIt() throws {
        let canvas = try canvas()
        #expect(try !bottomEdge(of: "add", in: canvas).contains("×"))
        canvas.send(.character("t"))
        #expect(canvas.state.showsTiming)
        #expect(
            canvas.state.message
                == StatusMessage(
                    "timing on: each node's recomputations since the file was opened and last compute time"))
        #expect(try bottomEdge(of: "add", in: canvas).contains(" 0× "))
        canvas.send(.character("t"))
        #expect(!canvas.state.showsTiming)
        #expect(try !bottomEdge(of: "add", in: canvas).contains("×"))
    }

    @Test func recomputationsAreCountedFromOpeningAndTimedWhileTheBadgesAreOn() throws {
        let canvas = try canvas()
        canvas.send(.character("+"))
        #expect(canvas.timings.entry(for: "add")?.recomputations == 1)
        #expect(canvas.timings.entry(for: "add")?.last == nil)
        #expect(canvas.timings.entry(for: "subtract") == nil)
        canvas.send(.character("t"))
        canvas.send(.character("+"))
        let add = try #require(canvas.timings.entry(for: "add"))
        #expect(add.recomputations == 2)
        #expect(add.measurements == 1)
        let badge = try bottomEdge(of: "add", in: canvas)
        #expect(badge.contains(" 2× "), "\(badge)")
        #expect(badge.contains("s "), "\(badge)")  // a time: ns, µs, ms or s
        #expect(try bottomEdge(of: "subtract", in: canvas).contains(" 0× "))
    }

    @Test func theInspectorShowsTheRecomputationsAndTheLastComputeTime() throws {
        let canvas = try canvas()
        canvas.send(.character("i"))
        canvas.select("add")
        #expect(InspectorPlugin().lines(for: canvas).contains("runs   0 since opened"))
        #expect(InspectorPlugin().lines(for: canvas).contains("time   – (t times it)"))
        canvas.send(.character("t"))
        canvas.select("one")
        canvas.send(.character("+"))
        canvas.select("add")
        let lines = InspectorPlugin().lines(for: canvas)
        #expect(lines.contains("runs   1 since opened"))
        let last = try #require(canvas.timings.entry(for: "add")?.last)
        #expect(lines.contains("time   " + ComputeProfile.text(of: last) + " last"))
    }

    @Test func aRemovedNodeForgetsItsFigures() throws {
        let canvas = try canvas()
        canvas.send(.character("+"))
        try canvas.document.apply(.removeNode("add"))
        #expect(canvas.timings.entry(for: "add") == nil)
    }

    @Test func theASCIIThemeWritesTheBadgeInASCII() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30, theme: .ascii)
        canvas.select("one")
        canvas.send(.character("t"))
        canvas.send(.character("+"))
        let badge = try bottomEdge(of: "add", in: canvas)
        #expect(badge.contains(" 1x "), "\(badge)")
        #expect(badge.allSatisfy { $0.isASCII })
    }

    @Test func theCommandIsNamedTimingOnT() throws {
        let command = try #require(KeyBindings.commands.first { $0.name == "timing" })
        #expect(command.defaultKeys == [.character("t")])
        #expect(KeyBindings.command(for: .character("t")) == .toggleTiming)
    }
}
