import NodeCanvas
import NodeGraph
import Testing

/// A value or error its box shortens with `…` is shown whole on the status line while the cursor
/// is on the node, and in the message history (`@`) above the messages (DESIGN.md, "The frame").
@Suite struct WholeValueTests {
    /// Ratio divides by Zero; Sum adds Ratio; Big holds a number too wide for its box.
    private func graph() throws -> Graph {
        var graph = Graph()
        try graph.addNode("zero", kind: "number", name: "Zero", at: Position(x: 0, y: 30))
        try graph.addNode(
            "ratio", kind: "divide", name: "Ratio", at: Position(x: 0, y: 0), inputs: [nil, "zero"])
        try graph.addNode("sum", kind: "add", name: "Sum", at: Position(x: 24, y: 0), inputs: ["ratio"])
        try graph.addNode(
            "big", kind: "number", name: "Big", at: Position(x: 0, y: 12),
            value: .number(1_000_000_000_000_008))
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 24, y: 12), value: .number(1))
        return graph
    }

    @Test func theStatusLineShowsAShortenedErrorWholeWhileTheCursorIsOnItsNode() throws {
        let canvas = makeCanvas(try graph(), width: 120, height: 30)
        canvas.select("ratio")
        let rows = screen(canvas.render())
        #expect(rows.contains { $0.contains("! division b…") }, "the box shortens the reason")
        #expect(canvas.status.contains("Ratio  ! division by zero · l link"), "\(canvas.status)")
    }

    @Test func theStatusLineShowsTheReasonOfTheNodeThatBlocksADependant() throws {
        let canvas = makeCanvas(try graph(), width: 120, height: 30)
        canvas.select("sum")
        #expect(
            canvas.status.contains("Sum  ! blocked by Ratio: division by zero · l link"), "\(canvas.status)")
    }

    @Test func theStatusLineShowsAValueTooWideForItsBoxAndNothingForOneThatFits() throws {
        let canvas = makeCanvas(try graph(), width: 120, height: 30)
        canvas.select("big")
        let rows = screen(canvas.render())
        #expect(
            rows.contains { $0.contains("┃ 1000000") && $0.contains("… ┃") }, "the box shortens the value")
        #expect(canvas.status.contains("Big  = 1000000000000008.0 · l link"), "\(canvas.status)")
        canvas.select("one")
        #expect(canvas.status.contains("One  l link"), "a value the box shows whole: \(canvas.status)")
        #expect(!canvas.status.contains("= 1"))
    }

    @Test func atShowsTheNodeUnderTheCursorWithItsWholeValueAboveTheMessages() throws {
        let canvas = makeCanvas(try graph(), width: 60, height: 20)
        canvas.select("ratio")
        canvas.send(.character("@"))
        let rows = screen(canvas.render())
        let value = try #require(
            rows.firstIndex { $0.contains("under the cursor: Ratio ! division by zero") })
        #expect(rows.firstIndex { $0.contains("Messages, newest first") } == value - 1)
        canvas.send(.character("x"))
        canvas.select("one")
        canvas.send(.character("@"))
        #expect(!canvas.render().text.contains("under the cursor"), "One's box shows its value whole")
    }

    @Test func theMessagesScrollToTheLastRowOfTheOldestWhenTheyWrapInsideThePanel() throws {
        // 38 characters and the lead: one row at the screen's width, two inside the panel.
        let canvas = makeCanvas(try graph(), width: 40, height: 12)
        for number in 10...39 {
            canvas.send(.noticeArrived(StatusMessage("message \(number) of the panel, then END\(number)")))
        }
        canvas.send(.character("@"))
        for _ in 0..<12 { canvas.send(.pageDown) }
        #expect(canvas.render().text.contains("END10"), "the oldest message's last row is reached")
    }
}
