import NodeCanvas
import NodeGraph
import Testing

/// The new-node palette says how much of a cut list it leaves out.
@Suite struct PaletteOverlayTests {
    @Test(arguments: [(Theme.unicode, "↓", "↑"), (Theme.ascii, "v", "^")])
    func aCutListSaysHowManyEntriesFollow(_ theme: Theme, _ down: String, _ up: String) throws {
        let graph = try demoCalculator()
        let count = CanvasReducer.paletteKinds(matching: "", in: graph).count
        try #require(count > 6, "the palette lists more kinds than it shows")
        // 9 rows above the status line hold the palette: its border, filter and footer take 3,
        // the line saying what is left out 1, and 5 kinds the rest.
        let canvas = makeCanvas(graph, width: 80, height: 10, theme: theme)
        canvas.send(.character("n"))
        #expect(canvas.render().text.contains("\(down) \(count - 5) more"))
        canvas.send(Array(repeating: InputEvent.down, count: count - 1))
        let text = canvas.render().text
        #expect(text.contains("\(up) \(count - 5) more"))
        #expect(text.components(separatedBy: " more").count == 2, "one line says what is left out")
    }

    @Test func aListThatFitsSaysNothingMore() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 80, height: 30)
        canvas.send([.character("n")] + InputEvent.typing("mul"))
        #expect(!canvas.render().text.contains(" more"))
    }
}
