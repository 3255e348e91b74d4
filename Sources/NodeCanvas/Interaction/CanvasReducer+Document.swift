import NodeGraph

extension CanvasReducer {
    /// The document changed: says what happened, puts the cursor on a node that came back or
    /// was made, and brings the state in line with the graph.
    static func documentChanged(
        _ state: inout CanvasState, _ change: Change, cause: ChangeCause, context: CanvasContext
    ) -> [CanvasEffect] {
        let graph = context.graph
        switch cause {
        case .edit:
            if let message = CanvasText.confirmation(of: change, in: graph, arrow: context.arrow) {
                say(message, &state)
            }
            let added = change.edit.addedNodes
            if let first = added.first, let layout = context.scene.layout(of: first) {
                moveCursor(to: layout, &state, context: context)
                if added.count > 1 { state.selection = Set(added) }
            }
        case .undo(let edit):
            say(
                "undid "
                    + CanvasText.summary(
                        of: edit, in: graph, arrow: context.arrow, known: change.inverse.describedNames),
                &state)
            let restored = change.edit.addedNodes
            if let first = restored.first, let layout = context.scene.layout(of: first) {
                moveCursor(to: layout, &state, context: context)
                state.selection = restored.count > 1 ? Set(restored) : []
            } else {
                followMovedNodes(of: change, &state, context: context)
            }
        case .redo(let edit):
            say(
                "redid "
                    + CanvasText.summary(
                        of: edit, in: graph, arrow: context.arrow, known: change.inverse.describedNames),
                &state)
            followMovedNodes(of: change, &state, context: context)
        case .host:
            break
        }
        return settle(&state, context: context)
    }

    /// After an undone or redone move, the cursor goes with the node it moved (the one under the
    /// cursor, when it moved, else the first), so the node the status line names is the one the
    /// cursor is on.
    private static func followMovedNodes(
        of change: Change, _ state: inout CanvasState, context: CanvasContext
    ) {
        let moved = change.edit.movedNodes
        guard let node = moved.first(where: { $0 == state.cursorNode }) ?? moved.first,
            let layout = context.scene.layout(of: node)
        else { return }
        moveCursor(to: layout, &state, context: context)
    }

    /// Brings the state in line with the graph after a change: forgets removed nodes (the
    /// cursor's node becomes whatever is under the cursor now), leaves modes whose node is
    /// gone, refreshes link-mode targets.
    @discardableResult
    static func settle(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        let graph = context.graph
        if let node = state.cursorNode, context.scene.layout(of: node) == nil {
            state.cursorNode = nil
        }
        if state.cursorNode == nil { state.cursorNode = nodeAtCursor(state, context)?.id }
        state.selection = state.selection.filter { context.scene.layout(of: $0) != nil }
        switch state.mode {
        case .link(var link):
            guard graph.contains(link.source) else {
                state.mode = .normal
                return []
            }
            let currentKey = link.currentTarget?.key
            link.targets = linkTargets(from: link.source, context: context)
            link.current = currentKey.flatMap { key in link.targets.firstIndex { $0.key == key } }
            state.mode = .link(link)
        case .editValue(let edit) where !graph.contains(edit.node):
            state.mode = .normal
        case .rename(let rename) where !graph.contains(rename.node):
            state.mode = .normal
        case .move(var move):
            move.nodes = move.nodes.filter { graph.contains($0) }
            guard move.nodes.isEmpty else {
                state.mode = .move(move)
                return []
            }
            state.mode = .normal
            return [.commitTransaction]
        default:
            break
        }
        return []
    }
}

extension Edit {
    /// The nodes this edit moves, in order.
    var movedNodes: [NodeID] {
        var nodes: [NodeID] = []
        forEachEditAtThisLevel { if case .move(let node, _) = $0 { nodes.append(node) } }
        return nodes
    }

    /// The nodes this edit adds, in order.
    var addedNodes: [NodeID] {
        var nodes: [NodeID] = []
        forEachEditAtThisLevel { edit in
            switch edit {
            case .addNode(let description): nodes.append(description.id)
            case .group(_, _, _, let id): nodes.append(id)
            default: break
            }
        }
        return nodes
    }

    /// Calls `body` with each edit of this one that is not a batch, in order, descending into
    /// batches but not into definitions (an edit inside one is passed whole): what
    /// `plainEdits` lists at this level, without building the list (an arrange of 20,000 nodes
    /// is a batch of 20,000 moves).
    func forEachEditAtThisLevel(_ body: (Edit) -> Void) {
        if case .batch(let edits) = self {
            // By index: each edit is lent to `body`, not copied out of the array.
            for index in edits.indices { edits[index].forEachEditAtThisLevel(body) }
        } else {
            body(self)
        }
    }
}
