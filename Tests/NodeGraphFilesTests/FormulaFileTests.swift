import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

@Suite struct FormulaFileTests {
    /// `radius` and `b1` feeding `f` = `pi * r^2 + max(a, b)`, as in the design's example.
    private func areaText() -> String {
        graphFile(
            """
            {"id": "radius", "kind": "number", "value": 2},
            {"id": "b1", "kind": "number", "value": 7},
            {"id": "f", "kind": "formula", "name": "Area", "formula": "pi * r^2 + max(a, b)", "inputs": ["radius", null, "b1"]}
            """)
    }

    @Test func aFormulaNodeLoadsWithItsVariablesAsSlots() throws {
        let graph = try loadGraph(areaText())
        #expect(graph.inputs(of: "f") == ["radius", nil, "b1"])
        #expect(graph.kind(of: "f")?.inputs.map(\.label) == ["r", "a", "b"])
        #expect(graph.value(of: "f") == .number(Double.pi * 4 + 7))
    }

    @Test func aFormulaIsSavedUnderItsOwnFieldAndSavesTheSameBytesTwice() throws {
        let graph = try loadGraph(areaText())
        let text = try canonicalText(graph)
        #expect(
            text.contains(
                #"{"id": "f", "formula": "pi * r^2 + max(a, b)", "inputs": ["radius", null, "b1"], "kind": "formula", "name": "Area", "x": 0, "y": 0}"#
            ))
        let reloaded = try loadGraph(text)
        #expect(reloaded == graph)
        #expect(try canonicalText(reloaded) == text)
    }

    @Test func aFormulaThatDoesNotParseNamesNodeFieldAndColumn() throws {
        let text = graphFile(#"{"id": "f", "kind": "formula", "formula": "(a + b))"}"#)
        let problem = try expectSingleProblem(text, .invalidValue)
        #expect(problem.description.hasSuffix("node 'f', field 'formula': unexpected ')' at column 8"))
    }

    @Test func aFormulaThatIsNotTextIsRefused() throws {
        let text = graphFile(#"{"id": "f", "kind": "formula", "formula": 5}"#)
        let problem = try expectSingleProblem(text, .invalidValue)
        #expect(problem.description.hasSuffix("node 'f', field 'formula': must be text"))
    }

    @Test func moreInputsThanTheFormulaHasVariablesAreRefused() throws {
        let text = graphFile(
            """
            {"id": "one", "kind": "number", "value": 1},
            {"id": "f", "kind": "formula", "formula": "2 * x", "inputs": ["one", "one"]}
            """)
        let problem = try expectSingleProblem(text, .tooManyInputs)
        #expect(problem.description.contains("only 1 input slot"))
    }

    @Test func aFormulaNodeWithoutAFormulaHoldsTheDefault() throws {
        let graph = try loadGraph(graphFile(#"{"id": "f", "kind": "formula"}"#))
        #expect(graph.parameter(of: "f") == FormulaKind.formula("a + b"))
        #expect(graph.inputs(of: "f") == [nil, nil])
    }

    @Test func setFormulaIsReadAndWrittenAsItsOwnJournalOperation() throws {
        let line = #"{"op":"setFormula","node":"f","formula":"a*b"}"#
        guard case .success(let entry)? = journalLines(line).first?.entry else {
            Issue.record("the line should read")
            return
        }
        #expect(entry == .edit(.setFormula(node: "f", formula: "a*b")))
        #expect(try Journal.line(for: entry) == line)
        #expect(entry.operationName == "setFormula")
        #expect(journalLines(line).first?.operationName == "setFormula")
        #expect(
            refusal(#"{"op":"setFormula","node":"f","formula":3}"#)
                == "field 'formula' must be a string, not a number")
        #expect(refusal(#"{"op":"setFormula","node":"f"}"#) == "missing field 'formula'")
    }

    @Test func aReplayedSetFormulaRelinksByNameAndARefusedOneNamesTheColumn() throws {
        let document = GraphDocument(graph: try loadGraph(areaText()))
        let applied = document.replay(journalLines(#"{"op":"setFormula","node":"f","formula":"b - r"}"#)[0])
        #expect(applied.outcome == .applied(recomputed: ["f"]))
        #expect(applied.operationName == "setFormula")
        #expect(document.graph.inputs(of: "f") == ["b1", "radius"])
        #expect(document.graph.value(of: "f") == .number(5))
        let refused = document.replay(
            journalLines(#"{"op":"setFormula","node":"f","formula":"(b - r))"}"#)[0])
        #expect(refused.outcome == .refused(reason: "invalid formula for 'f': unexpected ')' at column 8"))
        let undone = document.replay(journalLines(#"{"op":"undo"}"#)[0])
        #expect(undone.isRefused == false)
        #expect(document.graph.inputs(of: "f") == ["radius", nil, "b1"])
    }

    @Test func aRecordedFormulaEditIsJournaledAsSetFormula() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formula-\(UUID().uuidString).jsonl"
        ).path
        defer { unlink(path) }
        let document = GraphDocument(graph: try loadGraph(areaText()))
        let recorder = try JournalRecorder(path: path, truncating: true)
        recorder.follow(document)
        try document.apply(.setFormula(node: "f", formula: "r * 2"))
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == #"{"op":"setFormula","node":"f","formula":"r * 2"}"# + "\n")
    }
}
