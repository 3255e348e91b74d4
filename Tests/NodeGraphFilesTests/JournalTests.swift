import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// The lines a journal's text reads as.
func journalLines(_ text: String) -> [Journal.Line] { Journal.lines(in: Data(text.utf8)) }

/// The reason a single journal line is refused with.
func refusal(_ line: String) -> String? {
    guard case .failure(let error)? = journalLines(line).first?.entry else { return nil }
    return error.reason
}

@Suite struct JournalTests {
    @Test func readsEveryOperationOfTheDesignExample() throws {
        let lines = journalLines(
            #"""
            {"op":"addNode","id":"n7","kind":"multiply","name":"Times","x":40,"y":5}
            {"op":"link","from":"one","to":"n7","slot":0}
            {"op":"unlink","to":"n7","slot":0}
            {"op":"setValue","node":"one","value":5}
            {"op":"setKind","node":"n7","kind":"divide"}
            {"op":"move","node":"n7","x":44,"y":6}
            {"op":"rename","node":"n7","name":"Ratio"}
            {"op":"removeNode","node":"two"}
            {"op":"undo"}
            {"op":"redo"}
            """#)
        #expect(
            lines.map(\.operationName) == [
                "addNode", "link", "unlink", "setValue", "setKind", "move", "rename", "removeNode", "undo",
                "redo",
            ])
        #expect(try lines[1].entry.get() == .edit(.link(from: "one", to: "n7", slot: 0)))
        #expect(try lines[8].entry.get() == .undo)
    }

    @Test func skipsBlankLinesButKeepsLineNumbers() {
        let lines = journalLines("\n{\"op\":\"undo\"}\r\n   \n{\"op\":\"redo\"}\n")
        #expect(lines.map(\.number) == [2, 4])
    }

    @Test func aMalformedLineSaysWhereInPlainWords() {
        #expect(
            refusal(#"{"op":"link","from":"a" "to":"b"}"#)
                == "malformed JSON at column 25: unexpected '\"'; expected ',' or '}' in an object")
    }

    @Test func anUnknownOperationIsNamed() {
        #expect(refusal(#"{"op":"explode","node":"a"}"#) == "unknown op 'explode'")
    }

    @Test func aMissingFieldIsNamed() {
        #expect(refusal(#"{"op":"link","from":"a","to":"b"}"#) == "missing field 'slot'")
    }

    @Test func aFieldOfTheWrongTypeIsNamed() {
        #expect(
            refusal(#"{"op":"link","from":"a","to":"b","slot":"first"}"#)
                == "field 'slot' must be a whole number, not a string")
        #expect(
            refusal(#"{"op":"link","from":"a","to":"b","slot":1.5}"#)
                == "field 'slot' must be a whole number, not 1.5")
    }

    @Test func anUnexpectedFieldIsNamed() {
        #expect(refusal(#"{"op":"undo","node":"a"}"#) == "unexpected field 'node'")
    }

    @Test func aDuplicatedFieldIsRefused() {
        #expect(
            refusal(#"{"op":"setValue","node":"a","value":1,"value":2}"#)
                == "field 'value' appears more than once")
    }

    @Test func aNumberTooLargeToBeFiniteIsRefused() {
        #expect(
            refusal(#"{"op":"setValue","node":"a","value":1e999}"#)
                == "the number in field 'value' is too large to be finite")
    }

    @Test func aLineThatIsNotAnObjectIsRefused() {
        #expect(refusal("[1, 2]") == "a journal line must be a JSON object, not a list")
    }

    @Test func refusedLinesChangeNothingAndLaterLinesStillApply() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let steps = document.replay(
            journalLines(
                #"""
                {"op":"addNode","id":"prod","kind":"multiply","x":40,"y":5}
                {"op":"link","from":"sum","to":"prod","slot":0}
                {"op":"link","from":"prod","to":"sum","slot":1}
                not json
                {"op":"setValue","node":"one","value":5}
                """#))
        #expect(
            steps.map(\.outcome) == [
                .applied(recomputed: ["prod"]),
                .applied(recomputed: ["prod"]),
                .refused(reason: "would create a cycle: sum → prod → sum"),
                .refused(reason: "malformed JSON at column 1: unexpected 'n'; expected a value"),
                .applied(recomputed: ["one", "sum", "prod"]),
            ])
        #expect(document.graph.value(of: "prod") == .number(0))
        #expect(document.graph.value(of: "sum") == .number(7))
        try document.graph.checkInvariants()
    }

    /// Observers hear a replayed journal once (`GraphDocument.applyInBulk`), refused lines left out.
    @Test func replayingAJournalIsOneBatch() throws {
        let document = GraphDocument(graph: try smallCalculator())
        var batches: [[Change]] = []
        document.observeBatches { batches.append($0) }
        let journal = """
            {"op":"setValue","node":"one","value":5}
            {"op":"link","from":"sum","to":"sum","slot":0}
            {"op":"rename","node":"sum","name":"Total"}
            """
        let steps = document.replay(journalLines(journal))
        #expect(steps.map(\.isRefused) == [false, true, false])
        #expect(batches.map(\.count) == [2])
    }

    @Test func undoAndRedoLinesUseTheDocumentHistory() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let steps = document.replay(
            journalLines(
                """
                {"op":"undo"}
                {"op":"setValue","node":"two","value":10}
                {"op":"undo"}
                {"op":"redo"}
                {"op":"redo"}
                """))
        #expect(
            steps.map(\.outcome) == [
                .refused(reason: "nothing to undo"),
                .applied(recomputed: ["two", "sum"]),
                .applied(recomputed: ["two", "sum"]),
                .applied(recomputed: ["two", "sum"]),
                .refused(reason: "nothing to redo"),
            ])
        #expect(document.graph.value(of: "sum") == .number(11))
    }

    @Test func aMoveOrRenameRecomputesNothing() throws {
        let document = GraphDocument(graph: try smallCalculator())
        let steps = document.replay(
            journalLines(
                """
                {"op":"move","node":"sum","x":4,"y":5}
                {"op":"rename","node":"sum","name":"Total"}
                """))
        #expect(steps.map(\.outcome) == [.applied(recomputed: []), .applied(recomputed: [])])
    }

    @Test func writtenLinesReadBackAsTheSameEntries() throws {
        let entries: [JournalEntry] = [
            .edit(
                .addNode(
                    NodeDescription(
                        id: "n", kind: "number", name: "N", position: Position(x: 1, y: 2),
                        value: .number(2.5)))),
            .edit(.link(from: "a", to: "b", slot: 1)),
            .edit(.unlink(to: "b", slot: 0)),
            .edit(.setValue(node: "a", value: .color(Color(red: 1, green: 2, blue: 3)))),
            .edit(.setKind(node: "a", kind: "divide")),
            .edit(.move(node: "a", to: Position(x: -3, y: 4))),
            .edit(.rename(node: "a", name: "A \"quoted\" name")),
            .edit(.removeNode("a")),
            .undo, .redo,
        ]
        let text = try entries.map { try Journal.line(for: $0) }.joined(separator: "\n")
        #expect(try journalLines(text).map { try $0.entry.get() } == entries)
        #expect(try Journal.line(for: .undo) == #"{"op":"undo"}"#)
    }

    @Test func theBuildCalculatorJournalBuildsTheDemoCalculator() throws {
        let document = GraphDocument()
        let lines = try Journal.read(
            path: examplesDirectory.appendingPathComponent("build-calculator.jsonl").path)
        let steps = document.replay(lines)
        #expect(!steps.contains { $0.isRefused })
        #expect(document.graph == Graph.demoCalculator())
    }

    @Test func theCalculatorEditsJournalRefusesExactlyItsTwoBadLines() throws {
        let document = GraphDocument(graph: Graph.demoCalculator())
        let lines = try Journal.read(
            path: examplesDirectory.appendingPathComponent("calculator-edits.jsonl").path)
        let refused = document.replay(lines).filter(\.isRefused)
        #expect(refused.map(\.line) == [3, 4])
        #expect(refused.last?.outcome == .refused(reason: "would create a cycle: add → multiply → add"))
        #expect(document.graph.value(of: "ratio") == .number(97.5))
    }
}
