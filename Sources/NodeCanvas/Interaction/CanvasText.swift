import NodeGraph

/// Messages for people: like `GraphError.description` but naming nodes by their display names.
package enum CanvasText {
    /// A refusal, naming nodes by name: `would create a cycle: Add → Multiply → Add`.
    /// - Parameters:
    ///   - error: The refusal.
    ///   - graph: The graph, for names.
    ///   - arrow: The arrow between names.
    /// - Returns: One line.
    package static func describe(_ error: GraphError, in graph: Graph, arrow: String = "→") -> String {
        func name(_ id: NodeID) -> String { graph.name(of: id) ?? id.rawValue }
        switch error {
        case .wouldCreateCycle(let path):
            return "would create a cycle: " + path.map(name).joined(separator: " \(arrow) ")
        case .slotTypeMismatch(let from, let produces, let to, let slot, let label, let accepts):
            _ = slot
            return "\(label) of \(name(to)) takes a \(accepts), but \(name(from)) gives a \(produces)"
        case .unknownNode(let id): return "no node '\(id)'"
        case .slotNotLinked(let node, let slot):
            let label =
                graph.kind(of: node).map { slot < $0.inputs.count ? $0.inputs[slot].label : "\(slot)" }
                ?? "\(slot)"
            return "\(label) of \(name(node)) is not linked"
        case .notASource(let node, _): return "\(name(node)) computes its value; it holds none to edit"
        case .nonFiniteValue(let node): return "the value of \(name(node)) must be a finite number"
        case .invalidPosition(let node): return "\(name(node)) cannot go that far"
        case .severalGroupOutputs(let nodes, let feedOutside):
            let names = nodes.map(name)
            let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            return feedOutside
                ? "a group has one output, but \(list) each feed nodes outside it"
                : "a group has one output, but nothing in it uses \(list)"
        default: return error.description
        }
    }

    /// `Name.label`, e.g. `Add.x`.
    static func slotName(_ candidate: LinkCandidate, in graph: Graph) -> String {
        "\(graph.name(of: candidate.node) ?? candidate.node.rawValue).\(candidate.label)"
    }
}
