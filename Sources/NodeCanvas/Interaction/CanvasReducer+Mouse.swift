import NodeGraph

extension CanvasReducer {
    static func reduceMouse(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasEffect]
    {
        let origin = state.scaledOrigin
        switch event {
        case .wheel(let delta, _, _):
            pan(dx: 0, dy: delta * wheelRows, &state, context: context)
            return []
        case .mousePress(let x, let y, let control):
            // A press means the button went up first, even if the release was never reported.
            var finished: [CanvasEffect] = []
            if case .node(_, _, true)? = state.drag { finished.append(.commitTransaction) }
            state.drag = nil
            return finished + reducePress(x: x, y: y, control: control, &state, context: context)
        case .mouseDrag(let x, let y):
            let point = Point(x: x + origin.x, y: y + origin.y)
            switch state.drag {
            case .node(let node, let grab, let started)?:
                guard let position = context.graph.position(of: node) else {
                    state.drag = nil
                    return started ? [.commitTransaction] : []
                }
                state.cursor = state.canvasPosition(point)
                let target = Position(x: state.cursor.x - grab.x, y: state.cursor.y - grab.y)
                state.drag = .node(node, grab: grab, started: true)
                let dx = target.x - position.x, dy = target.y - position.y
                let moving = state.selection.contains(node) ? state.targets : [node]
                let moves = moving.compactMap { id -> Edit? in
                    context.graph.position(of: id).map {
                        .move(node: id, to: Position(x: $0.x + dx, y: $0.y + dy))
                    }
                }
                let move = CanvasEffect.apply(moves.count == 1 ? moves[0] : .batch(moves))
                return started ? [move] : [.beginTransaction, move]
            case .pan(let fromX, let fromY, let start)?:
                let lod = state.levelOfDetail
                state.viewport.origin = Position(
                    x: start.x - (x - fromX) * lod.horizontalScale,
                    y: start.y - (y - fromY) * lod.verticalScale)
                return []
            case .rectangle(let from, _)?:
                state.drag = .rectangle(from: from, to: point)
                return []
            case nil:
                return []
            }
        case .mouseRelease:
            defer { state.drag = nil }
            switch state.drag {
            case .node(_, _, true)?: return [.commitTransaction]
            case .rectangle(let from, let to)?:
                let box = Rect(
                    x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x) + 1,
                    height: abs(to.y - from.y) + 1)
                let nodes = context.scene.nodeIDs(in: box)
                state.selection.formUnion(nodes)
                let count = state.targets.count
                say(
                    "\(count == 1 ? "1 node" : "\(count) nodes") selected \(context.separator) Esc clears",
                    &state)
                return []
            default: return []
            }
        default:
            return []
        }
    }

    /// A press at a screen cell: in link mode, toggles the link into the row there; in normal
    /// mode, deletes through the delete marker, puts the cursor on a node (and may start
    /// dragging it), adds it to the selection with Ctrl, or starts panning the background (a
    /// selection rectangle with Ctrl).
    private static func reducePress(
        x: Int, y: Int, control: Bool, _ state: inout CanvasState, context: CanvasContext
    ) -> [CanvasEffect] {
        guard context.area.contains(x: x, y: y) else { return [] }
        if state.showsMinimap, let frame = MinimapGeometry.frame(in: context.area),
            frame.contains(x: x, y: y),
            let bounds = context.scene.bounds(at: .full)
        {
            // A click in the minimap centres the view on the region under it.
            let geometry = MinimapGeometry(frame: frame, bounds: bounds)
            let cell = Point(
                x: min(max(x, geometry.inside.minX), geometry.inside.maxX - 1),
                y: min(max(y, geometry.inside.minY), geometry.inside.maxY - 1))
            let target = geometry.canvasPoint(ofCell: cell)
            let columns = state.levelOfDetail.horizontalScale, rows = state.levelOfDetail.verticalScale
            let area = context.area
            setScaledOrigin(
                Point(
                    x: floorDivide(target.x, columns) - area.minX - area.width / 2,
                    y: floorDivide(target.y, rows) - area.minY - area.height / 2), &state)
            state.cursor = Position(x: target.x, y: target.y)
            state.cursorNode = nil
            say("the view moved to the region clicked on the minimap", &state)
            return []
        }
        let origin = state.scaledOrigin
        let point = Point(x: x + origin.x, y: y + origin.y)
        switch state.mode {
        case .link(var link):
            state.message = nil
            guard let index = targetIndex(atX: point.x, y: point.y, link, context: context) else { return [] }
            link.current = index
            state.mode = .link(link)
            state.cursor = state.canvasPosition(point)
            return toggle(link.targets[index], from: link.source, &state, context: context)
        case .normal:
            break
        default:
            return []
        }
        state.message = nil
        let previous = state.cursorNode
        placeCursor(at: state.canvasPosition(point), &state, context: context)
        guard let node = state.cursorNode, let layout = context.scene.layout(of: node) else {
            if control {
                state.drag = .rectangle(from: point, to: point)
            } else {
                state.selection = []
                state.drag = .pan(fromX: x, fromY: y, origin: state.viewport.origin)
            }
            return []
        }
        if control {
            if let previous, previous != node { state.selection.insert(previous) }
            if state.selection.contains(node) && previous == node {
                state.selection.remove(node)
            } else {
                state.selection.insert(node)
            }
            return []
        }
        if let marker = layout.deleteMarker, marker.x == point.x, marker.y == point.y {
            state.selection.remove(node)
            return [.apply(.removeNode(node))]
        }
        if !state.selection.contains(node) { state.selection = [] }
        let position = context.graph.position(of: node) ?? .zero
        let grab = Position(x: state.cursor.x - position.x, y: state.cursor.y - position.y)
        state.drag = .node(node, grab: grab, started: false)
        return []
    }
}
