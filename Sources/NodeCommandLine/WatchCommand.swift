import ArgumentParser
import NodeGraph
import NodeGraphFiles

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
                its first reading on that line.

                It ends at the end of standard input when the graph has no live sources, after \
                --max-updates lines following the first, or on SIGINT or SIGTERM; the exit status is \
                then 0.

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

    @Option(help: ArgumentHelp("Stop after this many lines following the first.", valueName: "N"))
    var maxUpdates: Int?

    @OptionGroup var sourceOptions: SourceOptions

    func validate() throws {
        if let maxUpdates, maxUpdates < 0 { throw ValidationError("--max-updates must be 0 or more") }
    }

    func run() throws {
        let document = GraphDocument(graph: try loadGraphOrExit(file))
        let sources = sourceOptions.sources(forGraphAt: file)
        var session = WatchSession(document: document, sources: sources, json: json, maxUpdates: maxUpdates)
        session.run()
    }
}
