import NodeCanvas
import NodeGraph
import Testing

/// `@`: every message of the session, kept and shown whole; long texts wrapped, never cut.
@Suite struct MessageHistoryTests {
    private func notice(_ text: String, isError: Bool = false) -> CanvasAction {
        .noticeArrived(StatusMessage(text, isError: isError))
    }

    @Test func everyMessageOfTheSessionIsKeptInfoAndRefusalsAlike() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send([.character("x"), .character("f")])
        canvas.select("one")
        canvas.send([.character("+"), .character("u")])
        let texts = canvas.state.messageHistory.map(\.text)
        #expect(texts.first == "nothing to delete: put the cursor on a node (Tab)")
        #expect(canvas.state.messageHistory.first?.isError == true)
        #expect(texts.contains("the whole graph is in view"))
        #expect(texts.last == canvas.state.message?.text)
        #expect(texts.count >= 3)
    }

    @Test func theHistoryKeepsTheLatestFiveHundred() throws {
        let canvas = makeCanvas(try demoCalculator())
        for number in 1...510 { canvas.send(notice("message \(number)")) }
        let history = canvas.state.messageHistory
        #expect(history.count == CanvasState.messageHistoryLimit)
        #expect(history.first?.text == "message 11")
        #expect(history.last?.text == "message 510")
    }

    @Test func atShowsTheMessagesNewestFirstEachWholeWrappedToTheScreen() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 40, height: 16)
        let long =
            "the file source 'load.txt' resolves outside the graph file's folder; --allow-outside reads it"
        canvas.send(notice("first and old"))
        canvas.send(notice(long, isError: true))
        canvas.send(notice("newest"))
        canvas.send(.character("@"))
        #expect(canvas.state.mode == .messages(firstRow: 0))
        let rows = screen(canvas.render())
        let newest = try #require(rows.firstIndex { $0.contains("newest") })
        let problem = try #require(rows.firstIndex { $0.contains("! the file source") })
        let old = try #require(rows.firstIndex { $0.contains("first and old") })
        #expect(newest < problem && problem < old)
        let shown = rows[problem..<old].joined(separator: " ").split(separator: " ").filter {
            !["│", "|", "!"].contains($0)
        }
        #expect(shown.joined(separator: " ") == long, "the long message is shown whole")
        #expect(!rows.dropLast().joined().contains("…"), "nothing in the panel is cut")
        #expect(rows.allSatisfy { displayWidth(of: $0) <= 40 })
    }

    @Test func theMessagesScrollWithArrowsAndPagesAndAnyOtherKeyCloses() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 40, height: 12)
        for number in 1...30 { canvas.send(notice("message \(number)")) }
        canvas.send(.character("@"))
        #expect(screen(canvas.render()).contains { $0.contains("message 30") })
        canvas.send(.down)
        #expect(canvas.state.mode == .messages(firstRow: 1))
        #expect(!screen(canvas.render()).contains { $0.contains("message 30") })
        canvas.send(.pageDown)
        #expect(canvas.state.mode == .messages(firstRow: 10))
        canvas.send([.pageDown, .pageDown, .pageDown])
        let rows = screen(canvas.render())
        #expect(rows.contains { $0.contains("message 1 ") }, "the oldest message is reached")
        #expect(canvas.state.mode == .messages(firstRow: 30 - 9))
        canvas.send(.up)
        #expect(canvas.state.mode == .messages(firstRow: 30 - 10))
        canvas.send(.character("x"))
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph == (try demoCalculator()), "the closing key did nothing else")
    }

    @Test func aSourceThatStartsFailingSaysWhyOnceAndAtKeepsItWhole() throws {
        var graph = Graph()
        try graph.addNode("f", kind: "number", name: "Reading", at: Position(x: 2, y: 1), value: .number(0))
        let canvas = makeCanvas(graph, width: 40, height: 16)
        let reason = "'../outside.txt' is outside the graph file's folder (--allow-outside reads it)"
        let failing = LiveSourceStatus(live: 1, failing: ["f": reason])
        canvas.send(.liveSourcesReported(failing))
        #expect(canvas.state.message == StatusMessage("Reading failing: " + reason, isError: true))
        canvas.send(.character("f"))
        canvas.send(.liveSourcesReported(failing))
        #expect(canvas.state.messageHistory.filter { $0.isError }.count == 1, "the same failure is said once")
        canvas.send(.character("@"))
        let panel = screen(canvas.render()).dropLast()
        let words = panel.joined(separator: " ").split(separator: " ").filter { !["│", "!"].contains($0) }
        #expect(words.joined(separator: " ").contains("Reading failing: " + reason))
    }

    @Test func withNoMessagesTheOverlaySaysSo() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.character("@"))
        #expect(canvas.render().text.contains("no messages yet"))
    }

    @Test func theInspectorWrapsALongErrorInsteadOfCuttingIt() throws {
        var graph = try demoCalculator()
        try graph.setKind("divide", of: "multiply")
        try graph.setValue(.number(2), of: "three")
        try graph.rename("multiply", to: "Divide everything by the difference")
        try graph.addNode(
            "after", kind: "add", name: "After", at: Position(x: 70, y: 1), inputs: ["multiply"])
        let canvas = makeCanvas(graph, width: 100, height: 30)
        canvas.select("after")
        canvas.send(.character("i"))
        // The inspector's columns, above the status line.
        let panel = screen(canvas.render()).dropLast().map { String($0.dropFirst(100 - 32)) }
        let words = panel.joined(separator: " ").split(separator: " ").filter { !["│", "|"].contains($0) }
        let text = words.joined(separator: " ")
        #expect(text.contains("from blocked by Divide everything by the difference: division by zero"))
        #expect(!panel.joined().contains("…"))
    }
}
