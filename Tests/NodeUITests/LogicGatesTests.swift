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
            "Foundation", "NodeGraph", "NodeGraphFiles", "NodeCanvas", "NodeTerminal", "NodeCommandLine",
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
