import Foundation
import Testing

/// `eval` and `watch` with a kind that computes in the background: `Examples/LogicGates`'
/// `delay`, which passes its input bit on `seconds` later.
@Suite struct BackgroundCLITests {
    /// A fresh folder holding `name` with `text`; returns the file's path.
    func file(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "background-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Switch A (on) → delay D1 → delay D2 → Not N: two computations, the second waiting for the
    /// first.
    func twoDelays(seconds: Double = 0.2) throws -> String {
        try file(
            "delays.circuit",
            """
            {"format": "nodegraph", "version": 1, "nodes": [
              {"id": "a", "kind": "switch", "name": "A", "value": true},
              {"id": "d1", "kind": "delay", "name": "D1", "seconds": \(seconds), "inputs": ["a"]},
              {"id": "d2", "kind": "delay", "name": "D2", "seconds": \(seconds), "inputs": ["d1"]},
              {"id": "n", "kind": "not", "name": "N", "inputs": ["d2"]}]}
            """)
    }

    @Test func evalWaitsForEveryBackgroundResultBeforePrinting() throws {
        let result = try ChildProcess.runProduct("logic-gates", ["eval", try twoDelays()])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                A (a): true
                D1 (d1): true
                D2 (d2): true
                N (n): false

                """)
    }

    @Test func evalJSONHoldsNoPendingValue() throws {
        let result = try ChildProcess.runProduct("logic-gates", ["eval", try twoDelays(), "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#"{"id":"d2","name":"D2","kind":"delay","value":true}"#))
        #expect(!result.standardOutput.contains("pending"), "\(result.standardOutput)")
    }

    @Test func watchShowsPendingThenPrintsEachCompletionAndEndsWhenAllAreIn() throws {
        let circuit = try twoDelays()
        let result = try ChildProcess.runShell("logic-gates watch '\(circuit)' --json < /dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.standardOutput)")
        #expect(
            lines.first?.contains(#"{"id":"d1","name":"D1","kind":"delay","value":{"pending":true}}"#) == true
        )
        #expect(
            lines.first?.contains(#"{"id":"n","name":"N","kind":"not","value":{"pending":true}}"#) == true)
        #expect(lines.dropFirst().first == #"{"completed":"d1","changed":[{"id":"d1","value":true}]}"#)
        #expect(
            lines.last
                == #"{"completed":"d2","changed":[{"id":"d2","value":true},{"id":"n","value":false}]}"#)
    }

    @Test func watchPrintsCompletionsAsText() throws {
        let circuit = try twoDelays()
        let result = try ChildProcess.runShell("logic-gates watch '\(circuit)' < /dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("D1 (d1): …"), "\(result.standardOutput)")
        #expect(
            lines.suffix(2) == ["completed d1: D1 (d1): true", "completed d2: D2 (d2): true; N (n): false"])
    }

    @Test func watchNeverPrintsAResultANewerInputSuperseded() throws {
        let circuit = try file(
            "delay.circuit",
            """
            {"format": "nodegraph", "version": 1, "nodes": [
              {"id": "a", "kind": "switch", "name": "A", "value": true},
              {"id": "d", "kind": "delay", "name": "D", "seconds": 1, "inputs": ["a"]}]}
            """)
        let edits = try file("edits.jsonl", #"{"op":"setValue","node":"a","value":false}"# + "\n")
        let result = try ChildProcess.runShell("logic-gates watch '\(circuit)' --json < '\(edits)'")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst()) == [
                #"{"line":1,"changed":[{"id":"a","value":false}]}"#,
                #"{"completed":"d","changed":[{"id":"d","value":false}]}"#,
            ], "\(result.standardOutput)")
    }
}
