import Foundation
import Testing

/// The repository's `Examples/LogicGates` folder.
private let logicGates = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/LogicGates")

private let halfAdder = logicGates.appendingPathComponent("half-adder.circuit").path

/// `Examples/LogicGates`, a second tool on the public libraries: its headless commands run with
/// its own kinds, and its sources reach nothing internal.
@Suite struct LogicGatesTests {
    @Test func evalRunsTheCircuitWithTheToolsOwnKinds() throws {
        let result = try ChildProcess.runProduct("logic-gates", ["eval", halfAdder])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                A (a): false
                B (b): false
                Carry (carry): false
                Sum (sum): false

                """)
    }

    @Test func evalJSONGivesBitsAsJSONBooleans() throws {
        let result = try ChildProcess.runProduct("logic-gates", ["eval", halfAdder, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#"{"id":"sum","name":"Sum","kind":"xor","value":false}"#))
    }

    @Test func replayingSwitchesOnGivesTheHalfAddersSumAndCarry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let edits = directory.appendingPathComponent("edits.jsonl")
        try Data(
            """
            {"op":"setValue","node":"a","value":true}
            {"op":"setValue","node":"b","value":true}
            {"op":"setValue","node":"b","value":false}

            """.utf8
        ).write(to: edits)
        let result = try ChildProcess.runProduct(
            "logic-gates", ["replay", halfAdder, "--edits", edits.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(
            lines[1] == #"{"line":2,"op":"setValue","status":"applied","recomputed":["b","sum","carry"]}"#)
        #expect(lines[3].contains(#"{"id":"carry","name":"Carry","kind":"and","value":false}"#))
        #expect(lines[3].contains(#"{"id":"sum","name":"Sum","kind":"xor","value":true}"#))
    }

    @Test(arguments: [([String](), "¬ a"), (["--ascii"], "not a")])
    func aNotGatesBodyShowsItsSymbolBeforeItsInput(_ options: [String], _ body: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let circuit = directory.appendingPathComponent("inverter.circuit")
        try Data(
            """
            {"format": "nodegraph", "version": 1, "nodes": [
              {"id": "a", "kind": "switch", "name": "A", "value": false, "x": 2, "y": 1},
              {"id": "n", "kind": "not", "name": "Not", "inputs": ["a"], "x": 28, "y": 1}]}
            """.utf8
        ).write(to: circuit)
        let result = try ChildProcess.runProduct(
            "logic-gates", ["render", circuit.path, "--width", "60", "--height", "10"] + options)
        #expect(result.status == 0, "\(result.standardError)")
        // The body row: the symbol, the input, then (after padding) the lamp, lit since ¬ off is on.
        let lamp = options.isEmpty ? "●" : "1"
        let row = try #require(
            result.standardOutput.split(separator: "\n").first { $0.contains(" \(body) ") },
            "\(result.standardOutput)")
        let afterBody = try #require(row.range(of: body)).upperBound
        #expect(row[afterBody...].drop { $0 == " " }.hasPrefix(lamp), "\(row)")
    }

    /// A fresh folder holding `name` with `text`; returns the file's path.
    func file(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A switch A feeding four NOT gates, and a fifth gate not linked yet.
    let fannedOut = """
        {"format": "nodegraph", "version": 1, "nodes": [
          {"id": "a", "kind": "switch", "name": "A", "value": false},
          {"id": "n1", "kind": "not", "inputs": ["a"]}, {"id": "n2", "kind": "not", "inputs": ["a"]},
          {"id": "n3", "kind": "not", "inputs": ["a"]}, {"id": "n4", "kind": "not", "inputs": ["a"]},
          {"id": "n5", "kind": "not"}]}
        """

    @Test func replayRefusesAFifthLinkFromOneOutputWithTheToolsReason() throws {
        let circuit = try file("fan.circuit", fannedOut)
        let edits = try file(
            "edits.jsonl",
            """
            {"op":"link","from":"a","to":"n5","slot":0}
            {"op":"unlink","to":"n1","slot":0}
            {"op":"link","from":"a","to":"n5","slot":0}

            """)
        let result = try ChildProcess.runProduct(
            "logic-gates", ["replay", circuit, "--edits", edits, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines[0] == #"{"line":1,"op":"link","status":"refused","reason":"fan-out of A is limited to 4"}"#)
        #expect(lines[1].contains(#""status":"applied""#))
        #expect(lines[2].contains(#""status":"applied""#), "a freed input makes room")
    }

    @Test func profileRefusesAFifthLinkWithTheToolsReason() throws {
        let circuit = try file("fan.circuit", fannedOut)
        let edits = try file("edits.jsonl", #"{"op":"link","from":"a","to":"n5","slot":0}"# + "\n")
        let result = try ChildProcess.runProduct("logic-gates", ["profile", circuit, "--edits", edits])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("fan-out of A is limited to 4"), "\(result.standardError)")
    }

    @Test func replayRefusesAnUndoThatWouldFeedAFifthInput() throws {
        // A circuit saved before the rule: A feeds five inputs. Unlinking one is allowed; undoing
        // that, or linking it again, is not.
        let circuit = try file(
            "five.circuit",
            fannedOut.replacingOccurrences(
                of: #"{"id": "n5", "kind": "not"}"#, with: #"{"id": "n5", "kind": "not", "inputs": ["a"]}"#))
        let edits = try file(
            "edits.jsonl",
            """
            {"op":"unlink","to":"n1","slot":0}
            {"op":"undo"}
            {"op":"link","from":"a","to":"n1","slot":0}

            """)
        let result = try ChildProcess.runProduct(
            "logic-gates", ["replay", circuit, "--edits", edits, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0].contains(#""status":"applied""#))
        #expect(
            lines[1] == #"{"line":2,"op":"undo","status":"refused","reason":"fan-out of A is limited to 4"}"#)
        #expect(
            lines[2] == #"{"line":3,"op":"link","status":"refused","reason":"fan-out of A is limited to 4"}"#)
        #expect(lines[3].contains(#"{"id":"n1","name":"Not","kind":"not","value":true}"#), "\(lines[3])")
    }

    @Test func watchRefusesAFifthLinkWithTheToolsReason() throws {
        let circuit = try file("fan.circuit", fannedOut)
        let edits = try file("edits.jsonl", #"{"op":"link","from":"a","to":"n5","slot":0}"# + "\n")
        let result = try ChildProcess.runShell(
            "logic-gates watch '\(circuit)' --json < '\(edits)'")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.last == #"{"line":1,"status":"refused","reason":"fan-out of A is limited to 4"}"#)
    }

    @Test func watchFollowsAPulseRunByTheToolsRunner() throws {
        let circuit = try file(
            "blink.circuit",
            """
            {"format": "nodegraph", "version": 1, "nodes": [
              {"id": "p", "kind": "pulse", "name": "P", "interval": 0.1},
              {"id": "n", "kind": "not", "name": "Lamp", "inputs": ["p"]}]}
            """)
        let result = try ChildProcess.runProduct(
            "logic-gates", ["watch", circuit, "--json", "--max-updates", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.standardOutput)")
        #expect(lines.first?.contains(#"{"id":"p","name":"P","kind":"pulse","value":false}"#) == true)
        #expect(
            lines.dropFirst().first
                == #"{"source":"p","changed":[{"id":"p","value":true},{"id":"n","value":false}]}"#)
        #expect(lines.last == #"{"source":"p","changed":[{"id":"p","value":false},{"id":"n","value":true}]}"#)
    }

    @Test func checkRefusesAPulseQuickerThanTheSmallestInterval() throws {
        let circuit = try file(
            "blink.circuit",
            #"{"format": "nodegraph", "version": 1, "nodes": [{"id": "p", "kind": "pulse", "interval": 0.01}]}"#
        )
        let result = try ChildProcess.runProduct("logic-gates", ["check", circuit])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("a pulse's interval is at least 0.05 seconds"),
            "\(result.standardError)")
    }

    @Test func theCalculatorDoesNotKnowTheToolsKinds() throws {
        let result = try ChildProcess.runNodeUI(["check", halfAdder])
        #expect(result.status == 1)
        #expect(result.standardError.contains("unknown kind 'switch'"))
        let own = try ChildProcess.runProduct("logic-gates", ["check", halfAdder])
        #expect(own.status == 0, "\(own.standardError)")
        #expect(own.standardOutput == "\(halfAdder): ok (4 nodes)\n")
    }

    @Test func withoutATerminalItExitsOneNamingItsOwnHeadlessCommands() throws {
        let result = try ChildProcess.runProduct("logic-gates")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("logic-gates: the interactive canvas needs a terminal"))
        #expect(result.standardError.contains("`logic-gates eval FILE`"))
    }

    @Test func itsSourcesImportOnlyThePublicLibraries() throws {
        let allowed: Set = [
            "Foundation", "NodeGraph", "NodeGraphFiles", "NodeGraphSources", "NodeCanvas", "NodeTerminal",
            "NodeCommandLine",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: logicGates.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: logicGates.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.contains("import") {
                    #expect(words.first == "import" && words.count == 2, "\(file): \(line)")
                    #expect(allowed.contains(String(words.last ?? "")), "\(file) imports \(words.last ?? "")")
                }
                #expect(!line.contains("@testable"), "\(file): \(line)")
                #expect(!line.contains("@_spi") && !line.contains("@_implementationOnly"), "\(file): \(line)")
            }
        }
    }

    @Test func itIsBuiltWithoutPackageAccess() throws {
        let manifest = try String(
            contentsOf: logicGates.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".executable(name: "logic-gates", targets: ["logic-gates"])"#))
        // The target's declaration: from `.executableTarget(` naming it to the next target.
        let declarations = manifest.components(separatedBy: ".executableTarget(").dropFirst()
        let target = try #require(declarations.first { $0.contains(#"name: "logic-gates""#) })
        let declaration = target.components(separatedBy: ".target(").first ?? target
        #expect(declaration.contains("packageAccess: false"), "\(declaration)")
    }

    @Test func theToolArticleShowsAllOfItsCode() throws {
        let code = try String(contentsOf: logicGates.appendingPathComponent("main.swift"), encoding: .utf8)
        let article = try String(
            contentsOf: logicGates.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/NodeTerminal/NodeTerminal.docc/BuildingATool.md"),
            encoding: .utf8)
        #expect(
            article.contains("```swift\n" + code + "```\n"), "BuildingATool.md's code is not main.swift")
        let files = try FileManager.default.contentsOfDirectory(atPath: logicGates.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files == ["main.swift"], "the article shows main.swift only")
    }
}
