import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Bypassed nodes in graph files and journals.
@Suite struct BypassFileTests {
    /// `one` and `five` feeding `sum`, which is bypassed.
    private func bypassedSumText() -> String {
        graphFile(
            """
            {"id": "one", "kind": "number", "value": 1},
            {"id": "five", "kind": "number", "value": 5},
            {"id": "sum", "kind": "add", "inputs": ["one", "five", null], "bypassed": true}
            """)
    }

    @Test func aBypassedNodeLoadsBypassedAndIsSavedFirstFieldByteStable() throws {
        let graph = try loadGraph(bypassedSumText())
        #expect(graph.isBypassed("sum"))
        #expect(graph.value(of: "sum") == .number(1))
        let text = try canonicalText(graph)
        #expect(
            text.contains(
                #"{"bypassed": true, "id": "sum", "inputs": ["one", "five", null], "kind": "add", "name": "Add", "x": 0, "y": 0}"#
            ))
        // Only a bypassed node has the field.
        #expect(text.components(separatedBy: "bypassed").count == 2)
        let reloaded = try loadGraph(text)
        #expect(reloaded == graph)
        #expect(try canonicalText(reloaded) == text)
    }

    @Test func bypassedFalseLoadsAsNotBypassedAndIsNotWritten() throws {
        let text = bypassedSumText().replacingOccurrences(
            of: #""bypassed": true"#, with: #""bypassed": false"#)
        let graph = try loadGraph(text)
        #expect(!graph.isBypassed("sum"))
        #expect(try !canonicalText(graph).contains("bypassed"))
    }

    @Test func aBypassedThatIsNotABooleanNamesNodeAndField() throws {
        let text = bypassedSumText().replacingOccurrences(
            of: #""bypassed": true"#, with: #""bypassed": "yes""#)
        let problem = try expectSingleProblem(text, .wrongType)
        #expect(
            problem.description.hasSuffix("node 'sum', field 'bypassed': must be true or false, not a string")
        )
    }

    @Test func aBypassedSourceIsRefusedNamingNodeAndFieldAndWhy() throws {
        let text = graphFile(#"{"id": "one", "kind": "number", "value": 1, "bypassed": true}"#)
        let problem = try expectSingleProblem(text, .invalidValue)
        #expect(
            problem.description.hasSuffix(
                "node 'one', field 'bypassed': a number node cannot be bypassed: it is a source, with no input to pass through"
            ))
    }

    @Test func aBypassedNodeInsideADefinitionLoadsAndSavesInside() throws {
        let text = GroupFileTests.example(
            replacing: #"{ "id": "half", "kind": "divide", "inputs": ["sum", "two"] }"#,
            with: #"{ "id": "half", "kind": "divide", "inputs": ["sum", "two"], "bypassed": true }"#)
        let graph = try loadGraph(text)
        #expect(graph.value(of: "avg") == .number(6))
        #expect(graph.definition(named: "average")?.graph.isBypassed("half") == true)
        let saved = try canonicalText(graph)
        #expect(saved.contains(#"{"bypassed": true, "id": "half""#))
        #expect(try canonicalText(try loadGraph(saved)) == saved)
    }

    @Test func aBypassedSourceInsideADefinitionNamesTheDefinition() throws {
        let text = GroupFileTests.example(
            replacing: #"{ "id": "two", "kind": "number", "value": 2 }"#,
            with: #"{ "id": "two", "kind": "number", "value": 2, "bypassed": true }"#)
        let problems = loadProblems(text)
        #expect(problems.count == 1)
        #expect(
            problems.first?.description.contains("definition 'average', node 'two', field 'bypassed'") == true
        )
    }

    @Test func setBypassIsReadAndWrittenAsItsOwnJournalOperation() throws {
        let line = #"{"op":"setBypass","node":"sum","bypassed":true}"#
        guard case .success(let entry)? = journalLines(line).first?.entry else {
            Issue.record("the line should read")
            return
        }
        #expect(entry == .edit(.setBypass(node: "sum", bypassed: true)))
        #expect(try Journal.line(for: entry) == line)
        #expect(entry.operationName == "setBypass")
        let inside = #"{"op":"setBypass","in":"average","node":"half","bypassed":false}"#
        guard case .success(let insideEntry)? = journalLines(inside).first?.entry else {
            Issue.record("the line should read")
            return
        }
        #expect(
            insideEntry == .edit(.inside(definition: "average", .setBypass(node: "half", bypassed: false))))
        #expect(try Journal.line(for: insideEntry) == inside)
    }

    @Test func aMalformedSetBypassLineIsRefusedSayingWhy() {
        #expect(
            refusal(#"{"op":"setBypass","node":"sum","bypassed":1}"#)
                == "field 'bypassed' must be true or false, not a number")
        #expect(refusal(#"{"op":"setBypass","node":"sum"}"#) == "missing field 'bypassed'")
        #expect(refusal(#"{"op":"setBypass","bypassed":true}"#) == "missing field 'node'")
    }

    @Test func aReplayedSetBypassAppliesAndARefusedOneSaysWhyAndChangesNothing() throws {
        let document = GraphDocument(graph: try loadGraph(bypassedSumText()))
        let stop = document.replay(journalLines(#"{"op":"setBypass","node":"sum","bypassed":false}"#)[0])
        #expect(stop.outcome == .applied(recomputed: ["sum"]))
        #expect(document.graph.value(of: "sum") == .number(6))
        let before = document.graph
        let refused = document.replay(journalLines(#"{"op":"setBypass","node":"one","bypassed":true}"#)[0])
        #expect(
            refused.outcome
                == .refused(
                    reason: "'one' (number) cannot be bypassed: it is a source, with no input to pass through"
                ))
        #expect(document.graph == before)
        let undone = document.replay(journalLines(#"{"op":"undo"}"#)[0])
        #expect(undone.isRefused == false)
        #expect(document.graph.isBypassed("sum"))
    }

    @Test func anAddedBypassedNodeIsJournaledWithItsBypass() throws {
        let edit = Edit.addNode(NodeDescription(id: "s", kind: "add", inputs: ["one"], bypassed: true))
        let line = try Journal.line(for: .edit(edit))
        #expect(
            line == #"{"op":"addNode","id":"s","kind":"add","x":0,"y":0,"inputs":["one"],"bypassed":true}"#)
        guard case .success(let entry)? = journalLines(line).first?.entry else {
            Issue.record("the line should read")
            return
        }
        #expect(entry == .edit(edit))
    }

    /// `double` (x → x × 2) and `constant` (no input, 3), `five` feeding `d`, an instance of
    /// `double`, with `extra` added to the top-level nodes.
    private func definitionsText(extra: String = "", inside: String = "") -> String {
        """
        { "format": "nodegraph", "version": 2,
          "definitions": [
            { "kind": "double", "name": "Double", "inputs": ["x"], "output": "twice",
              "nodes": [
                { "id": "x", "kind": "groupInput", "name": "x", "value": 0 },
                { "id": "two", "kind": "number", "value": 2 },
                { "id": "twice", "kind": "multiply", "inputs": ["x", "two"] } ] },
            { "kind": "constant", "name": "Constant", "inputs": [], "output": "three",
              "nodes": [ { "id": "three", "kind": "number", "value": 3 }\(inside) ] } ],
          "nodes": [
            { "id": "five", "kind": "number", "value": 5 },
            { "id": "d", "kind": "double", "inputs": ["five"] }\(extra) ] }
        """
    }

    @Test func aBypassedInstanceOfADefinitionWithoutInputsIsRefusedNamingTheNode() throws {
        #expect(try loadGraph(definitionsText(extra: #", { "id": "k", "kind": "constant" }"#)).contains("k"))
        let problem = try expectSingleProblem(
            definitionsText(extra: #", { "id": "k", "kind": "constant", "bypassed": true }"#), .invalidValue)
        #expect(
            problem.description.hasSuffix(
                "node 'k', field 'bypassed': a constant node cannot be bypassed: it is a source, with no input to pass through"
            ))
    }

    @Test func aBypassedInstanceWithoutInputsInsideADefinitionIsRefusedNamingBoth() {
        let text = definitionsText(inside: #", { "id": "c", "kind": "double", "bypassed": true }"#)
        #expect(loadProblems(text).map(\.description) == [])
        let user = """
            { "kind": "constant2", "name": "Two", "inputs": [], "output": "k",
              "nodes": [ { "id": "k", "kind": "constant", "bypassed": true } ] },
            """
        let refused = text.replacingOccurrences(
            of: #"{ "kind": "constant""#, with: user + #" { "kind": "constant""#)
        let problems = loadProblems(refused)
        #expect(problems.count == 1)
        #expect(
            problems.first?.description.contains(
                "definition 'constant2', node 'k', field 'bypassed': a constant node cannot be bypassed")
                == true,
            "\(problems)")
    }

    @Test func aJournalRemovingTheLastInputEndsTheBypassAndUndoAndRedoRoundTrip() throws {
        let document = GraphDocument(graph: try loadGraph(definitionsText()))
        let lines = journalLines(
            """
            {"op":"setBypass","node":"d","bypassed":true}
            {"op":"removeNode","in":"double","node":"x"}
            """)
        #expect(document.replay(lines).map(\.isRefused) == [false, false])
        #expect(!document.graph.isBypassed("d"))
        #expect(document.graph.value(of: "d") == .number(0))
        // Saved and loaded again: the same graph, with no bypass to refuse.
        let removed = try canonicalText(document.graph)
        #expect(!removed.contains("bypassed"))
        #expect(try loadGraph(removed) == document.graph)

        #expect(document.replay(journalLines(#"{"op":"undo"}"#)[0]).isRefused == false)
        #expect(document.graph.isBypassed("d"))
        #expect(document.graph.value(of: "d") == .number(5))
        #expect(try canonicalText(document.graph).contains(#"{"bypassed": true, "id": "d""#))
        #expect(document.replay(journalLines(#"{"op":"redo"}"#)[0]).isRefused == false)
        #expect(try canonicalText(document.graph) == removed)
    }

    @Test func theInverseOfRemovingTheLastInputIsJournaledAndReplaysToTheBypassedGraph() throws {
        var graph = try loadGraph(definitionsText())
        try graph.setBypass(of: "d", to: true)
        let before = graph
        let change = try graph.apply(.inside(definition: "double", .removeNode("x")))
        let line = try Journal.line(for: .edit(change.inverse))
        #expect(line.contains(#"{"op":"setBypass","node":"d","bypassed":true}"#))
        guard case .success(let entry)? = journalLines(line).first?.entry else {
            Issue.record("the line should read")
            return
        }
        #expect(entry == .edit(change.inverse))
        let document = GraphDocument(graph: graph)
        #expect(document.replay(journalLines(line)[0]).isRefused == false)
        #expect(document.graph == before)
    }
}
