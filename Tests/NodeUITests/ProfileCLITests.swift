import Foundation
import Testing

/// `profile`: per node, recomputations and compute time, sorted by total time.
@Suite struct ProfileCLITests {
    private static let calculator = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/graphs/calculator.json").path

    /// A file holding `text` in a fresh temporary directory.
    private static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The `recomputations` of each node in `profile --json` output, by id.
    private static func recomputations(_ output: String) throws -> [String: Int] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [[String: Any]]])
        var result: [String: Int] = [:]
        for node in try #require(object["nodes"]) {
            result[try #require(node["id"] as? String)] = try #require(node["recomputations"] as? Int)
            #expect((node["totalNanoseconds"] as? Int).map { $0 >= 0 } == true)
            #expect(node["name"] is String)
        }
        return result
    }

    @Test func everyNodeIsListedOnceComputedWithItsTimesLongestTotalFirst() throws {
        let result = try ChildProcess.runNodeUI(["profile", Self.calculator])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 6)
        for line in lines {
            #expect(line.contains(": 1 recomputation, total "), "\(line)")
            #expect(line.contains(", mean "), "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("Add (add): 1 recomputation, total ") })
        let json = try ChildProcess.runNodeUI(["profile", Self.calculator, "--json"])
        #expect(json.status == 0)
        #expect(try Self.recomputations(json.standardOutput).values.allSatisfy { $0 == 1 })
        let object =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
            as? [String: [[String: Any]]]
        let totals = (object?["nodes"] ?? []).compactMap { $0["totalNanoseconds"] as? Int }
        #expect(totals == totals.sorted(by: >))
    }

    @Test func aJournalsRecomputationsAreCountedAndARefusedLineIsReported() throws {
        let edits = try Self.temporaryFile(
            "edits.jsonl",
            """
            {"op":"setValue","node":"one","value":5}
            {"op":"setValue","node":"one","value":6}
            {"op":"link","from":"multiply","to":"add","slot":2}

            """)
        let result = try ChildProcess.runNodeUI(["profile", Self.calculator, "--edits", edits, "--json"])
        #expect(result.status == 0)
        let counts = try Self.recomputations(result.standardOutput)
        #expect(counts["one"] == 3)
        #expect(counts["add"] == 3)
        #expect(counts["multiply"] == 3)
        #expect(counts["two"] == 1)
        #expect(
            result.standardError.contains("line 3: link refused: would create a cycle"),
            "\(result.standardError)")
    }

    @Test func topKeepsTheFirstNodes() throws {
        let result = try ChildProcess.runNodeUI(["profile", Self.calculator, "--top", "2"])
        #expect(result.status == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 2)
    }

    @Test(arguments: [["--top", "0"], ["--top", "-3"], ["--top", "many"], ["--edits"]])
    func aBadArgumentIsAUsageErrorNamingIt(_ arguments: [String]) throws {
        let result = try ChildProcess.runNodeUI(["profile", Self.calculator] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(arguments[0]), "\(result.standardError)")
        #expect(result.standardOutput == "")
    }

    @Test func aJournalThatCannotBeReadIsAnInputError() throws {
        let result = try ChildProcess.runNodeUI([
            "profile", Self.calculator, "--edits", "/nonexistent/e.jsonl",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("/nonexistent/e.jsonl"))
    }
}
