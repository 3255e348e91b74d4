import NodeGraph

/// A graph as the source of a diagram: Graphviz's `dot` language or a Mermaid flowchart.
///
/// Each node is one box labelled `Name = value`, each link one edge from the node feeding a slot to
/// the node it feeds, labelled with the slot's name, and each definition (group) one Graphviz
/// cluster or Mermaid subgraph holding its nodes (labelled with their names, held values and
/// their part: `a (input)`, `Half (output)`) and its links. Boxes are named `n1`, `n2`, … in
/// dependency order (`d1n1`, … inside the first definition), so any id is safe; names and values
/// appear only in labels, escaped for the format, with control characters written as escapes.
///
/// ```swift
/// let graph = try GraphFile.load(path: "Examples/graphs/groups.json")
/// let source = GraphExport.text(of: graph, format: .dot)  // `dot -Tsvg` draws it
/// ```
public enum GraphExport {
    /// A diagram language.
    public enum Format: String, CaseIterable, Sendable {
        /// Graphviz's `dot` language: a `digraph`, definitions as `cluster_` subgraphs.
        case dot
        /// A Mermaid `flowchart`, definitions as subgraphs.
        case mermaid
    }

    /// The graph in a diagram language.
    /// - Parameters:
    ///   - graph: The graph, evaluated.
    ///   - format: The language.
    /// - Returns: The diagram's source, ending with a line feed.
    /// - Complexity: O(*n* log *n* + *e*) in the nodes and links of the graph and its definitions.
    public static func text(of graph: Graph, format: Format) -> String {
        let diagram = Diagram(graph)
        switch format {
        case .dot: return diagram.dot
        case .mermaid: return diagram.mermaid
        }
    }
}

/// What a diagram shows, before it is written in a language.
struct Diagram {
    /// One box.
    struct Box {
        /// The box's name in the diagram's source (`n3`, `d1n2`).
        let key: String
        let label: String
    }

    /// One edge, from the box feeding a slot to the box it feeds.
    struct Edge {
        let from: String
        let to: String
        /// The slot's name.
        let label: String
    }

    /// A definition: its boxes and edges drawn together under its title.
    struct Group {
        /// The group's name in the diagram's source (`d1`).
        let key: String
        let title: String
        var boxes: [Box] = []
        var edges: [Edge] = []
    }

    /// The diagram's statements in a language, two spaces deeper a level: each group (its
    /// opening lines, its boxes and edges, its closing line), then the top-level boxes and edges.
    /// - Parameters:
    ///   - open: The lines that open a group; the ones after the first are inside it.
    ///   - close: The line that closes a group.
    ///   - box: A box's statement.
    ///   - edge: An edge's statement.
    func statements(
        open: (Group) -> [String], close: String, box: (Box) -> String, edge: (Edge) -> String
    ) -> [String] {
        var lines: [String] = []
        for group in groups {
            let opening = open(group)
            lines += opening.prefix(1).map { "  " + $0 } + opening.dropFirst().map { "    " + $0 }
            lines += group.boxes.map { "    " + box($0) } + group.edges.map { "    " + edge($0) }
            lines.append("  " + close)
        }
        return lines + boxes.map { "  " + box($0) } + edges.map { "  " + edge($0) }
    }

    /// Text in double quotes, each character in `replacements` written as its replacement and
    /// control characters as escapes (``printable(_:)``).
    static func quoted(_ text: String, escaping replacements: [Character: String]) -> String {
        var quoted = "\""
        for character in printable(text) { quoted += replacements[character] ?? String(character) }
        return quoted + "\""
    }

    /// Text for a label: as it is, but for control characters, written as escapes (`\u0007`)
    /// so that a label stays on one line.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += String(scalar).escapedForMessage
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    var groups: [Group] = []
    var boxes: [Box] = []
    var edges: [Edge] = []

    /// The diagram of a graph: its definitions, then its nodes in dependency order.
    init(_ graph: Graph) {
        for (index, definition) in graph.definitions.enumerated() {
            let key = "d\(index + 1)"
            var group = Group(key: key, title: "\(definition.name) (group)")
            (group.boxes, group.edges) = Diagram.parts(of: definition.graph, prefix: key) { node in
                let name = node.name ?? node.id.rawValue
                if node.kind == GroupInputKind.kindName { return name + " (input)" }
                let held = node.value.map { " = \($0)" } ?? ""
                return name + held + (node.id == definition.output ? " (output)" : "")
            }
            groups.append(group)
        }
        (boxes, edges) = Diagram.parts(of: graph, prefix: "") { node in
            "\(node.name ?? node.id.rawValue) = \(graph.value(of: node.id)?.description ?? "no value")"
        }
    }

    /// A graph's boxes, in dependency order, and its links, each edge labelled with its slot.
    private static func parts(of graph: Graph, prefix: String, label: (NodeDescription) -> String)
        -> ([Box], [Edge])
    {
        let nodes = graph.nodes
        var keys: [NodeID: String] = [:]
        for (index, node) in nodes.enumerated() { keys[node.id] = "\(prefix)n\(index + 1)" }
        var edges: [Edge] = []
        for node in nodes {
            let slots = graph.kind(of: node.id)?.inputs ?? []
            for (slot, input) in node.inputs.enumerated() {
                guard let input, let from = keys[input], let to = keys[node.id] else { continue }
                edges.append(
                    Edge(from: from, to: to, label: slot < slots.count ? slots[slot].label : "\(slot)"))
            }
        }
        return (nodes.map { Box(key: keys[$0.id]!, label: label($0)) }, edges)
    }
}
