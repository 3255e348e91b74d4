import Foundation
import NodeGraph

extension GraphFile {
    /// The canonical text of a graph file: the same graph always gives the same bytes.
    ///
    /// Pretty-printed with one node per line, so a change to one node changes one line in a diff.
    /// Keys are sorted; nodes come in `Graph.dependencyOrder()`. Every node has `id`, `kind`,
    /// `name`, `x` and `y`; a source node (such as `number`) has its `value`; a node whose kind
    /// has input slots has `inputs`, one entry per slot, `null` where nothing is linked. Whole
    /// numbers are written without a fraction.
    /// - Parameter graph: The graph.
    /// - Returns: UTF-8 JSON text ending with a newline.
    /// - Throws: ``SaveError`` (with an empty path) when a tool-defined value holds a number
    ///   that is not finite, which JSON cannot represent.
    /// - Complexity: O(*n* log *n* + *e*).
    public static func encode(_ graph: Graph) throws(SaveError) -> Data {
        var text = JSONWriter()
        text.append("{\n  \"format\": ")
        text.appendQuoted(formatName)
        text.append(",\n  \"nodes\": ")
        try appendNodes(graph.nodes, registry: graph.registry, to: &text)
        text.append(",\n  \"version\": ")
        text.append(version)
        text.append("\n}\n")
        return Data(text.bytes)
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

    /// A list of nodes, one per line: the `nodes` section (and, in a later version, each
    /// definition's).
    private static func appendNodes(
        _ nodes: [NodeDescription], registry: KindRegistry, to text: inout JSONWriter
    )
        throws(SaveError)
    {
        text.bytes.reserveCapacity(text.bytes.count + 64 + nodes.count * 120)
        text.append("[")
        var kind: (any NodeKind)?
        for (position, node) in nodes.enumerated() {
            text.append(position == 0 ? "\n    " : ",\n    ")
            if kind?.name != node.kind { kind = registry.kind(named: node.kind) }
            try appendNode(node, kind: kind, to: &text)
        }
        text.append(nodes.isEmpty ? "]" : "\n  ]")
    }

    private static func appendNode(_ node: NodeDescription, kind: (any NodeKind)?, to text: inout JSONWriter)
        throws(SaveError)
    {
        text.append("{\"id\": ")
        text.appendQuoted(node.id.rawValue)
        if let kind, !kind.inputs.isEmpty {
            text.append(", \"inputs\": [")
            for (slot, input) in node.inputs.enumerated() {
                if slot > 0 { text.append(", ") }
                if let input { text.appendQuoted(input.rawValue) } else { text.append("null") }
            }
            text.append("]")
        }
        text.append(", \"kind\": ")
        text.appendQuoted(node.kind)
        text.append(", \"name\": ")
        text.appendQuoted(node.name ?? kind?.title ?? node.kind)
        if let value = node.value {
            let json = JSONValue(value)
            guard json.isFinite else {
                throw SaveError(
                    path: "",
                    reason:
                        "the value of '\(node.id.rawValue.escapedForMessage)' holds a number that is not finite"
                )
            }
            text.append(", \"value\": ")
            text.append(json)
        }
        text.append(", \"x\": ")
        text.append(node.position.x)
        text.append(", \"y\": ")
        text.append(node.position.y)
        text.append("}")
    }
}
