import Foundation
import Testing

/// A graph file of `nodes` in a fresh folder, with `here.txt` (holding 3) beside it and
/// `outside.txt` (holding 7) in the folder above.
private func sourcesGraph(_ nodes: String) throws -> String {
    let above = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
    let folder = above.appendingPathComponent("graphs")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("7".utf8).write(to: above.appendingPathComponent("outside.txt"))
    try Data("3".utf8).write(to: folder.appendingPathComponent("here.txt"))
    let file = folder.appendingPathComponent("graph.json")
    try Data(#"{"format": "nodegraph", "version": 1, "nodes": [\#(nodes)]}"#.utf8).write(to: file)
    return file.path
}

private let threeSources = """
    {"id": "here", "kind": "file", "path": "here.txt"}, \
    {"id": "gone", "kind": "file", "path": "missing.txt"}, \
    {"id": "away", "kind": "file", "path": "../outside.txt"}
    """

/// `check`: what evaluation will meet, as warnings.
@Suite struct CheckCLITests {
    @Test func checkWarnsOfFileSourcesWhoseFileIsMissingOrOutsideTheFolderAndStillExits0() throws {
        let graph = try sourcesGraph(threeSources)
        let result = try ChildProcess.runNodeUI(["check", graph])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(graph): ok (3 nodes), 2 warnings\n")
        #expect(
            result.standardError == """
                \(graph): warning: node 'away' reads '../outside.txt', which is outside the graph file's folder (--allow-outside reads it)
                \(graph): warning: node 'gone' reads 'missing.txt', which does not exist

                """)
    }

    @Test func checkStrictExits1OnAWarning() throws {
        let graph = try sourcesGraph(threeSources)
        let result = try ChildProcess.runNodeUI(["check", graph, "--strict"])
        #expect(result.status == 1)
        #expect(result.standardError.split(separator: "\n").count == 2)
    }

    @Test func checkWithAllowOutsideWarnsOfTheMissingFileOnly() throws {
        let graph = try sourcesGraph(threeSources)
        let result = try ChildProcess.runNodeUI(["check", graph, "--allow-outside", "--strict"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "\(graph): warning: node 'gone' reads 'missing.txt', which does not exist\n")
    }

    @Test func checkOfSourcesThatAllReadSaysOkWithoutWarnings() throws {
        let graph = try sourcesGraph(#"{"id": "here", "kind": "file", "path": "here.txt"}"#)
        let result = try ChildProcess.runNodeUI(["check", graph, "--strict"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(graph): ok (1 node)\n")
        #expect(result.standardError == "")
    }
}
