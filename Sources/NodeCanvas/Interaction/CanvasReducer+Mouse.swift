import NodeGraph

extension CanvasReducer {
    static func reduceMouse(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasAction]
    {
        let area = context.area
        let origin = state.scaledOrigin
        switch event {
        case .wheel(let delta, _, _):
            pan(dx: 0, dy: delta * wheelRows, &state, area: area)
            return []
        case .mousePress(let x, let y):
            // A press means the button went up first, even if the release was never reported.
            var finished: [CanvasAction] = []
            if case .node(_, _, true)? = state.drag { finished.append(.transactionCommitted) }
            state.drag = nil
            return finished + reducePress(x: x, y: y, &state, context: context)
        case .mouseDrag(let x, let y):
            switch state.drag {
            case .node(let node, let grab, let started)?:
                guard context.graph.contains(node) else {
                    state.drag = nil
                    return started ? [.transactionCommitted] : []
                }
                let point = Point(x: x + origin.x, y: y + origin.y)
                state.cursor = state.canvasPosition(point)
                let target = Position(x: state.cursor.x - grab.x, y: state.cursor.y - grab.y)
                state.drag = .node(node, grab: grab, started: true)
                let move = CanvasAction.edit(.move(node: node, to: target))
                return started ? [move] : [.transactionBegan, move]
            case .pan(let fromX, let fromY, let start)?:
                let lod = state.levelOfDetail
                state.viewport.origin = Position(
                    x: start.x - (x - fromX) * lod.horizontalScale,
                    y: start.y - (y - fromY) * lod.verticalScale)
                return []
            case nil:
                return []
            }
        case .mouseRelease:
            defer { state.drag = nil }
            if case .node(_, _, true)? = state.drag { return [.transactionCommitted] }
            return []
        default:
            return []
        }
    }

    /// A press at a screen cell: in link mode, toggles the link into the row there; in normal
    /// mode, deletes through the delete marker, selects a node (and may start dragging it), or
    /// starts panning the background.
    private static func reducePress(x: Int, y: Int, _ state: inout CanvasState, context: CanvasContext)
        -> [CanvasAction]
    {
        guard context.area.contains(x: x, y: y) else { return [] }
        let origin = state.scaledOrigin
        let point = Point(x: x + origin.x, y: y + origin.y)
        switch state.mode {
        case .link(var link):
            state.message = nil
            guard let index = targetIndex(atX: point.x, y: point.y, link, context: context) else { return [] }
            link.current = index
            state.mode = .link(link)
            state.cursor = state.canvasPosition(point)
            let target = link.targets[index]
            if target.isVetoed { return say("this link is not offered here", error: true, &state) }
            return [.edit(.toggleLink(from: link.source, to: target.node, slot: target.slot))]
        case .normal:
            break
        default:
            return []
        }
        state.message = nil
        state.cursor = state.canvasPosition(point)
        guard let layout = context.scene.node(atX: point.x, y: point.y, selected: state.selection) else {
            state.drag = .pan(fromX: x, fromY: y, origin: state.viewport.origin)
            return select(nil, &state)
        }
        if let marker = layout.deleteMarker, marker.x == point.x, marker.y == point.y {
            return [.edit(.removeNode(layout.id))] + select(nil, &state)
        }
        let position = context.graph.position(of: layout.id) ?? .zero
        let grab = Position(x: state.cursor.x - position.x, y: state.cursor.y - position.y)
        state.drag = .node(layout.id, grab: grab, started: false)
        return select(layout.id, &state)
    }
}
