import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Journal lines as text: each of the design's lines reads as its entry and is written back
/// exactly as the design writes it.
@Suite struct JournalLineTests {
    static let lines = [
        #"{"op":"addNode","id":"n7","kind":"multiply","name":"Times","x":40,"y":5}"#,
        #"{"op":"link","from":"one","to":"n7","slot":0}"#,
        #"{"op":"unlink","to":"n7","slot":0}"#,
        #"{"op":"setValue","node":"one","value":5}"#,
        #"{"op":"setKind","node":"n7","kind":"divide"}"#,
        #"{"op":"move","node":"n7","x":44,"y":6}"#,
        #"{"op":"rename","node":"n7","name":"Ratio"}"#,
        #"{"op":"removeNode","node":"two"}"#,
        #"{"op":"undo"}"#,
        #"{"op":"redo"}"#,
    ]

    static func entry(_ line: String) throws -> JournalEntry {
        try Journal.readLine(Data(line.utf8), number: 1).entry.get()
    }

    @Test(arguments: lines)
    func everyJournalLineOfTheDesignIsWrittenBackByteForByte(line: String) throws {
        #expect(try Journal.line(for: Self.entry(line)) == line)
    }

    @Test func theDesignsLinesReadAsTheirEdits() throws {
        #expect(try Self.entry(Self.lines[1]) == .edit(.link(from: "one", to: "n7", slot: 0)))
        #expect(try Self.entry(Self.lines[3]) == .edit(.setValue(node: "one", value: .number(5))))
        #expect(try Self.entry(Self.lines[5]) == .edit(.move(node: "n7", to: Position(x: 44, y: 6))))
        #expect(try Self.entry(Self.lines[8]) == .undo)
    }

    @Test func aBatchReadsAsItsEditsAndIsWrittenBack() throws {
        let line =
            #"{"op":"batch","edits":[{"op":"removeNode","node":"a"},{"op":"rename","node":"b","name":"B"}]}"#
        #expect(try Self.entry(line) == .edit(.batch([.removeNode("a"), .rename(node: "b", name: "B")])))
        #expect(try Journal.line(for: Self.entry(line)) == line)
    }

    @Test(arguments: [
        (#"{"op":"link","from":"one","to":"n7","slto":0}"#, "unexpected field 'slto'"),
        (#"{"op":"explode"}"#, "unknown op 'explode'"),
        (#"{"op":"link","from":"one","to":"n7"}"#, "missing field 'slot'"),
        (#"{"op":"undo","node":"x"}"#, "unexpected field 'node'"),
        (#"{"from":"one"}"#, "missing field 'op'"),
        (#"{"op":7}"#, "field 'op' must be a string, not a number"),
        (#"{"op":"rename","node":"a","name":null}"#, "field 'name' must be a string, not null"),
        (
            #"{"op":"setValue","node":"a","value":{"x":1}}"#,
            "field 'value' must be a number, a string, a boolean or a list, not an object"
        ),
        (
            #"{"op":"addNode","id":"a","kind":"add","inputs":[1]}"#,
            "field 'inputs[0]' must be a node id or null, not a number"
        ),
        (
            #"{"op":"batch","edits":[{"op":"link","from":"a","to":"b","slot":0.5}]}"#,
            "field 'edits[0].slot' must be a whole number, not 0.5"
        ),
        (#"{"op":"batch","edits":[{"op":"undo"}]}"#, "unknown op 'undo'"),
        ("[1,2]", "a journal line must be a JSON object, not a list"),
    ])
    func malformedLinesAreRefusedNamingTheField(line: String, reason: String) {
        #expect(Journal.readLine(Data(line.utf8), number: 1).entry == .failure(JournalLineError(reason)))
    }

    @Test func aValueThatJSONCannotHoldIsRefusedWhenWritten() {
        #expect(throws: JournalLineError("the value of 'a' holds a number that is not finite")) {
            try Journal.line(for: .edit(.setValue(node: "a", value: .number(.infinity))))
        }
    }
}
