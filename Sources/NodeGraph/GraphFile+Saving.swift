import Foundation

extension GraphFile {
    /// The canonical text of a graph file: the same graph always gives the same bytes.
    ///
    /// Pretty-printed with one node per line, so a change to one node changes one line in a diff.
    /// Keys are sorted; nodes come in ``Graph/dependencyOrder()``. Every node has `id`, `kind`,
    /// `name`, `x` and `y`; a source node (such as `number`) has its `value`; a node whose kind
    /// has input slots has `inputs`, one entry per slot, `null` where nothing is linked. Whole
    /// numbers are written without a fraction.
    /// - Parameter graph: The graph.
    /// - Returns: UTF-8 JSON text ending with a newline.
    /// - Throws: ``SaveError`` (with an empty path) when a tool-defined value holds a number
    ///   that is not finite, which JSON cannot represent.
    /// - Complexity: O(*n* log *n* + *e*).
    public static func encode(_ graph: Graph) throws(SaveError) -> Data {
        var text = "{\n  \"format\": \"\(formatName)\",\n  \"nodes\": ["
        let nodes = graph.nodes
        text.reserveCapacity(64 + nodes.count * 96)
        for (position, node) in nodes.enumerated() {
            text += position == 0 ? "\n    " : ",\n    "
            try appendNode(node, of: graph, to: &text)
        }
        text += nodes.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"version\": \(version)\n}\n"
        return Data(text.utf8)
    }

    /// Saves a graph to a file atomically: the file holds either the old or the new graph, even
    /// if the program is killed while saving.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - path: The file to replace or create.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact.
    /// - Complexity: As ``encode(_:)``, plus writing and flushing the file.
    public static func save(_ graph: Graph, to path: String) throws(SaveError) {
        let data: Data
        do throws(SaveError) {
            data = try encode(graph)
        } catch {
            throw SaveError(path: path, reason: error.reason)
        }
        try AtomicFile.write(data, to: path)
    }

    private static func appendNode(_ node: NodeDescription, of graph: Graph, to text: inout String)
        throws(SaveError)
    {
        let kind = graph.registry.kind(named: node.kind)
        text += "{\"id\": "
        JSONText.appendQuoted(node.id.rawValue, to: &text)
        if let kind, !kind.inputs.isEmpty {
            text += ", \"inputs\": ["
            for (slot, input) in node.inputs.enumerated() {
                if slot > 0 { text += ", " }
                if let input { JSONText.appendQuoted(input.rawValue, to: &text) } else { text += "null" }
            }
            text += "]"
        }
        text += ", \"kind\": "
        JSONText.appendQuoted(node.kind, to: &text)
        text += ", \"name\": "
        JSONText.appendQuoted(node.name ?? kind?.title ?? node.kind, to: &text)
        if let value = node.value {
            let json = JSONValue(value)
            guard json.isFinite else {
                throw SaveError(
                    path: "", reason: "the value of '\(node.id)' holds a number that is not finite")
            }
            text += ", \"value\": "
            json.write(to: &text)
        }
        text += ", \"x\": \(node.position.x), \"y\": \(node.position.y)}"
    }
}

extension JSONValue {
    /// Whether every number inside is finite.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .list(let items): items.allSatisfy(\.isFinite)
        case .string, .bool, .error: true
        }
    }
}
