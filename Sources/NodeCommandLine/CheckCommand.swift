import ArgumentParser
import NodeGraph
import NodeGraphSources

/// `TOOL check FILE [--strict] [--allow-outside]`: validate a graph file, list every problem,
/// and warn of what evaluation will meet.
struct CheckCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "check",
            abstract: "Check a graph file and list every problem in it.",
            discussion: """
                Prints "FILE: ok (N nodes)" and exits 0 when the file loads; a file with \
                definitions (groups) also counts them and the nodes inside them: \
                "FILE: ok (8 nodes, 2 definitions with 9 nodes inside)". Otherwise prints one line \
                per problem on standard error — FILE: line L, column C: node 'ID', field 'F': reason — \
                and exits 1. Every problem is listed, not just the first.

                A file that loads may still meet trouble when evaluated: a file source whose file \
                is missing, or whose path leads outside the graph file's folder (refused without \
                --allow-outside). Each is a warning on standard error, FILE: warning: node 'ID' \
                reads 'PATH', which …; warnings keep the exit status 0 unless --strict is given.

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) check \(tool.exampleFile)",
                        "\(tool.name) check broken.\(tool.editor.fileExtension) 2> problems.txt",
                        "\(tool.name) check \(tool.exampleFile) --strict",
                    ]))
    }

    @Argument(help: "The graph file to check.")
    var file: String

    @Flag(help: "Exit 1 if there is any warning.")
    var strict = false

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func run() throws {
        let graph = try fileSize.loadGraph(file)
        let warnings = sourceOptions.fileSourceProblems(graph, forGraphAt: file)
        let summary = warnings.isEmpty ? "" : ", " + CheckCommand.counted(warnings.count, "warning")
        StandardOutput.write("\(file.escapedForMessage): ok (\(CheckCommand.contents(of: graph)))\(summary)")
        for warning in warnings {
            StandardError.write("\(file.escapedForMessage): warning: \(warning.description)")
        }
        if strict && !warnings.isEmpty { throw ExitCode(1) }
    }

    /// `3 nodes`, or with definitions `8 nodes, 2 definitions with 9 nodes inside` (the nodes of
    /// every definition, each counted once however many instances it has).
    static func contents(of graph: Graph) -> String {
        let definitions = graph.definitions
        let nodes = counted(graph.count, "node")
        guard !definitions.isEmpty else { return nodes }
        let inside = definitions.reduce(0) { $0 + $1.graph.count }
        return "\(nodes), \(counted(definitions.count, "definition")) with \(counted(inside, "node")) inside"
    }

    /// `1 node`, `2 nodes`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
