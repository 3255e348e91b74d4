import NodeCanvas
import NodeGraph
import Testing

/// `b` on the canvas: bypassing nodes, how a bypassed node is drawn, undo, groups.
@Suite struct BypassCanvasTests {
    /// The demo calculator with the cursor on `node`.
    private func canvas(on node: NodeID = "add", theme: Theme = .unicode) throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30, theme: theme)
        canvas.select(node)
        return canvas
    }

    @Test func bBypassesTheNodeUnderTheCursorAndSaysWhat() throws {
        let canvas = try canvas()
        canvas.send(.character("b"))
        #expect(canvas.document.graph.isBypassed("add"))
        // Add passes One through: Multiply is 1 × 1.
        #expect(canvas.document.graph.value(of: "multiply") == .number(1))
        #expect(
            canvas.state.message
                == StatusMessage("bypassed Add: it passes its first input through (b again stops)"))
        canvas.send(.character("b"))
        #expect(!canvas.document.graph.isBypassed("add"))
        #expect(canvas.document.graph.value(of: "multiply") == .number(3))
        #expect(canvas.state.message == StatusMessage("Add is no longer bypassed"))
    }

    @Test func aBypassedNodeIsDrawnDimWithItsMarkAfterItsNameAndKeepsItsSize() throws {
        let canvas = try canvas()
        _ = canvas.render()
        let before = try #require(canvas.frame(of: "add"))
        canvas.send(.character("b"))
        let surface = canvas.render()
        let frame = try #require(canvas.frame(of: "add"))
        #expect(frame == before)
        let title = screen(surface)[frame.minY]
        #expect(title.contains("Add ⊘"), "\(title)")
        // Its edges too, which are never dim otherwise.
        #expect(surface[frame.minX, frame.minY + 1].style.dim)
        #expect(surface[frame.maxX - 1, frame.maxY - 1].style.dim)
        let other = try #require(canvas.frame(of: "multiply"))
        #expect(!surface[other.minX, other.minY + 1].style.dim)
        #expect(!surface[other.maxX - 1, other.maxY - 1].style.dim)
    }

    @Test func theASCIIThemeMarksABypassedNodeWithB() throws {
        let canvas = try canvas(theme: .ascii)
        canvas.send(.character("b"))
        let surface = canvas.render()
        let frame = try #require(canvas.frame(of: "add"))
        #expect(screen(surface)[frame.minY].contains("Add (b)"))
    }

    @Test func bOnASelectionBypassesAllOfItAsOneUndoStep() throws {
        let canvas = try canvas(on: "add")
        canvas.send(.character(" "))
        canvas.select("subtract")
        canvas.send(.character("b"))
        #expect(canvas.document.graph.isBypassed("add"))
        #expect(canvas.document.graph.isBypassed("subtract"))
        #expect(canvas.state.message == StatusMessage("bypassed 2 nodes (b again stops)"))
        canvas.send(.character("u"))
        #expect(!canvas.document.graph.isBypassed("add"))
        #expect(!canvas.document.graph.isBypassed("subtract"))
        #expect(canvas.state.message?.text.hasPrefix("undid") == true)
        canvas.send(.character("U"))
        #expect(canvas.document.graph.isBypassed("add"))
        #expect(canvas.document.graph.isBypassed("subtract"))
    }

    @Test func bOnASelectionHoldingASourceIsRefusedWholeSayingWhy() throws {
        let canvas = try canvas(on: "add")
        canvas.send(.character(" "))
        canvas.select("one")
        let before = canvas.document.graph
        let effects = canvas.send(.character("b"))
        #expect(effects.isEmpty)
        #expect(canvas.document.graph == before)
        #expect(
            canvas.state.message
                == StatusMessage(
                    "One (number) cannot be bypassed: it is a source, with no input to pass through",
                    isError: true))
    }

    @Test func bInsideAGroupBypassesTheNodeInItsDefinitionForEveryInstance() throws {
        var graph = try demoCalculator()
        try graph.group(["add", "subtract", "multiply"], kind: "result", name: "Result", id: "result")
        let canvas = makeCanvas(graph, width: 100, height: 30)
        canvas.select("result")
        canvas.send(.enter)
        canvas.select("add")
        canvas.send(.character("b"))
        #expect(canvas.document.graph.definition(named: "result")?.graph.isBypassed("add") == true)
        #expect(canvas.document.graph.value(of: "result") == .number(1))
        #expect(canvas.shownGraph.isBypassed("add"))
        canvas.send(.character("u"))
        #expect(canvas.document.graph.value(of: "result") == .number(3))
    }

    @Test func theCommandIsNamedBypassOnBAndHelpShowsIt() throws {
        let command = try #require(KeyBindings.commands.first { $0.name == "bypass" })
        #expect(command.defaultKeys == [.character("b")])
        #expect(KeyBindings.command(for: .character("b")) == .toggleBypass)
        #expect(KeyBindings.normal.contains { $0.label == "b" && $0.help.contains("bypass") })
    }
}
