import Foundation
import NodeGraph
import NodeGraphSources
import Testing

/// `FileSourceProblem`: what a graph's file sources will meet, resolved as the running sources
/// resolve their paths.
@Suite struct FileSourceProblemTests {
    @Test func aMissingFileAndAPathLeadingOutsideAreReportedAndAReadableFileIsNot() throws {
        let folder = try makeFolder()
        try write("4", to: folder + "/here.txt")
        var graph = Graph()
        try graph.addNode("here", kind: "file", value: FileKind.path("here.txt"))
        try graph.addNode("gone", kind: "file", value: FileKind.path("gone.txt"))
        try graph.addNode("up", kind: "file", value: FileKind.path("../up.txt"))
        try graph.addNode("clock", kind: "clock", value: .number(1))
        #expect(
            FileSourceProblem.problems(in: graph, folder: folder, allowsOutside: false) == [
                FileSourceProblem(node: "gone", path: "gone.txt", kind: .missing),
                FileSourceProblem(node: "up", path: "../up.txt", kind: .outside),
            ])
        #expect(
            FileSourceProblem.problems(in: graph, folder: folder, allowsOutside: true) == [
                FileSourceProblem(node: "gone", path: "gone.txt", kind: .missing),
                FileSourceProblem(node: "up", path: "../up.txt", kind: .missing),
            ])
    }

    @Test func aSymbolicLinkLeadingOutsideIsOutside() throws {
        let folder = try makeFolder()
        let other = try makeFolder()
        try write("5", to: other + "/target.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.txt", withDestinationPath: other + "/target.txt")
        let graph = try fileGraph("link.txt")
        let problems = FileSourceProblem.problems(in: graph, folder: folder, allowsOutside: false)
        #expect(problems == [FileSourceProblem(node: "f", path: "link.txt", kind: .outside)])
        #expect(
            problems.first?.description
                == "node 'f' reads 'link.txt', which is outside the graph file's folder (--allow-outside reads it)"
        )
        #expect(FileSourceProblem.problems(in: graph, folder: folder, allowsOutside: true).isEmpty)
    }

    @Test func aGraphWithoutFileSourcesHasNoProblems() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", value: .number(1))
        #expect(FileSourceProblem.problems(in: graph, folder: "/nonexistent", allowsOutside: false).isEmpty)
    }
}
