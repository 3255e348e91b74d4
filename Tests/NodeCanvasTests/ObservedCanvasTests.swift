import NodeCanvas
import NodeGraph
import Testing

/// A subtraction that says it costs 5 µs an evaluation (it does not: the cost is what it declares).
private struct CostlySubtract: NodeKind {
    let name = "costlySubtract"
    let title = "Costly"
    let inputs = [SlotSpec("a", .number), SlotSpec("b", .number)]
    let outputType = ValueType.number
    var evaluationCost: Duration { .microseconds(5) }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        .number(inputs.number(0) - inputs.number(1))
    }
}

/// The canvas observes what it shows (demand-driven evaluation) when the graph's kinds cost: an
/// edit recomputes the nodes in view and what they depend on; the others wait, stale, until they
/// come into view. A graph of cheap kinds is evaluated whole.
@Suite struct ObservedCanvasTests {
    /// The grid of `PerformanceTests` with `kind` computing, where `n0_0` feeds a chain along the
    /// first row and `n0_99` one along the last.
    static func grid(columns: Int = 100, rows: Int = 100, kind: String = "costlySubtract") throws -> Graph {
        var registry = KindRegistry.standard
        registry.register(CostlySubtract())
        return try PerformanceTests.grid(columns: columns, rows: rows, kind: kind, registry: registry)
    }

    func gridCanvas(kind: String = "costlySubtract") throws -> Canvas {
        let canvas = Canvas(document: GraphDocument(graph: try Self.grid(kind: kind)), width: 200, height: 60)
        canvas.send(.viewPlaced(origin: Position(x: 0, y: 0), cursor: Position(x: 2, y: 1)))
        return canvas
    }

    @Test func aGraphOfCheapKindsIsEvaluatedWhole() throws {
        let canvas = try gridCanvas(kind: "subtract")
        let change = try canvas.document.apply(.setValue(node: "n0_0", value: .number(5)))
        #expect(change.recomputed.count == 100)
        #expect(!canvas.document.graph.hasStaleNodes)
    }

    @Test func anEditRecomputesWhatIsInViewAndLeavesTheRestStale() throws {
        let canvas = try gridCanvas()
        var reference = try Self.grid()
        try reference.setValue(.number(5), of: "n0_0")
        let change = try canvas.document.apply(.setValue(node: "n0_0", value: .number(5)))
        // The first row's chain has 99 nodes downstream; only the few in view are recomputed.
        #expect(change.recomputed.contains("n1_0"))
        #expect(change.recomputed.count < 20)
        #expect(!canvas.document.graph.isStale("n1_0"))
        #expect(canvas.document.graph.isStale("n99_0"))
        #expect(canvas.scene.models["n1_0"]?.value == reference.value(of: "n1_0"))
    }

    @Test func aStaleNodeComingIntoViewShowsItsCurrentValue() throws {
        let canvas = try gridCanvas()
        var reference = try Self.grid()
        // `n0_99` feeds a chain along the last row, far below the view.
        for value in [5.0, 7.0] {
            try reference.setValue(.number(value), of: "n0_99")
            try canvas.document.apply(.setValue(node: "n0_99", value: .number(value)))
        }
        #expect(canvas.document.graph.isStale("n60_99"))
        canvas.send(.nodeChosen("n60_99"))
        #expect(!canvas.document.graph.isStale("n60_99"), "observed once in view")
        #expect(canvas.scene.models["n60_99"]?.value == reference.value(of: "n60_99"))
        _ = canvas.render()
        #expect(canvas.lastFrame.nodes.contains { $0.id == "n60_99" })
        // A node that left the view (and that nothing in view depends on) is no longer
        // observed: the next edit leaves it stale.
        try canvas.document.apply(.setValue(node: "n0_0", value: .number(9)))
        #expect(canvas.document.graph.isStale("n3_0"))
    }

    @Test func insideAnOpenedGroupTheDocumentEvaluatesWhole() throws {
        var graph = try Self.grid(columns: 30, rows: 2)
        try graph.group(["n0_1"], kind: "inner", name: "Inner", id: "inner")
        let canvas = Canvas(document: GraphDocument(graph: graph), width: 200, height: 60)
        canvas.select("inner")
        canvas.send(.enter)
        #expect(!canvas.state.openedGroups.isEmpty)
        try canvas.document.apply(.setValue(node: "n0_0", value: .number(4)))
        #expect(!canvas.document.graph.isStale("n29_0"))
    }
}
