import ArgumentParser
import Foundation

/// `TOOL`: the interactive canvas, and the headless commands scripts and tests use.
struct ToolCommand: ParsableCommand {
    /// The subcommands, in the order `--help` lists them. Adding a command is one line here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        OpenCommand.self,
        EvalCommand.self,
        RenderCommand.self,
        ReplayCommand.self,
        CheckCommand.self,
        ExportCommand.self,
        WatchCommand.self,
        ProfileCommand.self,
    ]

    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        let name = tool.name
        let file = tool.exampleFile
        let mine = "my.\(tool.editor.fileExtension)"
        var examples = [
            (name, "open the \(tool.editor.demo.title)"),
            ("\(name) \(file)", "open a graph file"),
            ("\(name) \(mine) --record edits.jsonl", "a new file, recording edits"),
            ("\(name) eval \(file) --json", ""),
            ("\(name) check \(file)", ""),
            ("\(name) export \(file) --format mermaid", ""),
        ]
        if let journal = tool.exampleJournal {
            examples += [
                ("\(name) replay \(file) --edits \(journal) --trace", ""),
                ("\(name) watch \(file) < \(journal)", ""),
            ]
        }
        return CommandConfiguration(
            commandName: name,
            abstract: tool.abstract,
            discussion: """
                Without a subcommand (or with `open`), opens FILE on the interactive canvas \
                (created on first save if it does not exist), or the \(tool.editor.demo.title) when \
                no FILE is given. The headless commands, for scripts and without a terminal: \
                \(headlessCommandNames.joined(separator: ", ")).

                A first argument that is not an existing file, has no '/' and no '.', and is within \
                two edits of a command is a mistyped command: a usage error naming the closest one \
                (write ./NAME to open a new file called NAME).

                Exit status: 0 success, 1 invalid input (one line per problem on standard error, \
                naming the file, node and field), 2 usage error.

                Examples:
                """ + HelpText.exampleLines(examples),
            version: "\(name) \(tool.version)",
            subcommands: subcommandTypes,
            defaultSubcommand: OpenCommand.self)
    }

    /// The commands that need no terminal: every subcommand's name but `open`'s, in help order.
    static var headlessCommandNames: [String] {
        subcommandTypes.filter { $0 != OpenCommand.self }.compactMap { $0.configuration.commandName }
    }

    /// The names a first argument may be: every subcommand's, and `help`.
    static var commandNames: [String] {
        subcommandTypes.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// Parses `arguments` and runs the command they name.
    ///
    /// Usage errors exit 2 rather than swift-argument-parser's 64; `--help` prints to standard
    /// output and exits 0. A standard stream the program was started without is held on
    /// `/dev/null` first (`StandardStreams.holdClosedDescriptors()`).
    /// - Parameter arguments: The command-line arguments, without the program's name.
    /// - Returns: The exit status.
    static func main(arguments: [String]) -> Int32 {
        StandardStreams.holdClosedDescriptors()
        if let mistyped = MistypedCommand(arguments: arguments, commands: commandNames) {
            StandardError.write(lines: mistyped.message(toolName: ToolContext.current.name))
            return 2
        }
        // `help TOPIC` with a TOPIC that is no command would print the top-level help.
        if arguments.count > 1, arguments[0] == "help",
            let lines = MistypedCommand.unknownHelpTopic(
                arguments[1], commands: commandNames, toolName: ToolContext.current.name)
        {
            StandardError.write(lines: lines)
            return 2
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .validationFailure {
                StandardError.write(message)
                return 2
            }
            if code == .success {
                if !message.isEmpty { StandardOutput.write(message) }
                return 0
            }
            if !message.isEmpty { StandardError.write(message) }
            return code.rawValue
        }
    }
}
