import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

extension Graph {
    /// The calculator's demo graph (which `nodeui-tui` builds), as `Examples/graphs/calculator.json`
    /// holds it: One + Two is Add (3), Three − One is Subtract (2), Add × Subtract is Multiply (6).
    static func demoCalculator() -> Graph {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/graphs/calculator.json")
        do {
            return try GraphFile.load(path: file.path)
        } catch {
            preconditionFailure("Examples/graphs/calculator.json does not load: \(error)")
        }
    }
}

/// The demo calculator: One + Two is Add (3, slot z left unconnected); Three − Two is
/// Subtract (1); Add × Subtract is Multiply (3).
func demoCalculator() throws -> Graph {
    var graph = Graph()
    try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
    try graph.addNode("two", kind: "number", name: "Two", at: Position(x: 2, y: 6), value: .number(2))
    try graph.addNode("three", kind: "number", name: "Three", at: Position(x: 2, y: 11), value: .number(3))
    try graph.addNode(
        "add", kind: "add", name: "Add", at: Position(x: 26, y: 1), inputs: ["one", "two", nil])
    try graph.addNode(
        "subtract", kind: "subtract", name: "Subtract", at: Position(x: 26, y: 10), inputs: ["three", "two"])
    try graph.addNode(
        "multiply", kind: "multiply", name: "Multiply", at: Position(x: 52, y: 5),
        inputs: ["add", "subtract"])
    return graph
}

/// A canvas on a graph, at a fixed size, with the view at the top left.
func makeCanvas(_ graph: Graph, width: Int = 80, height: Int = 24, theme: Theme = .unicode) -> Canvas {
    let canvas = Canvas(document: GraphDocument(graph: graph), width: width, height: height, theme: theme)
    canvas.fitTopLeft()
    return canvas
}

/// Compares a screen with a text snapshot in `__Snapshots__/<name>.txt`, recording it when the
/// file is missing or `RECORD_SNAPSHOTS=1` is set (and failing then, so recording is never
/// silent).
func assertSnapshot(
    _ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = surface.rows(trimmingTrailingSpaces: true).joined(separator: "\n") + "\n"
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again to compare", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let expectedRows = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualRows = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var differences: [String] = []
        for index in 0..<max(expectedRows.count, actualRows.count) {
            let e = index < expectedRows.count ? String(expectedRows[index]) : "<none>"
            let a = index < actualRows.count ? String(actualRows[index]) : "<none>"
            if e != a { differences.append("row \(index):\n  expected |\(e)|\n  actual   |\(a)|") }
        }
        let report: String =
            "snapshot \(name) differs (RECORD_SNAPSHOTS=1 re-records):\n"
            + differences.prefix(12).joined(separator: "\n") + "\n--- actual screen ---\n" + actual
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}

/// The rows of a surface with trailing spaces trimmed.
func screen(_ surface: Surface) -> [String] { surface.rows(trimmingTrailingSpaces: true) }

/// The status line's text (the last row), trimmed.
func statusLine(_ surface: Surface) -> String {
    (surface.rows.last ?? "").trimmingCharacters(in: .whitespaces)
}

extension Canvas {
    /// The screen cell of the first content column of a node's input row, from the last frame.
    func cell(ofSlot slot: Int, of node: NodeID) -> (x: Int, y: Int)? {
        guard let layout = lastFrame.nodes.first(where: { $0.id == node }), slot < layout.inputRows.count
        else {
            return nil
        }
        return (layout.frame.minX + 2, layout.inputRows[slot])
    }

    /// The screen frame of a node, from the last frame.
    func frame(of node: NodeID) -> Rect? { lastFrame.nodes.first { $0.id == node }?.frame }

    /// Presses Tab until a node is selected.
    func select(_ node: NodeID) {
        for _ in 0..<(shownGraph.count + 1) where state.cursorNode != node { send(.tab) }
    }

    /// The status line as the last render showed it.
    var status: String { statusLine(render()) }
}

/// Compares a picture the README shows (an SVG under `docs/`) with what the canvas draws now,
/// writing it instead when `RECORD_SNAPSHOTS` is set.
/// - Parameters:
///   - svg: The picture drawn now.
///   - picture: The committed file.
///   - suite: The suite that records it, named in the message when it is stale.
func expectCommittedPicture(
    _ svg: String, at picture: URL, recordedBy suite: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
        try Data(svg.utf8).write(to: picture)
    }
    let committed = try String(contentsOf: picture, encoding: .utf8)
    #expect(
        svg == committed,
        "docs/\(picture.lastPathComponent) is stale: RECORD_SNAPSHOTS=1 swift test --filter \(suite)",
        sourceLocation: sourceLocation)
}
