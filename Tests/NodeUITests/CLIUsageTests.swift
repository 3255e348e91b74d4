import Foundation
import Testing

/// The repository's root.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh folder holding a copy of the repository's `Examples`, so that examples run "from the
/// repository's root" may write files without touching the repository.
private func repositoryCopy() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Examples"), to: folder.appendingPathComponent("Examples"))
    return folder
}

/// The command lines listed under "Examples:" in a help text (a line ending in ` \` continues
/// on the next), without their explanations.
private func examples(in help: String) -> [String] {
    guard let section = help.components(separatedBy: "Examples:\n").dropFirst().first else { return [] }
    let lines = section.components(separatedBy: "\n\n")[0].split(separator: "\n")
    var commands: [String] = []
    var continues = false
    for line in lines {
        var text = line.trimmingCharacters(in: .whitespaces)
        let continuesAfter = text.hasSuffix("\\")
        if continuesAfter { text = String(text.dropLast().trimmingCharacters(in: .whitespaces)) }
        if continues { commands[commands.count - 1] += " " + text } else { commands.append(text) }
        continues = continuesAfter
    }
    return commands.map { $0.components(separatedBy: "   ").first ?? $0 }
}

@Suite struct CLIUsageTests {
    // MARK: --version

    @Test(arguments: ["nodeui-tui", "logic-gates"])
    func versionPrintsTheToolsNameAndVersion(_ tool: String) throws {
        let result = try ChildProcess.runProduct(tool, ["--version"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.wholeMatch(of: /[a-z-]+ \d+\.\d+\.\d+\n/) != nil, "\(result.standardOutput)"
        )
        #expect(result.standardOutput.hasPrefix(tool + " "))
        #expect(result.standardError == "")
    }

    // MARK: Mistyped commands

    @Test(arguments: [
        (["evl"], "eval"), (["chek", "Examples/graphs/calculator.json"], "check"),
        (["rendr", "x.json"], "render"),
        (["EVAL"], "eval"), (["raplay"], "replay"), (["wacth"], "watch"), (["opne"], "open"),
    ])
    func aMistypedCommandIsAUsageErrorNamingTheClosestCommand(_ arguments: [String], _ closest: String) throws
    {
        let folder = try repositoryCopy()
        let result = try ChildProcess.runShell(
            "cd '\(folder.path)' && nodeui-tui " + arguments.map { "'\($0)'" }.joined(separator: " "))
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "Error: unknown command '\(arguments[0])'; did you mean '\(closest)'?\n"),
            "\(result.standardError)")
        #expect(result.standardOutput == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Examples"])
    }

    @Test(arguments: ["./evl", "evl.json", "notes", "evl"])
    func aFirstArgumentThatIsAPathAFileNameOrFarFromEveryCommandOpensAFile(_ argument: String) throws {
        let folder = try repositoryCopy()
        if argument == "evl" {  // an existing file of that name opens, however close to a command
            try Data(#"{"format":"nodegraph","version":1,"nodes":[]}"#.utf8)
                .write(to: folder.appendingPathComponent("evl"))
        }
        let result = try ChildProcess.runShell("cd '\(folder.path)' && nodeui-tui '\(argument)'")
        // Without a terminal, opening exits 1 saying so: the argument was taken as a file.
        #expect(result.status == 1)
        #expect(result.standardError.contains("terminal"), "\(result.standardError)")
        #expect(!result.standardError.contains("did you mean"))
    }

    // MARK: Help

    @Test func everyExampleInTheTopLevelHelpWorksFromTheRepositoryRoot() throws {
        let help = try ChildProcess.runNodeUI(["--help"])
        let commandLines = examples(in: help.standardOutput)
        #expect(commandLines.count >= 7, "\(help.standardOutput)")
        let folder = try repositoryCopy()
        for commandLine in commandLines {
            let result = try ChildProcess.runShell("cd '\(folder.path)' && \(commandLine)")
            let words = commandLine.split(separator: " ")
            if words.count < 2 || words[1].contains(".") {
                // Opens the editor: without a terminal, it exits 1 saying so.
                #expect(result.status == 1, "\(commandLine)")
                #expect(result.standardError.contains("terminal"), "\(commandLine): \(result.standardError)")
            } else {
                #expect(result.status == 0, "\(commandLine): \(result.standardError)")
                #expect(result.standardError == "", "\(commandLine)")
                #expect(!result.standardOutput.isEmpty, "\(commandLine)")
            }
        }
    }

    // MARK: Empty graphs

    @Test func evalOfAnEmptyGraphSaysSo() throws {
        let result = try ChildProcess.runNodeUI([
            "eval", repositoryRoot.appendingPathComponent("Examples/graphs/empty.json").path,
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput == "no nodes: the graph is empty\n")
        #expect(result.standardError == "")
    }

    @Test func evalJSONOfAnEmptyGraphIsAnEmptyNodeList() throws {
        let result = try ChildProcess.runNodeUI([
            "eval", repositoryRoot.appendingPathComponent("Examples/graphs/empty.json").path, "--json",
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput == "{\"nodes\":[]}\n")
    }
}
