import NodeGraph

extension CanvasCommand {
    /// Whether the command changes the graph, or opens a prompt or mode whose end does: what a
    /// read-only canvas (`CanvasState/readOnlyReason`) refuses when the key is pressed.
    ///
    /// Enter edits on a source (it opens its value editor or flips it) but not on a group,
    /// which it only opens for viewing.
    /// - Parameters:
    ///   - node: The node under the cursor, if any.
    ///   - graph: The graph shown.
    /// - Returns: `true` when the command edits.
    public func edits(cursorNode node: NodeID?, in graph: Graph) -> Bool {
        switch self {
        case .newNode, .link, .delete, .move, .editValue, .step, .rename, .cycleKind, .arrange, .undo, .redo,
            .paste, .duplicate, .group, .ungroup, .toggleBypass:
            true
        case .open:
            node.map { graph.instanceSummary(of: $0) == nil } ?? true
        case .moveCursor, .nextNode, .previousNode, .pan, .page, .fit, .cycleLevelOfDetail, .find, .save,
            .quit, .help, .messages, .toggleInspector, .toggleSelection, .selectAll, .clearSelection, .copy,
            .leaveGroup, .commandLine, .toggleTiming, .toggleMinimap:
            false
        case .tool:
            false  // the tool's action edits through the document, which refuses it then
        }
    }
}

extension CanvasReducer {
    /// Refuses a command that would edit while the canvas is read-only, before any prompt or
    /// mode opens: the reason goes on the status line and nothing else changes. Every
    /// normal-mode command runs through here, whatever key or line asked for it.
    /// - Returns: `true` when the command was refused (the caller does nothing more with it).
    static func refusedAsReadOnly(
        _ command: CanvasCommand, _ state: inout CanvasState, context: CanvasContext
    )
        -> Bool
    {
        guard let reason = state.readOnlyReason,
            command.edits(cursorNode: state.cursorNode, in: context.graph)
        else { return false }
        say("refused: " + reason, error: true, &state)
        return true
    }

    /// Refuses a mouse event that would edit while the canvas is read-only: a press on a node's
    /// delete mark, or a drag that would move nodes (which then stops; a click still selects).
    /// - Returns: `true` when the event was refused.
    static func refusedAsReadOnly(mouse event: InputEvent, _ state: inout CanvasState, context: CanvasContext)
        -> Bool
    {
        guard let reason = state.readOnlyReason, mouseEdits(event, state, context: context) else {
            return false
        }
        if case .node? = state.drag { state.drag = nil }
        say("refused: " + reason, error: true, &state)
        return true
    }

    /// Whether a mouse event would change the graph: a press on a node's delete mark, or a
    /// drag that moves nodes. (A read-only canvas never has link mode open, where a press
    /// toggles a link: see ``leaveEditingMode(_:context:)``.)
    static func mouseEdits(_ event: InputEvent, _ state: CanvasState, context: CanvasContext) -> Bool {
        switch event {
        case .mouseDrag:
            if case .node? = state.drag { return true }
            return false
        case .mousePress(let x, let y, let control):
            guard state.mode == .normal, !control, context.area.contains(x: x, y: y) else { return false }
            let origin = state.scaledOrigin
            let point = Point(x: x + origin.x, y: y + origin.y)
            guard let layout = context.scene.node(atX: point.x, y: point.y, selected: state.cursorNode),
                let marker = layout.deleteMarker
            else { return false }
            return marker.x == point.x && marker.y == point.y
        default:
            return false
        }
    }

    /// The host decided whether the canvas may edit. Becoming read-only leaves a mode that
    /// exists only to edit (link, move, value, name, new node, group name) as its Esc does,
    /// so nothing half-done stays open.
    static func accessDecided(readOnlyReason: String?, _ state: inout CanvasState, context: CanvasContext)
        -> [CanvasEffect]
    {
        state.readOnlyReason = readOnlyReason
        guard readOnlyReason != nil else { return [] }
        return leaveEditingMode(&state, context: context)
    }

    /// Leaves a mode that exists only to edit as its Esc does (move mode puts the nodes back).
    static func leaveEditingMode(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        switch state.mode {
        case .link, .move, .editValue, .rename, .palette, .prompt(.groupName):
            return reduceInput(&state, .escape, context: context)
        default:  // looking (find, help, messages), or a question that edits nothing
            return []
        }
    }
}
