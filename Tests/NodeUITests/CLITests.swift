import Foundation
import NodeGraphFiles
import Testing

/// The repository's `Examples/graphs` directory.
private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/graphs")

private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

/// A file holding `text` in a fresh temporary directory.
private func temporaryFile(_ name: String, _ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
}

private let calculatorText = """
    One (one): 1
    Three (three): 3
    Subtract (subtract): 2
    Two (two): 2
    Add (add): 3
    Multiply (multiply): 6

    """

private let journal = """
    {"op":"addNode","id":"ratio","kind":"divide","name":"Ratio","x":58,"y":20}
    {"op":"link","from":"multiply","to":"ratio","slot":0}
    {"op":"link","from":"multiply","to":"add","slot":2}

    {"op":"setValue","node":"one","value":4}
    nonsense
    {"op":"move","node":"ratio","x":60,"y":21}
    """

@Suite struct CLITests {
    // MARK: eval

    @Test func evalPrintsEveryNodeInDependencyOrder() throws {
        let result = try ChildProcess.runNodeUI(["eval", example("calculator.json")])
        #expect(result.status == 0)
        #expect(result.standardOutput == calculatorText)
        #expect(result.standardError == "")
    }

    @Test func evalJSONFollowsTheContract() throws {
        let result = try ChildProcess.runNodeUI(["eval", example("division-by-zero.json"), "--json"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                {"nodes":[{"id":"ten","name":"Ten","kind":"number","value":10},\
                {"id":"zero","name":"Zero","kind":"number","value":0},\
                {"id":"ratio","name":"Ratio","kind":"divide","value":{"error":"division by zero","from":"ratio"}},\
                {"id":"total","name":"Total","kind":"add","value":{"error":"division by zero","from":"ratio"}}]}

                """)
    }

    @Test func evalShowsColorsAndErrorsWithTheirOrigin() throws {
        let colors = try ChildProcess.runNodeUI(["eval", example("colors.json")])
        #expect(colors.standardOutput.contains("Mix (mix): #c87828\n"))
        let errors = try ChildProcess.runNodeUI(["eval", example("division-by-zero.json")])
        #expect(errors.standardOutput.contains("Total (total): error: division by zero (from ratio)\n"))
        #expect(!errors.standardOutput.contains("inf"))
    }

    @Test func evalOfABrokenFileExits1WithOneLinePerProblem() throws {
        let file = try temporaryFile(
            "broken.json",
            #"{"format": "nodegraph", "version": 1, "nodes": [{"id": "s", "kind": "add", "inputs": ["ghost"]}, {"id": "s", "kind": "number"}]}"#
        )
        let result = try ChildProcess.runNodeUI(["eval", file])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                \(file): line 1, column 87: node 's', field 'inputs[0]': no node has id 'ghost'
                \(file): line 1, column 105: node 's', field 'id': another node (nodes[0]) already has this id

                """)
    }

    @Test func evalOfAMissingFileExits1() throws {
        let result = try ChildProcess.runNodeUI(["eval", "/nonexistent/graph.json"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "/nonexistent/graph.json: cannot open the file: No such file or directory\n")
    }

    // MARK: check

    @Test func checkSaysASoundFileIsOK() throws {
        let result = try ChildProcess.runNodeUI(["check", example("calculator.json")])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(example("calculator.json")): ok (6 nodes)\n")
    }

    @Test func checkListsEveryProblemAndExits1() throws {
        let file = try temporaryFile(
            "bad.json",
            #"{"format": "other", "version": 1, "nodes": [{"id": "a", "kind": "frob"}, {"id": "b"}]}"#)
        let result = try ChildProcess.runNodeUI(["check", file])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("\(file): line 1, column ") })
        #expect(lines[1].contains("node 'a', field 'kind': unknown kind 'frob'"))
        #expect(lines[2].contains("node 'b', field 'kind': required field is missing"))
    }

    @Test func checkPrintsEveryProblemOnOneLineWithControlCharactersEscaped() throws {
        let controls = (0x00...0x1F).map { String(format: "\\u%04x", $0) } + ["\\u007f"]
        // Each control character in an input id (echoed), a key (echoed) and a name.
        let nodes = controls.enumerated().map { index, escape in
            #"{"id": "n\#(index)", "kind": "add", "name": "x\#(escape)", "k\#(escape)": 1, "inputs": ["g\#(escape)"]}"#
        }
        let file = try temporaryFile(
            "a\u{1}b.json",
            #"{"format": "nodegraph", "version": 1, "nodes": [\#(nodes.joined(separator: ",\n"))]}"#)
        let result = try ChildProcess.runNodeUI(["check", file])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3 * controls.count)
        let shownFile = file.replacingOccurrences(of: "\u{1}", with: "\\u0001")
        for line in lines {
            #expect(line.hasPrefix("\(shownFile): line "), "\(line)")
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line)")
        }
        #expect(lines.contains { $0.hasSuffix(#"node 'n10', field 'inputs[0]': no node has id 'g\n'"#) })
        #expect(lines.contains { $0.contains(#"node 'n0', field 'k\u0000': unexpected field"#) })
        #expect(lines.contains { $0.hasSuffix(#"node 'n32', field 'inputs[0]': no node has id 'g\u007F'"#) })
    }

