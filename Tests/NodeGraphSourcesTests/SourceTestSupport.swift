import Clocks
import Foundation
import NodeGraph
import NodeGraphSources

/// A fresh, empty temporary folder, resolved (no symbolic links in its path).
func makeFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "live-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.resolvingSymlinksInPath().path
}

/// Writes `text` to a file, replacing it in place (truncated, written, closed).
func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// Replaces a file as an atomic save does: a new file renamed over the old one.
func replace(_ path: String, with text: String) throws {
    try write(text, to: path + ".new")
    _ = rename(path + ".new", path)
}

/// A graph of one file source `f` reading `path`, doubled by `double`.
func fileGraph(_ path: String) throws -> Graph {
    var graph = Graph()
    try graph.addNode("f", kind: "file", value: FileKind.path(path))
    try graph.addNode("double", kind: "add", inputs: ["f", "f"])
    return graph
}

/// The sources of `graph`, run on a test clock that only moves when the test advances it.
func testSources(
    _ graph: Graph, folder: String = "/", allowsOutside: Bool = false, usesNotifications: Bool = true
) -> (LiveSources, TestClock<Duration>) {
    let clock = TestClock()
    let sources = LiveSources(
        folder: folder, allowsOutside: allowsOutside, clock: clock, usesNotifications: usesNotifications)
    sources.follow(graph)
    return (sources, clock)
}

/// An update of one node to a number.
func number(_ node: NodeID, _ value: Double) -> SourceUpdate {
    SourceUpdate(node: node, value: .number(value))
}

/// An update of one node to an error with this reason.
func failure(_ node: NodeID, _ reason: String) -> SourceUpdate {
    SourceUpdate(node: node, value: .error(ValueError(reason: reason, origin: NodeID(""))))
}
