import Foundation
import NodeGraph

/// Part of a graph, as a graph file holds it: nodes whose inputs may name nodes outside the file.
///
/// A clipboard is one: the copied nodes with the links among them, and the links that fed them
/// from nodes that were not copied, which a paste may keep where those nodes exist.
public struct GraphFragment: Sendable {
    /// The nodes, linked among themselves (and the definitions they use).
    public var graph: Graph
    /// The inputs naming nodes outside the fragment, as `link` edits, in file order.
    public var outsideInputs: [Edit]

    /// Creates a fragment.
    /// - Parameters:
    ///   - graph: The nodes, linked among themselves.
    ///   - outsideInputs: The links from nodes outside it, as `link` edits.
    public init(graph: Graph, outsideInputs: [Edit] = []) {
        self.graph = graph
        self.outsideInputs = outsideInputs
    }
}

extension GraphFile {
    /// The text of a fragment: a graph file whose top-level inputs also name nodes outside it.
    ///
    /// The same canonical text as ``encode(_:)``, with each outside link written in its slot of
    /// `inputs`; read back with ``decodeFragment(_:registry:limits:)``. A whole-graph reader
    /// (``load(path:registry:limits:)``, `check`) reports those inputs as naming no node.
    /// - Parameters:
    ///   - graph: The nodes of the fragment.
    ///   - outsideInputs: Links into them from nodes outside (`link` edits whose `to` is in
    ///     `graph` and `from` is not); any other edit is left out.
    /// - Returns: UTF-8 JSON text ending with a newline.
    /// - Throws: ``SaveError`` (with an empty path) when a value holds a number that is not finite.
    /// - Complexity: O(*n* log *n* + *e*).
    public static func encode(_ graph: Graph, outsideInputs: [Edit]) throws(SaveError) -> Data {
        var slots: [NodeID: [(slot: Int, from: NodeID)]] = [:]
        for case .link(let from, let to, let slot) in outsideInputs
        where graph.contains(to) && !graph.contains(from) {
            slots[to, default: []].append((slot, from))
        }
        return try encode(graph, outsideInputs: slots)
    }

    /// Reads a fragment (``encode(_:outsideInputs:)``): a graph file whose top-level inputs may
    /// name nodes not in it. Those inputs are left unlinked and reported as links; everything
    /// else is checked as ``decode(_:registry:limits:)`` checks it (inside a definition, an input
    /// naming no node is still a problem).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the text's size and contents.
    /// - Returns: The nodes, and the links from outside nodes.
    /// - Throws: ``GraphFileError`` listing every problem found.
    /// - Complexity: O(*n* + *e*), plus the size of the text.
    public static func decodeFragment(
        _ data: Data, registry: KindRegistry = .standard, limits: Limits = .standard
    ) throws(GraphFileError) -> GraphFragment {
        let result: Result<GraphFragment, GraphFileError> = data.withUnsafeBytes { raw in
            GraphFileDecoder.decode(
                raw.bindMemory(to: UInt8.self), registry: registry, limits: limits, asFragment: true)
        }
        return try result.get()
    }

    /// Loads a fragment from a file (see ``decodeFragment(_:registry:limits:)``).
    /// - Parameters:
    ///   - path: The file's path.
    ///   - registry: The kinds the file's nodes may use.
    ///   - limits: Bounds on the file's size and contents.
    /// - Returns: The nodes, and the links from outside nodes.
    /// - Throws: ``GraphFileError`` listing every problem found.
    /// - Complexity: O(*n* + *e*), plus the size of the file.
    public static func loadFragment(
        path: String, registry: KindRegistry = .standard, limits: Limits = .standard
    ) throws(GraphFileError) -> GraphFragment {
        let bytes = try readGraphFile(path, limits: limits)
        return try bytes.withUnsafeBufferPointer { bytes throws(GraphFileError) in
            try GraphFileDecoder.decode(bytes, registry: registry, limits: limits, asFragment: true).get()
        }
    }
}
