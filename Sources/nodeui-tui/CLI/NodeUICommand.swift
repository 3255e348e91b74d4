import ArgumentParser
import Foundation

/// `nodeui-tui`: the interactive canvas, and the headless commands scripts and tests use.
struct NodeUICommand: ParsableCommand {
    /// The subcommands, in the order `--help` lists them. Adding a command is one line here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        OpenCommand.self,
        EvalCommand.self,
        RenderCommand.self,
        ReplayCommand.self,
        CheckCommand.self,
        WatchCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "nodeui-tui",
        abstract: "Edit and evaluate node graphs in the terminal, or headlessly from scripts.",
        discussion: """
            Without a subcommand (or with `open`), opens FILE on the interactive canvas (created on \
            first save if it does not exist), or the demo calculator when no FILE is given.

            Exit status: 0 success, 1 invalid input (one line per problem on standard error, \
            naming the file, node and field), 2 usage error.

            Examples:
              nodeui-tui                                   open the demo calculator
              nodeui-tui Examples/graphs/calculator.json   open a graph file
              nodeui-tui my.json --record edits.jsonl      open, recording every edit
              nodeui-tui eval Examples/graphs/calculator.json --json
              nodeui-tui replay empty.json --edits build-calculator.jsonl --trace
              nodeui-tui check my-graph.json
              tail -f edits.jsonl | nodeui-tui watch graph.json --json
            """,
        subcommands: subcommandTypes,
        defaultSubcommand: OpenCommand.self)

    /// Parses `arguments` and runs the command they name.
    ///
    /// Usage errors exit 2 rather than swift-argument-parser's 64; `--help` prints to standard
    /// output and exits 0.
    /// - Parameter arguments: The command-line arguments, without the program's name.
    /// - Returns: The exit status.
    static func main(arguments: [String]) -> Int32 {
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
