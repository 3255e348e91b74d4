import NodeCanvas
import NodeGraph
import Testing

/// A plot node on the canvas: its chart of recent values, the minimum and maximum beside it,
/// a size that never follows the values, and a history that is view state.
@Suite struct PlotCanvasTests {
    /// A clock `tick` feeding plot `p` (Trend, showing `samples` values).
    private func canvas(samples: Double = 60, theme: Theme = .unicode) throws -> Canvas {
        var graph = Graph()
        try graph.addNode("tick", kind: "clock", name: "Tick", at: Position(x: 2, y: 1))
        try graph.addNode(
            "p", kind: "plot", name: "Trend", at: Position(x: 26, y: 1), value: .number(samples),
            inputs: ["tick"])
        return makeCanvas(graph, width: 80, height: 20, theme: theme)
    }

    private func push(_ values: [Double], to canvas: Canvas) {
        for value in values {
            canvas.document.applySourceUpdates([SourceUpdate(node: "tick", value: .number(value))])
        }
    }

    /// The rows of the plot's box.
    private func box(_ canvas: Canvas) throws -> [String] {
        let surface = canvas.render()
        let frame = try #require(canvas.frame(of: "p"))
        return screen(surface)[frame.minY..<frame.maxY].map { row in
            String(
                Array(row.padding(toLength: frame.maxX, withPad: " ", startingAt: 0))[frame.minX..<frame.maxX]
            )
        }
    }

    @Test func theHistoryRecordsEachValueThePlotTakesFromOpeningOn() throws {
        let canvas = try canvas()
        #expect(canvas.plots.values(of: "p") == [0])
        push([1, 4, 2], to: canvas)
        #expect(canvas.plots.values(of: "p") == [0, 1, 4, 2])
        #expect(canvas.plots.values(of: "tick") == [])
    }

    @Test func theHistoryKeepsOnlyTheSamplesThePlotShows() throws {
        let canvas = try canvas(samples: 3)
        push([1, 2, 3, 4, 5], to: canvas)
        #expect(canvas.plots.values(of: "p") == [3, 4, 5])
    }

    @Test func theChartDrawsTheValuesInBrailleWithTheMaximumAndMinimumBesideIt() throws {
        let canvas = try canvas()
        push([8, 4], to: canvas)
        let rows = try box(canvas)
        // Values 0, 8, 4 in the last three dot columns: 8 at the top, 0 at the bottom, 4 between.
        let blank = "\u{2800}"
        #expect(
            rows[1].contains(String(repeating: blank, count: 15) + "⠁ 8"), "\(rows.joined(separator: "\n"))")
        #expect(
            rows[2].contains(String(repeating: blank, count: 15) + "⠐"), "\(rows.joined(separator: "\n"))")
        #expect(
            rows[3].contains(String(repeating: blank, count: 14) + "⢀" + blank + " 0"),
            "\(rows.joined(separator: "\n"))")
    }

    @Test func theASCIIThemeDrawsTheChartWithASCIIMarks() throws {
        let canvas = try canvas(theme: .ascii)
        push([8, 4], to: canvas)
        let rows = try box(canvas)
        #expect(rows[1].contains("              '  8"), "\(rows.joined(separator: "\n"))")
        #expect(rows[2].contains("               -"), "\(rows.joined(separator: "\n"))")
        #expect(rows[3].contains("             _   0"), "\(rows.joined(separator: "\n"))")
        #expect(rows.joined().allSatisfy { $0.isASCII })
    }

    @Test func theBoxKeepsItsSizeWhateverTheValues() throws {
        let canvas = try canvas()
        _ = canvas.render()
        let before = try #require(canvas.frame(of: "p"))
        push([123_456_789, -0.000_123, 7], to: canvas)
        _ = canvas.render()
        #expect(canvas.frame(of: "p") == before)
    }

    @Test func theChartMovesWithEachUpdateWithoutAKey() throws {
        let canvas = try canvas()
        let first = try box(canvas)
        push([5], to: canvas)
        let second = try box(canvas)
        push([2], to: canvas)
        let third = try box(canvas)
        #expect(first != second)
        #expect(second != third)
    }

    @Test func theHistoryIsNoEditAndAReloadClearsIt() throws {
        let canvas = try canvas()
        push([1, 2], to: canvas)
        #expect(!canvas.document.history.canUndo)
        #expect(!canvas.document.isModified)
        #expect(canvas.document.graph.node("p")?.value == .number(60))
        canvas.reload()
        #expect(canvas.plots.values(of: "p") == [2])
    }

    @Test func aRemovedPlotForgetsItsValues() throws {
        let canvas = try canvas()
        push([1, 2], to: canvas)
        try canvas.document.apply(.removeNode("p"))
        #expect(canvas.plots.values(of: "p") == [])
    }

    @Test func theChartOfValuesIsRightAlignedAndSkipsWhatIsNotANumber() {
        let rows = PlotBodyRenderer.chart([1, .nan, 3], width: 3, height: 1, low: 1, high: 3, braille: false)
        #expect(rows == ["_ '"])
        let flat = PlotBodyRenderer.chart([5, 5], width: 2, height: 2, low: 5, high: 5, braille: false)
        #expect(flat == ["__", "  "])
    }
}

@Suite struct PlotChartTests {
    @Test func moreValuesThanColumnsAreSharedOutSoEveryPartOfTheHistoryShows() {
        // Six values on three columns: the 2nd, 4th and 6th.
        let rows = PlotBodyRenderer.chart(
            [9, 1, 9, 2, 9, 3], width: 3, height: 1, low: 1, high: 3, braille: false)
        #expect(rows == ["_-'"])
    }

    @Test func labelsFitTheirRoomWithoutACutThatChangesTheNumber() {
        #expect(PlotBodyRenderer.label(19.987, width: 5) == "19.99")
        #expect(PlotBodyRenderer.label(0.000_097_9, width: 5) == "0")
        #expect(PlotBodyRenderer.label(-0.000_097_9, width: 5) == "0")
        #expect(PlotBodyRenderer.label(123_456_789, width: 5) == "1.2e8")
        #expect(PlotBodyRenderer.label(-1_234_567, width: 5) == "-1e6")
        #expect(PlotBodyRenderer.label(42, width: 5) == "42")
    }
}
