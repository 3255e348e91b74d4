import Foundation
import NodeGraph

/// Reads and writes graph files: JSON, format `nodegraph`, version 1, and version 2 for a graph
/// with definitions (groups).
///
/// ```json
/// {
///   "format": "nodegraph",
///   "nodes": [
///     {"id": "one", "kind": "number", "name": "One", "value": 1, "x": 2, "y": 1},
///     {"id": "sum", "inputs": ["one", null, null], "kind": "add", "name": "Add", "x": 30, "y": 3}
///   ],
///   "version": 1
/// }
/// ```
///
/// Loading checks everything and reports **every** problem it finds, each naming the node and
/// field (``GraphFileError``). Saving writes a canonical text — the same graph always gives the
/// same bytes — and replaces the file atomically (``AtomicFile``).
///
/// ```swift
/// let graph = try GraphFile.load(path: "calculator.json")
/// try GraphFile.save(graph, to: "copy.json")
/// ```
public enum GraphFile {
    /// The value of the `format` field.
    public static let formatName = "nodegraph"
    /// The newest version this library reads and writes: version 2 adds definitions (groups). A
    /// graph without definitions is written as version 1.
    public static let version = 2
    /// The versions this library reads.
    public static let versions = [1, 2]
    /// The command-line option that raises the size limit, which a too-large file's message
    /// names: `--max-file-size`.
    public static let sizeOption = "--max-file-size"

    /// Bounds on what loading accepts, so a hostile file cannot exhaust memory or time.
    public struct Limits: Hashable, Sendable {
        /// The largest file accepted, in bytes.
        public var maximumBytes: Int
        /// The most nodes accepted.
        public var maximumNodes: Int
        /// The deepest nesting of JSON lists and objects accepted.
        public var maximumDepth: Int
        /// The most JSON values (numbers, strings, lists, objects…) accepted; a node takes about
        /// ten. This bounds the memory loading takes, whatever the file holds.
        public var maximumValues: Int

        /// The bytes of file allowed per JSON value when ``maximumValues`` follows the size.
        public static let bytesPerValue = 8
        /// The nodes allowed per 512 MiB of file when ``maximumNodes`` follows the size.
        public static let nodesPer512MiB = 5_000_000

        /// Creates limits.
        /// - Parameters:
        ///   - maximumBytes: The largest file accepted; 512 MiB by default.
        ///   - maximumNodes: The most nodes accepted; by default 5,000,000 for each 512 MiB of
        ///     `maximumBytes` (``nodesPer512MiB``), so that raising the size raises it too.
        ///   - maximumDepth: The deepest nesting accepted; 64 by default.
        ///   - maximumValues: The most JSON values accepted; by default one per
        ///     ``bytesPerValue`` bytes of `maximumBytes` (67,108,864 for 512 MiB), so that raising
        ///     the size raises it too.
        public init(
            maximumBytes: Int = 512 << 20, maximumNodes: Int? = nil, maximumDepth: Int = 64,
            maximumValues: Int? = nil
        ) {
            self.maximumBytes = maximumBytes
            self.maximumNodes =
                maximumNodes
                ?? max(
                    1,
                    Int((Double(maximumBytes) * Double(Limits.nodesPer512MiB) / Double(512 << 20)).rounded()))
            self.maximumDepth = maximumDepth
            self.maximumValues = maximumValues ?? max(1, maximumBytes / Limits.bytesPerValue)
        }

        /// 512 MiB, 5,000,000 nodes, nesting 64 deep, 67,108,864 JSON values: what the engine is
        /// built for.
        public static let standard = Limits()
    }

    /// Loads a graph from a file.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the file's size and contents.
    /// - Returns: The graph, every node evaluated.
    /// - Throws: ``GraphFileError`` listing every problem found (an unreadable file is one
    ///   problem of kind ``LoadProblem/Kind/unreadable``).
    /// - Complexity: O(*n* + *e*) in nodes and links, plus the size of the file.
    public static func load(
        path: String, registry: KindRegistry = .standard, limits: Limits = .standard
    ) throws(GraphFileError) -> Graph {
        var bytes = try readGraphFile(path, limits: limits)
        let checked = bytes.withUnsafeBufferPointer { bytes in
            GraphFileDecoder.check(bytes, registry: registry, limits: limits, asFragment: false)
        }
        bytes = []  // the text is not needed to build the graph: free it first
        return try checked.flatMap { $0.build() }.get().graph
    }

    /// The bytes of the graph file at `path`, within the size limit; a file that cannot be read
    /// is one problem of kind ``LoadProblem/Kind/unreadable``.
    static func readGraphFile(_ path: String, limits: Limits) throws(GraphFileError) -> [UInt8] {
        do throws(LoadProblem) {
            return try TextFile.read(
                path, limit: limits.maximumBytes, what: "a graph file", raisedBy: GraphFile.sizeOption)
        } catch {
            throw GraphFileError(problems: [error])
        }
    }

    /// Builds a graph from the text of a graph file.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the text's size and contents.
    /// - Returns: The graph, every node evaluated.
    /// - Throws: ``GraphFileError`` listing every problem found.
    /// - Complexity: O(*n* + *e*) in nodes and links, plus the size of the text.
    public static func decode(
        _ data: Data, registry: KindRegistry = .standard, limits: Limits = .standard
    ) throws(GraphFileError) -> Graph {
        let result: Result<Graph, GraphFileError> = data.withUnsafeBytes { raw in
            decode(raw.bindMemory(to: UInt8.self), registry: registry, limits: limits)
        }
        return try result.get()
    }

    /// Every problem in the text of a graph file; empty when it loads.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the text's size and contents.
    /// - Returns: The problems, in file order.
    /// - Complexity: As ``decode(_:registry:limits:)``.
    public static func problems(
        in data: Data, registry: KindRegistry = .standard, limits: Limits = .standard
    ) -> [LoadProblem] {
        do throws(GraphFileError) {
            _ = try decode(data, registry: registry, limits: limits)
            return []
        } catch {
            return error.problems
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: Limits)
        -> Result<Graph, GraphFileError>
    {
        GraphFileDecoder.decode(bytes, registry: registry, limits: limits)
    }
}
