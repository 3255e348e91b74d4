import Foundation
import Testing

/// `eval`, `check` and `replay` of graphs with definitions (groups).
@Suite struct GroupCLITests {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/graphs")

    private static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    /// A file holding `text` in a fresh temporary directory.
    private static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test func evalPrintsTopLevelNodesWithTheirInstancesValues() throws {
        let result = try ChildProcess.runNodeUI(["eval", Self.example("groups.json")])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                High (high): 10
                Low (low): 2
                Average (avg1): 6
                Centered (offset): 4
                Twenty (twenty): 20
                Average 2 (avg2): 15
                Average 3 (avg3): 10.5
                Total (total): 14.5

                """)
    }

    @Test func anErrorInsideAnInstanceNamesItsWayInAsTextAndJSON() throws {
        let text = try String(contentsOfFile: Self.example("groups.json"), encoding: .utf8)
            .replacingOccurrences(of: #""name": "Two", "value": 2"#, with: #""name": "Two", "value": 0"#)
        let file = try Self.temporaryFile("zero.json", text)
        let result = try ChildProcess.runNodeUI(["eval", file])
        #expect(
            result.standardOutput.contains("Average (avg1): error: division by zero (from avg1 › half)\n"))
        #expect(
            result.standardOutput.contains(
                "Centered (offset): error: division by zero (from offset › mean › half)\n"))
        #expect(result.standardOutput.contains("Total (total): error: division by zero (from avg1 › half)\n"))
        let json = try ChildProcess.runNodeUI(["eval", file, "--json"])
        #expect(
            json.standardOutput.contains(
                #"{"id":"avg1","name":"Average","kind":"average","value":{"error":"division by zero","from":"avg1","path":["avg1","half"]}}"#
            ))
    }

    @Test func checkCountsTheDefinitionsAndTheNodesInsideThem() throws {
        let result = try ChildProcess.runNodeUI(["check", Self.example("groups.json")])
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "\(Self.example("groups.json")): ok (8 nodes, 2 definitions with 9 nodes inside)\n")
        #expect(result.standardError == "")
    }

    @Test func checkNamesTheDefinitionOfAProblemInsideIt() throws {
        let text = try String(contentsOfFile: Self.example("groups.json"), encoding: .utf8)
            .replacingOccurrences(of: #""inputs": ["sum", "two"]"#, with: #""inputs": ["sun", "two"]"#)
        let file = try Self.temporaryFile("broken.json", text)
        let result = try ChildProcess.runNodeUI(["check", file])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "definition 'average', node 'half', field 'inputs[0]': no node has id 'sun'"))
    }

    @Test func replayGroupsEditsInsideAndUngroups() throws {
        let journal = try Self.temporaryFile(
            "edits.jsonl",
            """
            {"op":"setValue","in":"average","node":"two","value":4}
            {"op":"group","nodes":["avg3","total"],"kind":"sum","name":"Sum","id":"s"}
            {"op":"ungroup","node":"avg1"}
            {"op":"addNode","in":"average","id":"me","kind":"average"}

            """)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "groups-\(UUID().uuidString).json"
        ).path
        let result = try ChildProcess.runNodeUI(
            ["replay", Self.example("groups.json"), "--edits", journal, "--json", "--out", out])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(#"{"line":1,"op":"setValue","status":"applied","recomputed":["avg1","#))
        #expect(lines[0].hasSuffix(#""avg3","total"]}"#))
        #expect(lines[1] == #"{"line":2,"op":"group","status":"applied","recomputed":["s"]}"#)
        #expect(lines[2].hasPrefix(#"{"line":3,"op":"ungroup","status":"applied""#))
        #expect(
            lines[3]
                == #"{"line":4,"op":"addNode","status":"refused","reason":"definition loop: average → average"}"#
        )
        let saved = try String(contentsOfFile: out, encoding: .utf8)
        #expect(saved.contains("\"version\": 2"))
        let reloaded = try ChildProcess.runNodeUI(["eval", out])
        #expect(reloaded.status == 0)
    }
}
