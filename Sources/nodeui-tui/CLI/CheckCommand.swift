import ArgumentParser
import NodeGraph

/// `nodeui-tui check FILE`: validate a graph file and list every problem.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a graph file and list every problem in it.",
        discussion: """
            Prints "FILE: ok (N nodes)" and exits 0 when the file loads. Otherwise prints one line \
            per problem on standard error — FILE: line L, column C: node 'ID', field 'F': reason — \
            and exits 1. Every problem is listed, not just the first.

            Examples:
              nodeui-tui check Examples/graphs/calculator.json
              nodeui-tui check broken.json 2> problems.txt
            """)

    @Argument(help: "The graph file to check.")
    var file: String

    func run() throws {
        let graph = try loadGraphOrExit(file)
        StandardOutput.write("\(file): ok (\(graph.count) node\(graph.count == 1 ? "" : "s"))")
    }
}
