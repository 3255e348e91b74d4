import NodeCanvas
import NodeGraph
import Testing

/// Defects where the drawing did not show what is there: each test fails without its fix.
@Suite struct DrawingTruthTests {
    @Test func theSelectionRectangleHasCorners() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 80, height: 24)
        canvas.send([.mousePress(x: 60, y: 16, control: true), .mouseDrag(x: 70, y: 20)])
        let rows = canvas.render().rows
        #expect(Array(rows[16])[60] == "╭")
        #expect(Array(rows[16])[70] == "╮")
        #expect(Array(rows[20])[60] == "╰")
        #expect(Array(rows[20])[70] == "╯")
        #expect(Array(rows[18])[60] == "│")
        #expect(Array(rows[16])[65] == "─")
    }

    @Test func aJointOnABoxInTheSelectionHasTheBoxsHeavyWeight() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 80, height: 24)
        canvas.select("one")
        canvas.send(.character(" "))  // One joins the selection
        canvas.select("two")  // the cursor moves on; One stays selected
        #expect(canvas.state.selection.contains("one"))
        let surface = canvas.render()
        let one = try #require(canvas.lastFrame.nodes.first { $0.id == "one" })
        let joint = surface[one.frame.maxX - 1, one.outputRow]
        #expect(joint.character == "┠", "One's output joint: \(joint.character)")
        #expect(surface[one.frame.minX, one.frame.minY].character == "┏")
    }

    @Test func theCursorFollowsAnUndoneOrRedoneMove() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30)
        canvas.select("add")
        canvas.send([.character("m"), .down, .down, .down, .right, .right, .enter])
        let moved = try #require(canvas.document.graph.position(of: "add"))
        canvas.select("two")
        canvas.send(.character("u"))
        let back = try #require(canvas.document.graph.position(of: "add"))
        #expect(back != moved)
        #expect(canvas.state.cursorNode == "add")
        #expect(canvas.status.contains("undid move Add"))
        let layout = try #require(canvas.scene.layouts["add"])
        #expect(layout.frame.contains(x: canvas.state.scaledCursor.x, y: canvas.state.scaledCursor.y))
        canvas.select("two")
        canvas.send(.character("U"))
        #expect(canvas.state.cursorNode == "add")
        let redone = try #require(canvas.scene.layouts["add"])
        #expect(redone.frame.contains(x: canvas.state.scaledCursor.x, y: canvas.state.scaledCursor.y))
    }

    @Test(arguments: [24, 30, 44, 80])
    func helpWrapsToAnyWidthAndListsEveryKeyInEffect(width: Int) throws {
        let canvas = makeCanvas(try demoCalculator(), width: width, height: 300)
        canvas.send(.character("?"))
        let text = canvas.render().rows.dropLast().joined(separator: "\n")  // the status line aside
        #expect(text.contains("Keys"))
        #expect(!text.contains("…"), "nothing of help is cut at \(width) columns")
        #expect(text.contains("Ctrl-L"))
        #expect(text.contains("repaint the screen"))
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" })
        for word in ["keeping", "remains", "rectangle", "cursor;"] {
            #expect(words.contains { $0 == word }, "help shows '\(word)' whole at \(width) columns")
        }
    }

    @Test func helpScrollsToItsLastWrappedLine() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 30, height: 12)
        canvas.send(.character("?"))
        for _ in 0..<400 { canvas.send(.down) }
        let text = canvas.render().text
        #expect(text.contains("pan up and down"), "the last row of help, the wheel, is reachable")
    }
}
