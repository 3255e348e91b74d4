extension Diagram {
    /// The diagram as a Mermaid flowchart, left to right, each definition a subgraph.
    var mermaid: String {
        var lines = ["flowchart LR"]
        for group in groups {
            lines.append("  subgraph \(group.key) [\(Diagram.mermaidString(group.title))]")
            lines += group.boxes.map { "    " + Diagram.mermaid($0) }
            lines += group.edges.map { "    " + Diagram.mermaid($0) }
            lines.append("  end")
        }
        lines += boxes.map { "  " + Diagram.mermaid($0) }
        lines += edges.map { "  " + Diagram.mermaid($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mermaid(_ box: Box) -> String { "\(box.key)[\(mermaidString(box.label))]" }

    private static func mermaid(_ edge: Edge) -> String {
        "\(edge.from) -->|\(mermaidString(edge.label))| \(edge.to)"
    }

    /// Text as a quoted Mermaid label that shows exactly as written: control characters
    /// escaped, and the characters Mermaid reads as markup written as its entity codes.
    static func mermaidString(_ text: String) -> String {
        var quoted = "\""
        for character in printable(text) {
            switch character {
            case "\"": quoted += "#quot;"
            case "#": quoted += "#35;"
            case "<": quoted += "#lt;"
            case ">": quoted += "#gt;"
            case "&": quoted += "#amp;"
            case "|": quoted += "#124;"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
