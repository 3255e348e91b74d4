import NodeGraph

extension CanvasReducer {
    static func reduceMouse(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext) -> [CanvasAction] {
        let area = context.area
        let origin = state.scaledOrigin
        switch event {
        case .wheel(let delta, _, _):
            pan(dx: 0, dy: delta * wheelRows, &state, area: area)
            return []
        case .mousePress(let x, let y):
            // A press while a node is being dragged means its release was lost (e.g. released
            // outside the window): finish that move as one undo step before anything else.
            if case .node(_, _, true)? = state.drag {
                state.drag = nil
                return [.transactionCommitted] + reduceMouse(&state, event, context: context)
            }
            state.drag = nil
            guard area.contains(x: x, y: y) else { return [] }
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
        case .mouseDrag(let x, let y):
            switch state.drag {
            case .node(let node, let grab, let started)?:
                guard context.graph.contains(node) else {
                    state.drag = nil
                    return started ? [.transactionCancelled] : []
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
                    x: start.x - (x - fromX) * lod.horizontalScale, y: start.y - (y - fromY) * lod.verticalScale)
                return []
            case nil:
                return []
            }
        case .mouseRelease:
            defer { state.drag = nil }
            if case .node(let node, _, true)? = state.drag {
                _ = node
                return [.transactionCommitted]
            }
            return []
        default:
            return []
        }
    }
}
