import ArgumentParser
import NodeTerminal

/// The command line of a node tool: the terminal editor (`TOOL [FILE]`, or `TOOL open`) and the
/// headless commands scripts use — `eval`, `render`, `replay`, `check`, `export`, `watch` and `profile` —
/// all reading and drawing the tool's own kinds.
///
/// ```swift
/// let tool = CommandLineTool(
///     editor: editor,                            // an EditorConfiguration
///     abstract: "Build logic circuits in the terminal, or evaluate them from scripts.")
/// exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// `logic-gates eval circuit.circuit --json` then evaluates a circuit with the tool's kinds. Exit
/// status: 0 success; 1 invalid input (one line per problem on standard error, naming the file,
/// node and field); 2 a usage error; 128 + the signal when the editor is stopped by one.
public struct CommandLineTool: Sendable {
    /// The editor, which also gives the commands the tool's name, kinds, renderers and theme.
    public var editor: EditorConfiguration
    /// What the tool does, in one line, at the top of `--help`.
    public var abstract: String
    /// A graph file the help's examples name (`Examples/graphs/calculator.json`).
    public var exampleFile: String
    /// An edit journal for `exampleFile` the help's `replay` and `watch` examples name, or `nil`
    /// to leave those examples out of the top-level help.
    public var exampleJournal: String?
    /// The version `--version` prints after the tool's name.
    public var version: String

    /// Describes a tool's command line.
    /// - Parameters:
    ///   - editor: The tool's editor. Without a `headlessHint`
    ///     of its own, it suggests these headless commands where there is no terminal.
    ///   - abstract: What the tool does, in one line.
    ///   - exampleFile: A graph file for the help's examples; `graph.EXT` by default.
    ///   - exampleJournal: An edit journal that applies to `exampleFile`, for the help's `replay`
    ///     and `watch` examples; without one, those examples are left out.
    ///   - version: The tool's version; NodeGraph's own (``packageVersion``) by default.
    public init(
        editor: EditorConfiguration, abstract: String, exampleFile: String? = nil,
        exampleJournal: String? = nil,
        version: String = CommandLineTool.packageVersion
    ) {
        var editor = editor
        let name = editor.toolName
        if editor.headlessHint == nil {
            editor.headlessHint =
                "for headless use run `\(name) eval FILE`, `\(name) render FILE`, "
                + "`\(name) replay FILE --edits EDITS.jsonl`, `\(name) check FILE`, "
                + "`\(name) export FILE`, `\(name) watch FILE` or `\(name) profile FILE`"
        }
        self.editor = editor
        self.abstract = abstract
        self.exampleFile = exampleFile ?? "graph.\(editor.fileExtension)"
        self.exampleJournal = exampleJournal
        self.version = version
    }

    /// The tool's name, as its user types it.
    public var name: String { editor.toolName }

    /// Parses `arguments` and runs the command they name: the editor when there is no command.
    ///
    /// Usage errors exit 2 (not swift-argument-parser's 64); `--help` prints to standard output
    /// and exits 0. Call it on the main thread.
    /// - Parameter arguments: The command-line arguments, without the program's name.
    /// - Returns: The exit status.
    public func main(arguments: [String]) -> Int32 {
        ToolContext.$tool.withValue(self) { ToolCommand.main(arguments: arguments) }
    }
}

/// The tool whose command line is running, for the commands' help and their work (commands are
/// types, configured by static properties).
enum ToolContext {
    @TaskLocal static var tool: CommandLineTool?

    /// The running tool.
    static var current: CommandLineTool {
        guard let tool else { preconditionFailure("a command ran outside CommandLineTool.main(arguments:)") }
        return tool
    }
}
