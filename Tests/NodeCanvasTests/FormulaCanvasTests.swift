import NodeCanvas
import NodeGraph
import Testing

/// A formula node on the canvas: its box, its editor, the palette.
@Suite struct FormulaCanvasTests {
    /// `r` = 2, `a` = 3, `b` = 7 feeding `area` = `pi * r^2 + max(a, b)`, with the cursor on it.
    private func canvas(theme: Theme = .unicode, width: Int = 100) throws -> Canvas {
        var graph = Graph()
        try graph.addNode("r", kind: "number", name: "Radius", at: Position(x: 2, y: 1), value: .number(2))
        try graph.addNode("a", kind: "number", name: "A", at: Position(x: 2, y: 6), value: .number(3))
        try graph.addNode("b", kind: "number", name: "B", at: Position(x: 2, y: 11), value: .number(7))
        try graph.addNode(
            "area", kind: "formula", name: "Area", at: Position(x: 30, y: 3),
            value: FormulaKind.formula("pi * r^2 + max(a, b)"), inputs: ["r", "a", "b"])
        let canvas = makeCanvas(graph, width: width, height: 24, theme: theme)
        canvas.send(.nodeChosen("area"))
        return canvas
    }

    @Test func theBoxShowsTheFormulaPrettyPrintedAndItsValueShortenedToTheThemesWidth() throws {
        let canvas = try canvas()
        let rows = screen(canvas.render())
        // 30 columns at most: the formula and the value are each shortened with an ellipsis.
        #expect(
            rows.contains { $0.contains("┃ pi × r² + max(a, … = 19.5… ┃") }, "\(rows.joined(separator: "\n"))"
        )
        #expect(rows.contains { $0.contains("r: 2") })
        #expect(rows.contains { $0.contains("b: 7") })
    }

    @Test func theASCIIThemeShowsTheFormulaAsTyped() throws {
        let rows = screen(try canvas(theme: .ascii).render())
        #expect(
            rows.contains { $0.contains("# pi * r^2 + max(a,~ = 19.5~ #") }, "\(rows.joined(separator: "\n"))"
        )
    }

    @Test func theBoxSizeFollowsTheFormulaNotTheValue() throws {
        let canvas = try canvas()
        try canvas.document.apply(.setFormula(node: "area", formula: "r * a"))
        #expect(screen(canvas.render()).contains { $0.contains("┃ r × a     = 6 ┃") })
        let before = try #require(canvas.frame(of: "area"))
        try canvas.document.apply(.setValue(node: "a", value: .number(123_456_789)))
        _ = canvas.render()
        #expect(canvas.frame(of: "area") == before)
        try canvas.document.apply(.setFormula(node: "area", formula: "r * a + b"))
        _ = canvas.render()
        #expect(try #require(canvas.frame(of: "area")).width > before.width)
    }

    @Test func powersAndProductsArePrettyPrintedOnlyWhereTheyReadTheSame() {
        #expect(FormulaBodyRenderer.displayText(of: "a*b^2 + c^3", glyphs: .unicode) == "a×b² + c³")
        #expect(
            FormulaBodyRenderer.displayText(of: "a^23 + b^2.5 + c^2e1 + d^4", glyphs: .unicode)
                == "a^23 + b^2.5 + c^2e1 + d^4")
        #expect(FormulaBodyRenderer.displayText(of: "a*b^2", glyphs: .ascii) == "a*b^2")
    }

    @Test func eEditsTheFormulaAndEnterSetsIt() throws {
        let canvas = try canvas()
        canvas.send(.character("e"))
        #expect(
            canvas.state.mode
                == .editValue(
                    ValueEditState(
                        node: "area", editor: LineEditor("pi * r^2 + max(a, b)", limit: Formula.maximumLength)
                    )))
        canvas.send(InputEvent.typing("a * b") + [.enter])
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph.formula(of: "area")?.text == "a * b")
        #expect(canvas.document.graph.value(of: "area") == .number(21))
        #expect(
            canvas.state.message == StatusMessage("set Area to a * b; r lost its link from Radius (u undoes)")
        )
        canvas.send(.character("u"))
        #expect(canvas.document.graph.inputs(of: "area") == ["r", "a", "b"])
    }

    @Test func aFormulaThatDoesNotParseKeepsTheEditorOpenAndNamesTheColumn() throws {
        let canvas = try canvas()
        let before = canvas.document.graph
        canvas.send([.character("e")] + InputEvent.typing("(a + b))") + [.enter])
        guard case .editValue(let edit) = canvas.state.mode else {
            Issue.record("the editor should stay open")
            return
        }
        #expect(edit.text == "(a + b))")
        #expect(
            canvas.state.message
                == StatusMessage("the formula does not parse: unexpected ')' at column 8", isError: true))
        #expect(canvas.document.graph == before)
    }

    @Test func thePaletteOffersFormula() throws {
        let canvas = makeCanvas(Graph())
        canvas.send([.character("n")] + InputEvent.typing("formula") + [.enter])
        let id = try #require(canvas.document.graph.nodeIDs.first)
        #expect(canvas.document.graph.kind(of: id)?.name == "formula")
        #expect(canvas.document.graph.inputs(of: id) == [nil, nil])
    }
}
