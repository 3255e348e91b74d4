import Foundation
import NodeGraph

extension GraphFile {
    /// The canonical text of a graph file: the same graph always gives the same bytes.
    ///
    /// Pretty-printed with one node per line, so a change to one node changes one line in a diff.
    /// Keys are sorted; nodes come in `Graph.dependencyOrder()`. Every node has `id`, `kind`,
    /// `name`, `x` and `y`; a bypassed node has `"bypassed": true`; a source node (such as `number`) has its `value` (named as its kind
    /// says: a clock's `interval`, a file source's `path`); a node whose kind
    /// has input slots has `inputs`, one entry per slot, `null` where nothing is linked. Whole
    /// numbers are written without a fraction. A graph without definitions is version 1; with
    /// definitions, version 2: `definitions` comes first, each definition after the ones it uses
    /// (ties by kind), with its `inputs`, `kind`, `name`, `nodes` (in the same form, a line each)
    /// and `output`.
    /// - Parameter graph: The graph.
    /// - Returns: UTF-8 JSON text ending with a newline.
    /// - Throws: ``SaveError`` (with an empty path) when a tool-defined value holds a number
    ///   that is not finite, which JSON cannot represent.
    /// - Complexity: O(*n* log *n* + *e*).
    public static func encode(_ graph: Graph) throws(SaveError) -> Data {
        try encode(graph, outsideInputs: [:])
    }

    /// The canonical text of a graph whose top-level nodes are also fed by nodes outside it
    /// (a fragment, ``encode(_:outsideInputs:)``): each slot in `outsideInputs` names its node.
    static func encode(_ graph: Graph, outsideInputs: [NodeID: [(slot: Int, from: NodeID)]])
        throws(SaveError) -> Data
    {
        var text = JSONWriter()
        let definitions = graph.definitions
        text.append("{\n")
        if !definitions.isEmpty {
            text.append("  \"definitions\": [")
            for (position, definition) in definitions.enumerated() {
                text.append(position == 0 ? "\n" : ",\n")
                try appendDefinition(definition, to: &text)
            }
            text.append("\n  ],\n")
        }
        text.append("  \"format\": ")
        text.appendQuoted(formatName)
        text.append(",\n  \"nodes\": ")
        var nodes = graph.nodes
        if !outsideInputs.isEmpty {
            for index in nodes.indices {
                for (slot, from) in outsideInputs[nodes[index].id] ?? []
                where nodes[index].inputs.indices.contains(slot) {
                    nodes[index].inputs[slot] = from
                }
            }
        }
        try appendNodes(nodes, of: graph, indent: "  ", to: &text)
        text.append(",\n  \"version\": ")
        text.append(definitions.isEmpty ? 1 : version)
        text.append("\n}\n")
        return Data(text.bytes)
    }

    /// A definition, its fields a line each and its nodes a line each.
    private static func appendDefinition(_ definition: Definition, to text: inout JSONWriter)
        throws(SaveError)
    {
        text.append("    {\n      \"inputs\": [")
        for (position, input) in definition.inputs.enumerated() {
            if position > 0 { text.append(", ") }
            text.appendQuoted(input.rawValue)
        }
        text.append("],\n      \"kind\": ")
        text.appendQuoted(definition.kind)
        text.append(",\n      \"name\": ")
        text.appendQuoted(definition.name)
        text.append(",\n      \"nodes\": ")
        try appendNodes(definition.graph.nodes, of: definition.graph, indent: "      ", to: &text)
        text.append(",\n      \"output\": ")
        text.appendQuoted(definition.output.rawValue)
        text.append("\n    }")
    }

    /// Saves a graph to a file atomically: the file holds either the old or the new graph, even
    /// if the program is killed while saving.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - path: The file to replace or create.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact.
    /// - Complexity: As ``encode(_:)``, plus writing and flushing the file.
    public static func save(_ graph: Graph, to path: String) throws(SaveError) {
        try save(graph, to: path, using: SystemFileOperations())
    }

    /// Saves a graph to a file atomically through `files` (a test's failing system calls; see
    /// ``save(_:to:)``).
    /// - Parameters:
    ///   - graph: The graph.
    ///   - path: The file to replace or create.
    ///   - files: The system calls to make.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact.
    /// - Complexity: As ``encode(_:)``, plus writing and flushing the file.
    package static func save(_ graph: Graph, to path: String, using files: any FileOperations)
        throws(SaveError)
    {
        let data: Data
        do throws(SaveError) {
            data = try encode(graph)
        } catch {
            throw SaveError(path: path, reason: error.reason)
        }
        try AtomicFile.write(data, to: path, using: files)
    }

    /// A list of nodes of `graph`, one per line, the list's closing bracket at `indent`: the
    /// `nodes` section, and each definition's.
    private static func appendNodes(
        _ nodes: [NodeDescription], of graph: Graph, indent: StaticString, to text: inout JSONWriter
    )
        throws(SaveError)
    {
        text.bytes.reserveCapacity(text.bytes.count + 64 + nodes.count * 120)
        text.append("[")
        var kind: (any NodeKind)?
        for (position, node) in nodes.enumerated() {
            text.append(position == 0 ? "\n  " : ",\n  ")
            text.append(indent)
            if kind?.name != node.kind { kind = graph.kind(of: node.id) }
            try appendNode(node, kind: kind, to: &text)
        }
        if !nodes.isEmpty {
            text.append("\n")
            text.append(indent)
        }
        text.append("]")
    }

    private static func appendNode(_ node: NodeDescription, kind: (any NodeKind)?, to text: inout JSONWriter)
        throws(SaveError)
    {
        // The held value goes where its name sorts among the other keys.
        var held = node.value.map { (name: kind?.heldValueName ?? "value", value: $0) }
        func appendHeld(before key: String) throws(SaveError) {
            guard let pending = held, pending.name < key else { return }
            held = nil
            let json = JSONValue(pending.value)
            guard json.isFinite else {
                throw SaveError(
                    path: "",
                    reason:
                        "the value of '\(node.id.rawValue.escapedForMessage)' holds a number that is not finite"
                )
            }
            text.append(", ")
            text.appendQuoted(pending.name)
            text.append(": ")
            text.append(json)
        }
        // Keys in order: a bypassed node's `bypassed` comes first (only when true, so that a
        // graph without bypassed nodes is saved as before).
        text.append(node.bypassed ? "{\"bypassed\": true, \"id\": " : "{\"id\": ")
        text.appendQuoted(node.id.rawValue)
        try appendHeld(before: "inputs")
        if let kind, !kind.inputs.isEmpty {
            text.append(", \"inputs\": [")
            for (slot, input) in node.inputs.enumerated() {
                if slot > 0 { text.append(", ") }
                if let input { text.appendQuoted(input.rawValue) } else { text.append("null") }
            }
            text.append("]")
        }
        try appendHeld(before: "kind")
        text.append(", \"kind\": ")
        text.appendQuoted(node.kind)
        try appendHeld(before: "name")
        text.append(", \"name\": ")
        text.appendQuoted(node.name ?? kind?.title ?? node.kind)
        try appendHeld(before: "x")
        text.append(", \"x\": ")
        text.append(node.position.x)
        try appendHeld(before: "y")
        text.append(", \"y\": ")
        text.append(node.position.y)
        try appendHeld(before: "\u{10FFFF}")
        text.append("}")
    }
}
