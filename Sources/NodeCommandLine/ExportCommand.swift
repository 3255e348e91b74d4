import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// `TOOL export FILE [--format dot|mermaid]`: the graph as a Graphviz (the default) or Mermaid
/// diagram.
struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "export",
            abstract: "Print a graph as a diagram for Graphviz (dot) or Mermaid.",
            discussion: """
                Prints one box per node, labelled "Name = value", and one edge per link, from the \
                node feeding a slot to the node it feeds, labelled with the slot's name. Each \
                definition (group) is a cluster (Graphviz) or a subgraph (Mermaid) of its own nodes \
                and links. Without --format it writes dot. Live sources are read once, as by `eval`.

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) export \(tool.exampleFile) --format mermaid",
                        "\(tool.name) export \(tool.exampleFile) | dot -Tsvg -o graph.svg",
                    ]))
    }

    @Argument(help: "The graph file to export.")
    var file: String

    @Option(help: "The diagram language: dot (Graphviz) or mermaid.")
    var format: GraphExport.Format = .dot

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func run() throws {
        let graph = sourceOptions.readingSourcesOnce(try fileSize.loadGraph(file), from: file)
        StandardOutput.write(String(GraphExport.text(of: graph, format: format).dropLast()))
    }
}

extension GraphExport.Format: ExpressibleByArgument {}
