import ArgumentParser
import NodeGraph

/// `TOOL eval FILE [--json]`: load, evaluate, print every node's name and value.
struct EvalCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "eval",
            abstract: "Load a graph file, evaluate it, and print every node's name and value.",
            discussion: """
                Nodes are printed in dependency order (every node after its inputs, ties by id), one \
                per line as NAME (ID): VALUE. An error value names the node where it arose: \
                "Ratio (r): error: division by zero (from r)". Live sources are read once: a clock \
                shows 0, a file source the number in its file. Nodes of kinds that compute in the \
                background are waited for: every value printed is final. A graph without nodes prints one \
                line saying so: "no nodes: the graph is empty".

                With --json, prints one object: \
                {"nodes":[{"id":…,"name":…,"kind":…,"value":…},…]}, where a value is a JSON number, \
                a color as "#rrggbb", or {"error":"reason","from":"id"}; without nodes, {"nodes":[]}.

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) eval \(tool.exampleFile)",
                        "\(tool.name) eval \(tool.exampleFile) --json",
                    ]))
    }

    @Argument(help: "The graph file to evaluate.")
    var file: String

    @Flag(help: "Print the values as one JSON object.")
    var json = false

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func run() throws {
        var graph = sourceOptions.readingSourcesOnce(try fileSize.loadGraph(file), from: file)
        // Every background computation finishes before anything is printed: no value is pending.
        BackgroundRunner().complete(&graph)
        if json {
            StandardOutput.write(HeadlessOutput.json(graph))
        } else {
            var output = BufferedOutput()
            HeadlessOutput.writeText(graph, to: &output)
            output.flush()
        }
    }
}
