extension Diagram {
    /// The diagram in Graphviz's `dot` language: boxes left to right, each definition a dashed
    /// `cluster_` subgraph.
    var dot: String {
        var lines = [
            "digraph {",
            "  rankdir=LR;",
            "  graph [fontname=\"monospace\"];",
            "  node [shape=box, style=rounded, fontname=\"monospace\"];",
            "  edge [fontname=\"monospace\", fontsize=10];",
        ]
        lines += statements(
            open: {
                ["subgraph cluster_\($0.key) {", "label=\(Diagram.dotString($0.title));", "style=dashed;"]
            },
            close: "}", box: Diagram.dot, edge: Diagram.dot)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dot(_ box: Box) -> String { "\(box.key) [label=\(dotString(box.label))];" }

    private static func dot(_ edge: Edge) -> String {
        "\(edge.from) -> \(edge.to) [label=\(dotString(edge.label))];"
    }

    /// Text as a quoted `dot` string that shows exactly as written: control characters
    /// escaped (a line feed shows as `\n`), backslashes and quotes escaped for `dot`.
    static func dotString(_ text: String) -> String {
        quoted(text, escaping: ["\\": "\\\\", "\"": "\\\""])
    }
}
