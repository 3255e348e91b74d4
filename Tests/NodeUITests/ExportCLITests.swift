import Foundation
import Testing

/// The repository's `Examples/graphs` directory.
private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/graphs")

private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

/// The links in a graph file: every non-null input, at the top level and inside definitions.
private func linkCount(inFile path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let file = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let definitions = file["definitions"] as? [[String: Any]] ?? []
    let nodes =
        (file["nodes"] as? [[String: Any]] ?? [])
        + definitions.flatMap { $0["nodes"] as? [[String: Any]] ?? [] }
    return nodes.map { ($0["inputs"] as? [Any] ?? []).filter { !($0 is NSNull) }.count }.reduce(0, +)
}

/// Lays a `dot` source out with Graphviz and returns its plain-text description
/// (`node NAME X Y W H LABEL …` and `edge FROM TO …` lines).
private func graphvizLayout(of source: String) throws -> ProcessResult {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "export-\(UUID().uuidString).dot")
    try Data(source.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try ChildProcess.runShell("dot -Tplain '\(file.path)'")
}

@Suite struct ExportCLITests {
    @Test(arguments: ["calculator.json", "groups.json", "colors.json", "division-by-zero.json", "empty.json"])
    func dotExportIsAcceptedByGraphvizWithOneEdgePerLink(_ name: String) throws {
        let export = try ChildProcess.runNodeUI(["export", example(name), "--format", "dot"])
        #expect(export.status == 0)
        #expect(export.standardError == "")
        let layout = try graphvizLayout(of: export.standardOutput)
        #expect(layout.status == 0, "\(layout.standardError)")
        let edges = layout.standardOutput.split(separator: "\n").filter { $0.hasPrefix("edge ") }
        #expect(edges.count == (try linkCount(inFile: example(name))))
    }

    @Test func dotExportLabelsEachNodeWithItsNameAndValueAndEachEdgeWithItsSlot() throws {
        let export = try ChildProcess.runNodeUI(["export", example("calculator.json"), "--format", "dot"])
        let layout = try graphvizLayout(of: export.standardOutput).standardOutput
        for label in ["One = 1", "Two = 2", "Three = 3", "Add = 3", "Subtract = 2", "Multiply = 6"] {
            #expect(layout.contains("\"\(label)\""), "\(label)")
        }
        #expect(export.standardOutput.contains("[label=\"x\"];"))
        #expect(export.standardOutput.contains("[label=\"z\"];") == false)  // Add's z is unlinked
    }

    @Test func dotExportDrawsEachDefinitionAsAClusterOfItsNodes() throws {
        let export = try ChildProcess.runNodeUI(["export", example("groups.json"), "--format", "dot"])
        let source = export.standardOutput
        #expect(source.contains("  subgraph cluster_d1 {\n    label=\"Average (group)\";"))
        #expect(source.contains("  subgraph cluster_d2 {\n    label=\"Centered (group)\";"))
        #expect(source.contains("d1n1 [label=\"a (input)\"];"))
        #expect(source.contains("[label=\"Half (output)\"];"))
        #expect(source.contains("[label=\"Two = 2\"];"))
        #expect(source.contains("[label=\"Total = 14.5\"];"))
    }

    @Test func mermaidExportIsAFlowchartWithDefinitionsAsSubgraphs() throws {
        let export = try ChildProcess.runNodeUI([
            "export", example("division-by-zero.json"), "--format", "mermaid",
        ])
        #expect(export.status == 0)
        #expect(
            export.standardOutput == """
                flowchart LR
                  n1["Ten = 10"]
                  n2["Zero = 0"]
                  n3["Ratio = error: division by zero"]
                  n4["Total = error: division by zero"]
                  n1 -->|"x"| n3
                  n2 -->|"y"| n3
                  n3 -->|"x"| n4
                  n1 -->|"y"| n4

                """)
        let groups = try ChildProcess.runNodeUI(["export", example("groups.json"), "--format", "mermaid"])
        #expect(
            groups.standardOutput.contains("  subgraph d1 [\"Average (group)\"]\n    d1n1[\"a (input)\"]\n"))
        #expect(groups.standardOutput.components(separatedBy: "\n  end\n").count == 3)
    }

    @Test func exportEscapesQuotesBackslashesAndMarkupInNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("odd.json")
        try Data(
            #"{"format":"nodegraph","version":1,"nodes":[{"id":"a","kind":"number","name":"say \"hi\" \\ <b>#1</b> | x","value":1}]}"#
                .utf8
        ).write(to: file)
        let dot = try ChildProcess.runNodeUI(["export", file.path, "--format", "dot"])
        #expect(
            dot.standardOutput.contains(#"n1 [label="say \"hi\" \\ <b>#1</b> | x = 1"];"#),
            "\(dot.standardOutput)")
        let layout = try graphvizLayout(of: dot.standardOutput)
        #expect(layout.status == 0, "\(layout.standardError)")
        let mermaid = try ChildProcess.runNodeUI(["export", file.path, "--format", "mermaid"])
        #expect(
            mermaid.standardOutput.contains(
                #"n1["say #quot;hi#quot; \ #lt;b#gt;#35;1#lt;/b#gt; #124; x = 1"]"#),
            "\(mermaid.standardOutput)")
        #expect(mermaid.standardOutput.split(separator: "\n").count == 2)
    }

    @Test func exportWithoutAFormatWritesDot() throws {
        let file = example("division-by-zero.json")
        let plain = try ChildProcess.runNodeUI(["export", file])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.hasPrefix("digraph "), "\(plain.standardOutput)")
        let dot = try ChildProcess.runNodeUI(["export", file, "--format", "dot"])
        #expect(plain.standardOutput == dot.standardOutput)
    }

    @Test(arguments: [["export", "a.json", "--format", "png"], ["export", "--format", "dot"]])
    func exportWithAnUnknownFormatOrNoFileIsAUsageError(_ arguments: [String]) throws {
        let result = try ChildProcess.runNodeUI(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: "))
    }

    @Test func exportOfABrokenFileExits1NamingTheProblem() throws {
        let result = try ChildProcess.runNodeUI(["export", "/nonexistent/graph.json", "--format", "dot"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "/nonexistent/graph.json: cannot open the file: No such file or directory\n")
    }
}
