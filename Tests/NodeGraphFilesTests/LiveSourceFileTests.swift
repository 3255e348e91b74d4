import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

@Suite struct LiveSourceFileTests {
    private func sources() throws -> Graph {
        var graph = Graph()
        try graph.addNode("tick", kind: "clock", value: .number(0.5))
        try graph.addNode("load", kind: "file", value: FileKind.path("load.txt"))
        try graph.addNode("sum", kind: "add", name: "Sum", inputs: ["tick", "load"])
        return graph
    }

    @Test func aSourceSavesItsSettingUnderItsOwnNameInSortedOrder() throws {
        #expect(
            try canonicalText(sources()) == """
                {
                  "format": "nodegraph",
                  "nodes": [
                    {"id": "load", "kind": "file", "name": "File", "path": "load.txt", "x": 0, "y": 0},
                    {"id": "tick", "interval": 0.5, "kind": "clock", "name": "Clock", "x": 0, "y": 0},
                    {"id": "sum", "inputs": ["tick", "load", null], "kind": "add", "name": "Sum", "x": 0, "y": 0}
                  ],
                  "version": 1
                }

                """)
    }

    @Test func aSavedSourceLoadsBackWithItsSetting() throws {
        let text = try canonicalText(sources())
        let reloaded = try loadGraph(text)
        #expect(reloaded.parameter(of: "tick") == .number(0.5))
        #expect(reloaded.parameter(of: "load") == FileKind.path("load.txt"))
        #expect(try canonicalText(reloaded) == text)
    }

    @Test func aPushedValueIsNotSaved() throws {
        var graph = try sources()
        let before = try canonicalText(graph)
        graph.applySourceUpdates([SourceUpdate(node: "tick", value: .number(42))])
        #expect(graph.value(of: "tick") == .number(42))
        #expect(try canonicalText(graph) == before)
    }

    @Test func aPushedValueIsNotJournaledWhileAnEditAroundItIs() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "live-\(UUID().uuidString).jsonl"
        ).path
        defer { unlink(path) }
        let document = GraphDocument(graph: try sources())
        let recorder = try JournalRecorder(path: path, truncating: true)
        recorder.follow(document)
        document.applySourceUpdates([SourceUpdate(node: "tick", value: .number(42))])
        try document.apply(.rename(node: "sum", name: "Total"))
        document.applySourceUpdates([SourceUpdate(node: "load", value: .number(7))])
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == #"{"op":"rename","node":"sum","name":"Total"}"# + "\n")
    }

    @Test func aClockWithoutAnIntervalTicksEverySecond() throws {
        let graph = try loadGraph(graphFile(#"{"id": "t", "kind": "clock"}"#))
        #expect(graph.parameter(of: "t") == .number(1))
    }

    @Test func aClockHoldsAnIntervalNotAValue() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "t", "kind": "clock", "value": 2}"#), .unexpectedField)
        #expect(problem.field == "value")
        #expect(problem.reason.contains("'interval'"))
    }

    @Test func aClockIntervalShorterThanTheMinimumIsRefusedNamingTheField() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "t", "kind": "clock", "interval": 0.01}"#), .invalidValue)
        #expect(problem.field == "interval")
        #expect(problem.reason == "must be at least 0.05 seconds")
    }

    @Test func aFileSourcePathMustBeText() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "f", "kind": "file", "path": 3}"#), .invalidValue)
        #expect(problem.field == "path")
    }

    @Test func aSettingGivenTwiceIsRefused() throws {
        try expectSingleProblem(
            graphFile(#"{"id": "t", "kind": "clock", "interval": 1, "interval": 2}"#), .duplicateField)
    }

    @Test func aLiveSourceInsideADefinitionIsRefused() throws {
        let text = """
            {"format": "nodegraph", "version": 2,
             "definitions": [{"kind": "ticking", "name": "Ticking", "inputs": [], "output": "t",
               "nodes": [{"id": "t", "kind": "clock"}]}],
             "nodes": []}
            """
        let problems = loadProblems(text)
        #expect(
            problems.contains { $0.reason.contains("a live source (clock) cannot be inside a definition") })
    }

    @Test func aFileSourcesPathIsSetByAJournalLineAsText() throws {
        let document = GraphDocument(graph: try sources())
        let lines = Journal.lines(in: Data(#"{"op":"setValue","node":"load","value":"other.txt"}"#.utf8))
        _ = document.replay(lines)
        #expect(document.graph.parameter(of: "load") == FileKind.path("other.txt"))
    }
}
