import ArgumentParser
import Foundation
import NodeTerminal

/// `TOOL [FILE] [--record EDITS.jsonl] [--log LOG] [--ascii] [--theme THEME.json] [--allow-outside]`
/// (or `TOOL open …`): the interactive canvas.
struct OpenCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        let name = tool.name
        return CommandConfiguration(
            commandName: "open",
            abstract: "Open a graph file on the interactive canvas (the default command).",
            discussion: """
                Opens FILE, which is created on first save if it does not exist; without FILE, opens \
                the \(tool.editor.demo.title) (`s` then asks for a file name, \(tool.editor.demo.fileName) \
                by default). Every edit is written as it happens to FILE.autosave.jsonl, which a save \
                or a chosen quit removes; if the program is killed, the next open offers to recover \
                the edits. Needs a terminal: without one it exits 1 (use eval, render, replay, \
                check, export or watch instead). Keys are remapped in \
                $XDG_CONFIG_HOME/\(name)/keys.json (or ~/.config/\(name)/keys.json), e.g. \
                {"bindings": {"d": "delete", "x": null}}; a keys file that does not read exits 2 with \
                one line per problem. `:` lists every command by name.

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(name)",
                        "\(name) \(tool.exampleFile)",
                        "\(name) my-graph.\(tool.editor.fileExtension) --record session.jsonl --log \(name).log",
                        "\(name) \(tool.exampleFile) --theme my-theme.json",
                        "\(name) replay \(tool.exampleFile) --edits session.jsonl",
                    ]))
    }

    @Argument(help: "The graph file to open.")
    var file: String?

    @Option(
        help: ArgumentHelp(
            "Write every edit of the session to this journal, which `replay` reproduces.",
            valueName: "edits.jsonl"))
    var record: String?

    @Option(help: ArgumentHelp("Append a log of the session to this file.", valueName: "log-file"))
    var log: String?

    @Flag(help: "Draw with ASCII characters only (as without a UTF-8 locale).")
    var ascii = false

    @OptionGroup var themeOption: ThemeOption

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func run() throws {
        var editor = ToolContext.current.editor
        editor.theme = try themeOption.theme(over: editor.theme)
        let options = EditorOptions(
            file: file, recordPath: record, logPath: log, drawsASCIIOnly: ascii,
            allowsOutside: sourceOptions.allowOutside, fileLimits: fileSize.limits)
        let status = editor.run(options)
        if status != 0 { throw ExitCode(status) }
    }
}
