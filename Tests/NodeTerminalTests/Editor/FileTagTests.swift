import NodeCanvas
import NodeGraph
import Testing

@testable import NodeTerminal

/// The file tag at the top right is drawn over empty cells only: never over a box, a link or the
/// cursor.
@Suite struct FileTagTests {
    /// A session on `graph` whose view starts at the canvas's origin.
    func session(_ graph: Graph, width: Int = 100, height: Int = 20) -> EditorSession {
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: graph), file: nil, width: width,
            height: height)
        session.canvas.send(.viewPlaced(origin: .zero, cursor: Position(x: 40, y: 12)))
        return session
    }

    /// Every cell the tag changed was an empty cell of the canvas's first row.
    func expectTagOnEmptyCells(_ session: EditorSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = session.frame(), canvas = session.canvas.render()
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y] != canvas[x, y] {
                #expect(y == 0, "the tag drew on row \(y)", sourceLocation: sourceLocation)
                #expect(
                    canvas[x, y].character == " ", "the tag covered '\(canvas[x, y].character)' at \(x)",
                    sourceLocation: sourceLocation)
                #expect(
                    !session.canvas.lastFrame.nodes.contains { $0.frame.contains(x: x, y: y) },
                    "the tag covered a box at \(x)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theTagIsDrawnInAnEmptyCorner() {
        let session = session(.demoCalculator())
        #expect(session.frame().rows[0].hasSuffix(" demo calculator  "))
        expectTagOnEmptyCells(session)
    }

    @Test func theTagNeverCoversALinkRunningAlongTheFirstRow() throws {
        var graph = Graph()
        // One's output row and Far's first input row are both row 0: the link runs along it,
        // out past the right edge.
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: -2), value: .number(1))
        try graph.addNode("far", kind: "add", name: "Far", at: Position(x: 140, y: -2), inputs: ["one"])
        let session = session(graph)
        let plain = session.canvas.render().rows[0]
        #expect(plain.hasSuffix("──"), "the link reaches the right edge: \(plain)")
        expectTagOnEmptyCells(session)
    }

    @Test func theTagIsShortenedToTheEmptyCellsBesideABox() throws {
        var graph = Graph()
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 70, y: -3), value: .number(1))
        let session = session(graph)
        let row = session.frame().rows[0]
        #expect(row.hasSuffix("╯  demo calc…  "), "\(row)")
        expectTagOnEmptyCells(session)
    }
}
