import Glibc
import NodeGraph

/// What a `file` source of a graph will meet when it is read: its file is missing, or its path
/// leads outside the graph file's folder and will be refused. `check` reports these as warnings;
/// `watch` tells from them that no source can ever update.
public struct FileSourceProblem: Hashable, Sendable {
    /// What is wrong with the source's file.
    public enum Kind: Hashable, Sendable {
        /// No file is at the path (yet): the source shows "cannot read 'PATH'" until one is.
        case missing
        /// The path resolves (after `..` and symbolic links) outside the folder, and reading
        /// outside is not allowed: the source is refused for as long as it runs.
        case outside
    }

    /// The file source.
    public var node: NodeID
    /// Its path, as the node holds it.
    public var path: String
    /// What is wrong.
    public var kind: Kind

    /// Creates a problem.
    /// - Parameters:
    ///   - node: The file source.
    ///   - path: Its path, as the node holds it.
    ///   - kind: What is wrong.
    public init(node: NodeID, path: String, kind: Kind) {
        self.node = node
        self.path = path
        self.kind = kind
    }

    /// One line for a person: `node 'f' reads '../x.txt', which is outside the graph file's
    /// folder (--allow-outside reads it)`, or `node 'f' reads 'x.txt', which does not exist`.
    public var description: String {
        let start = "node '\(node.rawValue.escapedForMessage)' reads '\(path.escapedForMessage)', which "
        switch kind {
        case .missing: return start + "does not exist"
        case .outside: return start + "is outside the graph file's folder (--allow-outside reads it)"
        }
    }

    /// The problems the `file` sources of a top-level graph will meet, in the graph's dependency
    /// order (ties by id). A path outside the folder is reported as outside only.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - folder: The graph file's folder, against which relative paths are resolved.
    ///   - allowsOutside: Whether sources may read outside the folder (`--allow-outside`).
    /// - Returns: The problems; empty when every file source's file is there to read.
    /// - Complexity: O(*n*) in the nodes, plus a path lookup per file source.
    public static func problems(in graph: Graph, folder: String, allowsOutside: Bool) -> [FileSourceProblem] {
        let sources = Set(graph.liveSources)
        guard !sources.isEmpty else { return [] }
        let resolvedFolder = SourceFile.realPath(folder) ?? folder
        var problems: [FileSourceProblem] = []
        for id in graph.dependencyOrder() where sources.contains(id) {
            guard case .file(let path) = Setting(of: id, in: graph) else { continue }
            let file = SourceFile(path: path, folder: resolvedFolder, allowsOutside: allowsOutside)
            let resolved = file.resolved
            if !allowsOutside, let resolved, !file.isInside(resolved) {
                problems.append(FileSourceProblem(node: id, path: path, kind: .outside))
            } else if resolved.map({ access($0, F_OK) != 0 }) ?? true {
                problems.append(FileSourceProblem(node: id, path: path, kind: .missing))
            }
        }
        return problems
    }
}
