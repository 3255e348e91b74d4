import NodeCanvas
import NodeGraph
import Testing

/// Single widgets and small scenes drawn without panels, compared with literal rows.
@Suite struct WidgetRenderingTests {
    /// The scene of a graph alone (no status line or panels), at the top left.
    func draw(_ graph: Graph, width: Int, height: Int, theme: Theme = .unicode, lod: LevelOfDetail = .full)
        -> [String]
    {
        let canvas = Canvas(
            document: GraphDocument(graph: graph), width: width, height: height, levelOfDetail: lod,
            theme: theme,
            plugins: [])
        return screen(canvas.render())
    }

    @Test func aNumberWidgetShowsItsValueAndOutputType() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", name: "Apples", at: Position(x: 0, y: 0), value: .number(2.5))
        #expect(
            draw(graph, width: 18, height: 4) == [
                "╭ Apples ─── × ╮",
                "│ 2.5          │",
                "│       number │",
                "╰──────────────╯",
            ])
    }

    @Test func anOperatorWidgetShowsItsFormulaResultAndInputRows() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", at: Position(x: 0, y: 20), value: .number(4))
        try graph.addNode(
            "sub", kind: "subtract", name: "Less", at: Position(x: 1, y: 0), inputs: ["a", nil])
        #expect(
            draw(graph, width: 19, height: 6) == [
                " ╭ Less ────── × ╮",
                " │ x − y     = 4 │",
                "─┤ x: 4          │",
                " │ y: –          │",
                " │        number │",
                " ╰───────────────╯",
            ])
    }

    @Test func anErrorShowsItsReasonAndDependantsSayWhichNodeBlocksThem() throws {
        var graph = Graph()
        try graph.addNode("zero", kind: "number", name: "Zero", at: Position(x: 0, y: 30))
        try graph.addNode(
            "ratio", kind: "divide", name: "Ratio", at: Position(x: 0, y: 0), inputs: [nil, "zero"])
        try graph.addNode("sum", kind: "add", name: "Sum", at: Position(x: 24, y: 0), inputs: ["ratio"])
        let rows = draw(graph, width: 50, height: 7)
        // A box keeps the size its kind gives it: a reason too long for the row is shortened
        // (the inspector, the status line and the message history show it whole).
        #expect(rows[1].hasPrefix("│ ! division b… │"))
        #expect(rows[1].hasSuffix("│ ! blocked by Rat… │"))
        #expect(rows[2].hasSuffix("┤ x: ! error        │"))
        #expect(!rows.joined().contains("inf") && !rows.joined().contains("nan"))
    }

    @Test func aColorWidgetShowsASwatchInItsColorAndTheHexCode() throws {
        var graph = Graph()
        try graph.addNode("c", kind: "color", name: "Paint", at: Position(x: 0, y: 0))
        try graph.addNode("r", kind: "number", at: Position(x: 0, y: 20), value: .number(255))
        try graph.link(from: "r", to: "c", slot: 0)
        let canvas = Canvas(document: GraphDocument(graph: graph), width: 20, height: 8, plugins: [])
        let surface = canvas.render()
        #expect(screen(surface)[1] == "│      #ff0000 │")
        let swatch = surface[2, 1]
        #expect(swatch.style.background == .rgb(red: 255, green: 0, blue: 0))
        let monochrome = Canvas(
            document: GraphDocument(graph: graph), width: 20, height: 8, theme: .monochrome, plugins: [])
        #expect(screen(monochrome.render())[1] == "│ ████ #ff0000 │")
    }

    @Test func theSelectedWidgetHasAHeavyBoxAndAReversedTitleInMonochrome() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", name: "A", at: Position(x: 0, y: 0))
        let canvas = Canvas(
            document: GraphDocument(graph: graph), width: 16, height: 4, theme: .monochrome, plugins: [])
        canvas.send(.tab)
        let surface = canvas.render()
        #expect(
            screen(surface) == [
                "┏ A ━━━━━━━━ × ┓",
                "┃ 0            ┃",
                "┃       number ┃",
                "┗━━━━━━━━━━━━━━┛",
            ])
        #expect(surface[2, 0].style.reverse && surface[2, 0].style.bold)
        #expect(surface[0, 1].style.bold)
    }

    @Test func theASCIIThemeDrawsOnlyASCII() throws {
        let rows = draw(try demoCalculator(), width: 80, height: 20, theme: .ascii)
        let symbols = Set("×−")  // operator symbols come from the kinds, not the theme
        for row in rows {
            #expect(row.allSatisfy { $0.isASCII || symbols.contains($0) }, "\(row)")
        }
        #expect(rows[1] == "  + One ------ x +        + Add ----------- x +")
    }

    @Test func compactWidgetsShowTitleAndValue() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", name: "Seven", at: Position(x: 0, y: 0), value: .number(7))
        #expect(
            draw(graph, width: 13, height: 3, lod: .compact) == [
                "╭ Seven ─ × ╮",
                "│ 7         │",
                "╰───────────╯",
            ])
    }

    @Test func dotDetailDrawsOneGlyphPerNodeAtScaledPositions() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", at: Position(x: 0, y: 0))
        try graph.addNode("b", kind: "number", at: Position(x: 40, y: 8))
        try graph.addNode("s", kind: "add", at: Position(x: 80, y: 0), inputs: ["a", "b"])
        let rows = draw(graph, width: 22, height: 5, lod: .dot)
        #expect(rows[0].hasPrefix("●") && rows[4].dropFirst(10).hasPrefix("●"))
        #expect(rows[0].dropFirst(20).hasPrefix("●"))
    }

    @Test func linksAreDrawnFromTheOutputRowToTheInputRowAroundABoxInBetween() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", name: "A", at: Position(x: 0, y: 2))
        try graph.addNode("wall", kind: "number", name: "Wall", at: Position(x: 20, y: 2))
        try graph.addNode("n", kind: "subtract", name: "N", at: Position(x: 40, y: 2), inputs: ["a"])
        let canvas = Canvas(document: GraphDocument(graph: graph), width: 60, height: 10, plugins: [])
        let rows = screen(canvas.render())
        // A's output row is row 4; N's x row is row 4 too, but Wall stands between them.
        #expect(rows[4].hasPrefix("│       number ├"))
        #expect(!rows[5].isEmpty)
        let link = try #require(canvas.lastFrame.links.first)
        #expect(link.start == Point(x: 16, y: 4) && link.end == Point(x: 39, y: 4))
        let wall = try #require(canvas.frame(of: "wall"))
        for (a, b) in zip(link.route, link.route.dropFirst()) {
            let segment = Rect(
                x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
            #expect(!segment.intersects(wall), "the route crosses Wall: \(link.route)")
        }
    }
}
