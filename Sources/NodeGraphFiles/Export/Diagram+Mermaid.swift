extension Diagram {
    /// The diagram as a Mermaid flowchart, left to right, each definition a subgraph.
    var mermaid: String {
        let lines =
            ["flowchart LR"]
            + statements(
                open: { ["subgraph \($0.key) [\(Diagram.mermaidString($0.title))]"] }, close: "end",
                box: Diagram.mermaid, edge: Diagram.mermaid)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mermaid(_ box: Box) -> String { "\(box.key)[\(mermaidString(box.label))]" }

    private static func mermaid(_ edge: Edge) -> String {
        "\(edge.from) -->|\(mermaidString(edge.label))| \(edge.to)"
    }

    /// Text as a quoted Mermaid label that shows exactly as written: control characters
    /// escaped, and the characters Mermaid reads as markup written as its entity codes.
    static func mermaidString(_ text: String) -> String {
        quoted(
            text,
            escaping: ["\"": "#quot;", "#": "#35;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "|": "#124;"])
    }
}
