import ArgumentParser
import NodeGraph
import NodeGraphFiles
import NodeGraphSources

/// `TOOL watch FILE [--json] [--max-updates N] [--allow-outside]`: a streaming, incremental
/// evaluator.
struct WatchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "watch",
            abstract:
                "Print a graph's values, then what changes as edits arrive on stdin and live sources update.",
            discussion: """
                Prints every node's value as `eval` does (its live sources read once), then applies \
                journal lines read from standard input (as `replay` does) and follows the graph's live \
                sources (clocks, files), printing after each applied line or source update the nodes \
                whose value changed, in dependency order.

                With --json the first line is {"nodes":[…]} as `eval --json`, then one line each: \
                {"line":N,"changed":[{"id":…,"value":…},…]} for an applied journal line (a removed \
                node's value is null), {"line":N,"status":"refused","reason":…} for a refused one, \
                and {"source":"ID","changed":[…]} for a source update (with "sources":[…] when \
                several sources updated together). A source a journal line adds or changes shows \
                its first reading on that line. A node of a kind that computes in the background \
                shows … ({"pending":true}) until its result arrives; then \
                {"completed":"ID","changed":[…]} (text: completed ID: …) prints what it changed.

                It ends at the end of standard input when the graph has no live sources and no \
                background computation runs, after \
                --max-updates lines following the first, or on SIGINT or SIGTERM; the exit status is \
                then 0. When standard input has ended and the graph's live sources can never update \
                (every one a file source outside the folder, refused without --allow-outside), it \
                exits 1, naming them.

                Examples:
                """
                    + HelpText.exampleLines([
                        "tail -f edits.jsonl | \(tool.name) watch \(tool.exampleFile) --json",
                        "\(tool.name) watch \(tool.exampleFile) --max-updates 5 < /dev/null",
                    ]))
    }

    @Argument(help: "The graph file to watch.")
    var file: String

    @Flag(help: "Print JSON lines.")
    var json = false

    // Unconditional, so that `--max-updates -1` reaches the check below rather than reading as
    // an option and leaving the value missing.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Stop after this many lines following the first (0 or more).", valueName: "N"),
        transform: WatchCommand.updateCount)
    var maxUpdates: Int?

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    /// The count `--max-updates` was given, or a usage error saying what it must be.
    @Sendable static func updateCount(_ text: String) throws -> Int {
        guard let count = Int(text), count >= 0 else {
            throw ValidationError("it must be a count of lines, 0 or more")
        }
        return count
    }

    func run() throws {
        let document = GraphDocument(graph: try fileSize.loadGraph(file))
        document.rule = ToolContext.current.editor.editRule
        let sources = sourceOptions.sources(forGraphAt: file)
        let options = sourceOptions
        let file = self.file
        var session = WatchSession(
            document: document, sources: sources, json: json, maxUpdates: maxUpdates,
            fileProblems: { options.fileSourceProblems($0, forGraphAt: file) })
        if case .stuck(let refused) = session.run() {
            let name = file.escapedForMessage
            StandardError.write(
                "\(name): nothing left to watch: standard input has ended and no live source can ever update")
            for problem in refused { StandardError.write("\(name): \(problem.description)") }
            throw ExitCode(1)
        }
    }
}
