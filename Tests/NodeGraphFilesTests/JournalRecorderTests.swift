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
        // The undo of the removal puts Two back and relinks it to Add and Multiply, the redo
        // unlinks and removes it: three lines each.
        #expect(lines.count == 10, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("batch") })
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

    @Test func aChangeOfSeveralEditsIsRecordedAsItsPlainEditsOneLineEach() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = try smallCalculator()
        let document = GraphDocument(graph: start)
        let recorder = try JournalRecorder(path: path, truncating: true)
        recorder.follow(document)
        let paste = Edit.batch([
            .addNode(NodeDescription(id: "three", kind: "number", value: .number(3))),
            .batch([.addNode(NodeDescription(id: "prod", kind: "multiply", inputs: ["three", nil]))]),
            .link(from: "sum", to: "prod", slot: 1),
        ])
        try document.apply(paste)
        try document.undo()
        recorder.close()

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.split(separator: "\n").map(String.init) == [
                #"{"op":"addNode","id":"three","kind":"number","x":0,"y":0,"value":3}"#,
                #"{"op":"addNode","id":"prod","kind":"multiply","x":0,"y":0,"inputs":["three",null]}"#,
                #"{"op":"link","from":"sum","to":"prod","slot":1}"#,
                #"{"op":"unlink","to":"prod","slot":1}"#,
                #"{"op":"removeNode","node":"prod"}"#,
                #"{"op":"removeNode","node":"three"}"#,
            ])
        var replayed = start
        for line in Journal.lines(in: Data(text.utf8)) {
            guard case .success(.edit(let edit)) = line.entry else {
                Issue.record("line \(line.number) is not an edit")
                continue
            }
            try replayed.apply(edit)
        }
        #expect(replayed == document.graph)
    }

    @Test func plainEditsOpenNestedBatchesAndKeepEditsInsideTheirDefinition() {
        let edit = Edit.batch([
            .removeNode("a"),
            .inside(
                definition: "average", .batch([.rename(node: "b", name: "B"), .batch([.removeNode("c")])])),
        ])
        #expect(
            edit.plainEdits == [
                .removeNode("a"), .inside(definition: "average", .rename(node: "b", name: "B")),
                .inside(definition: "average", .removeNode("c")),
            ])
    }
}
