import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// The journal's group lines: `in` on every op, `group`, `ungroup`, and the definition edits
/// undo writes.
@Suite struct GroupJournalTests {
    static let lines = [
        #"{"op":"group","nodes":["sum","two","half"],"kind":"average","name":"Average","id":"avg"}"#,
        #"{"op":"ungroup","node":"avg"}"#,
        #"{"op":"setValue","in":"average","node":"two","value":3}"#,
        #"{"op":"addNode","in":"average","id":"c","kind":"groupInput","name":"c","x":0,"y":0,"value":0}"#,
        #"{"op":"setInputOrder","in":"average","inputs":["b","a"]}"#,
        #"{"op":"removeDefinition","kind":"average"}"#,
        #"{"op":"batch","in":"average","edits":[{"op":"removeNode","node":"a"}]}"#,
        #"{"op":"addDefinition","kind":"plus","name":"Plus","inputs":["a"],"output":"sum","nodes":[{"id":"a","kind":"groupInput","x":0,"y":0,"value":0},{"id":"sum","kind":"add","x":9,"y":0,"inputs":["a",null,null]}]}"#,
    ]

    static func entry(_ line: String) throws -> JournalEntry {
        try Journal.readLine(Data(line.utf8), number: 1).entry.get()
    }

    @Test(arguments: lines)
    func everyGroupLineIsWrittenBackByteForByte(line: String) throws {
        #expect(try Journal.line(for: Self.entry(line)) == line)
    }

    @Test func theDesignsGroupLinesReadAsTheirEdits() throws {
        #expect(
            try Self.entry(Self.lines[0])
                == .edit(.group(nodes: ["sum", "two", "half"], kind: "average", name: "Average", id: "avg")))
        #expect(try Self.entry(Self.lines[1]) == .edit(.ungroup("avg")))
        #expect(
            try Self.entry(Self.lines[2])
                == .edit(.inside(definition: "average", .setValue(node: "two", value: .number(3)))))
    }

    @Test(arguments: [
        (#"{"op":"undo","in":"average"}"#, "unexpected field 'in'"),
        (#"{"op":"setValue","in":7,"node":"a","value":1}"#, "field 'in' must be a string, not a number"),
        (
            #"{"op":"group","nodes":["a",null],"kind":"k","name":"K","id":"i"}"#,
            "field 'nodes[1]' must be a node id, not null"
        ),
        (#"{"op":"ungroup"}"#, "missing field 'node'"),
        (
            #"{"op":"addDefinition","kind":"k","name":"K","inputs":[],"output":"o","nodes":[{"id":"o","kind":"number","op":"x"}]}"#,
            "unexpected field 'nodes[0].op'"
        ),
    ])
    func malformedGroupLinesAreRefusedNamingTheField(line: String, reason: String) {
        #expect(Journal.readLine(Data(line.utf8), number: 1).entry == .failure(JournalLineError(reason)))
    }

    @Test func undoingAGroupIsJournaledAsPlainEditsThatReplay() throws {
        var graph = Graph()
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("sum", kind: "add", inputs: ["one", "one"])
        try graph.addNode("after", kind: "add", inputs: ["sum"])
        let change = try graph.group(["sum"], kind: "plus", name: "Plus", id: "p")
        let line = try Journal.line(for: .edit(change.inverse))
        guard case .edit(let inverse) = try Self.entry(line) else {
            Issue.record("the inverse did not read back as an edit")
            return
        }
        #expect(inverse == change.inverse)
        try graph.apply(inverse)
        #expect(graph.definitions.isEmpty)
        #expect(graph.value(of: "after") == .number(2))
    }
}
