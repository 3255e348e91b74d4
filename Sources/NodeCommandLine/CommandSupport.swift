import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// Loads a graph file of the running tool's kinds, or prints each problem on standard error
/// (`FILE: line 3, column 7: node 'sum', field 'inputs[1]': no node has id 'zz'`) and exits 1.
/// - Parameter path: The file's path.
/// - Returns: The graph.
/// - Throws: `ExitCode(1)` after printing the problems.
func loadGraphOrExit(_ path: String) throws -> Graph {
    do throws(GraphFileError) {
        return try GraphFile.load(path: path, registry: ToolContext.current.editor.registry)
    } catch {
        for problem in error.problems { StandardError.write("\(path.escapedForMessage): \(problem)") }
        throw ExitCode(1)
    }
}
