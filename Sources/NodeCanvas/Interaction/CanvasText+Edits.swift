import NodeGraph

extension CanvasText {
    /// What an edit does, in a few words, for undo and redo messages: `delete Add`,
    /// `link One → Add.x`, `move 3 nodes`.
    /// - Parameters:
    ///   - edit: The edit.
    ///   - graph: The graph, for names.
    ///   - arrow: The arrow between names.
    ///   - known: Names of nodes no longer in the graph (from a change's inverse).
    /// - Returns: The words.
    package static func summary(
        of edit: Edit, in graph: Graph, arrow: String = "→", known: [NodeID: String] = [:]
    ) -> String {
        func name(_ id: NodeID) -> String { graph.name(of: id) ?? known[id] ?? id.rawValue }
        func slot(_ node: NodeID, _ slot: Int) -> String { "\(name(node)).\(slotLabel(node, slot, graph))" }
        switch edit {
        case .addNode(let description): return "add \(description.name ?? description.id.rawValue)"
        case .removeNode(let id): return "delete \(name(id))"
        case .link(let from, let to, let index), .toggleLink(let from, let to, let index):
            return "link \(name(from)) \(arrow) \(slot(to, index))"
        case .unlink(let to, let index): return "unlink \(slot(to, index))"
        case .setValue(let node, let value): return "set \(name(node)) to \(value)"
        case .setFormula(let node, let formula): return "set \(name(node)) to \(formula)"
        case .setBypass(let node, let bypassed):
            return "\(bypassed ? "bypass" : "stop bypassing") \(name(node))"
        case .setKind(let node, let kind):
            return "change \(name(node)) to \(graph.registry.kind(named: kind)?.title ?? kind)"
        case .rename(let node, let newName): return "rename \(name(node)) to \(newName)"
        case .move(let node, _): return "move \(name(node))"
        case .batch:
            // One pass over the plain edits, without listing them (an arrange has 20,000).
            var count = 0, removed = 0, moves = 0
            var first: Edit?, firstRemoval: Edit?
            var moved: Set<NodeID> = []
            edit.forEachEditAtThisLevel { plain in
                count += 1
                if first == nil { first = plain }
                switch plain {
                case .removeNode:
                    removed += 1
                    if firstRemoval == nil { firstRemoval = plain }
                case .move(let node, _):
                    moves += 1
                    moved.insert(node)
                default: break
                }
            }
            if count == 1, let first { return summary(of: first, in: graph, arrow: arrow, known: known) }
            if removed > 0, let firstRemoval {
                return removed == 1
                    ? summary(of: firstRemoval, in: graph, arrow: arrow, known: known)
                    : "delete \(removed) nodes"
            }
            let added = edit.addedNodes
            if !added.isEmpty {
                return added.count == 1 ? "add \(name(added[0]))" : "add \(added.count) nodes"
            }
            if moved.count == count || (!moved.isEmpty && moves == count) {
                return moved.count == 1 ? "move \(name(moved.first!))" : "move \(moved.count) nodes"
            }
            return count == 0 ? "nothing" : "\(count) edits"
        case .inside(let kind, let inner):
            guard let definition = graph.definition(named: kind) else { return summary(of: inner, in: graph) }
            return summary(of: inner, in: definition.graph, arrow: arrow) + " in \(definition.name)"
        case .group(let nodes, _, let title, _):
            return nodes.count == 1
                ? "group \(name(nodes[0])) as \(title)" : "group \(nodes.count) nodes as \(title)"
        case .ungroup(let id): return "ungroup \(name(id))"
        case .addDefinition(let definition): return "add definition \(definition.name)"
        case .removeDefinition(let kind):
            return "remove definition \(graph.definition(named: kind)?.name ?? kind)"
        case .setInputOrder: return "reorder inputs"
        }
    }

