import NodeCanvas
import NodeGraph
import Testing

/// Event sequences fed to a canvas on the demo calculator, asserting the graph and the screen.
@Suite struct InteractionTests {
    @Test func thePaletteCreatesANodeOfTheChosenKindAtTheCursor() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 4, y: 17)))
        canvas.send([.character("n")] + InputEvent.typing("mul") + [.enter])
        let graph = canvas.document.graph
        #expect(graph.kind(of: "multiply2")?.name == "multiply")
        #expect(graph.name(of: "multiply2") == "Multiply 2")
        #expect(graph.position(of: "multiply2") == Position(x: 4, y: 17))
        #expect(canvas.state.cursorNode == "multiply2")
        #expect(canvas.state.mode == .normal)
        let rows = screen(canvas.render())
        #expect(rows[17].contains("┏ Multiply 2 ━"))
        #expect(rows[18].contains("┃ x × y      = 0 ┃"))
        #expect(canvas.status.contains("created Multiply 2"))
    }

    @Test(arguments: [SpacingFamily.compact, .standard, .roomy])
    func aNewNodeKeepsTheThemesNodeGapFromTheNodeAboveIt(_ spacing: SpacingFamily) throws {
        let canvas = makeCanvas(try demoCalculator(), theme: Theme(spacing: spacing))
        _ = canvas.render()
        let three = try #require(canvas.frame(of: "three"))
        let below = Position(x: 4, y: three.maxY)  // the first row under Three
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: below))
        canvas.send([.character("n")] + InputEvent.typing("mul") + [.enter])
        let position = try #require(canvas.document.graph.position(of: "multiply2"))
        #expect(position.y - three.maxY >= spacing.nodeGap)
        if spacing.nodeGap == 0 { #expect(position == below) }
    }

    @Test func escapeLeavesThePaletteWithoutCreatingAnything() throws {
        let canvas = makeCanvas(try demoCalculator())
        let before = canvas.document.graph
        canvas.send([.character("n")] + InputEvent.typing("ad") + [.down, .escape])
        #expect(canvas.document.graph == before)
        #expect(!canvas.document.history.canUndo)
        #expect(canvas.state.mode == .normal)
        #expect(!canvas.render().text.contains("New node"))
    }

    @Test func linkModeLinksANewNodeAndTogglesTheLinkOff() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 4, y: 17)))
        canvas.send([.character("n")] + InputEvent.typing("sub") + [.enter])
        _ = canvas.render()
        canvas.select("one")
        canvas.send(.character("l"))
        for _ in 0..<20 where canvas.linkTarget != LinkKey(downstream: "subtract2", slot: 1) {
            canvas.send(.tab)
        }
        #expect(canvas.status.contains("Enter links One → Subtract 2.y"))
        canvas.send(.enter)
        #expect(canvas.document.graph.inputs(of: "subtract2") == [nil, "one"])
        #expect(canvas.document.graph.value(of: "subtract2") == .number(-1))
        let surface = canvas.render()
        let link = try #require(
            canvas.lastFrame.links.first { $0.key == LinkKey(downstream: "subtract2", slot: 1) })
        let row = try #require(canvas.cell(ofSlot: 1, of: "subtract2"))
        #expect(link.end.x == row.x - 3 && link.end.y == row.y)
        #expect(surface[row.x - 2, row.y].character == "┤")
        #expect(surface[row.x - 3, row.y].character == "─")
        #expect(canvas.status.contains("linked One → Subtract 2.y"))

        canvas.send(.enter)
        #expect(canvas.document.graph.inputs(of: "subtract2") == [nil, nil])
        _ = canvas.render()
        #expect(!canvas.lastFrame.links.contains { $0.key.downstream == "subtract2" })
        #expect(canvas.status.contains("unlinked One → Subtract 2.y"))
        canvas.send(.escape)
        #expect(canvas.state.mode == .normal)
    }

    @Test func refusingACycleNamesThePathInTheStatusLine() throws {
        let canvas = makeCanvas(try demoCalculator())
        _ = canvas.render()
        canvas.select("multiply")
        canvas.send(.character("l"))
        _ = canvas.render()
        let z = try #require(canvas.cell(ofSlot: 2, of: "add"))
        canvas.send(.mousePress(x: z.x, y: z.y))
        #expect(canvas.status.contains("refused: would create a cycle: Add → Multiply → Add"))
        #expect(canvas.document.graph.inputs(of: "add") == ["one", "two", nil])
        #expect(!canvas.document.history.canUndo)
        try canvas.document.graph.checkInvariants()
    }

    @Test func linkModeShowsWhyTheSlotAtTheCursorIsRefused() throws {
        let canvas = makeCanvas(try demoCalculator())
        _ = canvas.render()
        canvas.select("multiply")
        canvas.send(.character("l"))
        let before = canvas.render()
        let x = try #require(canvas.cell(ofSlot: 0, of: "add"))
        // Walk the cursor from where Tab put it to Add's x row.
        let cursor = canvas.state.cursor
        let moves: [InputEvent] =
            Array(repeating: x.x < cursor.x ? .left : .right, count: abs(x.x - cursor.x))
            + Array(repeating: x.y < cursor.y ? .up : .down, count: abs(x.y - cursor.y))
        canvas.send(moves)
        #expect(canvas.status.contains("Add.x: would create a cycle: Add → Multiply → Add"))
        #expect(before[x.x - 1, x.y].character == "·")
        #expect(before[x.x - 1, x.y].style.dim)
    }

    @Test func deletingRemovesTheNodeAndItsLinksAndUndoBringsThemBack() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("two")
        canvas.send(.character("x"))
        var graph = canvas.document.graph
        #expect(!graph.contains("two"))
        #expect(graph.inputs(of: "add") == ["one", nil, nil])
        #expect(graph.inputs(of: "subtract") == ["three", nil])
        #expect(canvas.state.cursorNode == nil)
        #expect(!screen(canvas.render()).dropLast().joined().contains("Two"))
        #expect(canvas.status.contains("deleted Two"))

        canvas.send(.character("u"))
        graph = canvas.document.graph
        #expect(graph.inputs(of: "add") == ["one", "two", nil])
        #expect(canvas.render().text.contains("┏ Two"), "the node is back, under the cursor again")
        #expect(canvas.state.cursorNode == "two")
        #expect(canvas.status.contains("undid delete Two"))
        canvas.send(.character("U"))
        #expect(!canvas.document.graph.contains("two"))
        #expect(canvas.status.contains("redid delete Two"))
        canvas.send(.delete)
        #expect(canvas.status.contains("nothing to delete"))
    }

    @Test func clickingTheDeleteMarkerRemovesTheNode() throws {
        let canvas = makeCanvas(try demoCalculator())
        _ = canvas.render()
        let frame = try #require(canvas.frame(of: "three"))
        canvas.send(.mousePress(x: frame.maxX - 3, y: frame.minY))
        #expect(!canvas.document.graph.contains("three"))
    }

    @Test func moveModeMovesTheNodeAsOneUndoStep() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("add")
        canvas.send([.character("m"), .right, .right, .right, .down, .down, .enter])
        #expect(canvas.document.graph.position(of: "add") == Position(x: 29, y: 3))
        #expect(canvas.document.history.undoSteps.count == 1)
        let rows = screen(canvas.render())
        #expect(rows[3].contains("┏ Add ━"))
        #expect(rows[3].firstRange(of: "┏ Add")?.lowerBound.utf16Offset(in: rows[3]) == 29)
        canvas.send(.character("u"))
        #expect(canvas.document.graph.position(of: "add") == Position(x: 26, y: 1))
    }

    @Test func escapeCancelsAMoveLeavingNothingToUndo() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("add")
        canvas.send([.character("m"), .left, .up, .escape])
        #expect(canvas.document.graph.position(of: "add") == Position(x: 26, y: 1))
        #expect(!canvas.document.history.canUndo)
    }

    @Test func draggingANodeMovesItAndDraggingTheBackgroundPans() throws {
        let canvas = makeCanvas(try demoCalculator())
        _ = canvas.render()
        let frame = try #require(canvas.frame(of: "one"))
        canvas.send([
            .mousePress(x: frame.minX + 1, y: frame.minY + 1),
            .mouseDrag(x: frame.minX + 3, y: frame.minY + 2),
            .mouseDrag(x: frame.minX + 5, y: frame.minY + 18),
            .mouseRelease(x: frame.minX + 5, y: frame.minY + 18),
        ])
        #expect(canvas.state.cursorNode == "one")
        #expect(canvas.document.graph.position(of: "one") == Position(x: 6, y: 18))
        #expect(canvas.document.history.undoSteps.count == 1)

        canvas.send([.mousePress(x: 70, y: 20), .mouseDrag(x: 60, y: 18), .mouseRelease(x: 60, y: 18)])
        #expect(canvas.state.viewport.origin == Position(x: 10, y: 2))
        #expect(canvas.state.cursorNode == nil)
    }

    @Test func panningShiftsTheViewAndTheWheelScrolls() throws {
        let canvas = makeCanvas(try demoCalculator())
        let before = screen(canvas.render())
        canvas.send(.character("L"))
        #expect(canvas.state.viewport.origin == Position(x: 8, y: 0))
        let after = screen(canvas.render())
        #expect(before[1].hasPrefix("  ╭ One ────── × ╮        ╭ Add ─────────── × ╮"))
        #expect(after[1].hasPrefix("────── × ╮        ╭ Add ─────────── × ╮"))
        #expect(after[1].firstRange(of: "╭ Add")!.lowerBound.utf16Offset(in: after[1]) == 18)
        canvas.send([.character("H"), .character("J")])
        #expect(canvas.state.viewport.origin == Position(x: 0, y: 4))
        canvas.send(.wheel(delta: -1, x: 10, y: 10))
        #expect(canvas.state.viewport.origin == Position(x: 0, y: 1))
    }

    @Test func editingAValueRecomputesTheNodesDownstream() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("one")
        canvas.send(
            [.character("e")] + InputEvent.typing("40") + [.character("1"), .backspace, .character("2")])
        #expect(canvas.render().text.contains("402▏"))
        canvas.send(.enter)
        let graph = canvas.document.graph
        #expect(graph.value(of: "one") == .number(402))
        #expect(graph.value(of: "add") == .number(404))
        #expect(graph.value(of: "multiply") == .number(404))
        let text = canvas.render().text
        #expect(text.contains("x + y + z   = 404"))
        #expect(text.contains("x: 402"))

        canvas.send([.character("e")] + InputEvent.typing("7") + [.escape])
        #expect(canvas.document.graph.value(of: "one") == .number(402))
        canvas.send([.character("+"), .character("+"), .character("-"), .character("+")])
        #expect(canvas.document.graph.value(of: "one") == .number(404))
    }

    @Test func editingRejectsTextThatIsNotANumber() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("one")
        canvas.send([.character("e"), .backspace, .enter])
        #expect(canvas.status.contains("type a number, or Esc"))
        #expect(canvas.state.mode.name == "EDIT")
        canvas.send([.character("-"), .character("5"), .enter])
        #expect(canvas.document.graph.value(of: "one") == .number(-5))
    }

    @Test func theOperatorKeyCyclesKindsWithinTheCategory() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("multiply")
        canvas.send(.character("o"))
        #expect(canvas.document.graph.kind(of: "multiply")?.name == "divide")
        #expect(canvas.document.graph.value(of: "multiply") == .number(3))
        #expect(canvas.render().text.contains("x ÷ y     = 3"))
        #expect(canvas.status.contains("Multiply is now Divide"))
        canvas.send(.character("o"))
        #expect(canvas.document.graph.kind(of: "multiply")?.name == "add")
        #expect(canvas.document.graph.inputs(of: "multiply") == ["add", "subtract", nil])
        canvas.send([.character("u"), .character("u")])
        #expect(canvas.document.graph.kind(of: "multiply")?.name == "multiply")
        canvas.select("one")
        canvas.send(.character("o"))
        #expect(canvas.status.contains("Number has no other kinds"))
    }

    @Test func findJumpsToANodeByPartOfItsName() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 60, height: 12)
        canvas.send([.character("/")] + InputEvent.typing("TIP") + [.enter])
        #expect(canvas.state.cursorNode == "multiply")
        #expect(canvas.state.viewport.origin.x > 0)
        #expect(canvas.render().text.contains("┏ Multiply"))
        canvas.send([.escape, .character("/")] + InputEvent.typing("zzz") + [.enter])
        #expect(canvas.status.contains("no node named like 'zzz'"))
    }

    @Test func arrowsMoveTheCursorAndSelectTheNodeUnderIt() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 40, height: 12)
        canvas.send(Array(repeating: .right, count: 3) + [.down])
        #expect(canvas.state.cursor == Position(x: 3, y: 1))
        #expect(canvas.state.cursorNode == "one")
        canvas.send(Array(repeating: .right, count: 60))
        #expect(canvas.state.viewport.origin.x == 63 - 37)
    }

    @Test func saveAndQuitAreEffectsForTheHost() throws {
        let canvas = makeCanvas(try demoCalculator())
        #expect(canvas.send(.character("s")) == [.save(thenQuit: false)])
        #expect(canvas.send(.character("q")) == [.quit])
    }

    @Test func undoWithNothingToUndoSaysSo() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.character("u"))
        #expect(canvas.status.contains("nothing to undo"))
    }

    @Test func resizeChangesTheFrameSize() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.resize(width: 50, height: 10))
        let surface = canvas.render()
        #expect(surface.width == 50 && surface.height == 10)
    }
}

extension Canvas {
    /// The current link-mode target.
    var linkTarget: LinkKey? {
        if case .link(let link) = state.mode { return link.currentTarget?.key }
        return nil
    }
}

@Suite struct StatusLineTests {
    @Test func theStatusLineSaysWhenTheDocumentHasUnsavedChanges() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100)
        #expect(!canvas.status.contains("modified"))
        canvas.select("one")
        canvas.send(.character("+"))
        #expect(canvas.status.hasSuffix("modified  full  4,2"))
        canvas.document.markSaved()
        #expect(!canvas.status.contains("modified"))
    }
}
