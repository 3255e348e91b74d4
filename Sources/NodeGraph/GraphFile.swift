import Foundation

/// Reads and writes graph files: JSON, format `nodegraph`, version 1.
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
    /// The version this library reads and writes.
    public static let version = 1

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

        /// Creates limits.
        /// - Parameters:
        ///   - maximumBytes: The largest file accepted; 64 MiB by default.
        ///   - maximumNodes: The most nodes accepted; 1,000,000 by default.
        ///   - maximumDepth: The deepest nesting accepted; 64 by default.
        ///   - maximumValues: The most JSON values accepted; 12,000,000 by default.
        public init(
            maximumBytes: Int = 64 << 20, maximumNodes: Int = 1_000_000, maximumDepth: Int = 64,
            maximumValues: Int = 12_000_000
        ) {
            self.maximumBytes = maximumBytes
            self.maximumNodes = maximumNodes
            self.maximumDepth = maximumDepth
            self.maximumValues = maximumValues
        }

        /// 64 MiB, 1,000,000 nodes, nesting 64 deep, 12,000,000 JSON values.
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
        let bytes: [UInt8]
        do throws(LoadProblem) {
            bytes = try readFile(path, limit: limits.maximumBytes)
        } catch {
            throw GraphFileError(problems: [error])
        }
        return try bytes.withUnsafeBufferPointer { bytes throws(GraphFileError) in
            try decode(bytes, registry: registry, limits: limits, thoroughly: false).get()
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
            decode(raw.bindMemory(to: UInt8.self), registry: registry, limits: limits, thoroughly: false)
        }
        return try result.get()
    }

    /// Builds a graph from the text of a graph file with the thorough decoder alone (every check,
    /// every problem reported), never the one-pass reader that ``decode(_:registry:limits:)`` tries
    /// first; for tests that compare the two.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the text's size and contents.
    /// - Returns: The graph, every node evaluated.
    /// - Throws: ``GraphFileError`` listing every problem found.
    /// - Complexity: As ``decode(_:registry:limits:)``.
    @_spi(Testing) public static func decodeThoroughly(
        _ data: Data, registry: KindRegistry = .standard, limits: Limits = .standard
    ) throws(GraphFileError) -> Graph {
        let result: Result<Graph, GraphFileError> = data.withUnsafeBytes { raw in
            decode(raw.bindMemory(to: UInt8.self), registry: registry, limits: limits, thoroughly: true)
        }
        return try result.get()
    }

    /// Reads the text with ``GraphFileReader``; when it cannot (a problem, or something it leaves
    /// to the decoder), or when `thoroughly`, with ``GraphFileDecoder``, which reports every problem.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: Limits, thoroughly: Bool
    ) -> Result<Graph, GraphFileError> {
        if !thoroughly, let (nodes, order) = GraphFileReader.read(bytes, registry: registry, limits: limits),
            let graph = nodes.makeGraph(registry: registry, order: order)
        {
            return .success(graph)
        }
        var decoder = GraphFileDecoder(bytes: bytes, registry: registry, limits: limits)
        return decoder.decode()
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

    /// Reads a whole file, refusing directories and files over `limit` bytes.
    ///
    /// A regular file is read into a buffer one byte larger than its size (the first read takes
    /// it all, the second sees the end); the buffer grows if the file does while it is read.
    static func readFile(_ path: String, limit: Int) throws(LoadProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LoadProblem(
                .unreadable, reason: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var expected = 1 << 16
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw LoadProblem(.unreadable, reason: "this is a directory, not a graph file")
            }
            if (status.st_mode & S_IFMT) == S_IFREG {
                if Int(status.st_size) > limit { throw tooLarge(limit) }
                expected = Int(status.st_size) + 1  // one more byte, to see the end in one read
            }
        }
        let cap = limit < Int.max ? limit + 1 : limit  // reading one byte past the limit shows it is passed
        var bytes = [UInt8](repeating: 0, count: min(expected, cap))
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { throw tooLarge(limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), cap - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw LoadProblem(
                    .unreadable, reason: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { throw tooLarge(limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func tooLarge(_ limit: Int) -> LoadProblem {
        LoadProblem(.fileTooLarge, reason: "the file is larger than the limit of \(byteCount(limit))")
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
