import Foundation
import NodeCanvas
import NodeGraph
import Testing

/// `docs/plot.svg`, the README's picture of a formula and a plot fed by a clock: a test draws it
/// (60 ticks of the clock, one every 0.1 s) and keeps the committed file equal to it.
@Suite struct PlotPictureTests {
    private static let picture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/plot.svg")

    /// Clock → Wave (`sin(t * 2) * 10 + 10`) → Plot, after 60 ticks.
    private func drawn() throws -> String {
        var graph = Graph()
        try graph.addNode("tick", kind: "clock", name: "Clock", at: Position(x: 2, y: 1), value: .number(0.1))
        try graph.addNode(
            "wave", kind: "formula", name: "Wave", at: Position(x: 2, y: 8),
            value: FormulaKind.formula("sin(t * 2) * 10 + 10"), inputs: ["tick"])
        try graph.addNode(
            "plot", kind: "plot", name: "Plot", at: Position(x: 40, y: 3), value: .number(60),
            inputs: ["wave"])
        let canvas = makeCanvas(graph, width: 80, height: 16)
        for tick in 1...60 {
            canvas.document.applySourceUpdates([
                SourceUpdate(node: "tick", value: .number(Double(tick) / 10))
            ])
        }
        return canvas.render().svg(SVGOptions(title: "nodeui-tui: a formula and a plot fed by a clock"))
    }

    @Test func theCommittedPictureIsWhatTheCanvasDrawsNow() throws {
        let svg = try drawn()
        try expectCommittedPicture(svg, at: Self.picture, recordedBy: "PlotPictureTests")
        // The chart is drawn: braille cells with dots in it.
        #expect(svg.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }
}
