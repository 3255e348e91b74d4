import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

@Suite struct JournalRecorderTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl")
            .path
    }

    @Test func aRecordedSessionReplaysToTheSameGraph() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = try smallCalculator()
        let document = GraphDocument(graph: start)
        let recorder = try JournalRecorder(path: path, truncating: true)
        recorder.follow(document)
        try document.apply(.addNode(NodeDescription(id: "prod", kind: "multiply", inputs: ["sum", "two"])))
        try document.apply(.setValue(node: "one", value: .number(4)))
        try document.undo()
        try document.apply(.removeNode("two"))
        try document.undo()
        try document.redo()
        recorder.close()

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        var replayed = start
        for line in lines {
            guard case .edit(let edit) = try Journal.readLine(Data(line.utf8), number: 1).entry.get()
            else {
                Issue.record("expected an edit line")
                continue
            }
            try replayed.apply(edit)
        }
        #expect(replayed == document.graph)
    }

    @Test func clearingTheJournalEmptiesIt() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try JournalRecorder(path: path)
        try recorder.record(.undo)
        try recorder.removeAll()
        try recorder.record(.redo)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"op\":\"redo\"}\n")
    }

    @Test func anUnwritablePathIsAClearError() {
        #expect(throws: JournalRecorderError.self) { try JournalRecorder(path: "/nonexistent-dir/x.jsonl") }
    }
}
