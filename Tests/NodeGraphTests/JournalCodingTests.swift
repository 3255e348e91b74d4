import Foundation
import NodeGraph
import Testing

@Suite struct JournalCodingTests {
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

    @Test(arguments: lines)
    func everyJournalLineOfTheDesignDecodesAndEncodesBack(line: String) throws {
        let entry = try JSONDecoder().decode(JournalEntry.self, from: Data(line.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let again = try JSONDecoder().decode(JournalEntry.self, from: encoder.encode(entry))
        #expect(again == entry)
    }

    @Test func theDesignsLinesDecodeToTheirEdits() throws {
        let decode = { (line: String) in try JSONDecoder().decode(JournalEntry.self, from: Data(line.utf8)) }
        #expect(try decode(Self.lines[1]) == .edit(.link(from: "one", to: "n7", slot: 0)))
        #expect(try decode(Self.lines[3]) == .edit(.setValue(node: "one", value: .number(5))))
        #expect(try decode(Self.lines[5]) == .edit(.move(node: "n7", to: Position(x: 44, y: 6))))
        #expect(try decode(Self.lines[8]) == .undo)
    }

    @Test(arguments: [
        #"{"op":"link","from":"one","to":"n7","slto":0}"#,
        #"{"op":"explode"}"#,
        #"{"op":"link","from":"one","to":"n7"}"#,
        #"{"op":"undo","node":"x"}"#,
        #"{"from":"one"}"#,
        #"[1,2]"#,
    ])
    func malformedLinesAreRejected(line: String) {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(JournalEntry.self, from: Data(line.utf8))
        }
    }
}
