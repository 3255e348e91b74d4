import NodeGraph
import NodeGraphFiles

/// The text `eval` and `replay` print: one line per node, or JSON for scripts.
enum HeadlessOutput {
    /// One line per node in dependency order: `Add (sum): 3`, or
    /// `Ratio (r): error: division by zero (from r)`, or inside an instance
    /// `Average (avg): error: division by zero (from avg › half)`. A graph without nodes is one
    /// line saying so (``emptyGraphLine``).
    static func textLines(_ graph: Graph) -> [String] {
        if graph.count == 0 { return [emptyGraphLine] }
        return graph.dependencyOrder().map { id in
            "\(graph.name(of: id) ?? id.rawValue) (\(id)): \(valueText(graph.value(of: id)))"
        }
    }

    /// Writes ``textLines(_:)`` to `output` line by line, without a list of the lines or a
    /// string of the whole output (`eval` of a million nodes).
    static func writeText(_ graph: Graph, to output: inout BufferedOutput) {
        if graph.count == 0 {
            output.append(line: emptyGraphLine)
            return
        }
        graph.forEachInDependencyOrder { id, name, value in
            output.append(name)
            output.append(" (")
            output.append(id.rawValue)
            output.append("): ")
            output.append(line: valueText(value))
        }
    }

    /// What the text output of a graph without nodes is.
    static let emptyGraphLine = "no nodes: the graph is empty"

    /// A value as a person reads it; errors name the node where they arose (inside an instance,
    /// the way to it).
    static func valueText(_ value: Value?) -> String {
        guard let value else { return "no value" }
        if case .error(let error) = value {
            return "error: \(error.reason) (from \(error.path.map(\.rawValue).joined(separator: " › ")))"
        }
        return value.description
    }

    /// `{"nodes":[{"id":…,"name":…,"kind":…,"value":…},…]}` on one line.
    static func json(_ graph: Graph) -> String {
        var text = "{\"nodes\":["
        for (position, node) in graph.nodes.enumerated() {
            if position > 0 { text += "," }
            text += "{\"id\":" + JSONValue.string(node.id.rawValue).jsonText
            text += ",\"name\":" + JSONValue.string(graph.name(of: node.id) ?? node.id.rawValue).jsonText
            text += ",\"kind\":" + JSONValue.string(node.kind).jsonText
            text += ",\"value\":" + (graph.value(of: node.id).map { JSONValue($0).jsonText } ?? "null") + "}"
        }
        return text + "]}"
    }

    /// One replay step as text: `line 4: link refused: would create a cycle: sum → prod → sum`,
    /// or, for an applied step (printed with `--trace`), `line 2: link applied, recomputed: sum, prod`;
    /// always one line (what came from the journal is shown with anything unprintable escaped).
    static func text(_ step: ReplayStep) -> String {
        let operation = step.operationName.map { $0.escapedForMessage + " " } ?? ""
        switch step.outcome {
        case .applied(let recomputed):
            let nodes =
                recomputed.isEmpty
                ? "nothing" : recomputed.map(\.rawValue.escapedForMessage).joined(separator: ", ")
            return "line \(step.line): \(operation)applied, recomputed: \(nodes)"
        case .refused(let reason):
            return "line \(step.line): \(operation)refused: \(reason)"
        }
    }

    /// One replay step as JSON:
    /// `{"line":N,"op":"link","status":"applied","recomputed":["sum","prod"]}` or
    /// `{"line":N,"op":"link","status":"refused","reason":"…"}`; `op` is `null` when the line
    /// cannot be read far enough to tell.
    static func json(_ step: ReplayStep) -> String {
        var text =
            "{\"line\":\(step.line),\"op\":"
            + (step.operationName.map { JSONValue.string($0).jsonText } ?? "null")
        switch step.outcome {
        case .applied(let recomputed):
            text += ",\"status\":\"applied\",\"recomputed\":"
            text += JSONValue.list(recomputed.map { .string($0.rawValue) }).jsonText
        case .refused(let reason):
            text += ",\"status\":\"refused\",\"reason\":" + JSONValue.string(reason).jsonText
        }
        return text + "}"
    }
}