    @Test func replayPrintsEveryRefusalOnOneLineWithControlCharactersEscaped() throws {
        let edits = try temporaryFile(
            "edits.jsonl",
            #"""
            {"op":"removeNode","node":"a\u0000b"}
            {"op":"o\u001bp"}
            {"op":"undo","k\u007f":1}
            """#)
        let result = try ChildProcess.runNodeUI(["replay", example("calculator.json"), "--edits", edits])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasPrefix(
                #"""
                line 1: removeNode refused: unknown node 'a\u0000b'
                line 2: o\u001Bp refused: unknown op 'o\u001Bp'
                line 3: undo refused: unexpected field 'k\u007F'

                """#))
    }

    // MARK: replay

    @Test func replayReportsRefusedLinesThenTheFinalValues() throws {
        let edits = try temporaryFile("edits.jsonl", journal)
        let result = try ChildProcess.runNodeUI(["replay", example("calculator.json"), "--edits", edits])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                line 3: link refused: would create a cycle: add → multiply → add
                line 6: refused: malformed JSON at column 1: unexpected 'n'; expected a value
                One (one): 4
                Three (three): 3
                Subtract (subtract): -1
                Two (two): 2
                Add (add): 6
                Multiply (multiply): -6
                Ratio (ratio): error: division by zero (from ratio)

                """)
    }

    @Test func replayWithTracePrintsWhatEachAppliedLineRecomputed() throws {
        let edits = try temporaryFile("edits.jsonl", journal)
        let result = try ChildProcess.runNodeUI([
            "replay", example("calculator.json"), "--edits", edits, "--trace",
        ])
        let lines = result.standardOutput.split(separator: "\n").prefix(6)
        #expect(
            Array(lines) == [
                "line 1: addNode applied, recomputed: ratio",
                "line 2: link applied, recomputed: ratio",
                "line 3: link refused: would create a cycle: add → multiply → add",
                "line 5: setValue applied, recomputed: one, add, subtract, multiply, ratio",
                "line 6: refused: malformed JSON at column 1: unexpected 'n'; expected a value",
                "line 7: move applied, recomputed: nothing",
            ])
    }

    @Test func replayJSONPrintsOneObjectPerLineThenTheValues() throws {
        let edits = try temporaryFile("edits.jsonl", journal)
        let result = try ChildProcess.runNodeUI([
            "replay", example("calculator.json"), "--edits", edits, "--json",
        ])
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[1] == #"{"line":2,"op":"link","status":"applied","recomputed":["ratio"]}"#)
        #expect(
            lines[2]
                == #"{"line":3,"op":"link","status":"refused","reason":"would create a cycle: add → multiply → add"}"#
        )
        #expect(
            lines[4]
                == #"{"line":6,"op":null,"status":"refused","reason":"malformed JSON at column 1: unexpected 'n'; expected a value"}"#
        )
        #expect(lines[5] == #"{"line":7,"op":"move","status":"applied","recomputed":[]}"#)
        #expect(lines[6].hasPrefix(#"{"nodes":[{"id":"one","name":"One","kind":"number","value":4},"#))
    }

    @Test func replayOutSavesTheResultingGraph() throws {
        let out = try temporaryFile("out.json", "")
        let result = try ChildProcess.runNodeUI([
            "replay", example("empty.json"), "--edits", example("build-calculator.jsonl"), "--out", out,
        ])
        #expect(result.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: out))
                == Data(contentsOf: URL(fileURLWithPath: example("calculator.json"))))
    }

    @Test func replayStrictExits1WhenALineIsRefused() throws {
        let edits = try temporaryFile("edits.jsonl", journal)
        let result = try ChildProcess.runNodeUI([
            "replay", example("calculator.json"), "--edits", edits, "--strict",
        ])
        #expect(result.status == 1)
    }

    @Test func replayOfAMissingJournalExits1() throws {
        let result = try ChildProcess.runNodeUI([
            "replay", example("calculator.json"), "--edits", "/nonexistent.jsonl",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("/nonexistent.jsonl: cannot open the file"))
    }

    // MARK: render

    @Test func renderPrintsTheCanvasAsPlainTextRows() throws {
        let result = try ChildProcess.runNodeUI([
            "render", example("calculator.json"), "--width", "100", "--height", "30",
        ])
        #expect(result.status == 0)
        let rows = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 30)
        #expect(rows.contains { $0.contains("╭ Multiply") })
        #expect(!result.standardOutput.contains("\u{1B}"))
    }

    @Test func renderASCIIPrintsOnlyASCIIStatusLineIncluded() throws {
        let result = try ChildProcess.runNodeUI(["render", example("calculator.json"), "--ascii"])
        #expect(result.status == 0)
        #expect(result.standardOutput.unicodeScalars.allSatisfy { $0.isASCII }, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Tab select | n new | H J K L pan | ? help"))
        #expect(result.standardOutput.contains("x x y     = 6"))
    }

    // MARK: Usage and help

    @Test(arguments: [
        ["eval"], ["eval", "a.json", "--bogus"], ["replay", "a.json"], ["check"], ["check", "a", "b"],
        ["eval", "a.json", "--json", "extra"],
        ["render", "a.json", "--lod", "bogus"],
    ])
    func aUsageErrorExits2(_ arguments: [String]) throws {
        let result = try ChildProcess.runNodeUI(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardOutput == "")
    }

    @Test(arguments: [
        ["--help"], ["eval", "--help"], ["replay", "--help"], ["check", "--help"], ["render", "--help"],
        ["help", "eval"],
    ])
    func helpExits0WithExamples(_ arguments: [String]) throws {
        let result = try ChildProcess.runNodeUI(arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: nodeui-tui"))
        #expect(result.standardOutput.contains("Examples:"))
    }

    @Test func interactiveModeWithoutATerminalExits1WithAMessage() throws {
        let result = try ChildProcess.runNodeUI([example("calculator.json")])
        #expect(result.status == 1)
        #expect(!result.standardError.isEmpty)
    }
}
