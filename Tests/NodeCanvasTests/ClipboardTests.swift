import NodeCanvas
import NodeGraph
import Testing

/// `y`, `p`, `P` and `D`, with the test as the host that keeps the clipboard.
@Suite struct ClipboardTests {
    /// A canvas with Add and Subtract selected (Add under the cursor).
    private func canvasWithAddAndSubtract() throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator(), width: 120, height: 40)
        canvas.send(.nodeChosen("subtract"))
        canvas.send(.character(" "))
        canvas.send(.nodeChosen("add"))
        return canvas
    }

    private func copied(_ canvas: Canvas) throws -> ClipboardContents {
        let effects = canvas.send(.character("y"))
        guard case .copy(let contents)? = effects.first, effects.count == 1 else {
            Issue.record("y gave \(effects)")
            throw CancellationError()
        }
        return contents
    }

    @Test func yCopiesTheSelectionWithItsOutsideInputsApart() throws {
        let canvas = try canvasWithAddAndSubtract()
        let contents = try copied(canvas)
        #expect(contents.nodes.map(\.id) == ["add", "subtract"])
        #expect(contents.nodes.allSatisfy { $0.inputs.allSatisfy { $0 == nil } }, "no link runs between them")
        #expect(
            contents.outsideInputs == [
                .link(from: "one", to: "add", slot: 0), .link(from: "two", to: "add", slot: 1),
                .link(from: "three", to: "subtract", slot: 0), .link(from: "two", to: "subtract", slot: 1),
            ])
        #expect(canvas.status.contains("copied 2 nodes"))
        #expect(canvas.document.graph == (try demoCalculator()), "copying changes nothing")
    }

    @Test func pAsksTheHostForTheClipboard() throws {
        let canvas = try canvasWithAddAndSubtract()
        #expect(canvas.send(.character("p")) == [.paste(keepingOutsideInputs: false)])
        #expect(canvas.send(.character("P")) == [.paste(keepingOutsideInputs: true)])
    }

    @Test func pasteAddsFreshNodesAtTheCursorAsOneUndoStep() throws {
        let canvas = try canvasWithAddAndSubtract()
        let contents = try copied(canvas)
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 80, y: 20)))
        canvas.send(.clipboardRead(contents, keepingOutsideInputs: false))
        let graph = canvas.document.graph
        #expect(graph.position(of: "add2") == Position(x: 80, y: 20))
        #expect(graph.position(of: "subtract2") == Position(x: 80, y: 29))
        #expect(graph.name(of: "add2") == "Add 2")
        #expect(graph.inputs(of: "add2") == [nil, nil, nil])
        #expect(canvas.state.selection == ["add2", "subtract2"])
        #expect(canvas.status.contains("pasted 2 nodes"))
        canvas.send(.character("u"))
        #expect(canvas.document.graph == (try demoCalculator()))
        #expect(canvas.status.contains("undid add 2 nodes"))
    }

    @Test func capitalPKeepsInputsFromOutsideNodesThatExistHere() throws {
        let canvas = try canvasWithAddAndSubtract()
        let contents = try copied(canvas)
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 80, y: 20)))
        canvas.send(.clipboardRead(contents, keepingOutsideInputs: true))
        let graph = canvas.document.graph
        #expect(graph.inputs(of: "add2") == ["one", "two", nil])
        #expect(graph.inputs(of: "subtract2") == ["three", "two"])
        #expect(graph.value(of: "subtract2") == .number(1))
    }

    @Test func linksAmongThePastedNodesArePastedToo() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 120, height: 40)
        canvas.send(.control("a"))
        let contents = try copied(canvas)
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 2, y: 30)))
        canvas.send(.clipboardRead(contents, keepingOutsideInputs: false))
        let graph = canvas.document.graph
        #expect(graph.count == 12)
        #expect(graph.inputs(of: "multiply2") == ["add2", "subtract2"])
        #expect(graph.value(of: "multiply2") == .number(3))
    }

    /// The boxes a link's route runs through (their frames, borders included), besides the
    /// cells where it starts and ends.
    private func boxesUnder(_ link: DrawnLink, in frame: FrameContents) -> [NodeID] {
        var crossed: [NodeID] = []
        for (a, b) in zip(link.route, link.route.dropFirst()) {
            let dx = (b.x - a.x).signum(), dy = (b.y - a.y).signum()
            var cell = a
            while true {
                if cell != link.start && cell != link.end {
                    for node in frame.nodes where node.frame.contains(x: cell.x, y: cell.y) {
                        if !crossed.contains(node.id) { crossed.append(node.id) }
                    }
                }
                if cell == b { break }
                cell = Point(x: cell.x + dx, y: cell.y + dy)
            }
        }
        return crossed
    }

    @Test func capitalPOnANodeTheCursorIsOnPastesBesideItAndNoLinkRunsUnderABox() throws {
        // Multiply copied and pasted with its inputs where the cursor is, on Multiply itself:
        // the paste went over Multiply, and the links into it ran under Multiply's rows (one
        // along its output row), looking like links into Multiply.
        let canvas = makeCanvas(try demoCalculator(), width: 120, height: 40)
        canvas.select("multiply")
        let contents = try copied(canvas)
        canvas.send(.clipboardRead(contents, keepingOutsideInputs: true))
        #expect(canvas.document.graph.inputs(of: "multiply2") == ["add", "subtract"])
        _ = canvas.render()
        let shown = canvas.lastFrame
        let pasted = try #require(shown.nodes.first { $0.id == "multiply2" }).frame
        let gap = canvas.theme.spacing.nodeGap
        for node in shown.nodes where node.id != "multiply2" {
            #expect(
                !node.frame.insetBy(dx: -gap, dy: -gap).intersects(pasted),
                "the paste \(pasted) covers or touches \(node.id) \(node.frame)")
        }
        for link in shown.links {
            #expect(
                boxesUnder(link, in: shown).isEmpty,
                "\(link.upstream) → \(link.key) runs under \(boxesUnder(link, in: shown))")
        }
    }

    @Test func anEmptyClipboardSaysSo() throws {
        let canvas = try canvasWithAddAndSubtract()
        canvas.send(.clipboardRead(nil, keepingOutsideInputs: false))
        #expect(
            canvas.state.message
                == StatusMessage("the clipboard is empty: y copies the selection", isError: true))
        #expect(!canvas.document.history.canUndo)
    }

    @Test func capitalDPlacesTheDuplicateClearOfTheNodesBesideIt() throws {
        // "a", and right where its duplicate would go, "b"; below "b", "c", which the duplicate
        // must clear too.
        var graph = Graph()
        try graph.addNode("a", kind: "number", at: Position(x: 2, y: 2), value: .number(1))
        let canvas = makeCanvas(graph, width: 120, height: 40)
        let width = try #require(canvas.scene.layouts["a"]).frame.width
        try canvas.document.apply(
            .addNode(NodeDescription(id: "b", kind: "number", position: Position(x: width + 5, y: 2))))
        try canvas.document.apply(
            .addNode(NodeDescription(id: "c", kind: "add", position: Position(x: 2 * width + 8, y: 3))))
        canvas.send(.nodeChosen("a"))
        canvas.send(.character("D"))
        let copy = try #require(canvas.scene.layouts["a2"]).frame
        #expect(copy.y == 2)
        let gap = canvas.theme.spacing.nodeGap
        for id: NodeID in ["a", "b", "c"] {
            let layout = try #require(canvas.scene.layouts[id])
            let around = Rect(
                x: layout.frame.x - gap, y: layout.frame.y - gap,
                width: layout.frame.width + 2 * gap, height: layout.frame.height + 2 * gap)
            #expect(!around.intersects(copy), "the duplicate \(copy) covers or touches \(id) \(layout.frame)")
        }
    }

    @Test func capitalDLeavesRoomForTheDuplicatesLinksBesideItsNeighbours() throws {
        // Multiply's duplicate went two columns right of Multiply: the links into its rows ran
        // right beside Multiply's border, reading as part of it.
        let canvas = makeCanvas(try demoCalculator(), width: 120, height: 40)
        canvas.select("multiply")
        canvas.send(.character("D"))
        _ = canvas.render()
        let shown = canvas.lastFrame
        let original = try #require(shown.nodes.first { $0.id == "multiply" }).frame
        let copy = try #require(shown.nodes.first { $0.id == "multiply2" }).frame
        #expect(copy.minX - original.maxX >= 3, "\(copy.minX - original.maxX) columns between them")
        for link in shown.links {
            #expect(boxesUnder(link, in: shown).isEmpty)
            for (a, b) in zip(link.route, link.route.dropFirst()) where a.x == b.x && a.y != b.y {
                #expect(a.x != original.maxX, "\(link.upstream) runs down Multiply's right border")
            }
        }
    }

    @Test func capitalDDuplicatesTheSelectionBesideItselfKeepingItsInputs() throws {
        let canvas = try canvasWithAddAndSubtract()
        canvas.send(.character("D"))
        let graph = canvas.document.graph
        #expect(graph.count == 8)
        #expect(graph.inputs(of: "add2") == ["one", "two", nil])
        let original = try #require(graph.position(of: "add"))
        let copy = try #require(graph.position(of: "add2"))
        #expect(copy.y == original.y && copy.x > original.x + 15)
        #expect(canvas.state.selection == ["add2", "subtract2"])
        canvas.send(.character("u"))
        #expect(canvas.document.graph.count == 6)
    }
}
