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
        // A line indented further that does not continue a command says what the one above does.
        if !continues && line.hasPrefix("   ") { continue }
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

    // MARK: Headless commands named

    @Test(arguments: ["nodeui-tui", "logic-gates"])
    func theTopLevelHelpAndTheNoTerminalMessageNameEveryHeadlessCommand(_ tool: String) throws {
        let help = try ChildProcess.runProduct(tool, ["--help"])
        #expect(help.status == 0)
        // The SUBCOMMANDS section: `  NAME  abstract`, continuation lines indented further.
        let section = try #require(help.standardOutput.components(separatedBy: "SUBCOMMANDS:\n").last)
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first
            else { return nil }
            return String(word)
        }.filter { $0 != "open" && $0 != "See" }
        #expect(commands == ["eval", "render", "replay", "check", "export", "watch", "profile"])
        let overview = help.standardOutput.replacingOccurrences(of: "\n", with: " ")
        #expect(overview.contains("without a terminal: \(commands.joined(separator: ", "))."), "\(overview)")
        let withoutTerminal = try ChildProcess.runProduct(tool)
        #expect(withoutTerminal.status == 1)
        for command in commands {
            #expect(
                withoutTerminal.standardError.contains("`\(tool) \(command) FILE"),
                "\(command) missing from: \(withoutTerminal.standardError)")
        }
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

    @Test(arguments: [
        (
            ["help", "evl"],
            "Error: unknown command 'evl'; did you mean 'eval'? See 'nodeui-tui --help' for every command.\n"
        ),
        (
            ["help", "nothing"],
            "Error: unknown command 'nothing'. See 'nodeui-tui --help' for every command.\n"
        ),
    ])
    func helpOnAnUnknownCommandIsAUsageError(_ arguments: [String], _ message: String) throws {
        let result = try ChildProcess.runProduct("nodeui-tui", arguments)
        #expect(result.status == 2)
        #expect(result.standardError == message)
        #expect(result.standardOutput == "")
        // A command's own help still prints.
        let eval = try ChildProcess.runProduct("nodeui-tui", ["help", "eval"])
        #expect(eval.status == 0)
        #expect(eval.standardOutput.contains("eval"), "\(eval.standardOutput)")
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

    @Test(arguments: [("nodeui-tui", 8), ("logic-gates", 6)])
    func everyExampleInTheTopLevelHelpWorksFromTheRepositoryRoot(_ tool: String, _ count: Int) throws {
        let help = try ChildProcess.runProduct(tool, ["--help"])
        let commandLines = examples(in: help.standardOutput)
        #expect(commandLines.count == count, "\(help.standardOutput)")
        #expect(commandLines.allSatisfy { $0.hasPrefix(tool) }, "\(commandLines)")
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

    @Test(arguments: [
        ["nodeui-tui", "--help"], ["logic-gates", "--help"], ["nodeui-tui", "open", "--help"],
        ["nodeui-tui", "eval", "--help"], ["nodeui-tui", "render", "--help"],
        ["nodeui-tui", "replay", "--help"],
        ["nodeui-tui", "check", "--help"], ["nodeui-tui", "export", "--help"],
        ["nodeui-tui", "watch", "--help"],
    ])
    func helpExamplesStayOnTheirOwnIndentedLinesWithin80Columns(_ arguments: [String]) throws {
        let result = try ChildProcess.runProduct(arguments[0], Array(arguments.dropFirst()))
        let section = result.standardOutput.components(separatedBy: "Examples:\n").dropFirst().first ?? ""
        let lines = section.components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(lines.count >= 2, "\(result.standardOutput)")
        for line in lines {
            #expect(line.hasPrefix("  ") && line.count <= 80, "\(line)")
        }
    }

    @Test(arguments: ["nodeui-tui", "logic-gates"])
    func openHelpNamesTheToolsKeysFile(_ tool: String) throws {
        let result = try ChildProcess.runProduct(tool, ["open", "--help"])
        let text = result.standardOutput.split(separator: "\n").joined(separator: " ")
        #expect(
            text.contains("$XDG_CONFIG_HOME/\(tool)/keys.json (or ~/.config/\(tool)/keys.json)"), "\(text)")
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
