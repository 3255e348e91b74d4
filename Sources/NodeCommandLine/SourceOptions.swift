import ArgumentParser
import Foundation
import NodeGraph
import NodeGraphSources

/// `--allow-outside`: the option of every command that reads a graph's live sources.
struct SourceOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Let file sources read files outside the graph file's folder.",
            discussion:
                "Without it, a file source whose path leads outside the folder (through .. or a symbolic link) shows an error instead of reading it."
        ))
    var allowOutside = false

    /// The live sources of the graph in the file at `path`: file paths are relative to its
    /// folder (the current folder for a graph without a file).
    /// - Parameter path: The graph file's path, or `nil`.
    /// - Returns: The sources, not running yet.
    func sources(forGraphAt path: String?) -> LiveSources {
        LiveSources(
            folder: folder(ofGraphAt: path), allowsOutside: allowOutside,
            runners: ToolContext.tool?.editor.liveSourceRunners ?? [])
    }

    /// The folder file sources' paths are relative to: the graph file's, or the current folder
    /// for a graph without a file.
    func folder(ofGraphAt path: String?) -> String {
        path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
    }

    /// The graph with each live source's first reading applied (a clock at 0, a file's number
    /// or its error): what a headless command shows.
    /// - Parameters:
    ///   - graph: The loaded graph.
    ///   - path: The graph file's path.
    /// - Returns: The graph with its sources read once.
    func readingSourcesOnce(_ graph: consuming Graph, from path: String) -> Graph {
        let sources = sources(forGraphAt: path)
        sources.follow(graph)
        let updates = sources.takeUpdates()
        // Applying no update would still copy a graph whose storage is shared (every column of
        // a million nodes, for `eval` of a file without live sources): skip it.
        if !updates.isEmpty { graph.applySourceUpdates(updates) }
        return graph
    }
}

extension SourceOptions {
    /// What the file sources of the graph in the file at `path` will meet: files missing, or
    /// outside the folder without `--allow-outside`.
    /// - Parameters:
    ///   - graph: The loaded graph.
    ///   - path: The graph file's path.
    /// - Returns: The problems, in dependency order.
    func fileSourceProblems(_ graph: Graph, forGraphAt path: String) -> [FileSourceProblem] {
        FileSourceProblem.problems(in: graph, folder: folder(ofGraphAt: path), allowsOutside: allowOutside)
    }
}
