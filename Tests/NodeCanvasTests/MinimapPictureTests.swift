import Foundation
import NodeCanvas
import NodeGraph
import Testing

/// `docs/minimap.svg`, the README's picture of the overview: `f` on a graph of 1,200 numbers too
/// wide even for dots shows them in dots and opens the minimap. A test draws it and keeps the
/// committed file equal to it.
@Suite struct MinimapPictureTests {
    private static let picture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/minimap.svg")

    private func drawn() throws -> String {
        var graph = Graph()
        for row in 0..<20 {
            for column in 0..<60 {
                let inputs: [NodeID?] =
                    column == 0 ? [nil, nil, nil] : [NodeID("n\(row)_\(column - 1)"), nil, nil]
                try graph.addNode(
                    NodeID("n\(row)_\(column)"), kind: column == 0 ? "number" : "add",
                    at: Position(x: 2 + column * 22, y: 1 + row * 8), inputs: column == 0 ? [] : inputs)
            }
        }
        let canvas = makeCanvas(graph, width: 100, height: 30)
        canvas.send(.character("f"))
        return canvas.render().svg(SVGOptions(title: "nodeui-tui: f on 1,200 nodes, and the minimap"))
    }

    @Test func theCommittedPictureIsWhatTheCanvasDrawsNow() throws {
        let svg = try drawn()
        try expectCommittedPicture(svg, at: Self.picture, recordedBy: "MinimapPictureTests")
        #expect(svg.contains("map"))
    }
}