    /// The status line's confirmation of an applied edit, or `nil` when the screen shows it
    /// well enough (a value, a move).
    /// - Parameters:
    ///   - change: The applied change.
    ///   - graph: The graph after it.
    ///   - arrow: The arrow between names.
    /// - Returns: The message.
    static func confirmation(of change: Change, in graph: Graph, arrow: String = "→") -> String? {
        let known = change.inverse.describedNames
        func name(_ id: NodeID) -> String { graph.name(of: id) ?? known[id] ?? id.rawValue }
        switch change.edit {
        case .addNode(let description):
            return "created \(name(description.id))"
        case .removeNode(let id):
            return "deleted \(name(id)) (u undoes)"
        case .toggleLink(let from, let to, let slot), .link(let from, let to, let slot):
            let inputs = graph.inputs(of: to)
            let linked = inputs.indices.contains(slot) && inputs[slot] == from
            let names = "\(name(from)) \(arrow) \(name(to)).\(slotLabel(to, slot, graph))"
            guard linked else { return "unlinked " + names }
            let replaced = change.inverse.plainEdits.compactMap { edit -> NodeID? in
                if case .link(let old, to, slot) = edit, old != from { old } else { nil }
            }.first
            return "linked " + names + (replaced.map { " (replacing \(name($0)))" } ?? "")
        case .setKind(let node, _):
            let title = graph.kind(of: node)?.title ?? ""
            let dropped = change.inverse.plainEdits.compactMap { edit -> String? in
                guard case .link(let from, let to, let slot) = edit else { return nil }
                if to == node {
                    let label = previousSlotLabel(change.inverse, slot, graph) ?? "slot \(slot + 1)"
                    return "\(label) lost its link from \(name(from))"
                }
                return "\(name(to)).\(slotLabel(to, slot, graph)) lost its link (it takes another type)"
            }
            let suffix = dropped.isEmpty ? "" : "; " + dropped.joined(separator: ", ") + " (u undoes)"
            // A node without a name of its own is called after its kind, so its old name is the
            // old kind's title.
            let oldTitle = change.inverse.plainEdits.compactMap { edit -> String? in
                if case .setKind(_, let kind) = edit { graph.registry.kind(named: kind)?.title } else { nil }
            }.first
            let oldName = name(node) == title ? oldTitle ?? name(node) : name(node)
            return "\(oldName) is now \(title)\(suffix)"
        case .setFormula(let node, let formula):
            let dropped = change.inverse.plainEdits.compactMap { edit -> String? in
                guard case .link(let from, node, let slot) = edit else { return nil }
                let label = previousSlotLabel(change.inverse, slot, graph) ?? "slot \(slot + 1)"
                return "\(label) lost its link from \(name(from))"
            }
            let suffix = dropped.isEmpty ? "" : "; " + dropped.joined(separator: ", ") + " (u undoes)"
            return "set \(name(node)) to \(formula)\(suffix)"
        case .setBypass(let node, let bypassed):
            return bypassed
                ? "bypassed \(name(node)): it passes its first input through (b again stops)"
                : "\(name(node)) is no longer bypassed"
        case .batch(let edits)
        where !edits.isEmpty && edits.allSatisfy({ if case .setBypass = $0 { true } else { false } }):
            guard edits.count > 1 else {
                return confirmation(
                    of: Change(edit: edits[0], inverse: change.inverse, recomputed: []), in: graph,
                    arrow: arrow)
            }
            let bypassed = edits.contains { if case .setBypass(_, true) = $0 { true } else { false } }
            return bypassed
                ? "bypassed \(edits.count) nodes (b again stops)"
                : "\(edits.count) nodes are no longer bypassed"
        case .group(let nodes, _, let title, _):
            let count = nodes.count == 1 ? "1 node" : "\(nodes.count) nodes"
            return "grouped \(count) as \(title): Enter opens it (u undoes)"
        case .ungroup(let id):
            return "ungrouped \(name(id)) (u undoes)"
        case .rename(let node, let newName):
            let old = change.inverse.plainEdits.compactMap {
                if case .rename(_, let old) = $0 { old } else { nil }
            }
            return "renamed \(old.first ?? node.rawValue) to \(newName)"
        case .batch(let edits) where edits.allSatisfy({ if case .removeNode = $0 { true } else { false } }):
            return edits.count == 1
                ? confirmation(
                    of: Change(edit: edits[0], inverse: change.inverse, recomputed: []), in: graph,
                    arrow: arrow)
                : "deleted \(edits.count) nodes (u undoes)"
        default:
            return nil
        }
    }

    /// A slot's label, or its number when the node or slot is unknown.
    static func slotLabel(_ node: NodeID, _ slot: Int, _ graph: Graph) -> String {
        graph.kind(of: node).map { slot < $0.inputs.count ? $0.inputs[slot].label : "slot \(slot + 1)" }
            ?? "slot \(slot + 1)"
    }

    /// The label a slot had under the formula an inverse restores, or the kind an inverse
    /// `setKind` restores.
    private static func previousSlotLabel(_ inverse: Edit, _ slot: Int, _ graph: Graph) -> String? {
        for edit in inverse.plainEdits {
            if case .setFormula(_, let text) = edit, let formula = try? Formula(text),
                slot < formula.variables.count
            {
                return formula.variables[slot]
            }
        }
        for edit in inverse.plainEdits {
            if case .setKind(_, let kind) = edit, let old = graph.registry.kind(named: kind),
                slot < old.inputs.count
            {
                return old.inputs[slot].label
            }
        }
        return nil
    }
}

extension Edit {
    /// The names of the nodes this edit adds (as an inverse, the nodes a removal took away).
    var describedNames: [NodeID: String] {
        var names: [NodeID: String] = [:]
        forEachEditAtThisLevel { edit in
            if case .addNode(let description) = edit { names[description.id] = description.name }
        }
        return names
    }
}
