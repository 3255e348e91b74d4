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
                Prints "FILE: ok (N nodes)" and exits 0 when the file loads. Otherwise prints one line \
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
        StandardOutput.write(
            "\(file.escapedForMessage): ok (\(graph.count) node\(graph.count == 1 ? "" : "s"))")
    }
}
