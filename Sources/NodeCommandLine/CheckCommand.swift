import ArgumentParser
import NodeGraph

/// `TOOL check FILE`: validate a graph file and list every problem.
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

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) check \(tool.exampleFile)",
                        "\(tool.name) check broken.\(tool.editor.fileExtension) 2> problems.txt",
                    ]))
    }

    @Argument(help: "The graph file to check.")
    var file: String

    func run() throws {
        let graph = try loadGraphOrExit(file)
        StandardOutput.write("\(file.escapedForMessage): ok (\(CheckCommand.contents(of: graph)))")
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
