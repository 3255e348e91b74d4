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
        for group in groups {
            lines.append("  subgraph cluster_\(group.key) {")
            lines.append("    label=\(Diagram.dotString(group.title));")
            lines.append("    style=dashed;")
            lines += group.boxes.map { "    " + Diagram.dot($0) }
            lines += group.edges.map { "    " + Diagram.dot($0) }
            lines.append("  }")
        }
        lines += boxes.map { "  " + Diagram.dot($0) }
        lines += edges.map { "  " + Diagram.dot($0) }
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
        var quoted = "\""
        for character in printable(text) {
            switch character {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
